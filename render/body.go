package render

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Figure is a body drawn at one pose, from the motion package's capsule proxy.
//
// Bodies are drawn by instancing one capsule mesh per proxy capsule (body.vert) rather than from
// motion.Body.Mesh: for the 24 poses of a ghost image that is 0.17 ms of CPU work and 80k
// triangles, against 2.9 ms to build the 24 meshes (5,056 triangles each, 121k in all) before
// uploading them, measured on this machine.
type Figure struct {
	Pose motion.Pose
	// Color is the body's display colour; A is its opacity, and 0 counts as opaque. The zero
	// value draws the default body colour, opaque.
	Color color.NRGBA
	// Parts, when it has one colour per proxy capsule (motion.Body.NumCapsules, in the body's
	// capsule order), colours each capsule on its own, such as by how deep it sinks into the
	// scene; the figure's opacity stays Color's.
	Parts []color.NRGBA
}

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
	for i, f := range figs {
		if !f.Pose.Finite() {
			return fmt.Errorf("render: body %d: pose has a non-finite joint coordinate", i)
		}
		if n := len(f.Parts); n != 0 && n != motion.NumCapsules {
			return fmt.Errorf("render: body %d: %d part colours, want one per capsule (%d) or none", i, n, motion.NumCapsules)
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

// figureInstances returns the capsule instances of the figures in the given order (see
// instanceLayout) and the number of capsules per figure.
func figureInstances(body *motion.Body, figs []Figure, order []int, dst []float32) ([]float32, int) {
	var caps []motion.Capsule
	dst = dst[:0]
	for _, i := range order {
		caps = body.Capsules(figs[i].Pose, caps)
		c := linearColor(figs[i].rgb())
		a := float32(figs[i].opacity())
		parts := figs[i].Parts
		for j, k := range caps {
			if len(parts) == len(caps) {
				c = linearColor(parts[j])
			}
			dst = append(dst,
				float32(k.A[0]), float32(k.A[1]), float32(k.A[2]),
				float32(k.B[0]), float32(k.B[1]), float32(k.B[2]),
				float32(k.Radius), c[0], c[1], c[2], a)
		}
	}
	return dst, body.NumCapsules()
}

// linearColor converts a display (sRGB-like, gamma 2.2) colour to linear light for the lit shaders.
func linearColor(c color.NRGBA) [3]float32 {
	f := func(v uint8) float32 { return float32(math.Pow(float64(v)/255, 2.2)) }
	return [3]float32{f(c.R), f(c.G), f(c.B)}
}

// figureBatch is the figures of one image uploaded as capsule instances in drawing order.
type figureBatch struct {
	per, opaque, total int // capsules per figure, opaque figures, all figures
}

// uploadFigures puts the figures' capsules on the GPU, opaque ones first, then translucent ones
// far to near.
func (st *glState) uploadFigures(figs []Figure, eye mgl64.Vec3) figureBatch {
	if len(figs) == 0 {
		return figureBatch{}
	}
	order, nOpaque := figureOrder(figs, eye)
	var per int
	st.instances, per = figureInstances(st.body, figs, order, st.instances)
	st.caps.uploadInstances(st.instances)
	return figureBatch{per: per, opaque: nOpaque, total: len(order)}
}

// drawOpaque draws the opaque figures in one instanced call.
func (st *glState) drawOpaque(b figureBatch) {
	if b.opaque == 0 {
		return
	}
	gl.Enable(gl.CULL_FACE)
	st.caps.draw(0, b.opaque*b.per)
	gl.Disable(gl.CULL_FACE)
}

// drawTranslucent draws each translucent figure in two passes: depth only, then colour where it
// is the nearest surface, so that a ghost shows its own front surface blended once over what lies
// behind it (its overlapping capsules would otherwise darken where they meet).
func (st *glState) drawTranslucent(b figureBatch) {
	if b.total == b.opaque {
		return
	}
	gl.Enable(gl.CULL_FACE)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.DepthFunc(gl.LEQUAL)
	for k := b.opaque; k < b.total; k++ {
		gl.ColorMask(false, false, false, false)
		st.caps.draw(k*b.per, b.per)
		gl.ColorMask(true, true, true, true)
		st.caps.draw(k*b.per, b.per)
	}
	gl.DepthFunc(gl.LESS)
	gl.Disable(gl.BLEND)
	gl.Disable(gl.CULL_FACE)
}
