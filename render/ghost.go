package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// Ghost image defaults, chosen for a model judging a step: 768×768 is the largest square that
// OpenAI-style vision endpoints take in one tile row without downscaling detail away, 24 keyframes
// is one pose per 0.4 s of a 10 s step (the paper draws about 25–30), and the camera looks from 55°
// above the horizon, high enough to see the floor path between furniture and low enough that the
// poses keep their shape.
const (
	DefaultGhostSize      = 768
	DefaultGhostKeyframes = 24
	ghostMinSpan          = 4.0  // metres of floor a ghost image shows at least
	ghostFOV              = 30.0 // degrees, vertical
	ghostMargin           = 0.08 // of the half-image kept free at the edges
	ghostMinOpacity       = 0.35 // of the earliest pose; the latest is opaque
	maxKeyframes          = 500
)

// GhostOptions tune a ghost image; the zero value gives the documented defaults.
type GhostOptions struct {
	Width, Height int    // 0: 768×768
	Keyframes     int    // poses drawn, evenly spaced in time (0: 24; at most one per frame)
	Camera        Camera // nil: a high oblique view fitted to the motion and Focus
	// Focus lists extra points the automatic camera keeps in view, such as the corners of the
	// objects a task is about.
	Focus []mgl64.Vec3
	Style Style
	// Body chooses the keyframes' body; BodyDefault is the engine's (Engine.Ghost) or the human
	// body (GhostRequest).
	Body BodyKind
}

// TimeColor returns the colour of time u in [0, 1] in ghost images: red at the start through
// orange, yellow, green and blue to purple at the end.
func TimeColor(u float64) color.NRGBA {
	u = math.Max(0, math.Min(1, u))
	return hsv(280*u, 0.82, 0.92)
}

// hsv converts hue (degrees), saturation and value in [0, 1] to an opaque display colour.
func hsv(h, s, v float64) color.NRGBA {
	h = math.Mod(h, 360) / 60
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h, 2)-1))
	var r, g, b float64
	switch int(h) {
	case 0:
		r, g = c, x
	case 1:
		r, g = x, c
	case 2:
		g, b = c, x
	case 3:
		g, b = x, c
	case 4:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := v - c
	to := func(f float64) uint8 { return uint8(math.Round((f + m) * 255)) }
	return color.NRGBA{R: to(r), G: to(g), B: to(b), A: 255}
}

// KeyframeIndices returns n frame indices evenly spaced over frames frames, first and last
// included, without repeats (fewer when the clip is shorter than n).
func KeyframeIndices(frames, n int) []int {
	if frames <= 0 || n <= 0 {
		return nil
	}
	if n == 1 {
		return []int{frames - 1}
	}
	var out []int
	for i := 0; i < n; i++ {
		k := int(math.Round(float64(i) * float64(frames-1) / float64(n-1)))
		if len(out) == 0 || out[len(out)-1] != k {
			out = append(out, k)
		}
	}
	return out
}

// GhostRequest builds the request of a ghost image: the scene, the body at evenly spaced keyframes
// coloured by time (red earliest → purple latest) and more opaque the later they are, the root path
// on the floor in the same colours, and start and end markers. The body is opt.Body's, the human
// one by default; a clip the human body cannot be fitted to is refused by frame and joint.
func GhostRequest(s *scene.Scene, clip *motion.Clip, opt GhostOptions) (Request, error) {
	if clip == nil {
		return Request{}, fmt.Errorf("render: ghost image: no motion")
	}
	if err := clip.Validate(); err != nil {
		return Request{}, fmt.Errorf("render: ghost image: %w", err)
	}
	w, h := opt.Width, opt.Height
	if w == 0 && h == 0 {
		w, h = DefaultGhostSize, DefaultGhostSize
	}
	k := opt.Keyframes
	if k == 0 {
		k = DefaultGhostKeyframes
	}
	if k < 0 || k > maxKeyframes {
		return Request{}, fmt.Errorf("render: ghost image: %d keyframes, want 1…%d", k, maxKeyframes)
	}
	r := Request{Scene: s, Width: w, Height: h, Style: opt.Style, Camera: opt.Camera}
	var err error
	if r.Figures, err = ghostFigures(clip, k, opt.Body); err != nil {
		return Request{}, fmt.Errorf("render: ghost image: %w", err)
	}
	last := float64(max(clip.Len()-1, 1))
	root := clip.RootTrajectory()
	path := Path{Points: root, Width: 0.05}
	for i := range root {
		path.Colors = append(path.Colors, TimeColor(float64(i)/last))
	}
	r.Paths = []Path{path}
	start, end := clip.StartState(), clip.EndState()
	r.Markers = []Marker{
		{Kind: MarkStart, At: start.Root, Heading: start.Heading, Color: TimeColor(0)},
		{Kind: MarkEnd, At: end.Root, Heading: end.Heading, Color: TimeColor(1)},
	}
	if r.Camera == nil && w > 0 && h > 0 {
		r.Camera = ghostCamera(s, clip, r.Figures, opt.Focus, float64(w)/float64(h))
	}
	return r, nil
}

