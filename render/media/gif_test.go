package media

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// movingSquare is frame i of a test clip: a light floor with a gradient, a red square moving right
// and a purple bar growing down.
func movingSquare(w, h, i int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(150 + 80*x/w), uint8(150 + 60*y/h), 140, 255})
		}
	}
	sq := image.Rect(0, 0, w/5, h/5).Add(image.Pt(i*w/20, h/3))
	draw.Draw(img, sq, image.NewUniform(color.RGBA{220, 30, 30, 255}), image.Point{}, draw.Src)
	bar := image.Rect(w-w/8, 0, w, (i+1)*h/12)
	draw.Draw(img, bar, image.NewUniform(color.RGBA{120, 40, 200, 255}), image.Point{}, draw.Src)
	return img
}

// writeGIF writes n frames of movingSquare at fps and decodes the file back.
func writeGIF(t *testing.T, w, h, n int, fps float64) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "clip.gif")
	vw, err := NewVideoWriter(path, w, h, fps)
	if err != nil {
		t.Fatal(err)
	}
	var frames []*image.RGBA
	for i := 0; i < n; i++ {
		// frames are cut out of larger images, as panes are, so their pixels do not start at 0
		big := movingSquare(w+10, h+6, i)
		frames = append(frames, big.SubImage(image.Rect(5, 3, w+5, h+3)).(*image.RGBA))
		if err := vw.WriteFrame(frames[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := vw.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode our GIF: %v", err)
	}
	return g, frames
}

func TestGIFDecodesWithFrameCountSizeAndDelays(t *testing.T) {
	tests := []struct {
		fps       float64
		n         int
		wantTotal int // centiseconds
		minDelay  int
	}{
		{20, 10, 50, 5},
		{30, 12, 40, 3},
		{12.5, 5, 40, 8},
		{60, 6, 12, 2}, // faster than GIFs play: held at 2 cs a frame
	}
	for _, tc := range tests {
		g, _ := writeGIF(t, 64, 36, tc.n, tc.fps)
		if len(g.Image) != tc.n || len(g.Delay) != tc.n {
			t.Errorf("%v fps: %d images, %d delays, want %d", tc.fps, len(g.Image), len(g.Delay), tc.n)
			continue
		}
		if g.Config.Width != 64 || g.Config.Height != 36 {
			t.Errorf("%v fps: size %d×%d, want 64×36", tc.fps, g.Config.Width, g.Config.Height)
		}
		total := 0
		for _, d := range g.Delay {
			total += d
			if d < tc.minDelay || d > tc.minDelay+1 {
				t.Errorf("%v fps: delay %d cs, want %d or %d", tc.fps, d, tc.minDelay, tc.minDelay+1)
			}
		}
		if total != tc.wantTotal {
			t.Errorf("%v fps: %d frames last %d cs, want %d", tc.fps, tc.n, total, tc.wantTotal)
		}
		if g.LoopCount != 0 {
			t.Errorf("loop count %d, want 0 (forever)", g.LoopCount)
		}
	}
}

func TestGIFFramesLookLikeTheirSources(t *testing.T) {
	g, frames := writeGIF(t, 80, 60, 8, 20)
	canvas := image.NewRGBA(image.Rect(0, 0, 80, 60))
	for i, p := range g.Image {
		// every frame leaves the previous in place (disposal "none"), so draw each over the last
		if g.Disposal[i] != gif.DisposalNone {
			t.Errorf("frame %d disposal %d, want none", i, g.Disposal[i])
		}
		draw.Draw(canvas, p.Bounds(), p, p.Bounds().Min, draw.Over)
		if i > 0 && p.Bounds().Dx()*p.Bounds().Dy() >= 80*60 {
			t.Errorf("frame %d stores %v, want only the changed part", i, p.Bounds())
		}
		worst, mean := colourError(canvas, frames[i])
		if worst > 12 || mean > 3 {
			t.Errorf("frame %d: colour error worst %d, mean %.2f per channel; want ≤ 12 and ≤ 3", i, worst, mean)
		}
	}
}

// colourError compares two images of one size, pixel by pixel from their top-left corners: the
// worst and the mean absolute channel difference.
func colourError(a, b *image.RGBA) (int, float64) {
	worst, sum, n := 0, 0, 0
	size := a.Bounds().Size()
	for y := 0; y < size.Y; y++ {
		for x := 0; x < size.X; x++ {
			p := a.RGBAAt(a.Rect.Min.X+x, a.Rect.Min.Y+y)
			q := b.RGBAAt(b.Rect.Min.X+x, b.Rect.Min.Y+y)
			for _, d := range []int{absDiff(p.R, q.R), absDiff(p.G, q.G), absDiff(p.B, q.B), absDiff(p.A, q.A)} {
				worst, sum, n = max(worst, d), sum+d, n+1
			}
		}
	}
	return worst, float64(sum) / float64(n)
}

func TestMedianCutKeepsFewColoursExactly(t *testing.T) {
	cols := []color.RGBA{{10, 20, 30, 255}, {200, 30, 30, 255}, {120, 40, 200, 255}, {240, 240, 230, 255}}
	img := image.NewRGBA(image.Rect(0, 0, 40, 10))
	for x := 0; x < 40; x++ {
		for y := 0; y < 10; y++ {
			img.SetRGBA(x, y, cols[x/10])
		}
	}
	pal := medianCut(img, 248)
	if len(pal) != len(cols) {
		t.Fatalf("%d palette colours for %d image colours", len(pal), len(cols))
	}
	for _, c := range cols {
		q := pal[nearestRGBA(pal, c)]
		if d := max(absDiff(q.R, c.R), absDiff(q.G, c.G), absDiff(q.B, c.B)); d > 2 {
			t.Errorf("%v quantised to %v", c, q)
		}
	}
}

func nearestRGBA(pal []color.RGBA, c color.RGBA) int {
	p := make(color.Palette, len(pal))
	for i := range pal {
		p[i] = pal[i]
	}
	return nearest(p, c)
}

func absDiff(a, b uint8) int { return int(math.Abs(float64(a) - float64(b))) }

func TestChangedRectMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		w, h := 1+rng.IntN(20), 1+rng.IntN(20)
		a := make([]uint8, w*h)
		b := make([]uint8, w*h)
		for k := rng.IntN(4); k > 0; k-- {
			b[rng.IntN(w*h)] = uint8(1 + rng.IntN(3))
		}
		want := image.Rectangle{}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if a[y*w+x] != b[y*w+x] {
					want = want.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		if want.Empty() {
			want = image.Rect(0, 0, 1, 1)
		}
		if got := changedRect(a, b, w, h); got != want {
			t.Fatalf("%d×%d: changedRect %v, brute force %v", w, h, got, want)
		}
	}
}

