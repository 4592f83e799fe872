package render

import (
	"fmt"
	"image"

	"github.com/go-gl/gl/v3.3-core/gl"
)

// target is the offscreen framebuffer images are drawn into: a multisampled colour + depth
// framebuffer (when samples > 1) resolved by a blit into a single-sampled one that is read back.
// It is re-made only when the size changes.
type target struct {
	samples       int
	w, h          int
	drawFBO       uint32 // where drawing goes (multisampled when samples > 1)
	drawRBs       [2]uint32
	resolveFBO    uint32 // single-sampled copy that is read (== drawFBO without multisampling)
	resolveRB     uint32
	multisampling bool
}

// bind makes a w×h target current for drawing, re-making it if the size changed. When the driver
// refuses the multisampled framebuffer, multisampling is dropped for good.
func (t *target) bind(w, h int) error {
	if t.w != w || t.h != h || t.drawFBO == 0 {
		t.release()
		if err := t.make(w, h, t.samples); err != nil {
			if t.samples <= 1 {
				return err
			}
			t.release()
			t.samples = 1
			if err := t.make(w, h, 1); err != nil {
				return err
			}
		}
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.drawFBO)
	gl.Viewport(0, 0, int32(w), int32(h))
	return nil
}

func (t *target) make(w, h, samples int) error {
	t.w, t.h = w, h
	t.multisampling = samples > 1
	gl.GenFramebuffers(1, &t.drawFBO)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.drawFBO)
	gl.GenRenderbuffers(2, &t.drawRBs[0])
	storage := func(rb uint32, format uint32) {
		gl.BindRenderbuffer(gl.RENDERBUFFER, rb)
		if t.multisampling {
			gl.RenderbufferStorageMultisample(gl.RENDERBUFFER, int32(samples), format, int32(w), int32(h))
		} else {
			gl.RenderbufferStorage(gl.RENDERBUFFER, format, int32(w), int32(h))
		}
	}
	storage(t.drawRBs[0], gl.RGBA8)
	storage(t.drawRBs[1], gl.DEPTH_COMPONENT24)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.drawRBs[0])
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.drawRBs[1])
	if err := checkFramebuffer("draw", samples); err != nil {
		return err
	}
	t.resolveFBO = t.drawFBO
	if !t.multisampling {
		return nil
	}
	gl.GenFramebuffers(1, &t.resolveFBO)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.resolveFBO)
	gl.GenRenderbuffers(1, &t.resolveRB)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.resolveRB)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.resolveRB)
	return checkFramebuffer("resolve", 1)
}

func checkFramebuffer(which string, samples int) error {
	if s := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
		return fmt.Errorf("render: %s framebuffer with %d samples incomplete (status 0x%x)", which, samples, s)
	}
	return glError(which + " framebuffer")
}

// read resolves the drawing and returns it as an image with the first row at the top (GL's rows
// start at the bottom).
func (t *target) read() (*image.RGBA, error) {
	if t.multisampling {
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.drawFBO)
		gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, t.resolveFBO)
		w, h := int32(t.w), int32(t.h)
		gl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl.COLOR_BUFFER_BIT, gl.NEAREST)
	}
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.resolveFBO)
	img := image.NewRGBA(image.Rect(0, 0, t.w, t.h))
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(0, 0, int32(t.w), int32(t.h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	if err := glError("read pixels"); err != nil {
		return nil, err
	}
	flipRows(img)
	return img, nil
}

// flipRows turns the image upside down in place.
func flipRows(img *image.RGBA) {
	h := img.Rect.Dy()
	row := make([]byte, img.Stride)
	for y := 0; y < h/2; y++ {
		a := img.Pix[y*img.Stride : (y+1)*img.Stride]
		b := img.Pix[(h-1-y)*img.Stride : (h-y)*img.Stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
}

// release deletes the framebuffers and their storage.
func (t *target) release() {
	if t.resolveFBO != 0 && t.resolveFBO != t.drawFBO {
		gl.DeleteFramebuffers(1, &t.resolveFBO)
	}
	if t.drawFBO != 0 {
		gl.DeleteFramebuffers(1, &t.drawFBO)
	}
	if t.drawRBs[0] != 0 {
		gl.DeleteRenderbuffers(2, &t.drawRBs[0])
	}
	if t.resolveRB != 0 {
		gl.DeleteRenderbuffers(1, &t.resolveRB)
	}
	*t = target{samples: t.samples}
}
