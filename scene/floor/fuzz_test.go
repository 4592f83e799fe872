package floor

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// fuzzScene turns bytes into up to 12 boxes, six bytes each: where on a 5 × 5 m floor, how wide
// and deep (5 cm to 1.55 m), how high (up to 2.5 m, lifted 1 m off the floor when the byte is
// odd: a shelf) and turned how far.
func fuzzScene(data []byte) *scene.Scene {
	s := &scene.Scene{}
	for k := 0; k+6 <= len(data) && k < 72; k += 6 {
		b := data[k : k+6]
		c := mgl64.Vec2{float64(b[0]) / 255 * 5, float64(b[1]) / 255 * 5}
		w, d, h := 0.05+float64(b[2])/255*1.5, 0.05+float64(b[3])/255*1.5, float64(b[4])/255*2.5
		y0 := float64(b[4]&1) * 1.0
		m := prismMesh(turnedRect(c, w, d, float64(b[5])/255*math.Pi), y0, y0+h)
		s.Objects = append(s.Objects, obj("box", "box", m))
	}
	return s
}

// FuzzPath builds a small random scene of boxes and asks for a path between two points:
// nothing panics, building never fails, a failure to find a path is a *PathError, and any path
// returned has at least two waypoints and is free along its whole length.
func FuzzPath(f *testing.F) {
	f.Add([]byte{60, 60, 80, 80, 100, 0}, 0.5, 0.5, 4.5, 4.5)
	f.Add([]byte{}, 1.0, 1.0, 2.0, 2.0)
	f.Add([]byte{128, 0, 10, 255, 250, 0, 128, 255, 10, 255, 250, 0, 128, 128, 10, 200, 250, 0}, 1.0, 2.5, 4.0, 2.5)
	f.Add([]byte{0, 0, 255, 255, 255, 255, 50, 50, 10, 200, 21, 30}, -1.0, 2.0, 9.0, math.NaN())
	f.Fuzz(func(t *testing.T, data []byte, x0, z0, x1, z1 float64) {
		fl, err := New(fuzzScene(data), Options{Cell: 0.1})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		from, to := mgl64.Vec3{x0, 0, z0}, mgl64.Vec3{x1, 0, z1}
		fl.NearestFree(from)
		if c := fl.Clearance(from); !(c >= 0 && c <= fl.Options().MaxClearance) {
			t.Errorf("Clearance(%v) = %g", from, c)
		}
		path, err := fl.Path(from, to)
		var pe *PathError
		if err != nil {
			if !errors.As(err, &pe) {
				t.Errorf("Path: %v, want a *PathError", err)
			}
			return
		}
		if len(path) < 2 {
			t.Fatalf("Path = %v, want at least two waypoints", path)
		}
		checkPathFree(t, fl, path)
		if w, _ := fl.PathWidth(path); !(w >= 0 && w <= 2*fl.Options().MaxClearance) {
			t.Errorf("PathWidth = %g", w)
		}
	})
}
