package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/render/media"
	"interactagent/scene"
)

// Shot is one labelled picture of a scene.
type Shot struct {
	Name   string // "top", "oblique" or "eye"
	Camera Camera
	Image  *image.RGBA
}

// ShotOptions tune scene shots; the zero value gives 768×768 images with labels.
type ShotOptions struct {
	Width, Height int
	NoLabels      bool // leave object ids off
	NoBody        bool // leave the person at the start pose off the top and oblique views
	Style         Style
	// Body chooses the person's body; BodyDefault is the engine's (SceneShot, SceneShots) or the
	// human body (ShotRequest).
	Body BodyKind
}

// shotMargin is the share of the half-image left free around the room.
const shotMargin = 0.06

// shotNames are the scene shots in the order SceneShots returns them.
var shotNames = [...]string{"top", "oblique", "eye"}

// ShotNames returns the names of the scene shots in the order SceneShots returns them. The slice
// is a fresh copy each time, so no caller can change the list another sees.
func ShotNames() []string { return slices.Clone(shotNames[:]) }

// The eye-level shot's camera: degrees of downward tilt and vertical field of view.
const (
	eyeShotPitch = 15
	eyeShotFOV   = 90
)

// SceneShots renders the pictures a model analyses a scene from: a top-down map, a high oblique
// view from behind the start pose (so ahead of the person is up in the picture and its left is
// left), both with the person standing at the start and each object's id at the object, and the
// view from the person's eyes at the start, labelled where objects are in sight.
func (e *Engine) SceneShots(s *scene.Scene, opt ShotOptions) ([]Shot, error) {
	var out []Shot
	for _, name := range shotNames {
		sh, err := e.SceneShot(s, name, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, nil
}

// SceneShot renders one of the shots of SceneShots by name.
func (e *Engine) SceneShot(s *scene.Scene, name string, opt ShotOptions) (Shot, error) {
	opt.Body = opt.Body.or(e.body)
	r, err := ShotRequest(s, name, opt)
	if err != nil {
		return Shot{}, err
	}
	img, err := e.Render(r)
	if err != nil {
		return Shot{}, err
	}
	if !opt.NoLabels {
		DrawLabels(img, ObjectLabels(s, r.Camera, r.Width, r.Height, name == "eye"))
	}
	return Shot{Name: name, Camera: r.Camera, Image: img}, nil
}

// ShotRequest builds the request of a named scene shot ("top", "oblique" or "eye").
func ShotRequest(s *scene.Scene, name string, opt ShotOptions) (Request, error) {
	if s == nil {
		return Request{}, fmt.Errorf("render: scene shot: no scene")
	}
	w, h := opt.Width, opt.Height
	if w == 0 && h == 0 {
		w, h = DefaultGhostSize, DefaultGhostSize
	}
	r := Request{Scene: s, Width: w, Height: h, Style: opt.Style}
	aspect := float64(w) / float64(max(h, 1))
	room := s.Bounds()
	if room.Empty() {
		room = geom.Box{Lo: mgl64.Vec3{-2, 0, -2}, Hi: mgl64.Vec3{2, 2.5, 2}}
	}
	start := s.Start
	switch name {
	case "top":
		r.Camera = FitTopDown(boxCorners(room), aspect, shotMargin)
	case "oblique":
		o := HighOblique(room.Center(), start.Heading+math.Pi, 10)
		o.FOV = ghostFOV
		r.Camera = FitOrbit(o, boxCorners(room), aspect, shotMargin)
	case "eye":
		// A person's wide view, tilted down a little so the floor between the person and the
		// furniture (where paths run) fills the lower half rather than walls and ceiling.
		r.Camera = EyeLevel{State: start, Pitch: mgl64.DegToRad(eyeShotPitch), FOV: eyeShotFOV}
		return r, nil
	default:
		return Request{}, fmt.Errorf("render: unknown scene shot %q, want one of %s", name, strings.Join(shotNames[:], ", "))
	}
	if !opt.NoBody {
		f, err := startFigure(start, opt.Body)
		if err != nil {
			return Request{}, fmt.Errorf("render: scene shot %s: %w", name, err)
		}
		r.Figures = []Figure{f}
		r.Markers = []Marker{{Kind: MarkStart, At: start.Root, Heading: start.Heading, Color: TimeColor(0)}}
	}
	return r, nil
}

// startFigure is the person standing at the start, in the default colour.
func startFigure(start motion.State, kind BodyKind) (Figure, error) {
	pose := motion.RestPose().RotateY(start.Heading).Translate(start.Root)
	bodies, err := NewBodies(kind, &motion.Clip{FPS: media.DefaultFPS, Frames: []motion.Pose{pose}})
	if err != nil {
		return Figure{}, err
	}
	return bodies.Figure(pose, color.NRGBA{})
}

// ObjectLabels returns a label with each object's id at the centre of its top, for an image of
// w×h from cam. Walls and the floor get none, nor do objects outside the picture; with
// visibleOnly, objects hidden behind others get none either.
func ObjectLabels(s *scene.Scene, cam Camera, w, h int, visibleOnly bool) []Label {
	var occ *occluders
	if visibleOnly {
		occ = newOccluders(s)
	}
	var out []Label
	for _, o := range s.Objects {
		if o.IsFloor() || o.IsWall() {
			continue
		}
		b := o.Bounds()
		if b.Empty() {
			continue
		}
		top := mgl64.Vec3{b.Center().X(), b.Hi.Y(), b.Center().Z()}
		at, ok := Project(cam, w, h, top)
		if !ok {
			continue
		}
		if occ != nil && occ.fractionExcept(cam.Eye(), []mgl64.Vec3{top}, o) > 0 {
			continue
		}
		out = append(out, Label{Text: o.ID, At: at})
	}
	return out
}
