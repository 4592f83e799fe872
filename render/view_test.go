package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/render/internal/testclip"
	"interactagent/scene"
)

func TestParseViewGood(t *testing.T) {
	tests := []struct {
		in   string
		want View
		back string // String of the result
	}{
		{"ghost", View{}, "ghost"},
		{"top", View{Kind: ViewTop}, "top"},
		{"oblique", View{Kind: ViewOblique}, "oblique"},
		{"eye", View{Kind: ViewEye}, "eye"},
		{"shots", View{Kind: ViewShots}, "shots"},
		{"orbit:30,40,6", View{Kind: ViewOrbit, Yaw: 30, Pitch: 40, Distance: 6}, "orbit:30,40,6"},
		{"orbit: -90 , 89.5, 0.25 ", View{Kind: ViewOrbit, Yaw: -90, Pitch: 89.5, Distance: 0.25}, "orbit:-90,89.5,0.25"},
		{"orbit:1e1,0,1e-3", View{Kind: ViewOrbit, Yaw: 10, Distance: 0.001}, "orbit:10,0,0.001"},
		{"orbit:0.1,0.2,0.30000000000000004", View{Kind: ViewOrbit, Yaw: 0.1, Pitch: 0.2, Distance: 0.30000000000000004}, "orbit:0.1,0.2,0.30000000000000004"},
	}
	for _, tc := range tests {
		got, err := ParseView(tc.in)
		if err != nil {
			t.Errorf("ParseView(%q): %v", tc.in, err)
			continue
		}
		if got != tc.want || got.String() != tc.back {
			t.Errorf("ParseView(%q) = %+v (%q), want %+v (%q)", tc.in, got, got, tc.want, tc.back)
		}
		if again, err := ParseView(got.String()); err != nil || again != got {
			t.Errorf("ParseView(%q) = %+v, %v; want %+v back", got.String(), again, err, got)
		}
	}
}

func TestParseViewBad(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "want top, oblique, eye, ghost, shots or orbit"},
		{"Top", "want top, oblique"},
		{" top", "want top, oblique"},
		{"orbit", "want top, oblique"},
		{"orbit:", "three numbers"},
		{"orbit:1,2", "three numbers"},
		{"orbit:1,2,3,4", "three numbers"},
		{"orbit:1,,3", `"" is not a finite number`},
		{"orbit:a,2,3", `"a" is not a finite number`},
		{"orbit:NaN,2,3", "not a finite number"},
		{"orbit:1,Inf,3", "not a finite number"},
		{"orbit:1,2,1e999", "not a finite number"},
		{"orbit:1,2,0", "distance 0"},
		{"orbit:1,2,-3", "distance -3"},
	}
	for _, tc := range tests {
		v, err := ParseView(tc.in)
		if err == nil {
			t.Errorf("ParseView(%q) = %+v, want an error", tc.in, v)
			continue
		}
		prefix := fmt.Sprintf("render: view %q: ", tc.in)
		if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseView(%q): error %q, want it to start with %q and mention %q", tc.in, err, prefix, tc.want)
		}
	}
}

func TestValidateRejectsHandMadeViews(t *testing.T) {
	for _, v := range []View{
		{Kind: ViewKind(-1)},
		{Kind: ViewOrbit + 1},
		{Kind: ViewTop, Yaw: 10},
		{Kind: ViewOrbit, Yaw: math.NaN(), Distance: 1},
		{Kind: ViewOrbit, Pitch: math.Inf(1), Distance: 1},
		{Kind: ViewOrbit},
	} {
		if err := v.Validate(); err == nil || !strings.HasPrefix(err.Error(), "render: view ") {
			t.Errorf("%+v: Validate = %v, want a render: view error", v, err)
		}
		if cam, err := v.Camera(nil, nil, 1); err == nil || cam != nil {
			t.Errorf("%+v: Camera = %v, %v; want an error", v, cam, err)
		}
	}
}

// TestViewCameraTopFramesTheMotionWithFloor checks the top view's rule against the plain reading
// of it: the clip's box and the two corners of a 4 m floor square around its centre, 8 % margin.
func TestViewCameraTopFramesTheMotionWithFloor(t *testing.T) {
	for _, c := range []struct {
		clip   *motion.Clip
		aspect float64
	}{
		{straightWalk(5, 0.01), 1},          // a tiny motion: the floor square decides
		{straightWalk(200, 0.05), 16.0 / 9}, // 10 m along X: the motion decides
		{testclip.ArcWalk(motion.State{Root: mgl64.Vec3{3, 0, -1}}, 300), 0.75},
	} {
		box := c.clip.Bounds()
		lo, hi, mid := box.Lo, box.Hi, box.Center()
		pts := []mgl64.Vec3{lo, hi, mid.Add(mgl64.Vec3{-2, 0, -2}), mid.Add(mgl64.Vec3{2, 0, 2})}
		want := FitTopDown(pts, c.aspect, 0.08)
		got, err := View{Kind: ViewTop}.Camera(testRoom(), c.clip, c.aspect)
		if err != nil || got != want {
			t.Errorf("top camera %+v, %v; want %+v", got, err, want)
		}
		if want.Span < 4/(1-0.08)-1e-9 {
			t.Errorf("span %v shows less than 4 m of floor", want.Span)
		}
	}
}

