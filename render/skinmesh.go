package render

import (
	"fmt"
	"image/color"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
)

// skinMesh is a body model on the GPU, uploaded once per engine and skinned there (skin.vert):
// rest positions, rest normals and weights in one buffer, the joint indices in another (read as
// integers), the triangles, a colour buffer refilled for figures coloured per vertex and a buffer
// of posed positions and normals refilled for figures posed on the CPU (SMPL-family bodies).
type skinMesh struct {
	vao, vbo, joints, colors, posed, ebo uint32
	vertices                             int
	indices                              int32
}

// skinLayout is the static vertex data of a body model: rest position, rest normal, weights.
var skinLayout = layout{3, 3, 4}

// Attribute locations of skin.vert beyond skinLayout's.
const (
	skinJointsLoc      = 3
	skinColorLoc       = 4
	skinPosedLoc       = 5
	skinPosedNormalLoc = 6
)

// maxSkinVertices bounds a body model's mesh (SMPL-X has 10,475 vertices, the open body 13,380).
const maxSkinVertices = 1 << 20

// newSkinMesh uploads a model with the given rest normals.
func newSkinMesh(m *body.Model, normals []mgl64.Vec3) *skinMesh {
	s := &skinMesh{vertices: m.NumVertices(), indices: int32(3 * len(m.Faces))}
	gl.GenVertexArrays(1, &s.vao)
	gl.BindVertexArray(s.vao)
	s.vbo = staticBuffer(gl.ARRAY_BUFFER, skinVertices(m, normals))
	skinLayout.point(0, 0, 0)
	s.joints = staticBuffer(gl.ARRAY_BUFFER, m.Influence)
	gl.EnableVertexAttribArray(skinJointsLoc)
	gl.VertexAttribIPointerWithOffset(skinJointsLoc, body.MaxInfluences, gl.UNSIGNED_BYTE, 0, 0)
	gl.GenBuffers(1, &s.colors)
	gl.BindBuffer(gl.ARRAY_BUFFER, s.colors)
	gl.VertexAttribPointerWithOffset(skinColorLoc, 4, gl.UNSIGNED_BYTE, true, 0, 0)
	gl.GenBuffers(1, &s.posed)
	gl.BindBuffer(gl.ARRAY_BUFFER, s.posed)
	gl.VertexAttribPointerWithOffset(skinPosedLoc, 3, gl.FLOAT, false, 24, 0)
	gl.VertexAttribPointerWithOffset(skinPosedNormalLoc, 3, gl.FLOAT, false, 24, 12)
	s.ebo = staticBuffer(gl.ELEMENT_ARRAY_BUFFER, m.Faces)
	gl.BindVertexArray(0)
	return s
}

// checkModel refuses a model the GPU cannot draw: an invalid one, or one too large.
func checkModel(m *body.Model) error {
	if n := m.NumVertices(); n == 0 || n > maxSkinVertices {
		return fmt.Errorf("render: body %q has %d vertices, want 1…%d", m.Name, n, maxSkinVertices)
	}
	if err := m.Validate(); err != nil {
		return fmt.Errorf("render: body %q: %w", m.Name, err)
	}
	return nil
}

// staticBuffer uploads data (a non-empty slice of fixed-size values) into a new buffer bound to
// the given target.
func staticBuffer[T any](target uint32, data []T) uint32 {
	var id uint32
	gl.GenBuffers(1, &id)
	gl.BindBuffer(target, id)
	gl.BufferData(target, len(data)*int(sizeOf[T]()), gl.Ptr(data), gl.STATIC_DRAW)
	return id
}

// sizeOf is the size in bytes of one T.
func sizeOf[T any]() uintptr {
	var v T
	return unsafe.Sizeof(v)
}

// skinVertices interleaves a model's rest positions, rest normals and weights (skinLayout).
func skinVertices(m *body.Model, normals []mgl64.Vec3) []float32 {
	out := make([]float32, 0, m.NumVertices()*10)
	for i, p := range m.Rest {
		n, w := normals[i], m.Weight[i]
		out = append(out, float32(p[0]), float32(p[1]), float32(p[2]),
			float32(n[0]), float32(n[1]), float32(n[2]), w[0], w[1], w[2], w[3])
	}
	return out
}

// useColor gives every vertex the same display colour: the colour attribute becomes a constant.
func (s *skinMesh) useColor(c color.NRGBA) {
	gl.BindVertexArray(s.vao)
	gl.DisableVertexAttribArray(skinColorLoc)
	gl.VertexAttrib4f(skinColorLoc, float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, 1)
}

// useColors gives each vertex its own display colour (one per vertex of the model).
func (s *skinMesh) useColors(cs []color.NRGBA) {
	gl.BindVertexArray(s.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, s.colors)
	gl.BufferData(gl.ARRAY_BUFFER, len(cs)*4, gl.Ptr(cs), gl.STREAM_DRAW)
	gl.EnableVertexAttribArray(skinColorLoc)
}

// usePosed sends the vertices as posed on the CPU, position and normal interleaved (one pair per
// vertex of the mesh); nil sends none, for skinning on the GPU.
func (s *skinMesh) usePosed(posed []float32) {
	gl.BindVertexArray(s.vao)
	if posed == nil {
		gl.DisableVertexAttribArray(skinPosedLoc)
		gl.DisableVertexAttribArray(skinPosedNormalLoc)
		return
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, s.posed)
	gl.BufferData(gl.ARRAY_BUFFER, len(posed)*4, gl.Ptr(posed), gl.STREAM_DRAW)
	gl.EnableVertexAttribArray(skinPosedLoc)
	gl.EnableVertexAttribArray(skinPosedNormalLoc)
}

