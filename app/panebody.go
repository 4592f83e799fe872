package app

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene/distance"
)

// paneBody is a pane's clip dressed in one body (render.BodyHuman or render.BodyProxy): the fit,
// made once; the faint keyframes of the ghost overlay; and, per frame and on first use, the
// skinning and how deep the body sinks into the scene.
//
// Penetration is coloured per vertex on the human body: each vertex's depth, max(0, −SDF), is
// measured at its skinned position with the scene's depth field, whose culling answers in well
// under a microsecond for a point outside every object's box, which nearly every vertex is. A
// frame is measured the first time it is drawn with the overlay on and its deep vertices are kept
// (a few hundred at most, usually none), so a clip played again costs nothing more. The vertices
// that sink are inside the object and hidden by it, so each vertex shows the deepest depth within
// spreadRings edges of it on the skin: the skin just outside the object says how deep the part
// inside goes, as a capsule of the proxy, coloured whole, does.
type paneBody struct {
	bodies *render.Bodies
	keys   []render.Figure               // the ghost overlay's keyframes
	skins  []*body.Skinning              // per frame, nil until drawn (human only)
	deep   [][]deepVertex                // per frame, the vertices at least depthYellow deep (human only)
	seen   []bool                        // per frame, whether deep holds its measure
	depths [][motion.NumCapsules]float32 // per frame, how deep each capsule sinks (proxy only)
	posed  []mgl64.Vec3                  // one frame's skinned vertices, reused
	colors []color.NRGBA                 // one frame's vertex colours, reused
	skin   *skinGraph                    // the model's edges, made on first use
	shown  []float32                     // per vertex, the depth shown, reused
}

// spreadRings is how many edges away on the skin a vertex shows a deeper neighbour's depth: about
// 8 cm on the open body, whose edges are 1.5 cm long on average.
const spreadRings = 5

// deepVertex is a vertex of the human body and how deep it sinks into the scene (metres).
type deepVertex struct {
	v     uint32
	depth float32
}

// newPaneBody fits kind's body to clip and makes the ghost overlay's keyframes.
func newPaneBody(kind render.BodyKind, clip *motion.Clip) (*paneBody, error) {
	b, err := render.NewBodies(kind, clip)
	if err != nil {
		return nil, err
	}
	pb := &paneBody{bodies: b, skins: make([]*body.Skinning, clip.Len()),
		deep: make([][]deepVertex, clip.Len()), seen: make([]bool, clip.Len())}
	last := float64(max(clip.Len()-1, 1))
	for _, i := range render.KeyframeIndices(clip.Len(), ghostKeyframes) {
		col := render.TimeColor(float64(i) / last)
		col.A = 70
		f, err := pb.figure(clip, i, col)
		if err != nil {
			return nil, err
		}
		pb.keys = append(pb.keys, f)
	}
	return pb, nil
}

// figure returns frame i's figure in colour c, skinned once per frame.
func (pb *paneBody) figure(clip *motion.Clip, i int, c color.NRGBA) (render.Figure, error) {
	f := render.Figure{Pose: clip.Frames[i], Color: c}
	if pb.bodies.Model() == nil {
		return f, nil
	}
	if pb.skins[i] == nil {
		s, err := pb.bodies.Skinning(clip.Frames[i])
		if err != nil {
			return render.Figure{}, err
		}
		pb.skins[i] = s
	}
	f.Body, f.Skin = pb.bodies.Model(), pb.skins[i]
	return f, nil
}

// colourByDepth colours a figure of frame i by how deep each part sinks into the scene: per
// vertex on the human body, per capsule on the proxy.
func (pb *paneBody) colourByDepth(f *render.Figure, clip *motion.Clip, i int, field *distance.DepthField) {
	f.Color = color.NRGBA{200, 200, 200, 255}
	if f.Body == nil {
		d := pb.capsuleDepths(clip, field)[i]
		f.Parts = make([]color.NRGBA, motion.NumCapsules)
		for k := range f.Parts {
			f.Parts[k] = DepthColor(float64(d[k]))
		}
		return
	}
	shown := pb.spread(f.Body, pb.deepAt(f, i, field))
	pb.colors = pb.colors[:0]
	for _, d := range shown {
		pb.colors = append(pb.colors, DepthColor(float64(d)))
	}
	f.Vertices = pb.colors
}

// spread returns the depth each vertex of m shows: the deepest of the deep vertices within
// spreadRings edges of it.
func (pb *paneBody) spread(m *body.Model, deep []deepVertex) []float32 {
	if pb.skin == nil {
		pb.skin = newSkinGraph(m)
	}
	pb.shown = append(pb.shown[:0], make([]float32, m.NumVertices())...)
	var front, next []uint32
	for _, d := range deep {
		pb.shown[d.v] = max(pb.shown[d.v], d.depth)
		front = append(front, d.v)
	}
	for range spreadRings {
		next = next[:0]
		for _, u := range front {
			for _, w := range pb.skin.neighbours(u) {
				if pb.shown[w] < pb.shown[u] {
					pb.shown[w] = pb.shown[u]
					next = append(next, w)
				}
			}
		}
		front, next = next, front
	}
	return pb.shown
}

// deepAt returns frame i's deep vertices, measuring them on first use; f is the frame's skinned
// figure.
func (pb *paneBody) deepAt(f *render.Figure, i int, field *distance.DepthField) []deepVertex {
	if pb.seen[i] {
		return pb.deep[i]
	}
	pb.posed = append(pb.posed[:0], make([]mgl64.Vec3, f.Body.NumVertices())...)
	f.PosedVertices(pb.posed)
	var deep []deepVertex
	for v, p := range pb.posed {
		if d, _ := field.Depth(p); d >= depthYellow {
			deep = append(deep, deepVertex{v: uint32(v), depth: float32(d)})
		}
	}
	pb.deep[i], pb.seen[i] = deep, true
	return deep
}

// capsuleDepths measures, once, how deep each capsule of each frame sinks into the scene.
func (pb *paneBody) capsuleDepths(clip *motion.Clip, field *distance.DepthField) [][motion.NumCapsules]float32 {
	if pb.depths != nil {
		return pb.depths
	}
	proxy := motion.NewBody()
	var caps []motion.Capsule
	pb.depths = make([][motion.NumCapsules]float32, clip.Len())
	for i, pose := range clip.Frames {
		caps = proxy.Capsules(pose, caps)
		for k, c := range caps {
			pb.depths[i][k] = float32(capsuleDepth(field.Exact(), c))
		}
	}
	return pb.depths
}

// capsuleSamples is how many points along a capsule's axis its depth is measured at.
const capsuleSamples = 5

// capsuleDepth is how deep capsule c sinks into the scene: its radius less the least distance
// from its axis to the scene, measured at evenly spaced points (0 when it is clear).
func capsuleDepth(sdf *distance.Exact, c motion.Capsule) float64 {
	deepest := 0.0
	for j := 0; j < capsuleSamples; j++ {
		u := float64(j) / (capsuleSamples - 1)
		q := c.A.Add(c.B.Sub(c.A).Mul(u))
		deepest = math.Max(deepest, c.Radius-sdf.Distance(q))
	}
	return deepest
}
