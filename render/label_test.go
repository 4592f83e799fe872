package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"path/filepath"
	"testing"

	"interactagent/render/media"
)

// filled returns a w×h image of one colour.
func filled(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

// saveForLooking writes img to $RENDER_LOOK_DIR (when set) so a person can look at it.
func saveForLooking(t *testing.T, name string, img image.Image) {
	if dir := os.Getenv("RENDER_LOOK_DIR"); dir != "" {
		if err := media.WritePNG(filepath.Join(dir, name), img); err != nil {
			t.Error(err)
		}
	}
}

// countPixels counts the pixels of r in img for which keep is true.
func countPixels(img *image.RGBA, r image.Rectangle, keep func(color.RGBA) bool) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if keep(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return n
}

func isLight(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 200 }
func isDark(c color.RGBA) bool  { return c.R < 80 && c.G < 80 && c.B < 80 }

func TestDrawLabelsPutsReadableTextNearTheAnchor(t *testing.T) {
	tests := []struct {
		name   string
		bg     color.RGBA
		at     image.Point
		colour color.RGBA
		text   func(color.RGBA) bool // what text pixels look like
		box    func(color.RGBA) bool // what the box behind them looks like
	}{
		{"default box on a light floor", color.RGBA{200, 200, 190, 255}, image.Pt(200, 150), color.RGBA{}, isLight, isDark},
		{"default box on a dark floor", color.RGBA{40, 40, 40, 255}, image.Pt(50, 40), color.RGBA{}, isLight, isDark},
		{"light box gets dark text", color.RGBA{90, 90, 90, 255}, image.Pt(380, 280), color.RGBA{250, 230, 120, 255}, isDark,
			func(c color.RGBA) bool { return c.R > 200 && c.B < 150 }},
		{"anchor at the corner", color.RGBA{128, 128, 128, 255}, image.Pt(0, 0), color.RGBA{}, isLight, isDark},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := filled(400, 300, tc.bg)
			labels := []Label{{Text: "sofa_1", At: tc.at, Color: tc.colour}}
			DrawLabels(img, labels)
			box := PlaceLabels(img.Bounds(), labels)[0]
			if !box.In(img.Bounds()) {
				t.Fatalf("box %v not inside the image %v", box, img.Bounds())
			}
			size := labelSize(300)
			if d := distToRect(tc.at, box); d > 3*size {
				t.Errorf("box %v is %d px from its anchor %v, want at most %d", box, d, tc.at, 3*size)
			}
			if n := countPixels(img, box, tc.text); n < 20 {
				t.Errorf("%d text pixels in the box, want at least 20", n)
			}
			if n := countPixels(img, box, tc.box); n < box.Dx()*box.Dy()/3 {
				t.Errorf("%d box-coloured pixels of %d, want a third at least", n, box.Dx()*box.Dy())
			}
			if n := countPixels(img, box.Inset(-1), func(c color.RGBA) bool { return c.A != 255 }); n != 0 {
				t.Errorf("%d pixels lost their opacity", n)
			}
			saveForLooking(t, "label-"+tc.name+".png", img)
		})
	}
}

// distToRect is the largest per-axis distance from p to r (0 inside).
func distToRect(p image.Point, r image.Rectangle) int {
	dx := max(r.Min.X-p.X, p.X-(r.Max.X-1), 0)
	dy := max(r.Min.Y-p.Y, p.Y-(r.Max.Y-1), 0)
	return max(dx, dy)
}

func TestPlaceLabelsKeepsBoxesApartAndInside(t *testing.T) {
	tests := []struct {
		name   string
		bounds image.Rectangle
		labels []Label
	}{
		{"one spot, six labels", image.Rect(0, 0, 640, 480), sameSpot(6, image.Pt(320, 240))},
		{"a row of close anchors", image.Rect(0, 0, 640, 480), row(8, image.Pt(100, 200), 40)},
		{"crowd at the top edge", image.Rect(0, 0, 640, 480), row(5, image.Pt(150, 2), 60)},
		{"offset bounds", image.Rect(100, 50, 740, 410), sameSpot(4, image.Pt(700, 400))},
		{"twenty labels", image.Rect(0, 0, 768, 768), grid20()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rects := PlaceLabels(tc.bounds, tc.labels)
			if len(rects) != len(tc.labels) {
				t.Fatalf("%d rectangles for %d labels", len(rects), len(tc.labels))
			}
			for i, r := range rects {
				if r.Empty() || !r.In(tc.bounds) {
					t.Errorf("label %d box %v: want non-empty and inside %v", i, r, tc.bounds)
				}
				for j := 0; j < i; j++ {
					if r.Overlaps(rects[j]) {
						t.Errorf("label %d box %v overlaps label %d box %v", i, r, j, rects[j])
					}
				}
			}
		})
	}
}

func sameSpot(n int, at image.Point) []Label {
	var ls []Label
	for i := 0; i < n; i++ {
		ls = append(ls, Label{Text: fmt.Sprintf("chair_%d", i+1), At: at})
	}
	return ls
}