// ghostFigures returns the clip's body at k evenly spaced keyframes, coloured by time and more
// opaque the later they are, the last one opaque.
func ghostFigures(clip *motion.Clip, k int, kind BodyKind) ([]Figure, error) {
	bodies, err := NewBodies(kind, clip)
	if err != nil {
		return nil, err
	}
	last := float64(max(clip.Len()-1, 1))
	var figs []Figure
	for _, i := range KeyframeIndices(clip.Len(), k) {
		u := float64(i) / last
		c := TimeColor(u)
		c.A = uint8(math.Round(255 * (ghostMinOpacity + (1-ghostMinOpacity)*u)))
		f, err := bodies.Figure(clip.Frames[i], c)
		if err != nil {
			return nil, fmt.Errorf("frame %d: %w", i, err)
		}
		figs = append(figs, f)
	}
	figs[len(figs)-1].Color.A = 255
	return figs, nil
}

// ghostCamera is the automatic ghost camera, fitted to the drawn poses, the root path and the
// focus points (see autoCamera).
func ghostCamera(s *scene.Scene, clip *motion.Clip, figs []Figure, focus []mgl64.Vec3, aspect float64) Orbit {
	var poses []motion.Pose
	for _, f := range figs {
		poses = append(poses, f.Pose)
	}
	root := clip.RootTrajectory()
	pts, targets := framePoints(poses, root)
	pts = append(pts, nearbyObjectPoints(s, root, ghostNearObject)...)
	return autoCamera(s, clip.StartState(), clip.EndState(), append(pts, focus...), targets, aspect)
}

// ghostNearObject is how close (metres, on the floor) the root path must come to an object for the
// ghost camera to keep the whole object in view: the furniture a person walks to, sits or lies on is
// what a judge of the image needs to see.
const ghostNearObject = 0.6

// nearbyObjectPoints returns the box corners of every object (walls excepted) whose footprint comes
// within near metres of a root point.
func nearbyObjectPoints(s *scene.Scene, root []mgl64.Vec3, near float64) []mgl64.Vec3 {
	if s == nil {
		return nil
	}
	var pts []mgl64.Vec3
	for _, o := range s.Objects {
		if o.IsWall() {
			continue
		}
		b := o.Bounds()
		if !b.Empty() && pathNearBox(root, b.Expand(near)) {
			pts = append(pts, boxCorners(b)...)
		}
	}
	return pts
}

// pathNearBox reports whether a root point lies inside the box's footprint.
func pathNearBox(root []mgl64.Vec3, b geom.Box) bool {
	for _, r := range root {
		if r.X() >= b.Lo.X() && r.X() <= b.Hi.X() && r.Z() >= b.Lo.Z() && r.Z() <= b.Hi.Z() {
			return true
		}
	}
	return false
}

// framePoints returns the points a camera must show for these poses and root path: the corners of
// each pose's box (a little looser than its joints, and far fewer points to fit) and the path
// thinned to about 64 points; and the points it should see unhidden, each pose's pelvis and head.
func framePoints(poses []motion.Pose, root []mgl64.Vec3) (pts, targets []mgl64.Vec3) {
	for _, p := range poses {
		pts = append(pts, boxCorners(boxOf(p[:]).Expand(0.1))...)
		targets = append(targets, p[motion.Pelvis], p[motion.Head])
	}
	for i := 0; i < len(root); i += max(1, len(root)/64) {
		pts = append(pts, root[i])
	}
	if len(root) > 0 {
		pts = append(pts, root[len(root)-1])
	}
	return pts, targets
}

// autoCamera is the high oblique camera of ghost images and videos, with a narrow field of view
// (less foreshortening of the near side), fitted to pts with at least ghostMinSpan of floor. It
// prefers to look across the net displacement from start to end so that the motion runs left to
// right on screen, or from the front-left of the start pose when the body hardly moves, and turns
// in 45° steps away from that when furniture would hide the targets.
func autoCamera(s *scene.Scene, start, end motion.State, pts, targets []mgl64.Vec3, aspect float64) Orbit {
	pref := preferredYaw(start, end)
	pts = padPoints(pts, ghostMinSpan)
	occ := newOccluders(s)
	var best Orbit
	bestScore := math.Inf(1)
	for k := 0; k < 8; k++ {
		// Try the preferred yaw, then alternately left and right of it, further each time.
		step := float64((k+1)/2) * pick(k%2 == 1, 1, -1)
		o := HighOblique(mgl64.Vec3{}, pref+step*math.Pi/4, 10)
		o.FOV = ghostFOV
		o = FitOrbit(o, pts, aspect, ghostMargin)
		score := occ.fraction(o.Eye(), targets) + 0.08*math.Abs(step)
		if score < bestScore-1e-9 {
			best, bestScore = o, score
		}
	}
	return best
}

// preferredYaw is the camera yaw that shows a motion from start to end running left to right, or
// the start pose from its front-left when the body moves less than 30 cm.
func preferredYaw(start, end motion.State) float64 {
	d := end.Root.Sub(start.Root)
	if math.Hypot(d.X(), d.Z()) > 0.3 {
		// The camera's right vector at yaw is (cos yaw, 0, −sin yaw); put the motion along it.
		return math.Atan2(d.X(), d.Z()) - math.Pi/2
	}
	return start.Heading + mgl64.DegToRad(35)
}

// Ghost renders the ghost image of clip in scene s (nil: floor only); see GhostRequest.
func (e *Engine) Ghost(s *scene.Scene, clip *motion.Clip, opt GhostOptions) (*image.RGBA, error) {
	opt.Body = opt.Body.or(e.body)
	r, err := GhostRequest(s, clip, opt)
	if err != nil {
		return nil, err
	}
	return e.Render(r)
}
