package render

import (
	"fmt"
	"hash/fnv"
	"image"
	"math"

	"github.com/go-gl/gl/v3.3-core/gl"
)

// Drawing what stays still once. A viewer that plays motion draws the same room from the same
// camera frame after frame, and on a software rasteriser the room is most of a frame's cost; so
// RenderOver keeps the colour and depth of a request's still part per key and, while nothing in
// it changes, copies them back and draws only the moving bodies over them.

// defaultStillCache is how many still layers an engine keeps when Options.StillCache is 0: four
// panes with room for a camera change in each.
const defaultStillCache = 8

// RenderOver draws still (the scene, the floor, paths, markers and any figures that do not move)
// with the moving figures over it, as Render would draw still with moving added last. The still
// part is kept under key: while the next call with the same key has the same still part (camera,
// size, style, scene, overlays and figures all compared), only the moving figures are drawn.
// A translucent figure in still hides a moving one behind it instead of showing it through.
func (e *Engine) RenderOver(key string, still Request, moving []Figure) (*image.RGBA, error) {
	var img *image.RGBA
	err := e.do(func(st *glState) error {
		var err error
		img, err = st.renderOver(key, &still, moving)
		return err
	})
	return img, err
}

// ForgetStill releases the still layer kept under key, if any.
func (e *Engine) ForgetStill(key string) error {
	return e.do(func(st *glState) error {
		st.stills.forget(key)
		return nil
	})
}

// renderOver runs RenderOver on the engine thread.
func (st *glState) renderOver(key string, still *Request, moving []Figure) (*image.RGBA, error) {
	if err := checkFigures(moving); err != nil {
		return nil, err
	}
	if err := still.check(st.info.MaxSize); err != nil {
		return nil, err
	}
	if err := st.restoreStill(key, still); err != nil {
		return nil, err
	}
	resetState()
	st.lightBodies(still.Camera, still.Width, still.Height)
	batch, err := st.uploadFigures(moving, still.Camera.Eye())
	if err != nil {
		return nil, err
	}
	st.drawOpaque(batch)
	st.drawTranslucent(batch)
	if err := glError("render over"); err != nil {
		return nil, err
	}
	return st.finish(still)
}

// restoreStill leaves the still part of a request in the target: copied from its layer when the
// layer holds it, else drawn and kept.
func (st *glState) restoreStill(key string, still *Request) error {
	fp := stillPrint(still)
	if l, ok := st.stills.get(key); ok && l.print == fp && l.samples == st.target.samples {
		if err := st.target.bind(still.Width, still.Height); err != nil {
			return err
		}
		l.copyTo(st.target.drawFBO)
		return glError("restore still layer")
	}
	if err := st.draw(still); err != nil {
		return err
	}
	l, err := st.stills.keep(key, still.Width, still.Height, st.target.samples)
	if err != nil {
		return err
	}
	l.copyFrom(st.target.drawFBO)
	l.print = fp
	if err := glError("keep still layer"); err != nil {
		st.stills.forget(key)
		return err
	}
	return st.target.bind(still.Width, still.Height)
}

// stillPrint is a fingerprint of everything a still request draws: equal prints draw equal images.
func stillPrint(r *Request) uint64 {
	h := fnv.New64a()
	put := func(vs ...float64) {
		var b [8]byte
		for _, v := range vs {
			u := math.Float64bits(v)
			for i := range b {
				b[i] = byte(u >> (8 * i))
			}
			h.Write(b[:])
		}
	}
	fmt.Fprintf(h, "%p|%d|%d|%+v|", r.Scene, r.Width, r.Height, r.Style)
	if r.Style.Floor != nil {
		put(r.Style.Floor.Lo[:]...)
		put(r.Style.Floor.Hi[:]...)
	}
	m := ViewProjection(r.Camera, r.Width, r.Height)
	for _, v := range m {
		put(float64(v))
	}
	eye := r.Camera.Eye()
	put(eye[:]...)
	printFigures(put, r.Figures)
	for _, f := range r.Figures {
		fmt.Fprintf(h, "%p|", f.Body)
	}
	printOverlays(put, r.Paths, r.Markers)
	return h.Sum64()
}