func row(n int, start image.Point, step int) []Label {
	var ls []Label
	for i := 0; i < n; i++ {
		ls = append(ls, Label{Text: fmt.Sprintf("bookshelf_%d", i+1), At: start.Add(image.Pt(i*step, 0))})
	}
	return ls
}

// grid20 is twenty object ids spread like the furniture of a busy room.
func grid20() []Label {
	names := []string{"sofa_1", "sofa_2", "armchair_1", "coffee_table_1", "tv_stand_1", "floor_lamp_1",
		"plant_1", "plant_2", "bookshelf_1", "desk_1", "office_chair_1", "bed_1", "nightstand_1",
		"nightstand_2", "wardrobe_1", "dining_table_1", "chair_1", "chair_2", "chair_3", "chair_4"}
	var ls []Label
	for i, n := range names {
		ls = append(ls, Label{Text: n, At: image.Pt(120+(i%5)*130, 100+(i/5)*170+(i%3)*20)})
	}
	return ls
}

func TestPlaceLabelsSkipsEmptyTextAndShortensLongText(t *testing.T) {
	b := image.Rect(0, 0, 120, 80)
	rects := PlaceLabels(b, []Label{{Text: "  ", At: image.Pt(10, 10)},
		{Text: "a_very_long_object_identifier_that_cannot_fit", At: image.Pt(60, 40)}})
	if !rects[0].Empty() {
		t.Errorf("blank label got box %v, want none", rects[0])
	}
	if rects[1].Empty() || !rects[1].In(b) {
		t.Errorf("long label box %v, want inside %v", rects[1], b)
	}
}

func TestDrawLabelsToleratesNothingToDo(t *testing.T) {
	DrawLabels(nil, []Label{{Text: "x"}})
	DrawLabels(image.NewRGBA(image.Rectangle{}), []Label{{Text: "x"}})
	img := filled(10, 10, color.RGBA{1, 2, 3, 255})
	DrawLabels(img, nil)
	if img.RGBAAt(5, 5) != (color.RGBA{1, 2, 3, 255}) {
		t.Error("no labels changed the image")
	}
}

func TestDrawTitleDrawsACaptionBarAtTheTop(t *testing.T) {
	img := filled(320, 240, color.RGBA{210, 210, 200, 255})
	DrawTitle(img, "round 2 — offline reflection with a title too long to fit this narrow pane")
	tf := newFace(max(13, 240/36))
	barH := tf.boxSize("x").Y
	top := image.Rect(0, 0, 320, barH)
	if n := countPixels(img, top, isLight); n < 30 {
		t.Errorf("%d light text pixels in the bar, want at least 30", n)
	}
	if n := countPixels(img, top, isDark); n < 320*barH/3 {
		t.Errorf("%d dark pixels in the bar, want a third of it", n)
	}
	below := image.Rect(0, barH+1, 320, 240)
	if n := countPixels(img, below, func(c color.RGBA) bool { return c != (color.RGBA{210, 210, 200, 255}) }); n != 0 {
		t.Errorf("%d pixels changed below the bar", n)
	}
	saveForLooking(t, "title.png", img)
}

func TestFitTextShortensWithEllipsis(t *testing.T) {
	tf := newFace(14)
	for _, width := range []int{0, 20, 80, 400} {
		s := fitText(tf, "living_room_sofa_3", width)
		if w := tf.width(s); w > width && s != "…" {
			t.Errorf("width %d: %q is %d px wide", width, s, w)
		}
	}
	if s := fitText(tf, "tv", 400); s != "tv" {
		t.Errorf("short text changed to %q", s)
	}
}

func BenchmarkDrawLabels20(b *testing.B) {
	base := filled(768, 768, color.RGBA{200, 200, 190, 255})
	img := image.NewRGBA(base.Rect)
	labels := grid20()
	b.ReportAllocs()
	for b.Loop() {
		copy(img.Pix, base.Pix)
		DrawLabels(img, labels)
	}
}

func TestDrawLabelsFromSeveralGoroutines(t *testing.T) {
	// Engines and panes label images in parallel; fonts are shared, faces must not be.
	want := filled(300, 200, color.RGBA{200, 200, 190, 255})
	labels := []Label{{Text: "bed_1", At: image.Pt(100, 100)}, {Text: "lamp_2", At: image.Pt(120, 110)}}
	DrawLabels(want, labels)
	done := make(chan *image.RGBA)
	for g := 0; g < 4; g++ {
		go func() {
			img := filled(300, 200, color.RGBA{200, 200, 190, 255})
			DrawLabels(img, labels)
			done <- img
		}()
	}
	for g := 0; g < 4; g++ {
		if got := <-done; !bytes.Equal(got.Pix, want.Pix) {
			t.Error("labels drawn in parallel differ from labels drawn alone")
		}
	}
}
