package openai

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"

	"golang.org/x/image/draw"

	"interactagent/mllm"
)

// maxPixels bounds an image decoded for scaling (width × height), so that a PNG whose header
// claims a vast size is refused before its pixels are allocated.
const maxPixels = 64 << 20

// view is an image ready to send: its PNG bytes (scaled to fit), its name and caption, and how
// many of the caller's images it holds (more than one when tiled).
type view struct {
	name, caption string
	png           []byte
	holds         int
}

// views prepares the images of a request: empty ones are skipped, the others checked and scaled
// to fit maxSide; with one true they are tiled into a single view.
func views(ims []mllm.Image, maxSide int, one bool) ([]view, error) {
	var out []view
	for _, im := range ims {
		if im.Empty() {
			continue
		}
		data, err := fit(im.PNG, maxSide)
		if err != nil {
			return nil, fmt.Errorf("image %q: %w", im.Name, err)
		}
		out = append(out, view{name: im.Name, caption: im.Caption, png: data, holds: 1})
	}
	if one && len(out) > 1 {
		return tiled(out, maxSide)
	}
	return out, nil
}

// fit returns data when its PNG fits within maxSide on its longest side, else the PNG scaled
// down to fit, keeping its aspect.
func fit(data []byte, maxSide int) ([]byte, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a PNG: %v", err)
	}
	if cfg.Width <= maxSide && cfg.Height <= maxSide {
		return data, nil
	}
	img, err := decode(data, cfg)
	if err != nil {
		return nil, err
	}
	return encode(scale(img, maxSide))
}

// decode decodes a PNG whose header was read as cfg, refusing one over maxPixels first.
func decode(data []byte, cfg image.Config) (image.Image, error) {
	if int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, fmt.Errorf("%d×%d pixels, more than the %d allowed", cfg.Width, cfg.Height, maxPixels)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a PNG: %v", err)
	}
	return img, nil
}

// scale returns img scaled to fit maxSide on its longest side (never enlarged).
func scale(img image.Image, maxSide int) image.Image {
	b := img.Bounds()
	w, h := fitSize(b.Dx(), b.Dy(), maxSide)
	if w == b.Dx() && h == b.Dy() {
		return img
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// fitSize returns w×h scaled to fit side×side, keeping the aspect, at least 1×1, never enlarged.
func fitSize(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, h*side/w)
	}
	return max(1, w*side/h), side
}

// encode writes img as a PNG.
func encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode PNG: %v", err)
	}
	return buf.Bytes(), nil
}

// dataURL is a PNG as the chat-completions API takes it inline.
func dataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}
