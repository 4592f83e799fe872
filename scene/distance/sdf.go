package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// SDF is a signed distance field: Distance is the distance from p to the surface in metres,
// negative inside the solid, and changes by at most |p − q| between any two points p and q.
// Bounds is the box around the solid's surfaces; an unbounded solid (the floor) reports an
// infinite box. Implementations are safe for concurrent use.
type SDF interface {
	Distance(p mgl64.Vec3) float64
	Bounds() geom.Box
}

// Sphere is the solid ball of radius R around C.
type Sphere struct {
	C mgl64.Vec3
	R float64
}

// Distance implements SDF.
func (s Sphere) Distance(p mgl64.Vec3) float64 { return p.Sub(s.C).Len() - s.R }

// Bounds implements SDF.
func (s Sphere) Bounds() geom.Box { return geom.Box{Lo: s.C, Hi: s.C}.Expand(s.R) }

// Cuboid is the solid axis-aligned box B.
type Cuboid struct{ B geom.Box }

// Distance implements SDF: outside, the distance to the nearest point of the box; inside, minus
// the distance to the nearest face.
func (s Cuboid) Distance(p mgl64.Vec3) float64 { return s.B.SignedDistance(p) }

// Bounds implements SDF.
func (s Cuboid) Bounds() geom.Box { return s.B }

// Floor is the solid below the floor plane y = 0.
type Floor struct{}

// Distance implements SDF: the height above the floor (negative below it).
func (Floor) Distance(p mgl64.Vec3) float64 { return p.Y() }

// Bounds implements SDF: the floor is unbounded, below y = 0.
func (Floor) Bounds() geom.Box {
	inf := math.Inf(1)
	return geom.Box{Lo: mgl64.Vec3{-inf, -inf, -inf}, Hi: mgl64.Vec3{inf, 0, inf}}
}

// Union is the solid made of every member: its distance is the minimum of theirs. Where members
// overlap, that minimum is inside the union but may be shallower than the union's true depth;
// it is the convention of the scene contract (a point inside any part is inside).
type Union []SDF

// Distance implements SDF; an empty union is empty space (+Inf).
func (u Union) Distance(p mgl64.Vec3) float64 {
	d := math.Inf(1)
	for _, s := range u {
		d = min(d, s.Distance(p))
	}
	return d
}

// Bounds implements SDF.
func (u Union) Bounds() geom.Box {
	b := geom.EmptyBox()
	for _, s := range u {
		b = b.Union(s.Bounds())
	}
	return b
}

// Translated is S moved by Offset.
type Translated struct {
	S      SDF
	Offset mgl64.Vec3
}

// Distance implements SDF.
func (t Translated) Distance(p mgl64.Vec3) float64 { return t.S.Distance(p.Sub(t.Offset)) }

// Bounds implements SDF.
func (t Translated) Bounds() geom.Box {
	b := t.S.Bounds()
	return geom.Box{Lo: b.Lo.Add(t.Offset), Hi: b.Hi.Add(t.Offset)}
}
