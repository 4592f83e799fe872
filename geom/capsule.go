package geom

import "github.com/go-gl/mathgl/mgl64"

// Capsule is the segment A–B (metres) swept by a sphere of Radius; A == B makes a sphere.
type Capsule struct {
	A, B   mgl64.Vec3
	Radius float64
}

// Closest returns the point of the segment A–B nearest to p.
func (c Capsule) Closest(p mgl64.Vec3) mgl64.Vec3 {
	ab := c.B.Sub(c.A)
	t := 0.0
	if l2 := ab.Dot(ab); l2 > 0 {
		t = Clamp(p.Sub(c.A).Dot(ab)/l2, 0, 1)
	}
	return c.A.Add(ab.Mul(t))
}

// Distance returns the signed distance from p to the capsule's surface: negative inside.
func (c Capsule) Distance(p mgl64.Vec3) float64 { return p.Sub(c.Closest(p)).Len() - c.Radius }

// Bounds returns the box around the capsule: BoxAround(A, B).Expand(Radius), written out with the
// built-in min and max because penetration culling asks for it for every capsule of every frame,
// where the general form made eval's BenchmarkPenetration/walk_past about a fifth slower. The two
// give the same box, bit for bit (TestCapsuleBoundsMatchBoxAround).
func (c Capsule) Bounds() Box {
	r := mgl64.Vec3{c.Radius, c.Radius, c.Radius}
	lo := mgl64.Vec3{min(c.A[0], c.B[0]), min(c.A[1], c.B[1]), min(c.A[2], c.B[2])}
	hi := mgl64.Vec3{max(c.A[0], c.B[0]), max(c.A[1], c.B[1]), max(c.A[2], c.B[2])}
	return Box{Lo: lo.Sub(r), Hi: hi.Add(r)}
}