func TestSubBlocksSplitsAt255(t *testing.T) {
	for _, n := range []int{0, 1, 254, 255, 256, 1000} {
		var buf bytes.Buffer
		sb := &subBlocks{w: &buf}
		data := bytes.Repeat([]byte{7}, n)
		sb.Write(data[:n/2])
		sb.Write(data[n/2:])
		if err := sb.close(); err != nil {
			t.Fatal(err)
		}
		out, got := buf.Bytes(), 0
		for len(out) > 0 && out[0] != 0 {
			got += int(out[0])
			out = out[1+int(out[0]):]
		}
		if got != n || len(out) != 1 {
			t.Errorf("%d bytes: blocks carry %d, %d bytes after the terminator's start", n, got, len(out))
		}
	}
}

func BenchmarkGIFFrame640x360(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.gif")
	vw, err := NewVideoWriter(path, 640, 360, 30)
	if err != nil {
		b.Fatal(err)
	}
	defer vw.Abort()
	// Every pixel changes from one frame to the next, as under a following camera: the worst case.
	frames := []*image.RGBA{movingSquare(640, 360, 0), movingSquare(640, 360, 1)}
	for i := range frames[1].Pix {
		if i%4 == 1 {
			frames[1].Pix[i] -= 9
		}
	}
	vw.WriteFrame(frames[0]) // the palette is made once, on the first frame
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if err := vw.WriteFrame(frames[i%2]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGIFFirstFrame640x360(b *testing.B) {
	dir := b.TempDir()
	frame := movingSquare(640, 360, 0)
	b.ReportAllocs()
	for b.Loop() {
		vw, err := NewVideoWriter(filepath.Join(dir, "first.gif"), 640, 360, 30)
		if err != nil {
			b.Fatal(err)
		}
		if err := vw.WriteFrame(frame); err != nil {
			b.Fatal(err)
		}
		vw.Abort()
	}
}
