package render

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/geom"
	"interactagent/motion"
)

// Figure is a body drawn at one pose: the motion package's capsule proxy, or a human body model
// (package body) skinned to the pose.
//
// Capsule bodies are drawn by instancing one capsule mesh per proxy capsule (body.vert) rather than
// from motion.Body.Mesh: for the 24 poses of a ghost image that is 0.17 ms of CPU work and 80k
// triangles, against 2.9 ms to build the 24 meshes (5,056 triangles each, 121k in all) before
// uploading them, measured on this machine. Skinned bodies are skinned on the GPU (skin.vert): the
// engine uploads a model's rest mesh once and each figure sends only its 22 skinning matrices.
type Figure struct {
	Pose motion.Pose
	// Color is the body's display colour; A is its opacity, and 0 counts as opaque. The zero
	// value draws the default body colour, opaque.
	Color color.NRGBA
	// Parts, when it has one colour per proxy capsule (motion.Body.NumCapsules, in the body's
	// capsule order), colours each capsule on its own, such as by how deep it sinks into the
	// scene; the figure's opacity stays Color's. Capsule bodies only.
	Parts []color.NRGBA
	// Body and Skin, set together, draw the body model Body posed by Skin instead of the capsule
	// proxy; Bodies makes them from a clip. Pose still stands for the figure where a picture is
	// framed and ordered, so it must be the pose Skin was fitted to.
	Body *body.Model
	Skin *body.Skinning
	// Posed, when it has one entry per vertex of Body, is where the figure's vertices are, posed
	// on the CPU, and they are drawn there instead of being skinned by Skin: an SMPL-family body,
	// skinned exactly (all its weights, pose correctives) by package smplx. Skin must still be
	// the pose's (it places what follows the body, such as labels).
	Posed []mgl64.Vec3
	// Vertices, when it has one colour per vertex of Body, colours each vertex on its own, such
	// as by how deep it sinks into the scene (their opacity is ignored; the figure's stays
	// Color's). Skinned bodies only.
	Vertices []color.NRGBA
}

// skinned reports whether the figure is drawn as a skinned body model.
func (f *Figure) skinned() bool { return f.Skin != nil }

// defaultFigureColor is a warm terracotta that stands out from the clay furniture.
var defaultFigureColor = color.NRGBA{R: 214, G: 112, B: 74, A: 255}

// MaxFigures bounds the bodies of one image.
const MaxFigures = 2000

// opacity returns the figure's opacity in [0, 1].
func (f Figure) opacity() float64 {
	if f.Color.A == 0 {
		return 1
	}
	return float64(f.Color.A) / 255
}

// opaque reports whether the figure can be drawn with the solid geometry.
func (f Figure) opaque() bool { return f.opacity() >= 0.995 }

// rgb returns the figure's display colour.
func (f Figure) rgb() color.NRGBA {
	if f.Color == (color.NRGBA{}) {
		return defaultFigureColor
	}
	return f.Color
}

// checkFigures rejects poses that cannot be drawn.
func checkFigures(figs []Figure) error {
	if len(figs) > MaxFigures {
		return fmt.Errorf("render: %d bodies in one image, want at most %d", len(figs), MaxFigures)
	}
	for i := range figs {
		if err := figs[i].check(); err != nil {
			return fmt.Errorf("render: body %d: %w", i, err)
		}
	}
	return nil
}

// check says what is wrong with a figure, if anything.
func (f *Figure) check() error {
	if !f.Pose.Finite() {
		return fmt.Errorf("pose has a non-finite joint coordinate")
	}
	if n := len(f.Parts); n != 0 && (n != motion.NumCapsules || f.skinned()) {
		return fmt.Errorf("%d part colours, want one per capsule (%d) of a capsule body, or none", n, motion.NumCapsules)
	}
	if f.skinned() != (f.Body != nil) {
		return fmt.Errorf("a body model and its skinning go together: want both or neither")
	}
	if !f.skinned() {
		if len(f.Vertices) != 0 || len(f.Posed) != 0 {
			return fmt.Errorf("%d vertex colours and %d posed vertices on a capsule body, want none", len(f.Vertices), len(f.Posed))
		}
		return nil
	}
	if n, want := len(f.Posed), f.Body.NumVertices(); n != 0 && n != want {
		return fmt.Errorf("%d posed vertices, want one per vertex of body %q (%d) or none", n, f.Body.Name, want)
	}
	for v, p := range f.Posed {
		if !geom.FiniteVec(p) {
			return fmt.Errorf("posed vertex %d is not finite", v)
		}
	}
	if n, want := len(f.Vertices), f.Body.NumVertices(); n != 0 && n != want {
		return fmt.Errorf("%d vertex colours, want one per vertex of body %q (%d) or none", n, f.Body.Name, want)
	}
	return checkSkinning(f.Skin)
}

// checkSkinning refuses a skinning matrix with a non-finite entry, naming its joint.
func checkSkinning(s *body.Skinning) error {
	for j, m := range s {
		for _, v := range m {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("skinning matrix of joint %s is not finite", motion.Joint(j))
			}
		}
	}
	return nil
}

// figureOrder returns the figures' indices in drawing order: opaque ones first, then translucent
// ones from the farthest to the nearest (by pelvis distance to the eye), so blending composes
// back to front. The number of opaque figures is returned too.
func figureOrder(figs []Figure, eye mgl64.Vec3) (order []int, nOpaque int) {
	var far []int
	for i, f := range figs {
		if f.opaque() {
			order = append(order, i)
		} else {
			far = append(far, i)
		}
	}
	nOpaque = len(order)
	dist := func(i int) float64 { return figs[i].Pose[motion.Pelvis].Sub(eye).Len() }
	sort.SliceStable(far, func(a, b int) bool { return dist(far[a]) > dist(far[b]) })
	return append(order, far...), nOpaque
}

// PosedVertices writes where a skinned figure puts every vertex of its body into out (one per
// vertex): Posed when set, else the body skinned by Skin, as skin.vert does.
func (f *Figure) PosedVertices(out []mgl64.Vec3) {
	if f.Posed != nil {
		copy(out, f.Posed)
		return
	}
	f.Body.Skin(f.Skin, out)
}
