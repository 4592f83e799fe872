package motion

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Clip is a motion: T frames × 22 joint positions (metres, Y up) sampled at FPS frames per second,
// with Segments marking which frames each atomic action produced.
type Clip struct {
	FPS      float64
	Frames   []Pose
	Segments []Segment
}

// Segment marks the frames [Start, End) that one atomic action produced, with any warnings the
// executor attached to it (for example, text it could not understand).
type Segment struct {
	Action   string   `json:"action"`
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Warnings []string `json:"warnings,omitempty"`
}

// Len returns the number of frames.
func (c *Clip) Len() int { return len(c.Frames) }

// Duration returns the clip's length in seconds (frames / fps).
func (c *Clip) Duration() float64 {
	if c.FPS <= 0 {
		return 0
	}
	return float64(len(c.Frames)) / c.FPS
}

// Validate reports the first problem that makes the clip unusable: no frames, an fps outside
// (0, MaxFPS] (see CheckFPS), coordinates not finite or beyond ±geom.MaxCoord, or segments outside the frames or out of order.
func (c *Clip) Validate() error {
	if len(c.Frames) == 0 {
		return errors.New("motion: clip has no frames")
	}
	if CheckFPS(c.FPS) != nil {
		return fmt.Errorf("motion: clip fps is %v, want a rate in (0, %g]", c.FPS, MaxFPS)
	}
	for t, p := range c.Frames {
		if !p.InWorld() {
			return fmt.Errorf("motion: frame %d has a coordinate that is not finite or beyond ±%g m: no person's motion", t, geom.MaxCoord)
		}
	}
	prev := 0
	for i, s := range c.Segments {
		if s.Start < prev || s.End < s.Start || s.End > len(c.Frames) {
			return fmt.Errorf("motion: segment %d %q covers frames [%d, %d), want ordered ranges within [0, %d)",
				i, s.Action, s.Start, s.End, len(c.Frames))
		}
		prev = s.Start
	}
	return nil
}

// Clone returns a deep copy of the clip.
func (c *Clip) Clone() *Clip {
	out := &Clip{FPS: c.FPS, Frames: append([]Pose(nil), c.Frames...)}
	for _, s := range c.Segments {
		s.Warnings = append([]string(nil), s.Warnings...)
		out.Segments = append(out.Segments, s)
	}
	return out
}

// Slice returns frames [from, to) as a new clip; segments are clipped to the range and re-indexed,
// and those left empty are dropped. Out-of-range bounds are clamped.
func (c *Clip) Slice(from, to int) *Clip {
	from = geom.Clamp(from, 0, len(c.Frames))
	to = geom.Clamp(to, from, len(c.Frames))
	out := &Clip{FPS: c.FPS, Frames: append([]Pose(nil), c.Frames[from:to]...)}
	for _, s := range c.Segments {
		s.Start, s.End = geom.Clamp(s.Start, from, to)-from, geom.Clamp(s.End, from, to)-from
		if s.End > s.Start {
			s.Warnings = append([]string(nil), s.Warnings...)
			out.Segments = append(out.Segments, s)
		}
	}
	return out
}

// StartState returns where the first frame stands and faces.
func (c *Clip) StartState() State { return c.Frames[0].State() }

// EndState returns where the last frame stands and faces.
func (c *Clip) EndState() State { return c.Frames[len(c.Frames)-1].State() }

// Transformed returns the clip with every frame turned by heading about Y through the origin and then
// moved by d.
func (c *Clip) Transformed(heading float64, d mgl64.Vec3) *Clip {
	out := c.Clone()
	for t, p := range out.Frames {
		out.Frames[t] = p.RotateY(heading).Translate(d)
	}
	return out
}

// Place returns the clip, given in its own frame (starting near the origin facing +Z), turned and
// moved into the world at s.
func (c *Clip) Place(s State) *Clip { return c.Transformed(s.Heading, s.Root) }

// Relocate returns the clip moved on the floor and turned so that its start state becomes s.
func (c *Clip) Relocate(s State) *Clip {
	from := c.StartState()
	local := c.Transformed(-from.Heading, mgl64.Rotate3DY(-from.Heading).Mul3x1(from.Root.Mul(-1)))
	return local.Place(s)
}

