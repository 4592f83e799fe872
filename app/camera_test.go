package app

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene/furniture"
)

func TestViewCamDragZoomPan(t *testing.T) {
	s, err := furniture.Builtin("living_room")
	if err != nil {
		t.Fatal(err)
	}
	v := NewViewCam(s)
	if v.Preset != PresetOblique || v.Orbit.Distance < 3 {
		t.Fatalf("new camera: %+v", v)
	}
	d := v.Orbited(100, 0)
	if d.Preset != PresetFree || math.Abs(d.Orbit.Yaw-(v.Orbit.Yaw-0.8)) > 1e-9 || d.Orbit.Pitch != v.Orbit.Pitch {
		t.Errorf("drag right 100 px: %+v", d)
	}
	if low := v.Orbited(0, -1e6); low.Orbit.Pitch != minPitch {
		t.Errorf("drag far down: pitch %v, want the floor's limit %v", low.Orbit.Pitch, minPitch)
	}
	if z := v.Zoomed(1); math.Abs(z.Orbit.Distance-0.9*v.Orbit.Distance) > 1e-9 {
		t.Errorf("one notch in: distance %v, want %v", z.Orbit.Distance, 0.9*v.Orbit.Distance)
	}
	if z := v.Zoomed(-1000); z.Orbit.Distance != maxDistance {
		t.Errorf("zoomed out without end: %v", z.Orbit.Distance)
	}
	// Dragging right moves the room right on screen: the target moves left of the camera.
	p := v.Panned(50, 0, 360)
	before, _ := render.Project(v.Orbit, 640, 360, mgl64.Vec3{})
	after, _ := render.Project(p.Orbit, 640, 360, mgl64.Vec3{})
	if after.X <= before.X || p.Orbit.Target.Y() != v.Orbit.Target.Y() {
		t.Errorf("pan right: the origin went from %v to %v on screen, target %v → %v", before, after, v.Orbit.Target, p.Orbit.Target)
	}
}

func TestViewCamPresets(t *testing.T) {
	v := NewViewCam(nil)
	pose := motion.RestPose().Translate(mgl64.Vec3{2, 0, 1})
	if top := v.WithPreset(PresetTop); top.Orbit.Pitch < 1.5 {
		t.Errorf("top: pitch %v", top.Orbit.Pitch)
	}
	f := v.WithPreset(PresetFollow)
	cam, ok := f.Camera(pose).(render.Orbit)
	if !ok || cam.Target.X() != 2 || cam.Target.Z() != 1 || !f.Moving() {
		t.Errorf("follow: %+v, want aimed at the body at x 2, z 1", cam)
	}
	if f.Orbited(10, 0).Preset != PresetFollow {
		t.Error("dragging the follow camera left the preset")
	}
	if _, ok := v.WithPreset(PresetEye).Camera(pose).(render.EyeLevel); !ok {
		t.Error("eye preset: not an eye-level camera")
	}
}
