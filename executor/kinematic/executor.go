// Package kinematic is the built-in motion executor: it turns atomic action text ("A person walks
// forward about 1.5 meters") into 22-joint motion at 20 fps without any learned model, by parsing
// the text (action.Parse, the action language) and synthesising the motion procedurally: stepping locomotion with planted
// feet, sitting, lying, reaching by two-bone IK. A Profile adds the errors a learned executor makes
// (distance and turn errors, drift, 4-frame tokens), seeded and deterministic.
//
// It is an honest stand-in for MotionLLM: it needs nothing outside the binary, so the whole agent
// loop runs offline, in tests and in the demo. docs/executor-language.md lists the phrasings it
// understands and the profiles' parameters.
package kinematic

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/executor"
	"interactagent/geom"
	"interactagent/motion"
)

// Limits that bound the work one call may ask for.
const (
	// MaxActions is the most actions one Execute call takes.
	MaxActions = 1000
	// MaxFrames is the most frames one Execute call produces: motion.MaxFrames (about 83 minutes
	// at 20 fps), the same cap, so every clip can be written to a file and read back.
	MaxFrames = motion.MaxFrames
	// jumpGap is the largest joint jump between consecutive frames that needs no blending: 0.6 m
	// in 1/20 s (12 m/s) is faster than any limb moves (a running foot peaks near 9 m/s).
	jumpGap = 0.6
)

// Options configures a kinematic executor. The zero value executes exactly (the Ideal profile)
// with seed 0.
type Options struct {
	// Profile is the error model; a zero Profile means Ideal.
	Profile Profile
	// Seed feeds the error model: the same seed and text give the same motion.
	Seed uint64
}

// Executor is the built-in kinematic executor. It holds no mutable state, so one value is safe
// for concurrent use.
type Executor struct {
	profile Profile
	seed    uint64
}

// New returns a kinematic executor. An invalid profile is reported by Execute.
func New(o Options) *Executor {
	p := o.Profile
	if p == (Profile{}) {
		p = Ideal()
	}
	return &Executor{profile: p, seed: o.Seed}
}

var _ executor.Executor = (*Executor)(nil)

// Name identifies the executor and its profile and says that it stands in for a learned
// executor, such as "kinematic/motionllm (stand-in executor: built-in kinematic, motionllm error
// profile)": every output that names the executor (trace, run.json, reports) says so.
func (e *Executor) Name() string {
	return "kinematic/" + e.profile.Name + " (stand-in executor: built-in kinematic, " + e.profile.Name + " error profile)"
}

// Profile returns the executor's error model.
func (e *Executor) Profile() Profile { return e.profile }

// Outcome is what one segment of a plan does, known without rendering its frames.
type Outcome struct {
	// Action is the text of the action the segment belongs to (a sentence with two actions gives
	// two outcomes with the same text).
	Action string
	// Kind is what the segment does.
	Kind action.Kind
	// Frames is the segment's length in frames (the first segment also holds the start frame).
	Frames int
	// End is where the body stands and faces at the end of the segment, as the clip's last
	// frame of the segment reports it (motion.Pose.State).
	End motion.State
	// Warnings are the segment's warnings.
	Warnings []string
}

// segmentPlan is one planned segment: its moves and outcome.
type segmentPlan struct {
	moves   []move
	frames  int // after snapping to the profile's granularity
	outcome Outcome
	end     body
}