func printFigures(put func(...float64), figs []Figure) {
	put(float64(len(figs)))
	for _, f := range figs {
		for _, j := range f.Pose {
			put(j.X(), j.Y(), j.Z())
		}
		put(float64(f.Color.R), float64(f.Color.G), float64(f.Color.B), float64(f.Color.A), float64(len(f.Parts)))
		for _, c := range f.Parts {
			put(float64(c.R), float64(c.G), float64(c.B), float64(c.A))
		}
		printSkin(put, &f)
	}
}

// printSkin puts a skinned figure's matrices and vertex colours.
func printSkin(put func(...float64), f *Figure) {
	if !f.skinned() {
		return
	}
	for _, m := range f.Skin {
		put(m[:]...)
	}
	put(float64(len(f.Vertices)))
	for _, c := range f.Vertices {
		put(float64(c.R), float64(c.G), float64(c.B))
	}
}

func printOverlays(put func(...float64), paths []Path, marks []Marker) {
	put(float64(len(paths)), float64(len(marks)))
	for _, p := range paths {
		put(p.Width, float64(len(p.Points)), float64(len(p.Colors)))
		for _, q := range p.Points {
			put(q[:]...)
		}
		for _, c := range p.Colors {
			put(float64(c.R), float64(c.G), float64(c.B), float64(c.A))
		}
	}
	for _, m := range marks {
		put(float64(m.Kind), m.Heading, float64(m.Color.R), float64(m.Color.G), float64(m.Color.B), float64(m.Color.A))
		put(m.At[:]...)
	}
}

// stillLayer is a kept still part: colour and depth, with as many samples as the target.
type stillLayer struct {
	fbo     uint32
	rbs     [2]uint32
	w, h    int
	samples int
	print   uint64
}

// copyTo blits the layer's colour and depth into the framebuffer fbo of the same size and samples.
func (l *stillLayer) copyTo(fbo uint32) { blitColorDepth(l.fbo, fbo, l.w, l.h) }

// copyFrom blits fbo's colour and depth into the layer.
func (l *stillLayer) copyFrom(fbo uint32) { blitColorDepth(fbo, l.fbo, l.w, l.h) }

func blitColorDepth(from, to uint32, w, h int) {
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, from)
	gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, to)
	gl.BlitFramebuffer(0, 0, int32(w), int32(h), 0, 0, int32(w), int32(h), gl.COLOR_BUFFER_BIT|gl.DEPTH_BUFFER_BIT, gl.NEAREST)
	gl.BindFramebuffer(gl.FRAMEBUFFER, to)
}

// makeStillLayer allocates a layer's framebuffer like the target's drawing one.
func makeStillLayer(w, h, samples int) (*stillLayer, error) {
	l := &stillLayer{w: w, h: h, samples: samples}
	gl.GenFramebuffers(1, &l.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, l.fbo)
	gl.GenRenderbuffers(2, &l.rbs[0])
	for i, format := range []uint32{gl.RGBA8, gl.DEPTH_COMPONENT24} {
		gl.BindRenderbuffer(gl.RENDERBUFFER, l.rbs[i])
		if samples > 1 {
			gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), format, int32(w), int32(h))
		} else {
			gl.RenderbufferStorage(gl.RENDERBUFFER, format, int32(w), int32(h))
		}
	}
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, l.rbs[0])
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, l.rbs[1])
	if err := checkFramebuffer("still layer", samples); err != nil {
		l.release()
		return nil, err
	}
	return l, nil
}

func (l *stillLayer) release() {
	gl.DeleteFramebuffers(1, &l.fbo)
	gl.DeleteRenderbuffers(2, &l.rbs[0])
}

// stillCache keeps layers by key, releasing the least recently used beyond its limit.
type stillCache struct {
	*lru[string, *stillLayer]
}

func newStillCache(limit int) *stillCache {
	return &stillCache{newLRU[string](limit, defaultStillCache, (*stillLayer).release)}
}

// keep returns a layer for key of the given size and samples, re-made when those changed.
func (c *stillCache) keep(key string, w, h, samples int) (*stillLayer, error) {
	if l, ok := c.get(key); ok && l.w == w && l.h == h && l.samples == samples {
		return l, nil
	}
	c.forget(key)
	l, err := makeStillLayer(w, h, samples)
	if err != nil {
		return nil, err
	}
	c.put(key, l)
	return l, nil
}
