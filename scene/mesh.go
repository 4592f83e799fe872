package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Mesh is an indexed triangle mesh in world coordinates (metres, Y up). Triangles wind
// counter-clockwise seen from outside, so their normals point out of closed meshes.
type Mesh struct {
	Vertices  []mgl64.Vec3
	Triangles [][3]int32
}

// Triangle returns the three corners of triangle i.
func (m *Mesh) Triangle(i int) (a, b, c mgl64.Vec3) {
	t := m.Triangles[i]
	return m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
}

// Append adds other's triangles to m.
func (m *Mesh) Append(other *Mesh) {
	base := int32(len(m.Vertices))
	m.Vertices = append(m.Vertices, other.Vertices...)
	for _, t := range other.Triangles {
		m.Triangles = append(m.Triangles, [3]int32{t[0] + base, t[1] + base, t[2] + base})
	}
}

// Transformed returns a copy of the mesh with every vertex mapped by the affine matrix x. A matrix
// that mirrors (negative determinant) also flips the winding so normals keep pointing out.
func (m *Mesh) Transformed(x mgl64.Mat4) *Mesh {
	out := &Mesh{Vertices: make([]mgl64.Vec3, len(m.Vertices)), Triangles: append([][3]int32(nil), m.Triangles...)}
	for i, v := range m.Vertices {
		out.Vertices[i] = mgl64.TransformCoordinate(v, x)
	}
	if x.Mat3().Det() < 0 {
		for i, t := range out.Triangles {
			out.Triangles[i] = [3]int32{t[0], t[2], t[1]}
		}
	}
	return out
}

// Bounds returns the axis-aligned box around the mesh's vertices; an empty mesh gives an empty
// box (Lo > Hi).
func (m *Mesh) Bounds() Box {
	b := EmptyBox()
	for _, v := range m.Vertices {
		b = b.AddPoint(v)
	}
	return b
}

// Box is an axis-aligned box; it is empty when any Lo coordinate exceeds Hi.
type Box struct{ Lo, Hi mgl64.Vec3 }

// EmptyBox returns a box that contains nothing and grows to any point added.
func EmptyBox() Box {
	inf := math.Inf(1)
	return Box{Lo: mgl64.Vec3{inf, inf, inf}, Hi: mgl64.Vec3{-inf, -inf, -inf}}
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

// Expand returns the box grown by d on every side.
func (b Box) Expand(d float64) Box {
	return Box{Lo: b.Lo.Sub(mgl64.Vec3{d, d, d}), Hi: b.Hi.Add(mgl64.Vec3{d, d, d})}
}
