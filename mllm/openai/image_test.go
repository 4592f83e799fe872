package openai

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"interactagent/mllm"
)

func TestImagesAreScaledDownOnly(t *testing.T) {
	small := testPNG(t, 300, 200)
	for _, c := range []struct {
		w, h, side int
		want       image.Point
	}{{1000, 500, 400, image.Pt(400, 200)}, {500, 1000, 400, image.Pt(200, 400)}, {300, 200, 768, image.Pt(300, 200)}, {3000, 3, 100, image.Pt(100, 1)}} {
		data := testPNG(t, c.w, c.h)
		out, err := fit(data, c.side)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(out))
		if err != nil || image.Pt(cfg.Width, cfg.Height) != c.want {
			t.Errorf("%d×%d into %d: %d×%d %v, want %v", c.w, c.h, c.side, cfg.Width, cfg.Height, err, c.want)
		}
	}
	if out, _ := fit(small, 768); !bytes.Equal(out, small) {
		t.Errorf("a PNG that fits was re-encoded")
	}
	if _, err := fit([]byte("\xff\xd8\xff a JPEG"), 768); err == nil || !strings.Contains(err.Error(), "not a PNG") {
		t.Errorf("a JPEG: %v", err)
	}
}

func TestScaledImageKeepsItsContent(t *testing.T) {
	// A left half red and a right half blue stay so when scaled: the fast path against the obvious.
	img := image.NewRGBA(image.Rect(0, 0, 1000, 500))
	for y := 0; y < 500; y++ {
		for x := 0; x < 1000; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 500 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	out := scale(img, 100)
	if out.Bounds().Dx() != 100 || out.Bounds().Dy() != 50 {
		t.Fatalf("scaled to %v", out.Bounds())
	}
	if r, _, b, _ := out.At(10, 25).RGBA(); r>>8 < 250 || b>>8 > 5 {
		t.Errorf("left side is %v, want red", out.At(10, 25))
	}
	if r, _, b, _ := out.At(90, 25).RGBA(); b>>8 < 250 || r>>8 > 5 {
		t.Errorf("right side is %v, want blue", out.At(90, 25))
	}
}

func TestOneImageTilesEveryView(t *testing.T) {
	f := newFake(t, completion(cleanReflection))
	m := newModel(t, f, func(o *Options) { o.OneImage, o.MaxImageSide, o.Detail = true, 256, DetailLow })
	in := reflectInput(t)
	in.Memory[1].Image = ghost(t, "round-2")
	r, err := m.Reflect(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	req := f.requests()[0].Req
	ims := imageParts(t, req)
	if len(ims) != 1 || r.Usage.Images != 3 {
		t.Fatalf("%d images sent, %d counted; want 1 tiled image counted as its 3 views", len(ims), r.Usage.Images)
	}
	if size := decodeImage(t, ims[0].ImageURL.URL); max(size.X, size.Y) > 256 || size.X != size.Y || ims[0].ImageURL.Detail != "low" {
		t.Errorf("tiled image %v (detail %q), want a 2×2 grid at most 256 wide, detail low", size, ims[0].ImageURL.Detail)
	}
	text := req.Messages[1].text(t)
	for _, want := range []string{"3 views in a grid of 2 columns", "tile 3 (row 2, column 1): round-3", "Ghost image of the whole round: tile 2 of the image"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
}

func TestTileLayout(t *testing.T) {
	red := testPNG(t, 40, 20)
	vs := []view{{name: "a", png: red, holds: 1}, {name: "b", png: red, holds: 1}, {name: "c", png: red, holds: 1}, {name: "d", png: red, holds: 1}, {name: "e", png: red, holds: 1}}
	out, err := tiled(vs, 300)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out[0].png))
	if err != nil {
		t.Fatal(err)
	}
	// 5 views: 3 columns, 2 rows of cells of (300-4)/3 = 98 pixels.
	if b := img.Bounds(); b.Dx() != 3*98+2*gutter || b.Dy() != 2*98+gutter || out[0].holds != 5 {
		t.Errorf("grid %v holding %d, want 298×198 holding 5", b, out[0].holds)
	}
	if r, g, b, _ := img.At(98, 10).RGBA(); r != g || g != b || r>>8 > 60 {
		t.Errorf("no gutter between tiles: %v", img.At(98, 10))
	}
	if r, g, b, _ := img.At(105, 5).RGBA(); r>>8 != 255 || g>>8 != 255 || b>>8 != 255 {
		t.Errorf("the margin around a small view is %v, want white", img.At(105, 5))
	}
	if r, _, _, _ := img.At(250, 150).RGBA(); r>>8 > 60 {
		t.Errorf("the empty sixth cell is %v, want dark like the gutters", img.At(250, 150))
	}
}

func TestBadImageIsAnInputError(t *testing.T) {
	f := newFake(t, completion(cleanVerdict))
	_, err := newModel(t, f).Check(context.Background(), mllm.CheckInput{Context: testContext(), Image: mllm.Image{Name: "final", PNG: []byte("GIF89a")}})
	var ie *mllm.InputError
	if !strings.Contains(err.Error(), `image "final": not a PNG`) || !errors.As(err, &ie) || ie.Role != mllm.RoleCheck ||
		!mllm.Permanent(err) || len(f.requests()) != 0 {
		t.Errorf("%v, want a permanent InputError of the check naming the image, and nothing sent", err)
	}
}
