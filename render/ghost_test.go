package render

import (
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

func isRed(c color.RGBA) bool {
	h, s, _ := hueOf(c)
	return s > 0.35 && (h < 20 || h > 345)
}

func isPurple(c color.RGBA) bool {
	h, s, _ := hueOf(c)
	return s > 0.35 && h > 255 && h < 305
}

// TestGhostOfStraightWalkRunsRedToPurple walks the rest pose 4 m along +X: near the start the
// image must be red (earliest poses, path and start marker) and not purple, near the end purple
// and not red, with either body.
func TestGhostOfStraightWalkRunsRedToPurple(t *testing.T) {
	e := newTestEngine(t)
	clip := straightWalk(81, 0.05)
	for _, s := range []struct {
		name string
		room bool
		body BodyKind
	}{{"empty floor", false, BodyHuman}, {"room", true, BodyHuman}, {"proxy in the room", true, BodyProxy}} {
		t.Run(s.name, func(t *testing.T) {
			r, err := GhostRequest(nil, clip, GhostOptions{Width: 512, Height: 384, Body: s.body})
			if s.room {
				r, err = GhostRequest(testRoom(), clip, GhostOptions{Width: 512, Height: 384, Body: s.body})
			}
			if err != nil {
				t.Fatal(err)
			}
			img, err := e.Render(r)
			if err != nil {
				t.Fatal(err)
			}
			ends := []struct {
				at           mgl64.Vec3
				want, reject func(color.RGBA) bool
				what         string
			}{
				{clip.Frames[0][motion.Pelvis], isRed, isPurple, "start"},
				{clip.Frames[clip.Len()-1][motion.Pelvis], isPurple, isRed, "end"},
			}
			for _, end := range ends {
				for _, probe := range []mgl64.Vec3{end.at, {end.at.X(), 0, end.at.Z()}} {
					p, ok := Project(r.Camera, 512, 384, probe)
					if !ok {
						saveFailed(t, t.Name(), img)
						t.Fatalf("%s %v is out of the picture", end.what, probe)
					}
					hits, n := countNear(img, p, 12, end.want)
					bad, _ := countNear(img, p, 12, end.reject)
					if hits < n/10 || bad > hits/10 {
						saveFailed(t, t.Name(), img)
						t.Errorf("near the %s (%v at %v): %d of %d pixels of the right colour, %d of the wrong one",
							end.what, probe, p, hits, n, bad)
					}
				}
			}
		})
	}
}

func TestGhostRequestFollowsOptions(t *testing.T) {
	clip := straightWalk(300, 0.01)
	r, err := GhostRequest(nil, clip, GhostOptions{Keyframes: 10})
	if err != nil {
		t.Fatal(err)
	}
	if r.Width != DefaultGhostSize || r.Height != DefaultGhostSize {
		t.Errorf("size %d×%d, want the default %d²", r.Width, r.Height, DefaultGhostSize)
	}
	if len(r.Figures) != 10 {
		t.Fatalf("%d poses drawn, want 10", len(r.Figures))
	}
	for i := 1; i < len(r.Figures); i++ {
		if r.Figures[i].Color.A < r.Figures[i-1].Color.A {
			t.Errorf("pose %d is less opaque than pose %d: want later poses more opaque", i, i-1)
		}
	}
	if !r.Figures[9].opaque() || r.Figures[0].opaque() {
		t.Error("want the last pose opaque and the first translucent")
	}
	if len(r.Paths) != 1 || len(r.Paths[0].Points) != 300 || len(r.Markers) != 2 {
		t.Errorf("paths %d (%d points), markers %d: want the root path and two markers", len(r.Paths), len(r.Paths[0].Points), len(r.Markers))
	}
	// The automatic camera sees the motion from the side, start on the left and end on the right.
	a, _ := Project(r.Camera, r.Width, r.Height, clip.Frames[0].Root())
	b, _ := Project(r.Camera, r.Width, r.Height, clip.Frames[299].Root())
	if a.X >= b.X {
		t.Errorf("start at %v, end at %v: want the motion to run left to right", a, b)
	}
}
