package scene

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
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
func (m *Mesh) Bounds() geom.Box {
	b := geom.EmptyBox()
	for _, v := range m.Vertices {
		b = b.AddPoint(v)
	}
	return b
}
