package render

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
)

// newTestEngine starts an engine, skipping the test where no GL exists unless CI=true.
func newTestEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := NewEngine(Options{})
	if err != nil {
		if errors.Is(err, ErrNoGL) && os.Getenv("CI") != "true" {
			t.Skipf("no OpenGL here (set CI=true to fail instead): %v", err)
		}
		t.Fatalf("NewEngine: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// boxMesh returns a closed box, counter-clockwise seen from outside.
func boxMesh(lo, hi mgl64.Vec3) *scene.Mesh {
	v := make([]mgl64.Vec3, 8)
	for i := range v {
		v[i] = mgl64.Vec3{pick(i&1 != 0, hi.X(), lo.X()), pick(i&2 != 0, hi.Y(), lo.Y()), pick(i&4 != 0, hi.Z(), lo.Z())}
	}
	quads := [][4]int32{{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}
	m := &scene.Mesh{Vertices: v}
	for _, q := range quads {
		m.Triangles = append(m.Triangles, [3]int32{q[0], q[1], q[2]}, [3]int32{q[0], q[2], q[3]})
	}
	return m
}

// boxObject is a one-part object.
func boxObject(id, category string, lo, hi mgl64.Vec3, col [3]float64) *scene.Object {
	kind := scene.PartBody
	if category == "wall" {
		kind = scene.PartWall
	}
	return &scene.Object{ID: id, Category: category, Name: id, Transform: mgl64.Ident4(), Color: col,
		Parts: []scene.Part{{Name: "body", Kind: kind, Mesh: boxMesh(lo, hi)}}}
}

// testRoom is a 6 m × 5 m room (x in [-3, 3], z in [-2.5, 2.5]) with 2.5 m walls and a green box
// at x [1, 2], z [-1.5, -0.5], 0.8 m high.
func testRoom() *scene.Scene {
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	wall := [3]float64{0.7, 0.7, 0.7}
	return &scene.Scene{
		Name: "test_room",
		Objects: []*scene.Object{
			boxObject("box_1", "box", v(1, 0, -1.5), v(2, 0.8, -0.5), [3]float64{0.05, 0.6, 0.05}),
			boxObject("wall_n", "wall", v(-3.1, 0, -2.6), v(3.1, 2.5, -2.5), wall),
			boxObject("wall_s", "wall", v(-3.1, 0, 2.5), v(3.1, 2.5, 2.6), wall),
			boxObject("wall_w", "wall", v(-3.1, 0, -2.5), v(-3, 2.5, 2.5), wall),
			boxObject("wall_e", "wall", v(3, 0, -2.5), v(3.1, 2.5, 2.5), wall),
		},
	}
}

// straightWalk is the rest pose translated along +X by speed metres per frame.
func straightWalk(frames int, speed float64) *motion.Clip {
	c := &motion.Clip{FPS: 20}
	rest := motion.RestPose().RotateY(math.Pi / 2) // facing +X
	for i := 0; i < frames; i++ {
		c.Frames = append(c.Frames, rest.Translate(mgl64.Vec3{-2 + speed*float64(i), 0, 0}))
	}
	return c
}

// saveFailed writes img to testdata/failed/NAME.png for a person to look at.
func saveFailed(t testing.TB, name string, img image.Image) {
	t.Helper()
	dir := filepath.Join("testdata", "failed")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Logf("save failed image: %v", err)
		return
	}
	p := filepath.Join(dir, strings.ReplaceAll(name, "/", "_")+".png")
	f, err := os.Create(p)
	if err != nil {
		t.Logf("save failed image: %v", err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Logf("save failed image: %v", err)
		return
	}
	t.Logf("image saved to %s", p)
}

// hueOf returns a colour's hue in degrees, its saturation and value.
func hueOf(c color.RGBA) (h, s, v float64) {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	v = mx
	if mx == 0 {
		return 0, 0, 0
	}
	s = (mx - mn) / mx
	d := mx - mn
	switch {
	case d == 0:
		h = 0
	case mx == r:
		h = 60 * math.Mod((g-b)/d, 6)
	case mx == g:
		h = 60 * ((b-r)/d + 2)
	default:
		h = 60 * ((r-g)/d + 4)
	}
	if h < 0 {
		h += 360
	}
	return h, s, v
}

// countNear counts pixels within radius of p whose colour satisfies ok.
func countNear(img *image.RGBA, p image.Point, radius int, ok func(color.RGBA) bool) (hits, total int) {
	for y := p.Y - radius; y <= p.Y+radius; y++ {
		for x := p.X - radius; x <= p.X+radius; x++ {
			if !(image.Pt(x, y).In(img.Rect)) {
				continue
			}
			total++
			if ok(img.RGBAAt(x, y)) {
				hits++
			}
		}
	}
	return hits, total
}

// rgbaOf drops the opacity of an opaque display colour.
func rgbaOf(c color.NRGBA) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }
