package app

import (
	"fmt"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor/kinematic"
	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/rendertest"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// testEngine starts a GL engine without multisampling, as the app's viewport uses.
func testEngine(t testing.TB) *render.Engine { return rendertest.Engine(t, render.Options{Samples: 1}) }

// walkPanes returns n panes of the built-in executor walking different distances in s.
func walkPanes(t testing.TB, s *scene.Scene, n int) []*Pane {
	t.Helper()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.Ideal()})
	var panes []*Pane
	for k := 0; k < n; k++ {
		c, err := ex.Execute(t.Context(), s.Start, []string{fmt.Sprintf("A person walks forward %.1f meters", 1+0.8*float64(k))})
		if err != nil {
			t.Fatal(err)
		}
		panes = append(panes, NewPane(k+1, fmt.Sprintf("round %d", k+1), c))
	}
	return panes
}

func livingRoom(t testing.TB) *scene.Scene {
	s, err := furniture.Builtin("living_room")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDrawerPanesShowTheirOwnBodies: two rounds that walk different distances show their bodies
// in different places at the same time, and the same place at time 0, with either body; and the
// two bodies look different.
func TestDrawerPanesShowTheirOwnBodies(t *testing.T) {
	e := testEngine(t)
	s := livingRoom(t)
	panes := walkPanes(t, s, 2)
	size := image.Pt(320, 180)
	var ends [][]*image.RGBA
	for _, kind := range []render.BodyKind{render.BodyDefault, render.BodyProxy} {
		d := NewDrawer(e, s)
		d.Body = kind
		f := Frame{Cam: NewViewCam(s).WithPreset(PresetTop), Size: size, Overlays: Overlays{}}
		at0, err := d.Draw(panes, f)
		if err != nil {
			t.Fatal(err)
		}
		if n := differing(at0[0], at0[1]); n > 0 {
			t.Errorf("%v: at t = 0 the panes differ in %d pixels; both bodies stand at the start", kind, n)
		}
		f.T = panes[1].Duration()
		end, err := d.Draw(panes, f)
		if err != nil {
			t.Fatal(err)
		}
		if n := differing(end[0], end[1]); n < 50 {
			t.Errorf("%v: at the longer round's end the panes differ in only %d pixels", kind, n)
		}
		ends = append(ends, end)
	}
	if n := differing(ends[0][1], ends[1][1]); n < 50 {
		t.Errorf("the human and the proxy panes differ in only %d pixels", n)
	}
}

// TestPenetrationColours: a body standing inside the sofa shows red parts, one standing in the
// open none, with either body: per vertex on the human, per capsule on the proxy.
func TestPenetrationColours(t *testing.T) {
	s := livingRoom(t)
	sofa, ok := s.Object("sofa_1")
	if !ok {
		t.Fatal("no sofa_1 in the living room")
	}
	d := NewDrawer(nil, s)
	in := motion.RestPose().Translate(mgl64.Vec3{sofa.Bounds().Center().X(), 0, sofa.Bounds().Center().Z()})
	out := motion.RestPose().Translate(s.Start.Root.Sub(mgl64.Vec3{0, s.Start.Root.Y(), 0}))
	for _, kind := range []render.BodyKind{render.BodyHuman, render.BodyProxy} {
		for _, tc := range []struct {
			pose motion.Pose
			red  bool
		}{{in, true}, {out, false}} {
			p := NewPane(1, "", &motion.Clip{FPS: 20, Frames: []motion.Pose{tc.pose}})
			pb, err := p.dressed(kind)
			if err != nil {
				t.Fatal(err)
			}
			f, err := movingFigure(p, pb, 0, Overlays{Penetration: true}, d.depthField())
			if err != nil {
				t.Fatal(err)
			}
			colours := f.Parts
			if kind == render.BodyHuman {
				colours = f.Vertices
				if len(f.Parts) != 0 || len(f.Vertices) != f.Body.NumVertices() {
					t.Fatalf("human body: %d part and %d vertex colours, want one per vertex", len(f.Parts), len(f.Vertices))
				}
			}
			red := 0
			for _, c := range colours {
				if c.G < 150 {
					red++
				}
			}
			if (red > 0) != tc.red {
				t.Errorf("%v body at %v: %d deep parts, want some: %v", kind, tc.pose.Root(), red, tc.red)
			}
		}
	}
}

// differing counts the pixels that differ between two images of one size.
func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
			n++
		}
	}
	return n
}

// BenchmarkPanes draws 1, 2 and 4 panes of 640×360 per op in the largest built-in room, with the
// human body and with the capsule proxy: with the camera still (the room kept, only the bodies
// drawn), the same with the penetration overlay on (each frame measured once, on its first
// drawing, as in the app), orbiting as the app draws it (half size while the camera moves, the
// room drawn anew every frame) and orbiting at full size; fps is frames of the whole grid per
// second.
func BenchmarkPanes(b *testing.B) {
	e := testEngine(b)
	s, err := furniture.Builtin("lounge")
	if err != nil {
		b.Fatal(err)
	}
	for _, kind := range []render.BodyKind{render.BodyHuman, render.BodyProxy} {
		for _, n := range []int{1, 2, 4} {
			for _, mode := range []string{"still", "still-penetration", "orbiting", "orbiting-full-size"} {
				b.Run(fmt.Sprintf("%v/%d/%s", kind, n, mode), func(b *testing.B) {
					benchmarkPanes(b, e, s, kind, n, mode)
				})
			}
		}
	}
}

func benchmarkPanes(b *testing.B, e *render.Engine, s *scene.Scene, kind render.BodyKind, n int, mode string) {
	panes := walkPanes(b, s, n)
	d := NewDrawer(e, s)
	d.Body = kind
	f := Frame{Cam: NewViewCam(s), Size: image.Pt(640, 360), Overlays: DefaultOverlays()}
	f.Overlays.Penetration = mode == "still-penetration"
	if mode == "orbiting" {
		f.Size = image.Pt(320, 180)
	}
	if _, err := d.Draw(panes, f); err != nil { // fits the bodies, builds the depth field
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.T = float64(i) / 30
		if strings.HasPrefix(mode, "orbiting") {
			f.Cam = f.Cam.Orbited(3, 0)
		}
		if _, err := d.Draw(panes, f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}

// TestExportClipOverARange: the grid over 0.5–1.0 s becomes a GIF of those frames, panes side
// by side; a range outside the clips is refused before anything is written.
func TestExportClipOverARange(t *testing.T) {
	e := testEngine(t)
	s := livingRoom(t)
	ses := &Session{Scene: s, Panes: walkPanes(t, s, 2)}
	out := filepath.Join(t.TempDir(), "grid.gif")
	got, err := ExportClip(t.Context(), e, ses, ClipExport{From: 0.5, To: 1.0, Grid: true, Size: image.Pt(160, 90), Path: out}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(got)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 11 || g.Config.Width < 2*160 {
		t.Errorf("GIF of %d frames, %d px wide; want 11 frames (0.5–1.0 s at 20 fps) of two 160-px panes", len(g.Image), g.Config.Width)
	}
	bad := filepath.Join(t.TempDir(), "none.gif")
	if _, err := ExportClip(t.Context(), e, ses, ClipExport{From: 99, To: 100, Grid: true, Path: bad}, nil); err == nil {
		t.Error("a range after the clips' end was exported")
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a refused export left a file")
	}
}
