package floor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// poly is the part of one triangle that lies within the obstructing band, projected on the
// floor: a convex polygon of up to five corners (x, z), with room to spare for the repeated
// corners that clipping at a vertex on a plane makes. A triangle standing upright projects to
// a segment (two distinct corners, or three in a line); that is an obstacle too.
type poly struct {
	n      int
	v      [8]mgl64.Vec2
	sign   float64    // orientation()
	lo, hi mgl64.Vec2 // bounds()
}

// clipToBand returns the part of triangle abc with lo ≤ y ≤ hi, projected on the floor, and
// false when nothing of it is in the band or a corner is not finite. Clipping (rather than
// keeping the whole triangle when any of it is in the band) matters for long sloping triangles:
// a ceiling that slopes down to the floor blocks only where it is lower than head height.
func clipToBand(a, b, c mgl64.Vec3, lo, hi float64) (poly, bool) {
	if !geom.FiniteVec(a) || !geom.FiniteVec(b) || !geom.FiniteVec(c) {
		return poly{}, false
	}
	in := []mgl64.Vec3{a, b, c}
	var buf1, buf2 [8]mgl64.Vec3
	p := clipHalf(in, buf1[:0], lo, 1)
	p = clipHalf(p, buf2[:0], hi, -1)
	if len(p) == 0 {
		return poly{}, false
	}
	var out poly
	for _, v := range p[:min(len(p), len(out.v))] {
		out.v[out.n] = mgl64.Vec2{v.X(), v.Z()}
		out.n++
	}
	out.sign = out.orientation()
	out.lo, out.hi = out.bounds()
	return out, true
}

// clipHalf keeps the part of the convex polygon in where side·(y − h) ≥ 0 (Sutherland–Hodgman
// against one horizontal plane), appending the result to out.
func clipHalf(in, out []mgl64.Vec3, h, side float64) []mgl64.Vec3 {
	for i, p := range in {
		q := in[(i+1)%len(in)]
		dp, dq := side*(p.Y()-h), side*(q.Y()-h)
		if dp >= 0 {
			out = append(out, p)
		}
		if (dp >= 0) != (dq >= 0) {
			t := dp / (dp - dq)
			out = append(out, p.Add(q.Sub(p).Mul(t)))
		}
	}
	return out
}

// bounds returns the polygon's box on the floor.
func (p *poly) bounds() (lo, hi mgl64.Vec2) {
	lo, hi = p.v[0], p.v[0]
	for _, v := range p.v[1:p.n] {
		lo = mgl64.Vec2{math.Min(lo[0], v[0]), math.Min(lo[1], v[1])}
		hi = mgl64.Vec2{math.Max(hi[0], v[0]), math.Max(hi[1], v[1])}
	}
	return lo, hi
}

// orientation returns the sign of the polygon's area: +1 counter-clockwise (x right, z up), -1
// clockwise, 0 when it has no area (an upright triangle seen from above).
func (p *poly) orientation() float64 {
	area := 0.0
	for i := 0; i < p.n; i++ {
		area += cross2(p.v[i], p.v[(i+1)%p.n])
	}
	if area == 0 {
		return 0
	}
	return math.Copysign(1, area)
}

// closest returns the point of the polygon nearest q and its distance: q itself, at 0, when q
// lies inside the polygon or on its edge: in its box and on the inner side of every edge. The
// box matters for an upright triangle, whose corners lie on one line: rounding gives it a tiny
// area of either sign, and every point of that line, however far beyond the triangle, would
// pass the side tests. It is the innermost loop of building a floor, hence written out in
// scalars: one pass over the edges both measures them and checks the sides.
func (p *poly) closest(q mgl64.Vec2) (mgl64.Vec2, float64) {
	inside := p.sign != 0 && q[0] >= p.lo[0] && q[0] <= p.hi[0] && q[1] >= p.lo[1] && q[1] <= p.hi[1]
	best, bestD2 := p.v[0], math.Inf(1)
	for i := 0; i < p.n; i++ {
		a, b := p.v[i], p.v[(i+1)%p.n]
		ex, ez, wx, wz := b[0]-a[0], b[1]-a[1], q[0]-a[0], q[1]-a[1]
		if (ex*wz-ez*wx)*p.sign < 0 {
			inside = false
		}
		t, l2 := 0.0, ex*ex+ez*ez
		if l2 > 0 {
			t = geom.Clamp((wx*ex+wz*ez)/l2, 0, 1)
		}
		if dx, dz := wx-t*ex, wz-t*ez; dx*dx+dz*dz < bestD2 {
			best, bestD2 = mgl64.Vec2{a[0] + t*ex, a[1] + t*ez}, dx*dx+dz*dz
		}
	}
	if inside {
		return q, 0
	}
	return best, math.Sqrt(bestD2)
}

// cross2 returns the z of the 3D cross product of a and b: twice the signed area of the triangle
// 0, a, b.
func cross2(a, b mgl64.Vec2) float64 { return a[0]*b[1] - a[1]*b[0] }
