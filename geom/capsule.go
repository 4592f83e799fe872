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

// Bounds returns the box around the capsule.
func (c Capsule) Bounds() Box { return BoxAround(c.A, c.B).Expand(c.Radius) }