func TestViewCameraOrbitAimsAtTheSceneCentre(t *testing.T) {
	v, err := ParseView("orbit:90,30,5")
	if err != nil {
		t.Fatal(err)
	}
	room := testRoom()
	clip := straightWalk(10, 0.1)
	tests := []struct {
		s    *scene.Scene
		want mgl64.Vec3
	}{
		{room, room.Bounds().Center()},
		{nil, mgl64.Vec3{}},
		{&scene.Scene{Name: "empty"}, mgl64.Vec3{}}, // an empty box has no centre
	}
	for _, tc := range tests {
		cam, err := v.Camera(tc.s, clip, 1)
		o, ok := cam.(Orbit)
		if err != nil || !ok {
			t.Fatalf("Camera = %v, %v; want an Orbit", cam, err)
		}
		if o.Target != tc.want || o.Distance != 5 || math.Abs(o.Yaw-math.Pi/2) > 1e-12 || math.Abs(o.Pitch-math.Pi/6) > 1e-12 {
			t.Errorf("orbit %+v, want target %v, yaw π/2, pitch π/6, distance 5", o, tc.want)
		}
		if eye := o.Eye(); math.Abs(eye.Sub(o.Target).Len()-5) > 1e-9 || !(eye.X() > o.Target.X()) {
			t.Errorf("eye %v: want 5 m from the target on the +X side (yaw 90°)", eye)
		}
	}
}

// TestViewCameraHugeAnglesStayFinite: degrees near the float64 limit overflowed to infinity when
// multiplied by π, which made NaN cameras (found by FuzzParseView's seeds).
func TestViewCameraHugeAnglesStayFinite(t *testing.T) {
	v, err := ParseView("orbit:1e308,-1.7e308,2")
	if err != nil {
		t.Fatal(err)
	}
	cam, err := v.Camera(nil, nil, 1)
	if err != nil || !geom.FiniteVec(cam.Eye()) || math.Abs(cam.Eye().Len()-2) > 1e-9 {
		t.Errorf("camera %+v, %v: want an eye 2 m from the origin", cam, err)
	}
}

func TestViewCameraLeavesTheRestToTheRenderer(t *testing.T) {
	clip := straightWalk(10, 0.1)
	for _, v := range []View{{}, {Kind: ViewOblique}, {Kind: ViewEye}, {Kind: ViewShots}} {
		if cam, err := v.Camera(testRoom(), clip, 1); cam != nil || err != nil {
			t.Errorf("%s: Camera = %v, %v; want nil for the renderer's choice", v, cam, err)
		}
	}
	for _, clip := range []*motion.Clip{nil, {FPS: 20}} {
		if cam, err := (View{Kind: ViewTop}).Camera(testRoom(), clip, 1); cam != nil || err != nil {
			t.Errorf("top without a motion: Camera = %v, %v; want nil (the scene shot)", cam, err)
		}
	}
}

// FuzzParseView checks that ParseView never panics, that what it accepts is valid and reads back
// from its String, and that an accepted orbit gives a camera at a finite position.
func FuzzParseView(f *testing.F) {
	for _, s := range []string{"", "top", "oblique", "eye", "ghost", "shots", "orbit:30,40,6",
		"orbit: -90 , 89.5, 0.25 ", "orbit:1,2", "orbit:1,2,0", "orbit:NaN,1,1", "orbit:0x1p-2,1e308,1e-300",
		"orbit:1,2,3,4", "orbit:-0,-0,5e-324", "Top"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseView(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "render: view ") {
				t.Fatalf("ParseView(%q): error %q does not start with render: view", s, err)
			}
			return
		}
		if err := v.Validate(); err != nil {
			t.Fatalf("ParseView(%q) accepted %+v, which Validate rejects: %v", s, v, err)
		}
		back, err := ParseView(v.String())
		if err != nil || back != v {
			t.Fatalf("ParseView(%q) = %+v; its String %q reads back as %+v, %v", s, v, v.String(), back, err)
		}
		cam, err := v.Camera(nil, nil, 1)
		if err != nil {
			t.Fatalf("%+v: Camera: %v", v, err)
		}
		if cam != nil && !geom.FiniteVec(cam.Eye()) {
			t.Fatalf("%+v: camera eye %v is not finite", v, cam.Eye())
		}
	})
}
