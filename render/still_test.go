package render

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/render/internal/testclip"
)

// diffPixels counts the pixels whose channels differ by more than tol between two images.
func diffPixels(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			if d := int(a.Pix[i+c]) - int(b.Pix[i+c]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

// stillScene is the test room seen from above at an angle, with a grey path and two markers.
func stillScene(cam Camera) Request {
	walk := straightWalk(60, 1)
	var pts []mgl64.Vec3
	for _, p := range walk.Frames {
		pts = append(pts, p.Root())
	}
	return Request{Scene: testRoom(), Camera: cam, Width: 320, Height: 200,
		Paths:   []Path{{Points: pts, Width: 0.05}},
		Markers: []Marker{{Kind: MarkStart, At: pts[0]}, {Kind: MarkEnd, At: pts[len(pts)-1]}}}
}

// TestRenderOverMatchesRender: a body drawn over a kept still layer looks like the same request
// drawn whole, on the first call (which draws the layer) and on later ones (which copy it), and a
// moved camera draws the layer anew instead of showing the old one.
func TestRenderOverMatchesRender(t *testing.T) {
	e := newTestEngine(t)
	cam := HighOblique(mgl64.Vec3{0, 0.5, 0}, 0.6, 7)
	still := stillScene(cam)
	walk := straightWalk(60, 1)
	for i, f := range []int{0, 30, 59} {
		moving := []Figure{{Pose: walk.Frames[f]}}
		whole := still
		whole.Figures = moving
		want, err := e.Render(whole)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.RenderOver("pane", still, moving)
		if err != nil {
			t.Fatal(err)
		}
		// The floor is drawn before the body here and after it in Render: only antialiased
		// edges may differ.
		if n := diffPixels(got, want, 24); n > len(got.Pix)/4/200 {
			saveFailed(t, fmt.Sprintf("over-%d", i), got)
			saveFailed(t, fmt.Sprintf("whole-%d", i), want)
			t.Errorf("frame %d: %d pixels differ from the whole request's drawing", f, n)
		}
	}
	moved := still
	moved.Camera = HighOblique(mgl64.Vec3{0, 0.5, 0}, 2.2, 7)
	moving := []Figure{{Pose: walk.Frames[10]}}
	got, err := e.RenderOver("pane", moved, moving)
	if err != nil {
		t.Fatal(err)
	}
	whole := moved
	whole.Figures = moving
	want, _ := e.Render(whole)
	if n := diffPixels(got, want, 24); n > len(got.Pix)/4/200 {
		t.Errorf("after the camera moved: %d pixels differ (the old layer was shown?)", n)
	}
}

// TestRenderOverKeepsLayersApart: two keys with different rooms never mix, and a figure in the
// still part is part of the layer.
func TestRenderOverKeepsLayersApart(t *testing.T) {
	e := newTestEngine(t)
	a := stillScene(HighOblique(mgl64.Vec3{0, 0.5, 0}, 0.6, 7))
	b := stillScene(TopDown{Center: mgl64.Vec3{0, 0, 0}, Span: 7})
	b.Figures = []Figure{{Pose: straightWalk(60, 1).Frames[0], Color: color.NRGBA{40, 40, 220, 255}}}
	first, err := e.RenderOver("a", a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.RenderOver("b", b, nil); err != nil {
		t.Fatal(err)
	}
	again, err := e.RenderOver("a", a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := diffPixels(first, again, 0); n != 0 {
		t.Errorf("layer a changed after layer b was drawn: %d pixels", n)
	}
	withFig, _ := e.Render(b)
	overB, _ := e.RenderOver("b", b, nil)
	if n := diffPixels(withFig, overB, 24); n > len(overB.Pix)/4/200 {
		t.Errorf("the still figure of layer b: %d pixels differ", n)
	}
}

// TestPartColours: a figure whose capsules are coloured one by one shows those colours.
func TestPartColours(t *testing.T) {
	e := newTestEngine(t)
	parts := make([]color.NRGBA, motion.NumCapsules)
	for i := range parts {
		parts[i] = color.NRGBA{230, 20, 20, 255}
	}
	pose := straightWalk(2, 1).Frames[0]
	r := Request{Camera: HighOblique(pose.Root(), 0.3, 3), Width: 200, Height: 200, Style: Style{NoAxes: true},
		Figures: []Figure{{Pose: pose, Color: color.NRGBA{20, 20, 230, 255}, Parts: parts}}}
	img, err := e.Render(r)
	if err != nil {
		t.Fatal(err)
	}
	red, _ := countIn(img, img.Rect, func(c color.RGBA) bool { return c.R > 120 && c.B < 80 })
	blue, _ := countIn(img, img.Rect, func(c color.RGBA) bool { return c.B > 120 && c.R < 80 })
	if red < 500 || blue > red/20 {
		t.Errorf("part colours: %d red and %d blue pixels, want the body red", red, blue)
	}
	r.Figures[0].Parts = parts[:3]
	if _, err := e.Render(r); err == nil {
		t.Error("3 part colours for a 20-capsule body were accepted")
	}
}

// BenchmarkFrameOver640x360 is BenchmarkFrame640x360 drawn over a kept still layer, as the app's
// panes draw while the camera is still.
func BenchmarkFrameOver640x360(b *testing.B) {
	e := newTestEngine(b)
	s := largestBuiltin(b)
	clip := testclip.ArcWalk(s.Start, 300)
	cam := FitOrbit(HighOblique(s.Bounds().Center(), 0.5, 10), boxCorners(s.Bounds()), 640.0/360, 0.05)
	still := Request{Scene: s, Camera: cam, Width: 640, Height: 360}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.RenderOver("bench", still, []Figure{{Pose: clip.Frames[i%clip.Len()]}}); err != nil {
			b.Fatal(err)
		}
	}
}
