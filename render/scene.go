package render

import (
	"fmt"
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// MaxSceneTriangles bounds what one scene may upload (about 100 MB of vertex data at most).
const MaxSceneTriangles = 4_000_000

// clayColor is the untinted clay (linear RGB): a warm light grey.
var clayColor = [3]float64{0.62, 0.58, 0.53}

// gpuScene is a scene's triangles on the GPU: every vertex once with its object's colour, the
// solid geometry as one index range and each wall part as its own range so it can be cut away.
type gpuScene struct {
	vao, vbo, ebo uint32
	solid         int32 // indices of the non-wall geometry, first in the index buffer
	walls         []wallRange
	bounds        geom.Box
}

// wallRange is one wall part: its indices and where it stands, to decide whether it hides the
// room from a camera.
type wallRange struct {
	first, count int32
	center       mgl64.Vec3 // centre of its box
	normal       mgl64.Vec3 // horizontal unit normal of its thin side
	bottom, top  float64
}

// isWall reports whether a part is a wall that may be cut away: a wall part, or any part of a wall.
func isWall(o *scene.Object, p *scene.Part) bool { return p.Kind == scene.PartWall || o.IsWall() }

// sceneBuffers are the vertex and index arrays of a scene before upload.
type sceneBuffers struct {
	verts []float32
	solid []uint32
	walls [][]uint32
	info  []wallRange
}

// buildScene flattens a scene into vertex and index arrays, checking size and coordinates.
func buildScene(s *scene.Scene) (*sceneBuffers, error) {
	if n := s.TriangleCount(); n > MaxSceneTriangles {
		return nil, fmt.Errorf("render: scene %q has %d triangles, more than the %d this renderer takes", s.Name, n, MaxSceneTriangles)
	}
	b := &sceneBuffers{}
	for _, o := range s.Objects {
		if o.IsFloor() {
			continue
		}
		col := o.Color
		if col == ([3]float64{}) {
			col = clayColor
		}
		for i := range o.Parts {
			p := &o.Parts[i]
			if p.Mesh == nil {
				continue
			}
			idx, err := b.addMesh(p.Mesh, col)
			if err != nil {
				return nil, fmt.Errorf("render: scene %q object %s part %s: %w", s.Name, o.ID, p.Name, err)
			}
			if isWall(o, p) {
				b.walls = append(b.walls, idx)
				b.info = append(b.info, wallInfo(p.Mesh.Bounds()))
			} else {
				b.solid = append(b.solid, idx...)
			}
		}
	}
	return b, nil
}

// addMesh appends a mesh's vertices and returns its triangle indices.
func (b *sceneBuffers) addMesh(m *scene.Mesh, col [3]float64) ([]uint32, error) {
	base := uint32(len(b.verts) / 6)
	for _, v := range m.Vertices {
		if !geom.FiniteVec(v) {
			return nil, fmt.Errorf("vertex %v is not finite", v)
		}
		b.verts = append(b.verts, float32(v[0]), float32(v[1]), float32(v[2]),
			float32(col[0]), float32(col[1]), float32(col[2]))
	}
	idx := make([]uint32, 0, 3*len(m.Triangles))
	for ti, t := range m.Triangles {
		for _, k := range t {
			if k < 0 || int(k) >= len(m.Vertices) {
				return nil, fmt.Errorf("triangle %d indexes vertex %d of %d", ti, k, len(m.Vertices))
			}
			idx = append(idx, base+uint32(k))
		}
	}
	return idx, nil
}

// wallInfo describes a wall from its box: the thin horizontal side gives the normal.
func wallInfo(box geom.Box) wallRange {
	size := box.Size()
	n := mgl64.Vec3{1, 0, 0}
	if size.Z() < size.X() {
		n = mgl64.Vec3{0, 0, 1}
	}
	return wallRange{center: box.Center(), normal: n, bottom: box.Lo.Y(), top: box.Hi.Y()}
}

// uploadScene puts a scene's buffers on the GPU.
func uploadScene(s *scene.Scene) (*gpuScene, error) {
	b, err := buildScene(s)
	if err != nil {
		return nil, err
	}
	g := &gpuScene{bounds: s.Bounds(), solid: int32(len(b.solid))}
	idx := b.solid
	for i, w := range b.walls {
		r := b.info[i]
		r.first, r.count = int32(len(idx)), int32(len(w))
		g.walls = append(g.walls, r)
		idx = append(idx, w...)
	}
	gl.GenVertexArrays(1, &g.vao)
	gl.BindVertexArray(g.vao)
	gl.GenBuffers(1, &g.vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, g.vbo)
	if len(b.verts) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, len(b.verts)*4, gl.Ptr(b.verts), gl.STATIC_DRAW)
	}
	sceneLayout.point(0, 0, 0)
	gl.GenBuffers(1, &g.ebo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, g.ebo)
	if len(idx) > 0 {
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(idx)*4, gl.Ptr(idx), gl.STATIC_DRAW)
	}
	gl.BindVertexArray(0)
	if err := glError("upload scene " + s.Name); err != nil {
		g.release()
		return nil, err
	}
	return g, nil
}

