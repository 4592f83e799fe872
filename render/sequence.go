package render

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/render/media"
	"interactagent/scene"
)

// SequenceOptions tune a frame sequence; the zero value gives 640×360 panes at 20 frames per
// second (HumanML3D's rate) with a fixed camera.
type SequenceOptions struct {
	Width, Height int     // of each pane
	FPS           float64 // frames per second of the sequence (0: 20)
	// Follow moves the camera with each body (smoothed over a second) instead of fitting one fixed
	// camera to the whole motion. Ignored when Camera is set.
	Follow bool
	Camera Camera   // one fixed camera for every pane; nil chooses one (see Follow)
	Titles []string // a caption per pane; empty ones are left off
	// Columns is the number of pane columns (0: about √panes).
	Columns int
	Style   Style
	// Body chooses the bodies' body; BodyDefault is the engine's.
	Body BodyKind
}

// Limits of a sequence.
const (
	maxSequenceFrames = 36_000 // 30 minutes at 20 fps
	maxPanes          = 16
	followDistance    = 5.5                // metres from the followed body
	followPitch       = 35 * math.Pi / 180 // above the horizon
	followSmoothing   = 0.5                // seconds either side averaged for the camera target
	followTargetLift  = 0.9                // metres: the camera aims at pelvis height
	futurePathColor   = uint8(150)         // grey level of the path still to walk
	futurePathAlpha   = uint8(200)         // and its opacity
)

// Sequence is several clips in one scene on one clock, rendered frame by frame: every pane shows
// its clip at the same time in seconds (a clip that has ended holds its last pose). Frames are
// rendered on demand, so a sequence of any length needs the memory of one frame.
type Sequence struct {
	e      *Engine
	scene  *scene.Scene
	clips  []*motion.Clip
	bodies []*Bodies // per clip
	opt    SequenceOptions
	fixed  []Camera // per pane, nil when following
	roots  [][]mgl64.Vec3
	frames int
}

// NewSequence prepares the sequence of clips (one pane each) in scene s (nil: floor only).
func (e *Engine) NewSequence(s *scene.Scene, clips []*motion.Clip, opt SequenceOptions) (*Sequence, error) {
	if len(clips) == 0 || len(clips) > maxPanes {
		return nil, fmt.Errorf("render: sequence of %d clips, want 1…%d", len(clips), maxPanes)
	}
	for i, c := range clips {
		if c == nil {
			return nil, fmt.Errorf("render: sequence clip %d: no motion", i)
		}
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("render: sequence clip %d: %w", i, err)
		}
	}
	if opt.Width == 0 && opt.Height == 0 {
		opt.Width, opt.Height = 640, 360
	}
	if opt.Width <= 0 || opt.Height <= 0 || opt.Width > e.info.MaxSize || opt.Height > e.info.MaxSize {
		return nil, fmt.Errorf("render: sequence pane size %d×%d, want 1…%d pixels a side", opt.Width, opt.Height, e.info.MaxSize)
	}
	if opt.FPS == 0 {
		opt.FPS = media.DefaultFPS
	}
	if err := media.CheckFPS(opt.FPS); err != nil {
		return nil, fmt.Errorf("render: sequence: %w", err)
	}
	n, err := sequenceFrames(clips, opt.FPS)
	if err != nil {
		return nil, err
	}
	q := &Sequence{e: e, scene: s, clips: clips, opt: opt, frames: n}
	for i, c := range clips {
		b, err := NewBodies(opt.Body.or(e.body), c)
		if err != nil {
			return nil, fmt.Errorf("render: sequence clip %d: %w", i, err)
		}
		q.bodies = append(q.bodies, b)
		q.roots = append(q.roots, c.RootTrajectory())
	}
	q.fixed = q.fixedCameras()
	return q, nil
}

// sequenceFrames counts the frames of a sequence of valid clips at fps: as many as the longest
// clip's duration takes, refused above maxSequenceFrames. The count is made in float64, where a
// clip of a tiny rate (1e-300 fps lasts 1e300 s) gives a number too large for an int, not one
// that wraps around.
func sequenceFrames(clips []*motion.Clip, fps float64) (int, error) {
	dur, longest := 0.0, 0
	for i, c := range clips {
		if d := float64(c.Len()-1) / c.FPS; d > dur {
			dur, longest = d, i
		}
	}
	n := math.Floor(dur*fps+1e-9) + 1
	if !(n <= maxSequenceFrames) {
		c := clips[longest]
		return 0, fmt.Errorf("render: sequence of %.4g s (clip %d: %d frames at %g fps) at %g fps is %.4g frames, want at most %d",
			dur, longest+1, c.Len(), c.FPS, fps, n, maxSequenceFrames)
	}
	return int(n), nil
}