// planAll plans every action from start; it fails only on bad input or too much work.
func (e *Executor) planAll(ctx context.Context, start motion.State, actions []string) ([]segmentPlan, error) {
	if err := e.profile.validate(); err != nil {
		return nil, err
	}
	if err := checkActions(actions); err != nil {
		return nil, err
	}
	if !geom.FiniteVec(start.Root) || !geom.Finite(start.Heading) {
		return nil, fmt.Errorf("kinematic: start state %v is not finite", start)
	}
	b := body{at: motion.State{Root: mgl64.Vec3{start.Root.X(), 0, start.Root.Z()}, Heading: start.Heading}}
	var out []segmentPlan
	total := 1
	for i, text := range actions {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("kinematic: %w", err)
		}
		for c, a := range action.Parse(text) {
			st := e.profile.resolve(a, actionRand(e.seed, i, c, text))
			moves, warns := plan(b, st, e.profile.maxFrames())
			sp := segmentPlan{moves: moves, end: b}
			n := 0
			for _, m := range moves {
				n += m.frames
				sp.end = m.end
			}
			sp.frames = e.profile.snap(n)
			total += sp.frames
			if total > MaxFrames {
				return nil, fmt.Errorf("kinematic: actions need more than %d frames (action %d %q)", MaxFrames, i+1, shorten(text, 60))
			}
			sp.outcome = Outcome{Action: text, Kind: a.Kind, Frames: sp.frames, End: sp.end.pose().State(),
				Warnings: append(append([]string(nil), a.Warnings...), warns...)}
			out = append(out, sp)
			b = sp.end
		}
	}
	out[0].outcome.Frames++ // the start frame
	return out, nil
}

// checkActions refuses no actions, more than MaxActions, and an action longer than
// motion.MaxActionBytes: its text becomes a segment's, and a clip holds no longer one.
func checkActions(actions []string) error {
	if len(actions) == 0 {
		return fmt.Errorf("kinematic: no actions to execute, want at least one")
	}
	if len(actions) > MaxActions {
		return fmt.Errorf("kinematic: %d actions, want at most %d", len(actions), MaxActions)
	}
	for i, a := range actions {
		if len(a) > motion.MaxActionBytes {
			return fmt.Errorf("kinematic: action %d is %d bytes (%q), want at most %d", i+1, len(a), shorten(a, 40), motion.MaxActionBytes)
		}
	}
	return nil
}

// Predict returns what each segment of the actions would do, without rendering: the same plan
// Execute performs, at a fraction of the cost. Planners use it to foresee where actions lead.
func (e *Executor) Predict(ctx context.Context, start motion.State, actions []string) ([]Outcome, error) {
	plans, err := e.planAll(ctx, start, actions)
	if err != nil {
		return nil, err
	}
	out := make([]Outcome, len(plans))
	for i, sp := range plans {
		out[i] = sp.outcome
	}
	return out, nil
}

// Frames returns how many frames Execute would return for the actions, from the plan alone: it
// implements executor.Sizer.
func (e *Executor) Frames(ctx context.Context, start motion.State, actions []string) (int, error) {
	plans, err := e.planAll(ctx, start, actions)
	if err != nil {
		return 0, err
	}
	total := 1
	for _, sp := range plans {
		total += sp.frames
	}
	return total, nil
}

var _ executor.Sizer = (*Executor)(nil)

// Execute runs the actions in order from start (standing there, facing its heading), each from
// where the previous one ended, and returns their motion at 20 fps with one segment per understood
// action (two for a sentence such as "turns around and sits down"; both carry the sentence's
// text). It fails only on an invalid profile, no actions, a non-finite start, too much work, or
// a cancelled ctx; text it does not understand yields a short standing motion with a warning.
func (e *Executor) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	plans, err := e.planAll(ctx, start, actions)
	if err != nil {
		return nil, err
	}
	total := 1
	for _, sp := range plans {
		total += sp.frames
	}
	b := body{at: motion.State{Root: mgl64.Vec3{start.Root.X(), 0, start.Root.Z()}, Heading: start.Heading}}
	frames := make([]motion.Pose, 1, total)
	frames[0] = b.pose()
	clip := &motion.Clip{FPS: fps}
	for i, sp := range plans {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("kinematic: %w", err)
		}
		from := len(frames)
		for _, m := range sp.moves {
			at := len(frames)
			frames = m.render(frames)
			joinFrames(frames[at-1], frames[at:], 6)
		}
		frames = holdFrames(frames, frames[len(frames)-1], from+sp.frames-len(frames))
		seg := motion.Segment{Action: sp.outcome.Action, Start: from, End: len(frames), Warnings: sp.outcome.Warnings}
		if i == 0 {
			seg.Start = 0
		}
		clip.Segments = append(clip.Segments, seg)
	}
	clip.Frames = frames
	return clip, nil
}

// shorten cuts s to at most n runes for messages.
func shorten(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
