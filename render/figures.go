package render

import (
	"image/color"
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// Drawing the figures of one image: the capsule bodies as instances of one capsule mesh, drawn in
// as few calls as the order allows; the skinned bodies one draw call each, with their 22 matrices.

// figureBatch is the figures of one image ready to draw: the capsule bodies uploaded as
// instances, and every figure's place in the drawing order.
type figureBatch struct {
	figs    []Figure
	order   []int // indices into figs: opaque figures first, then translucent ones far to near
	opaque  int   // how many of order are opaque
	first   []int // per entry of order, its first capsule instance (-1: a skinned body)
	per     int   // capsules per capsule body
	capsOpq int   // capsule bodies among the opaque figures, which come first in the instances
}

// uploadFigures puts the figures' capsules on the GPU and the body models they use, opaque
// figures first, then translucent ones far to near.
func (st *glState) uploadFigures(figs []Figure, eye mgl64.Vec3) (figureBatch, error) {
	b := figureBatch{figs: figs, per: st.body.NumCapsules()}
	if len(figs) == 0 {
		return b, nil
	}
	b.order, b.opaque = figureOrder(figs, eye)
	st.instances = st.instances[:0]
	for k, i := range b.order {
		if err := st.placeFigure(&b, k, &figs[i]); err != nil {
			return b, err
		}
	}
	st.caps.uploadInstances(st.instances)
	return b, nil
}

// placeFigure notes where the k-th figure of the order is drawn from: its model uploaded, or its
// capsules appended to the instances.
func (st *glState) placeFigure(b *figureBatch, k int, f *Figure) error {
	if f.skinned() {
		b.first = append(b.first, -1)
		_, err := st.skins.body(f.Body)
		return err
	}
	b.first = append(b.first, len(st.instances)/instanceFloats)
	if k < b.opaque {
		b.capsOpq++
	}
	st.instances = capsuleInstances(st.body, f, st.instances, &st.capsules)
	return nil
}

// instanceFloats is the floats per capsule instance (instanceLayout).
const instanceFloats = 11

// capsuleInstances appends the capsule instances of a figure (see instanceLayout).
func capsuleInstances(pb *motion.Body, f *Figure, dst []float32, caps *[]motion.Capsule) []float32 {
	*caps = pb.Capsules(f.Pose, *caps)
	c := linearColor(f.rgb())
	a := float32(f.opacity())
	for j, k := range *caps {
		if len(f.Parts) == len(*caps) {
			c = linearColor(f.Parts[j])
		}
		dst = append(dst,
			float32(k.A[0]), float32(k.A[1]), float32(k.A[2]),
			float32(k.B[0]), float32(k.B[1]), float32(k.B[2]),
			float32(k.Radius), c[0], c[1], c[2], a)
	}
	return dst
}

// linearColor converts a display (sRGB-like, gamma 2.2) colour to linear light for the lit shaders.
func linearColor(c color.NRGBA) [3]float32 {
	f := func(v uint8) float32 { return float32(math.Pow(float64(v)/255, 2.2)) }
	return [3]float32{f(c.R), f(c.G), f(c.B)}
}

// bodyView is what drawing a body needs of the camera beyond its programs' uniforms: where the
// body lands and how large it looks there.
type bodyView struct {
	vp    mgl32.Mat4
	scale float64 // pixels per metre at unit depth: the projection's vertical scale × half the height
}

// pixelsPerMetre is how many pixels a metre spans at p (a large number at or behind the eye).
func (v bodyView) pixelsPerMetre(p mgl64.Vec3) float64 {
	w := v.vp.Mul4x1(mgl32.Vec4{float32(p[0]), float32(p[1]), float32(p[2]), 1})[3]
	if w <= 1e-6 {
		return math.MaxFloat64
	}
	return v.scale / float64(w)
}

// lightBodies sets the camera and lights of both body programs for a w×h image from cam.
func (st *glState) lightBodies(cam Camera, w, h int) {
	vp := ViewProjection(cam, w, h)
	proj := cam.Projection(float64(w) / float64(h))
	st.view = bodyView{vp: vp, scale: float64(proj.At(1, 1)) * float64(h) / 2}
	for _, name := range []string{"skin", "body"} {
		p := st.progs[name]
		st.setLights(p, vp)
		p.setVec3("uEye", vec32(cam.Eye()))
	}
}

// drawOpaque draws the opaque capsule bodies in one instanced call, then each opaque skinned body.
func (st *glState) drawOpaque(b figureBatch) {
	if b.opaque == 0 {
		return
	}
	gl.Enable(gl.CULL_FACE)
	st.progs["body"].use()
	st.caps.draw(0, b.capsOpq*b.per)
	for k := 0; k < b.opaque; k++ {
		if b.first[k] < 0 {
			st.drawSkinned(&b.figs[b.order[k]], 1)
		}
	}
	gl.Disable(gl.CULL_FACE)
}

// drawTranslucent draws each translucent figure in two passes: depth only, then colour where it
// is the nearest surface, so that a ghost shows its own front surface blended once over what lies
// behind it (its overlapping capsules, or an arm before the chest, would otherwise darken where
// they overlap).
func (st *glState) drawTranslucent(b figureBatch) {
	if len(b.order) == b.opaque {
		return
	}
	gl.Enable(gl.CULL_FACE)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.DepthFunc(gl.LEQUAL)
	for k := b.opaque; k < len(b.order); k++ {
		if b.first[k] < 0 {
			st.drawSkinned(&b.figs[b.order[k]], 2)
			continue
		}
		st.progs["body"].use()
		twoPasses(func() { st.caps.draw(b.first[k], b.per) })
	}
	gl.DepthFunc(gl.LESS)
	gl.Disable(gl.BLEND)
	gl.Disable(gl.CULL_FACE)
}

// twoPasses draws twice: depth only, then colour.
func twoPasses(draw func()) {
	gl.ColorMask(false, false, false, false)
	draw()
	gl.ColorMask(true, true, true, true)
	draw()
}

// drawSkinned draws a skinned figure whose model is uploaded, at the level of detail its size in
// the picture asks for, in one pass (opaque) or two (translucent: depth, then colour).
func (st *glState) drawSkinned(f *Figure, passes int) {
	b, _ := st.skins.body(f.Body)
	l := b.level(st.view.pixelsPerMetre(f.Pose[motion.Pelvis]))
	p := st.progs["skin"]
	p.use()
	p.setBones(f.Skin, &st.bones)
	p.setFloat("uOpacity", float32(f.opacity()))
	b.usePosed(l, f.Body, f.Posed)
	p.setBool("uPosed", f.Posed != nil)
	if len(f.Vertices) > 0 {
		b.useColors(l, f.Vertices)
	} else {
		l.mesh.useColor(f.rgb())
	}
	if passes == 2 {
		twoPasses(l.mesh.draw)
		return
	}
	l.mesh.draw()
}

// setBones sends a pose's skinning matrices to uBones, through buf.
func (p *program) setBones(s *body.Skinning, buf *[motion.NumJoints * 16]float32) {
	for j, m := range s {
		for i, v := range m {
			buf[16*j+i] = float32(v)
		}
	}
	gl.UniformMatrix4fv(p.loc("uBones"), motion.NumJoints, false, &buf[0])
}
