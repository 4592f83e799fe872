package app

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene"
)

// Preset is how the shared camera is placed.
type Preset int

// The camera presets: a free orbit (where dragging leaves any preset), straight down, the ghost
// images' high oblique view, through the person's eyes, and an orbit that follows the person.
const (
	PresetFree Preset = iota
	PresetTop
	PresetOblique
	PresetEye
	PresetFollow
)

var presetNames = [...]string{"free", "top", "oblique", "eye", "follow"}

// String returns the preset's name as the view menu shows it.
func (p Preset) String() string {
	if p < 0 || int(p) >= len(presetNames) {
		return fmt.Sprintf("preset(%d)", int(p))
	}
	return presetNames[p]
}

// Presets returns the presets a person picks from.
func Presets() []Preset { return []Preset{PresetTop, PresetOblique, PresetEye, PresetFollow} }

// ViewCam is the camera all panes share, so that the rounds side by side are seen from the same
// place and move together. It is a value: every change makes a new one. Orbit is the free, top and
// oblique camera's orbit; follow keeps its yaw, pitch and distance and aims at each pane's body.
type ViewCam struct {
	Preset Preset
	Orbit  render.Orbit
}

// Camera limits: never below the floor's horizon or past straight down, never inside the target
// or so far that the room is a dot.
const (
	minPitch    = 0.03
	maxPitch    = math.Pi/2 - 1e-3
	minDistance = 0.5
	maxDistance = 80
	dragRadians = 0.008 // per pixel dragged
	zoomStep    = 0.9   // distance factor per scroll notch
	followLift  = 0.9   // the follow camera aims this high above the root
)

// NewViewCam returns the oblique view of scene s (nil: the floor around the origin).
func NewViewCam(s *scene.Scene) ViewCam {
	target, size := mgl64.Vec3{}, 6.0
	if s != nil {
		if b := s.Bounds(); !b.Empty() {
			target, size = b.Center(), math.Max(b.Size().X(), b.Size().Z())
		}
	}
	target[1] = 0.4
	return ViewCam{Preset: PresetOblique, Orbit: render.HighOblique(target, 0.5, math.Max(3, 1.25*size))}
}

// WithPreset returns the camera at preset p, keeping the orbit's target and distance.
func (v ViewCam) WithPreset(p Preset) ViewCam {
	v.Preset = p
	switch p {
	case PresetTop:
		v.Orbit.Pitch, v.Orbit.Yaw = maxPitch, 0
	case PresetOblique:
		v.Orbit.Pitch = mgl64.DegToRad(55)
	case PresetFollow:
		v.Orbit.Pitch, v.Orbit.Distance = mgl64.DegToRad(25), 4
	}
	return v
}

// Orbited returns the camera turned by a drag of dx, dy pixels: right turns the view around the
// target, down raises the eye. Dragging the top or oblique view frees it; eye stays eye.
func (v ViewCam) Orbited(dx, dy float64) ViewCam {
	if v.Preset == PresetEye {
		return v
	}
	if v.Preset != PresetFollow {
		v.Preset = PresetFree
	}
	v.Orbit.Yaw = math.Mod(v.Orbit.Yaw-dx*dragRadians, 2*math.Pi)
	v.Orbit.Pitch = math.Max(minPitch, math.Min(maxPitch, v.Orbit.Pitch+dy*dragRadians))
	return v
}

// Zoomed returns the camera notches scroll steps closer (negative: farther).
func (v ViewCam) Zoomed(notches float64) ViewCam {
	d := v.Orbit.Distance * math.Pow(zoomStep, notches)
	v.Orbit.Distance = math.Max(minDistance, math.Min(maxDistance, d))
	return v
}

// Panned returns the camera with its target moved on the floor's plane by a drag of dx, dy pixels
// in a pane h pixels high, so that the floor under the pointer stays about under it.
func (v ViewCam) Panned(dx, dy, h float64) ViewCam {
	if v.Preset == PresetEye || v.Preset == PresetFollow || h <= 0 {
		return v
	}
	perPixel := 2 * v.Orbit.Distance * math.Tan(mgl64.DegToRad(40)/2) / h
	right := mgl64.Vec3{math.Cos(v.Orbit.Yaw), 0, -math.Sin(v.Orbit.Yaw)}
	toward := mgl64.Vec3{math.Sin(v.Orbit.Yaw), 0, math.Cos(v.Orbit.Yaw)} // from the target to the eye, flat
	move := right.Mul(-dx * perPixel).Add(toward.Mul(-dy * perPixel))
	v.Orbit.Target = v.Orbit.Target.Add(move)
	return v
}

// Camera returns the camera of a pane whose body stands at pose (the zero pose when it has none).
func (v ViewCam) Camera(pose motion.Pose) render.Camera {
	switch v.Preset {
	case PresetEye:
		return render.EyeLevel{State: pose.State()}
	case PresetFollow:
		o := v.Orbit
		o.Target = pose.Root().Add(mgl64.Vec3{0, followLift - pose.Root().Y(), 0})
		return o
	}
	return v.Orbit
}

// Moving reports whether the camera moves with the body, so that panes redraw the room each frame.
func (v ViewCam) Moving() bool { return v.Preset == PresetEye || v.Preset == PresetFollow }
