package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Box is an axis-aligned box; it is empty when any Lo coordinate exceeds Hi.
type Box struct{ Lo, Hi mgl64.Vec3 }

// EmptyBox returns a box that contains nothing and grows to any point added.
func EmptyBox() Box {
	inf := math.Inf(1)
	return Box{Lo: mgl64.Vec3{inf, inf, inf}, Hi: mgl64.Vec3{-inf, -inf, -inf}}
}

// BoxAround returns the smallest box containing every point; no points give an empty box.
func BoxAround(points ...mgl64.Vec3) Box {
	b := EmptyBox()
	for _, p := range points {
		b = b.AddPoint(p)
	}
	return b
}

// Empty reports whether the box contains nothing.
func (b Box) Empty() bool { return b.Lo[0] > b.Hi[0] || b.Lo[1] > b.Hi[1] || b.Lo[2] > b.Hi[2] }

// AddPoint returns the smallest box containing b and p.
func (b Box) AddPoint(p mgl64.Vec3) Box {
	for k := 0; k < 3; k++ {
		b.Lo[k] = math.Min(b.Lo[k], p[k])
		b.Hi[k] = math.Max(b.Hi[k], p[k])
	}
	return b
}

// Union returns the smallest box containing both boxes.
func (b Box) Union(o Box) Box {
	if o.Empty() {
		return b
	}
	return b.AddPoint(o.Lo).AddPoint(o.Hi)
}

// Size returns the box's extent along each axis.
func (b Box) Size() mgl64.Vec3 { return b.Hi.Sub(b.Lo) }

// Center returns the box's centre.
func (b Box) Center() mgl64.Vec3 { return b.Lo.Add(b.Hi).Mul(0.5) }

// Contains reports whether p lies inside or on the box.
func (b Box) Contains(p mgl64.Vec3) bool {
	return p[0] >= b.Lo[0] && p[0] <= b.Hi[0] && p[1] >= b.Lo[1] && p[1] <= b.Hi[1] && p[2] >= b.Lo[2] && p[2] <= b.Hi[2]
}

// Meets reports whether the two boxes overlap; touching counts.
func (b Box) Meets(o Box) bool {
	return b.Lo[0] <= o.Hi[0] && b.Hi[0] >= o.Lo[0] && b.Lo[1] <= o.Hi[1] && b.Hi[1] >= o.Lo[1] &&
		b.Lo[2] <= o.Hi[2] && b.Hi[2] >= o.Lo[2]
}

// Expand returns the box grown by d on every side.
func (b Box) Expand(d float64) Box {
	return Box{Lo: b.Lo.Sub(mgl64.Vec3{d, d, d}), Hi: b.Hi.Add(mgl64.Vec3{d, d, d})}
}

// Translate returns the box moved by v.
func (b Box) Translate(v mgl64.Vec3) Box { return Box{Lo: b.Lo.Add(v), Hi: b.Hi.Add(v)} }

// SignedDistance returns the signed distance from p to the solid box: outside, the Euclidean
// distance to the box; inside, minus the distance to the nearest face. It is a lower bound of the
// signed distance of any solid inside b, which is what lets hierarchies prune with boxes.
func (b Box) SignedDistance(p mgl64.Vec3) float64 {
	var out2, in float64 = 0, math.Inf(-1)
	for k := 0; k < 3; k++ {
		lo, hi := b.Lo[k]-p[k], p[k]-b.Hi[k]
		if d := max(lo, hi); d > 0 {
			out2 += d * d
		} else {
			in = max(in, d)
		}
	}
	if out2 > 0 {
		return math.Sqrt(out2)
	}
	return in
}