// draw draws the solid geometry, then each wall, cutting down the walls that stand between an
// eye above them and the room.
func (g *gpuScene) draw(p *program, eye mgl64.Vec3, cut bool) {
	gl.BindVertexArray(g.vao)
	p.setFloat("uClipY", 1e6)
	if g.solid > 0 {
		gl.DrawElementsWithOffset(gl.TRIANGLES, g.solid, gl.UNSIGNED_INT, 0)
	}
	room := g.bounds.Center()
	for _, w := range g.walls {
		clip, ok := w.clipFor(eye, room, cut)
		if !ok {
			continue
		}
		p.setFloat("uClipY", clip)
		gl.DrawElementsWithOffset(gl.TRIANGLES, w.count, gl.UNSIGNED_INT, uintptr(w.first)*4)
	}
}

// clipFor returns the height the wall is cut to for this eye (a large value: not cut) and whether
// it is drawn at all: a cut lintel over a doorway disappears whole, so the doorway stays open.
func (w wallRange) clipFor(eye, room mgl64.Vec3, cut bool) (clip float32, draw bool) {
	if !cut || !w.hides(eye, room) {
		return 1e6, true
	}
	return wallStub, w.bottom < wallStub
}

// wallStub is the height (m) a cut-away wall keeps, so the floor plan stays readable.
const wallStub = 0.12

// hides reports whether the wall stands between an eye above its top and the room: the eye and
// the room's centre lie on different sides of the wall's plane (a wall through the middle of the
// room counts as between). Eyes below the top (eye-level views) never cut.
func (w wallRange) hides(eye, room mgl64.Vec3) bool {
	if eye.Y() <= w.top {
		return false
	}
	n := w.normal
	side := eye.Sub(w.center).Dot(n)
	if math.Abs(side) < 1e-6 {
		return false
	}
	if side < 0 {
		n = n.Mul(-1)
	}
	return room.Sub(w.center).Dot(n) < 0.25
}

func (g *gpuScene) release() {
	gl.DeleteBuffers(1, &g.vbo)
	gl.DeleteBuffers(1, &g.ebo)
	gl.DeleteVertexArrays(1, &g.vao)
}

// sceneCache keeps uploaded scenes by identity, least recently used first out.
type sceneCache struct {
	*lru[*scene.Scene, *gpuScene]
	uploads int // scenes uploaded so far, for tests and statistics
}

func newSceneCache(limit int) *sceneCache {
	return &sceneCache{lru: newLRU[*scene.Scene](limit, 8, (*gpuScene).release)}
}

// get returns the uploaded scene, uploading it on first use.
func (c *sceneCache) get(s *scene.Scene) (*gpuScene, error) {
	if g, ok := c.lru.get(s); ok {
		return g, nil
	}
	g, err := uploadScene(s)
	if err != nil {
		return nil, err
	}
	c.uploads++
	c.put(s, g)
	return g, nil
}

// Upload puts the scene's meshes on the GPU now (Render does it on first use). The engine keeps
// them, keyed by the *scene.Scene pointer, until Forget, Close or eviction: a scene must not be
// changed after it was uploaded.
func (e *Engine) Upload(s *scene.Scene) error {
	if s == nil {
		return fmt.Errorf("render: upload: no scene")
	}
	return e.do(func(st *glState) error {
		_, err := st.scenes.get(s)
		return err
	})
}

// Forget releases the scene's GPU buffers, if it was uploaded.
func (e *Engine) Forget(s *scene.Scene) error {
	return e.do(func(st *glState) error {
		st.scenes.forget(s)
		return nil
	})
}
