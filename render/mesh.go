package render

import (
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
)

// layout lists the float components of each vertex attribute, at locations 0, 1, ….
type layout []int32

// stride returns the bytes per vertex.
func (l layout) stride() int32 {
	n := int32(0)
	for _, c := range l {
		n += c
	}
	return n * 4
}

// point sets up the attributes of l on the bound array buffer, starting at location first, with
// the given instancing divisor (0 per vertex, 1 per instance), offset bytes into the buffer.
func (l layout) point(first uint32, divisor uint32, offset int) {
	off := offset
	for i, c := range l {
		loc := first + uint32(i)
		gl.EnableVertexAttribArray(loc)
		gl.VertexAttribPointerWithOffset(loc, c, gl.FLOAT, false, l.stride(), uintptr(off))
		gl.VertexAttribDivisor(loc, divisor)
		off += int(c) * 4
	}
}

var (
	floorLayout    = layout{3}          // position
	flatLayout     = layout{3, 4}       // position, display colour + opacity
	sceneLayout    = layout{3, 3}       // position, linear colour
	capsuleLayout  = layout{3, 1}       // unit direction, hemisphere (0 at A, 1 at B)
	instanceLayout = layout{3, 3, 1, 4} // A, B, radius, linear colour + opacity
)

// dynamicMesh is a vertex buffer refilled for every image (floor quad, overlay triangles).
type dynamicMesh struct {
	vao, vbo uint32
	layout   layout
	count    int32
}

func newDynamicMesh(l layout) *dynamicMesh {
	m := &dynamicMesh{layout: l}
	gl.GenVertexArrays(1, &m.vao)
	gl.GenBuffers(1, &m.vbo)
	gl.BindVertexArray(m.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
	l.point(0, 0, 0)
	gl.BindVertexArray(0)
	return m
}

// upload replaces the vertices; the old storage is orphaned so the driver need not wait.
func (m *dynamicMesh) upload(data []float32) {
	gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
	m.count = int32(len(data)*4) / m.layout.stride()
	if len(data) == 0 {
		return
	}
	gl.BufferData(gl.ARRAY_BUFFER, len(data)*4, gl.Ptr(data), gl.STREAM_DRAW)
}

// draw draws the uploaded vertices as triangles.
func (m *dynamicMesh) draw() {
	if m.count == 0 {
		return
	}
	gl.BindVertexArray(m.vao)
	gl.DrawArrays(gl.TRIANGLES, 0, m.count)
}

func (m *dynamicMesh) release() {
	gl.DeleteBuffers(1, &m.vbo)
	gl.DeleteVertexArrays(1, &m.vao)
}

// capsuleMesh draws body capsules by instancing: one unit-sphere mesh split at its equator (see
// body.vert) and a per-frame buffer of capsules.
type capsuleMesh struct {
	vao, vbo, ebo, inst uint32
	indices             int32
}

// capsuleSlices and capsuleRings set the tessellation: slices around the axis, rings per
// hemisphere, 168 triangles a capsule. At ghost-image sizes a capsule spans a few dozen pixels,
// where this is smooth enough; 24 bodies of 20 capsules make about 80k triangles, and llvmpipe's
// time grows with them: 16×5 (352 triangles) made the 768² ghost image take about 50 % longer.
const (
	capsuleSlices = 12
	capsuleRings  = 3
)

func newCapsuleMesh() *capsuleMesh {
	verts, idx := unitCapsule(capsuleSlices, capsuleRings)
	m := &capsuleMesh{indices: int32(len(idx))}
	gl.GenVertexArrays(1, &m.vao)
	gl.BindVertexArray(m.vao)
	gl.GenBuffers(1, &m.vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
	gl.BufferData(gl.ARRAY_BUFFER, len(verts)*4, gl.Ptr(verts), gl.STATIC_DRAW)
	capsuleLayout.point(0, 0, 0)
	gl.GenBuffers(1, &m.ebo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, m.ebo)
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(idx)*4, gl.Ptr(idx), gl.STATIC_DRAW)
	gl.GenBuffers(1, &m.inst)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.inst)
	instanceLayout.point(2, 1, 0)
	gl.BindVertexArray(0)
	return m
}

// uploadInstances replaces the capsule instances (instanceLayout, 11 floats each).
func (m *capsuleMesh) uploadInstances(data []float32) {
	gl.BindBuffer(gl.ARRAY_BUFFER, m.inst)
	if len(data) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, len(data)*4, gl.Ptr(data), gl.STREAM_DRAW)
	}
}

// draw draws count instances starting at instance first. GL 3.3 has no base instance, so the
// instance attributes are re-pointed at the first one.
func (m *capsuleMesh) draw(first, count int) {
	if count <= 0 {
		return
	}
	gl.BindVertexArray(m.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.inst)
	instanceLayout.point(2, 1, first*int(instanceLayout.stride()))
	gl.DrawElementsInstanced(gl.TRIANGLES, m.indices, gl.UNSIGNED_INT, nil, int32(count))
}

func (m *capsuleMesh) release() {
	bufs := []uint32{m.vbo, m.ebo, m.inst}
	gl.DeleteBuffers(int32(len(bufs)), &bufs[0])
	gl.DeleteVertexArrays(1, &m.vao)
}

// unitCapsule returns the vertices (direction x, y, z, hemisphere) and triangle indices of a unit
// sphere whose upper half (z ≥ 0, towards B) is tagged 1 and lower half 0. The equator appears
// twice, once per half, so the band between them becomes the cylinder when the ends move apart.
// Triangles wind counter-clockwise seen from outside.
func unitCapsule(slices, rings int) ([]float32, []uint32) {
	var verts []float32
	// Latitudes from the A pole (−π/2) to the equator, then from the equator to the B pole.
	type lat struct {
		phi float64
		end float32
	}
	var lats []lat
	for r := 0; r <= rings; r++ {
		lats = append(lats, lat{-math.Pi/2 + math.Pi/2*float64(r)/float64(rings), 0})
	}
	for r := 0; r <= rings; r++ {
		lats = append(lats, lat{math.Pi / 2 * float64(r) / float64(rings), 1})
	}
	for _, l := range lats {
		for s := 0; s <= slices; s++ {
			th := 2 * math.Pi * float64(s) / float64(slices)
			x, y, z := math.Cos(l.phi)*math.Cos(th), math.Cos(l.phi)*math.Sin(th), math.Sin(l.phi)
			verts = append(verts, float32(x), float32(y), float32(z), l.end)
		}
	}
	var idx []uint32
	row := uint32(slices + 1)
	for r := 0; r+1 < len(lats); r++ {
		for s := uint32(0); s < uint32(slices); s++ {
			a := uint32(r)*row + s
			b, c, d := a+1, a+row, a+row+1
			idx = append(idx, a, b, d, a, d, c)
		}
	}
	return verts, idx
}
