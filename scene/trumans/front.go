package trumans

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// frontOf returns the direction an object faces: away from its tall back when it has one (the
// centroid of the vertices in the top quarter of an object at least backHeight tall lies off its
// middle), else forward, the pose's. The answer is one of forward's four horizontal axes.
func frontOf(m *scene.Mesh, b geom.Box, forward mgl64.Vec3) mgl64.Vec3 {
	if b.Size().Y() < backHeight {
		return forward
	}
	cut := b.Hi.Y() - b.Size().Y()/4
	var sum mgl64.Vec3
	n := 0
	for _, v := range m.Vertices {
		if v.Y() >= cut {
			sum, n = sum.Add(v), n+1
		}
	}
	off := sum.Mul(1 / float64(max(n, 1))).Sub(b.Center())
	off[1] = 0
	if n == 0 || off.Len() < 0.15*max(b.Size().X(), b.Size().Z())/2 {
		return forward
	}
	return snapAxis(off.Mul(-1), forward)
}

// snapAxis returns whichever of ±f and ±left(f) lies nearest to d.
func snapAxis(d, f mgl64.Vec3) mgl64.Vec3 {
	best, bestDot := f, math.Inf(-1)
	for _, a := range []mgl64.Vec3{f, f.Mul(-1), leftOf(f), leftOf(f).Mul(-1)} {
		if dot := a.Dot(d); dot > bestDot {
			best, bestDot = a, dot
		}
	}
	return best
}

// backHeight is the least height of an object whose top may be a back (m).
const backHeight = 0.7

// flatUnit returns v on the floor plane, of unit length; +Z when v is vertical.
func flatUnit(v mgl64.Vec3) mgl64.Vec3 {
	f := mgl64.Vec3{v.X(), 0, v.Z()}
	if f.Len() < 1e-9 {
		return mgl64.Vec3{0, 0, 1}
	}
	return f.Normalize()
}

// leftOf returns the horizontal direction to the left of a body facing f (Y up: +X for +Z).
func leftOf(f mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{f.Z(), 0, -f.X()} }

// standPoints returns where a person stands to use an object whose box is b and which faces fwd:
// in front of seats, on both sides and at the foot of beds, all round tables and the rest.
func standPoints(b geom.Box, fwd mgl64.Vec3, category string) []mgl64.Vec3 {
	c := b.Center()
	left := leftOf(fwd)
	depth, width := halfAlong(b, fwd), halfAlong(b, left)
	front := c.Add(fwd.Mul(depth + standGap))
	sides := []mgl64.Vec3{c.Add(left.Mul(width + standGap)), c.Sub(left.Mul(width + standGap))}
	var pts []mgl64.Vec3
	switch {
	case sitCategories[category]:
		pts = []mgl64.Vec3{front}
	case category == "bed":
		pts = append(sides, front)
	default:
		pts = append([]mgl64.Vec3{front, c.Sub(fwd.Mul(depth + standGap))}, sides...)
	}
	for i := range pts {
		pts[i][1] = 0
	}
	return pts
}

// halfAlong returns the half extent of box b along the horizontal unit direction d.
func halfAlong(b geom.Box, d mgl64.Vec3) float64 {
	s := b.Hi.Sub(b.Lo).Mul(0.5)
	return math.Abs(d.X())*s.X() + math.Abs(d.Z())*s.Z()
}