// Append returns a new clip: c followed by next, with next relocated so that it continues from c's
// end state (position and heading). next's segments are shifted after c's frames. The fps of next
// must match c's (resample first); an empty c yields next unchanged.
func (c *Clip) Append(next *Clip) (*Clip, error) {
	if len(next.Frames) == 0 {
		return c.Clone(), nil
	}
	if len(c.Frames) == 0 {
		return next.Clone(), nil
	}
	if math.Abs(c.FPS-next.FPS) > 1e-9 {
		return nil, fmt.Errorf("motion: append a %.4g fps clip to a %.4g fps clip: resample first", next.FPS, c.FPS)
	}
	moved := next.Relocate(c.EndState())
	out := c.Clone()
	n := len(out.Frames)
	out.Frames = append(out.Frames, moved.Frames...)
	for _, s := range moved.Segments {
		s.Start += n
		s.End += n
		out.Segments = append(out.Segments, s)
	}
	return out, nil
}

// FrameAt returns the pose at time sec seconds, interpolating linearly between frames and clamping
// at both ends, so clips of different fps can share one clock.
func (c *Clip) FrameAt(sec float64) Pose {
	if len(c.Frames) == 0 {
		return Pose{}
	}
	x := sec * c.FPS
	if x <= 0 || math.IsNaN(x) {
		return c.Frames[0]
	}
	i := int(math.Floor(x))
	if i >= len(c.Frames)-1 {
		return c.Frames[len(c.Frames)-1]
	}
	return lerpPose(c.Frames[i], c.Frames[i+1], x-float64(i))
}

// Resample returns the clip at another frame rate, interpolating joint positions linearly; the
// duration and segment times are kept. A result of more than MaxFrames frames (a clip whose rate
// is far below fps: 100 frames at 0.002 fps last 13.75 hours) is refused before anything is
// allocated.
func (c *Clip) Resample(fps float64) (*Clip, error) {
	if CheckFPS(fps) != nil {
		return nil, fmt.Errorf("motion: resample to %v fps, want a rate in (0, %g]", fps, MaxFPS)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	// Counted in float64, where a count too large for an int is still a number (or +Inf).
	frames := math.Round(float64(len(c.Frames)-1)*fps/c.FPS) + 1
	if !(frames <= MaxFrames) {
		return nil, fmt.Errorf("motion: resample %d frames at %g fps (%.4g s) to %g fps: %.4g frames, want at most %d",
			len(c.Frames), c.FPS, float64(len(c.Frames)-1)/c.FPS, fps, frames, MaxFrames)
	}
	n := int(frames)
	out := &Clip{FPS: fps, Frames: make([]Pose, n)}
	for i := range out.Frames {
		out.Frames[i] = c.FrameAt(float64(i) / fps)
	}
	scale := fps / c.FPS
	for _, s := range c.Segments {
		s.Start = geom.Clamp(int(math.Round(float64(s.Start)*scale)), 0, n)
		s.End = geom.Clamp(int(math.Round(float64(s.End)*scale)), s.Start, n)
		s.Warnings = append([]string(nil), s.Warnings...)
		out.Segments = append(out.Segments, s)
	}
	return out, nil
}

// RootTrajectory returns the root (pelvis on the floor) of every frame.
func (c *Clip) RootTrajectory() []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(c.Frames))
	for t, p := range c.Frames {
		out[t] = p.Root()
	}
	return out
}

// Headings returns the facing angle of every frame (radians, see Pose.Heading).
func (c *Clip) Headings() []float64 {
	out := make([]float64, len(c.Frames))
	for t, p := range c.Frames {
		out[t] = p.Heading()
	}
	return out
}

// PathLength returns the distance the root travels on the floor, in metres.
func (c *Clip) PathLength() float64 {
	root := c.RootTrajectory()
	sum := 0.0
	for t := 1; t < len(root); t++ {
		sum += root[t].Sub(root[t-1]).Len()
	}
	return sum
}

// HeadingChange returns the total signed turn from the first to the last frame in radians, summed
// frame by frame so that turns beyond 180° are counted (positive = to the left).
func (c *Clip) HeadingChange() float64 {
	h := c.Headings()
	sum := 0.0
	for t := 1; t < len(h); t++ {
		sum += geom.WrapAngle(h[t] - h[t-1])
	}
	return sum
}

// Bounds returns the axis-aligned box around every joint of every frame (metres); a clip without
// frames gives an empty box.
func (c *Clip) Bounds() geom.Box {
	b := geom.EmptyBox()
	for _, p := range c.Frames {
		for _, v := range p {
			b = b.AddPoint(v)
		}
	}
	return b
}

func lerpPose(a, b Pose, u float64) Pose {
	for j := range a {
		a[j] = a[j].Add(b[j].Sub(a[j]).Mul(u))
	}
	return a
}