// draw draws the model's triangles with the current program and bones.
func (s *skinMesh) draw() {
	gl.BindVertexArray(s.vao)
	gl.DrawElementsWithOffset(gl.TRIANGLES, s.indices, gl.UNSIGNED_INT, 0)
}

func (s *skinMesh) release() {
	bufs := []uint32{s.vbo, s.joints, s.colors, s.posed, s.ebo}
	gl.DeleteBuffers(int32(len(bufs)), &bufs[0])
	gl.DeleteVertexArrays(1, &s.vao)
}

// skinBody is a body model on the GPU at every level of detail, the full mesh first.
type skinBody struct {
	levels  []skinLevel
	colors  []color.NRGBA // a coarse level's vertex colours, reused
	posed   []float32     // a level's posed vertices and normals, reused
	normals []mgl64.Vec3  // the posed normals of the full model, reused
}

// skinLevel is one level of detail: the mesh, the grid cell it was simplified with (0: the full
// mesh) and each of its vertices' index in the full model (nil: the full mesh).
type skinLevel struct {
	mesh *skinMesh
	cell float64
	keep []int
}

// lodCells are the grid cells (metres) of the coarser levels of detail, finest first. On the open
// body they keep 9.5k, 5.4k, 3.4k and 1.9k of its 26.8k triangles.
var lodCells = []float64{0.015, 0.025, 0.035, 0.05}

// lodPixels is the largest a coarse level's grid cell may look (pixels) where a figure is drawn.
// Side by side in a ghost image (bodies about 85 pixels tall, 50 pixels a metre), the 5 cm level
// cannot be told from the 3.5 cm one, and it takes the human ghost image from about 58 ms to 43 ms.
const lodPixels = 2.75

// newSkinBody checks a model and uploads it at every level of detail.
func newSkinBody(m *body.Model) (*skinBody, error) {
	if err := checkModel(m); err != nil {
		return nil, err
	}
	normals := make([]mgl64.Vec3, m.NumVertices())
	m.Normals(m.Rest, normals)
	b := &skinBody{levels: []skinLevel{{mesh: newSkinMesh(m, normals)}}}
	for _, cell := range lodCells {
		l := simplify(m, cell)
		b.levels = append(b.levels, skinLevel{mesh: newSkinMesh(l.model, l.normals), cell: cell, keep: l.keep})
	}
	if err := glError("upload body " + m.Name); err != nil {
		b.release()
		return nil, err
	}
	return b, nil
}

// level returns the coarsest level whose grid cell looks at most lodPixels wide at ppm pixels per
// metre.
func (b *skinBody) level(ppm float64) *skinLevel {
	best := &b.levels[0]
	for i := range b.levels[1:] {
		if l := &b.levels[i+1]; l.cell*ppm <= lodPixels {
			best = l
		}
	}
	return best
}

// useColors gives each vertex of a level its colour from cs (one per vertex of the full model).
func (b *skinBody) useColors(l *skinLevel, cs []color.NRGBA) {
	if l.keep == nil {
		l.mesh.useColors(cs)
		return
	}
	b.colors = b.colors[:0]
	for _, v := range l.keep {
		b.colors = append(b.colors, cs[v])
	}
	l.mesh.useColors(b.colors)
}

// usePosed sends a level the posed vertices of a figure posed on the CPU (one per vertex of the
// full model) with their normals, found on the full mesh; nil sends none.
func (b *skinBody) usePosed(l *skinLevel, m *body.Model, pos []mgl64.Vec3) {
	if pos == nil {
		l.mesh.usePosed(nil)
		return
	}
	b.normals = append(b.normals[:0], make([]mgl64.Vec3, len(pos))...)
	m.Normals(pos, b.normals)
	b.posed = b.posed[:0]
	add := func(v int) {
		p, n := pos[v], b.normals[v]
		b.posed = append(b.posed, float32(p[0]), float32(p[1]), float32(p[2]), float32(n[0]), float32(n[1]), float32(n[2]))
	}
	if l.keep == nil {
		for v := range pos {
			add(v)
		}
	} else {
		for _, v := range l.keep {
			add(v)
		}
	}
	l.mesh.usePosed(b.posed)
}

func (b *skinBody) release() {
	for _, l := range b.levels {
		l.mesh.release()
	}
}

// skinCache keeps the uploaded body models by identity: a model must not change once drawn.
type skinCache struct {
	*lru[*body.Model, *skinBody]
}

// skinCacheSize is how many body models an engine keeps uploaded (one human and a user's SMPL-X
// model or two are the most a run draws).
const skinCacheSize = 4

func newSkinCache() *skinCache {
	return &skinCache{newLRU[*body.Model](skinCacheSize, skinCacheSize, (*skinBody).release)}
}

// body returns the uploaded model, uploading it on first use.
func (c *skinCache) body(m *body.Model) (*skinBody, error) {
	if b, ok := c.get(m); ok {
		return b, nil
	}
	b, err := newSkinBody(m)
	if err != nil {
		return nil, err
	}
	c.put(m, b)
	return b, nil
}
