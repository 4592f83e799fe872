package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// ViewKind says what a View shows and how it places its camera.
type ViewKind int

// The kinds of view, named in text as their String says.
const (
	// ViewGhost is the ghost image's own camera, fitted to the motion. It is the zero ViewKind.
	ViewGhost ViewKind = iota
	// ViewTop looks straight down: at the room (the "top" scene shot), or at a motion with at least
	// 4 m of floor around its centre.
	ViewTop
	// ViewOblique is the scene shot from high behind the start pose.
	ViewOblique
	// ViewEye is the scene shot from the person's eyes at the start pose.
	ViewEye
	// ViewShots is all the scene shots, one picture each (see ShotNames).
	ViewShots
	// ViewOrbit is a camera placed by hand: View.Yaw, View.Pitch and View.Distance around the
	// scene's centre.
	ViewOrbit
)

// viewNames are the kinds' names in text, by kind.
var viewNames = [...]string{ViewGhost: "ghost", ViewTop: "top", ViewOblique: "oblique", ViewEye: "eye",
	ViewShots: "shots", ViewOrbit: "orbit"}

// viewSyntax is what ParseView accepts, for error messages.
const viewSyntax = "top, oblique, eye, ghost, shots or orbit:YAW,PITCH,DIST (degrees, degrees, metres > 0)"

// String returns the kind's name ("top", "orbit", …).
func (k ViewKind) String() string {
	if k < 0 || int(k) >= len(viewNames) {
		return fmt.Sprintf("ViewKind(%d)", int(k))
	}
	return viewNames[k]
}

// View is what a picture shows and from where, parsed once from text such as "top" or
// "orbit:30,40,6" (ParseView) and shared by the command line, the desktop app and the benchmark so
// that they frame pictures alike. Its zero value is the ghost view. Views are values.
type View struct {
	Kind ViewKind
	// Yaw and Pitch (degrees) and Distance (metres) place an orbit camera: Yaw around the vertical
	// axis (0: from +Z), Pitch above the horizon. They are zero for every other kind. Degrees are
	// kept as written so that String gives back exactly the numbers parsed.
	Yaw, Pitch, Distance float64
}

// ParseView reads a view: top, oblique, eye, ghost, shots or orbit:YAW,PITCH,DIST (degrees,
// degrees, metres; spaces around the numbers are allowed). Its errors start with "render: view".
func ParseView(s string) (View, error) {
	if rest, ok := strings.CutPrefix(s, "orbit:"); ok {
		return parseOrbit(s, rest)
	}
	for k, name := range viewNames {
		if s == name && ViewKind(k) != ViewOrbit {
			return View{Kind: ViewKind(k)}, nil
		}
	}
	return View{}, fmt.Errorf("render: view %q: want %s", s, viewSyntax)
}

// parseOrbit reads YAW,PITCH,DIST, the part of view s after "orbit:".
func parseOrbit(s, rest string) (View, error) {
	parts := strings.Split(rest, ",")
	if len(parts) != 3 {
		return View{}, fmt.Errorf("render: view %q: want orbit:YAW,PITCH,DIST, three numbers", s)
	}
	var v [3]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !geom.Finite(f) {
			return View{}, fmt.Errorf("render: view %q: %q is not a finite number; want orbit:YAW,PITCH,DIST", s, p)
		}
		v[i] = f
	}
	view := View{Kind: ViewOrbit, Yaw: v[0], Pitch: v[1], Distance: v[2]}
	if msg := view.problem(); msg != "" {
		return View{}, fmt.Errorf("render: view %q: %s", s, msg)
	}
	return view, nil
}

// String returns the view as ParseView reads it; ParseView(v.String()) gives v back for every
// valid view, orbit numbers included (they are written in the shortest form that reads back
// exactly).
func (v View) String() string {
	if v.Kind != ViewOrbit {
		return v.Kind.String()
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return "orbit:" + f(v.Yaw) + "," + f(v.Pitch) + "," + f(v.Distance)
}

// Validate reports what makes a view unusable: an unknown kind, orbit numbers that are not finite
// or a distance that is not positive, or orbit numbers on a view of another kind.
func (v View) Validate() error {
	if msg := v.problem(); msg != "" {
		return fmt.Errorf("render: view %s: %s", v, msg)
	}
	return nil
}

// problem says what is wrong with v, or nothing.
func (v View) problem() string {
	switch {
	case v.Kind < 0 || int(v.Kind) >= len(viewNames):
		return "unknown kind; want " + viewSyntax
	case v.Kind != ViewOrbit && (v.Yaw != 0 || v.Pitch != 0 || v.Distance != 0):
		return "takes no orbit angles or distance"
	case v.Kind == ViewOrbit && !(geom.Finite(v.Yaw) && geom.Finite(v.Pitch)):
		return fmt.Sprintf("angles %v, %v; want finite degrees", v.Yaw, v.Pitch)
	case v.Kind == ViewOrbit && !(geom.Finite(v.Distance) && v.Distance > 0):
		return fmt.Sprintf("distance %v; want orbit:YAW,PITCH,DIST with DIST metres > 0", v.Distance)
	}
	return ""
}

// The top view of a motion: the floor shown around the motion's centre at least, and the share of
// the half-image left free at the edges.
const (
	topViewFloor  = 4.0 // metres
	topViewMargin = 0.08
)

// Camera returns the camera of view v for a picture of clip (nil: none) in scene s (nil: floor
// only) at the given aspect (width/height):
//   - orbit: an Orbit at Yaw, Pitch and Distance around the scene's centre, or the origin without
//     a scene (or with an empty one);
//   - top with a clip: straight down at the clip, with at least 4 m of floor around its centre;
//   - any other view, and top without a clip: nil, meaning the renderer's own choice. Ghost images
//     and sequences then fit a camera to the motion, and a scene's top, oblique and eye pictures
//     are the scene shots (Engine.SceneShot named v.String()).
//
// An invalid view is an error (see Validate).
func (v View) Camera(s *scene.Scene, clip *motion.Clip, aspect float64) (Camera, error) {
	if err := v.Validate(); err != nil {
		return nil, err
	}
	switch {
	case v.Kind == ViewOrbit:
		return v.orbit(s), nil
	case v.Kind == ViewTop && clip != nil && clip.Len() > 0:
		box := clip.Bounds()
		return FitTopDown(padPoints([]mgl64.Vec3{box.Lo, box.Hi}, topViewFloor), aspect, topViewMargin), nil
	}
	return nil, nil
}

// orbit is an orbit view's camera, aimed at the centre of s; at the origin when there is no scene
// or it holds nothing (an empty box has no centre).
func (v View) orbit(s *scene.Scene) Orbit {
	target := mgl64.Vec3{}
	if s != nil {
		if b := s.Bounds(); !b.Empty() {
			target = b.Center()
		}
	}
	return Orbit{Target: target, Yaw: radians(v.Yaw), Pitch: radians(v.Pitch), Distance: v.Distance}
}

// radians converts an angle in degrees, first reduced to one turn (exactly: math.Mod rounds
// nothing): multiplying a huge but finite angle by π would overflow to infinity, and the camera's
// sines to NaN.
func radians(deg float64) float64 { return mgl64.DegToRad(math.Mod(deg, 360)) }