// fixedCameras returns each pane's camera when it does not follow: the given one, or one camera
// fitted to every clip (the same for all panes, so that they compare).
func (q *Sequence) fixedCameras() []Camera {
	cams := make([]Camera, len(q.clips))
	if q.opt.Camera == nil && q.opt.Follow {
		return cams
	}
	cam := q.opt.Camera
	if cam == nil {
		var pts, targets []mgl64.Vec3
		for i, c := range q.clips {
			idx := KeyframeIndices(c.Len(), DefaultGhostKeyframes)
			poses := make([]motion.Pose, 0, len(idx))
			for _, k := range idx {
				poses = append(poses, c.Frames[k])
			}
			p, t := framePoints(poses, q.roots[i])
			pts, targets = append(pts, p...), append(targets, t...)
		}
		c0 := q.clips[0]
		cam = autoCamera(q.scene, c0.StartState(), c0.EndState(), pts, targets, q.aspect())
	}
	for i := range cams {
		cams[i] = cam
	}
	return cams
}

func (q *Sequence) aspect() float64 { return float64(q.opt.Width) / float64(q.opt.Height) }

// Len returns the number of frames.
func (q *Sequence) Len() int { return q.frames }

// FPS returns the frame rate.
func (q *Sequence) FPS() float64 { return q.opt.FPS }

// Frame renders frame i (0 ≤ i < Len): every pane at time i / FPS, composed side by side with
// their titles when there are several panes or any title.
func (q *Sequence) Frame(i int) (*image.RGBA, error) {
	if i < 0 || i >= q.frames {
		return nil, fmt.Errorf("render: sequence frame %d, want 0…%d", i, q.frames-1)
	}
	t := float64(i) / q.opt.FPS
	panes := make([]*image.RGBA, len(q.clips))
	for k := range q.clips {
		r, err := q.paneRequest(k, t)
		if err != nil {
			return nil, fmt.Errorf("render: sequence frame %d pane %d: %w", i, k, err)
		}
		img, err := q.e.Render(r)
		if err != nil {
			return nil, fmt.Errorf("render: sequence frame %d pane %d: %w", i, k, err)
		}
		panes[k] = img
	}
	if len(panes) == 1 && !hasTitle(q.opt.Titles) {
		return panes[0], nil
	}
	return ComposePanes(panes, q.opt.Titles, q.opt.Columns), nil
}

func hasTitle(titles []string) bool {
	for _, t := range titles {
		if t != "" {
			return true
		}
	}
	return false
}

// paneRequest draws clip k at time t: the body coloured by its time as in ghost images, the path
// already walked in the same colours over the whole path in grey, and the start and end markers.
func (q *Sequence) paneRequest(k int, t float64) (Request, error) {
	c := q.clips[k]
	root := q.roots[k]
	last := float64(max(c.Len()-1, 1))
	u := math.Min(t*c.FPS/last, 1)
	done := min(int(math.Floor(t*c.FPS))+1, len(root))
	walked := Path{Points: root[:done], Width: 0.05}
	for j := 0; j < done; j++ {
		walked.Colors = append(walked.Colors, TimeColor(float64(j)/last))
	}
	ahead := Path{Points: root, Width: 0.03, Colors: []color.NRGBA{{futurePathColor, futurePathColor, futurePathColor, futurePathAlpha}}}
	start, end := c.StartState(), c.EndState()
	fig, err := q.bodies[k].Figure(c.FrameAt(t), TimeColor(u))
	if err != nil {
		return Request{}, err
	}
	r := Request{
		Scene: q.scene, Width: q.opt.Width, Height: q.opt.Height, Style: q.opt.Style,
		Figures: []Figure{fig},
		Paths:   []Path{ahead, walked},
		Markers: []Marker{
			{Kind: MarkStart, At: start.Root, Heading: start.Heading, Color: TimeColor(0)},
			{Kind: MarkEnd, At: end.Root, Heading: end.Heading, Color: TimeColor(1)},
		},
		Camera: q.fixed[k],
	}
	if r.Camera == nil {
		r.Camera = q.followCamera(k, t)
	}
	return r, nil
}

// followCamera looks at the body's smoothed root from a fixed direction: the one the fixed camera
// would take for this clip, lower and closer.
func (q *Sequence) followCamera(k int, t float64) Camera {
	c := q.clips[k]
	yaw := preferredYaw(c.StartState(), c.EndState())
	var sum mgl64.Vec3
	const n = 9
	for j := 0; j < n; j++ {
		dt := followSmoothing * (2*float64(j)/(n-1) - 1)
		sum = sum.Add(c.FrameAt(t + dt).Root())
	}
	target := sum.Mul(1.0 / n).Add(mgl64.Vec3{0, followTargetLift, 0})
	return Orbit{Target: target, Yaw: yaw, Pitch: followPitch, Distance: followDistance, FOV: ghostFOV}
}

// Write renders every frame to a video at path (.mp4 through ffmpeg, or .gif), as cfg says; see
// media.VideoConfig.Write. It returns the path written.
func (q *Sequence) Write(ctx context.Context, path string, cfg media.VideoConfig) (string, error) {
	return cfg.Write(ctx, path, q.opt.FPS, q.frames, q.Frame)
}
