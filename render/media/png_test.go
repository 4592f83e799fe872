package media

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWritePNGRoundTripsAndReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot.png")
	for _, c := range []color.RGBA{{200, 10, 10, 255}, {10, 10, 200, 255}} {
		img := filled(20, 10, c)
		if err := WritePNG(path, img); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := color.RGBAModel.Convert(back.At(5, 5)); got != c || back.Bounds() != img.Bounds() {
			t.Errorf("read back %v at %v, want %v at %v", got, back.Bounds(), c, img.Bounds())
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o044 == 0 {
		t.Errorf("mode %v: others cannot read the picture", st.Mode())
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("folder holds %v, want only shot.png", names)
	}
}

// filled returns a w×h image of one colour.
func filled(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

func TestWritePNGFailuresLeaveNothing(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		img  image.Image
	}{
		{"nil image", filepath.Join(dir, "a.png"), nil},
		{"empty image", filepath.Join(dir, "b.png"), image.NewRGBA(image.Rect(0, 0, 0, 5))},
		{"missing folder", filepath.Join(dir, "no", "c.png"), filled(2, 2, color.RGBA{A: 255})},
		{"folder as path", dir + string(filepath.Separator), filled(2, 2, color.RGBA{A: 255})},
	}
	for _, tc := range tests {
		if err := WritePNG(tc.path, tc.img); err == nil || !strings.HasPrefix(err.Error(), "media: write ") {
			t.Errorf("%s: error %v, want one starting with media: write", tc.name, err)
		}
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("left files behind: %v", names)
	}
}
