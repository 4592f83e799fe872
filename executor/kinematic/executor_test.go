package kinematic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/executor"
	"interactagent/geom"
	"interactagent/motion"
)

func TestExecuteMarksEachActionsFrames(t *testing.T) {
	actions := []string{"1. A person walks forward 1 meter;", "2. A person turns around and sits down.", "3. A person waves"}
	c := run(t, Ideal(), 0, actions...)
	if c.FPS != executor.FPS {
		t.Errorf("fps %v, want %v", c.FPS, executor.FPS)
	}
	want := []string{actions[0], actions[1], actions[1], actions[2]}
	if len(c.Segments) != len(want) {
		t.Fatalf("%d segments, want %d (the second sentence holds two actions): %+v", len(c.Segments), len(want), c.Segments)
	}
	next := 0
	for i, s := range c.Segments {
		if s.Action != want[i] {
			t.Errorf("segment %d action %q, want %q", i, s.Action, want[i])
		}
		if s.Start != next || s.End <= s.Start {
			t.Errorf("segment %d covers [%d, %d), want to start at %d and be non-empty", i, s.Start, s.End, next)
		}
		next = s.End
	}
	if next != c.Len() {
		t.Errorf("segments end at frame %d of %d", next, c.Len())
	}
	// The turn segment ends turned around, the sit segment seated.
	turnEnd := c.Frames[c.Segments[1].End-1]
	if d := math.Abs(degreesBetween(0, turnEnd.Heading())); math.Abs(d-180) > 2 {
		t.Errorf("after \"turns around\" heading %.1f°, want ±180°", d)
	}
	if y := c.Frames[c.Segments[2].End-1][motion.Pelvis].Y(); math.Abs(y-Ideal().SeatHeight-seatClearance) > 0.01 {
		t.Errorf("after \"sits down\" pelvis at %.3f m, want seated", y)
	}
}

func TestUnknownTextStandsStillWithAWarning(t *testing.T) {
	for _, text := range []string{"A person contemplates the meaning of life", "", "???", "42", "xyzzy plugh"} {
		c := run(t, MotionLLM(), 1, text)
		if len(c.Segments) != 1 || len(c.Segments[0].Warnings) == 0 {
			t.Errorf("%q: segments %+v, want one with a warning", text, c.Segments)
			continue
		}
		if c.Len() < 10 {
			t.Errorf("%q: %d frames, want a short standing motion", text, c.Len())
		}
		if d := c.EndState().Root.Len(); d > 0.01 {
			t.Errorf("%q: moved %.3f m, want standing", text, d)
		}
	}
}

func TestObjectReferencesGetADefaultAmountAndAWarning(t *testing.T) {
	c := run(t, Ideal(), 0, "A person walks to the sofa")
	if d := c.EndState().Root.Len(); math.Abs(d-action.DefaultWalk) > 0.05 {
		t.Errorf("walked %.2f m to the sofa, want the default %.1f m", d, action.DefaultWalk)
	}
	if w := strings.Join(c.Segments[0].Warnings, " "); !strings.Contains(w, "sofa") {
		t.Errorf("warnings %q, want one naming the sofa", w)
	}
}

func TestPredictMatchesExecute(t *testing.T) {
	plans := [][]string{
		{"A person walks forward 2 meters", "A person turns left 90 degrees", "A person sits down", "A person stands up"},
		{"A person turns around and walks forward 3 meters", "A person lies down", "A person gets up"},
		{"A person sidesteps left 1 meter", "A person jumps forward", "A person picks up the box", "A person waves"},
		{"A person walks forward 3 meters while curving right by 60 degrees", "A person runs forward 4 meters", "blah"},
	}
	start := motion.State{Root: mgl64.Vec3{1, 0, -2}, Heading: 0.7}
	for _, p := range []Profile{Ideal(), MotionLLM()} {
		for seed := uint64(0); seed < 5; seed++ {
			e := New(Options{Profile: p, Seed: seed})
			for _, actions := range plans {
				c, err := e.Execute(context.Background(), start, actions)
				if err != nil {
					t.Fatal(err)
				}
				out, err := e.Predict(context.Background(), start, actions)
				if err != nil {
					t.Fatal(err)
				}
				if len(out) != len(c.Segments) {
					t.Fatalf("%s %q: %d outcomes, %d segments", p.Name, actions, len(out), len(c.Segments))
				}
				for i, s := range c.Segments {
					got := c.Frames[s.End-1].State()
					if out[i].Frames != s.End-s.Start || got.Root.Sub(out[i].End.Root).Len() > 1e-6 ||
						math.Abs(geom.WrapAngle(got.Heading-out[i].End.Heading)) > 1e-6 {
						t.Errorf("%s seed %d %q: predicted %d frames ending %v, executed %d ending %v",
							p.Name, seed, s.Action, out[i].Frames, out[i].End, s.End-s.Start, got)
					}
				}
			}
		}
	}
}

func TestExecuteRejectsUnusableInput(t *testing.T) {
	e := New(Options{})
	ctx := context.Background()
	if _, err := e.Execute(ctx, motion.State{}, nil); err == nil {
		t.Error("no actions: no error")
	}
	if _, err := e.Execute(ctx, motion.State{Heading: math.NaN()}, []string{"walks"}); err == nil {
		t.Error("NaN heading: no error")
	}
	if _, err := e.Execute(ctx, motion.State{Root: mgl64.Vec3{math.Inf(1), 0, 0}}, []string{"walks"}); err == nil {
		t.Error("infinite root: no error")
	}
	if _, err := e.Execute(ctx, motion.State{}, make([]string, MaxActions+1)); err == nil {
		t.Error("too many actions: no error")
	}
	longText := "A person walks forward 2 meters" + strings.Repeat(" and then some", 70)
	if _, err := e.Execute(ctx, motion.State{}, []string{"walks", longText}); err == nil ||
		!strings.Contains(err.Error(), fmt.Sprintf("action 2 is %d bytes", len(longText))) {
		t.Errorf("an action over motion.MaxActionBytes: err %v, want one naming it and its size", err)
	}
	if _, err := e.Execute(ctx, motion.State{}, []string{longText[:motion.MaxActionBytes]}); err != nil {
		t.Errorf("an action of motion.MaxActionBytes: %v", err)
	}
	long := make([]string, 300)
	for i := range long {
		long[i] = "A person walks forward 50 meters" // about 850 frames each
	}
	if _, err := e.Execute(ctx, motion.State{}, long); err == nil || !strings.Contains(err.Error(), "frames") {
		t.Errorf("too much motion: err %v, want a frame limit error", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := e.Execute(cancelled, motion.State{}, []string{"walks"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err %v, want context.Canceled", err)
	}
}

func TestExecuteStartsAboveTheFloorWhateverTheStartHeight(t *testing.T) {
	c, err := New(Options{}).Execute(context.Background(), motion.State{Root: mgl64.Vec3{0, 5, 0}}, []string{"waits"})
	if err != nil {
		t.Fatal(err)
	}
	if y := c.Frames[0][motion.Pelvis].Y(); math.Abs(y-tpl.pelvisY) > 1e-9 {
		t.Errorf("pelvis at %.3f m, want standing on the floor (%.3f)", y, tpl.pelvisY)
	}
}

func TestExecuteIsSafeForConcurrentUse(t *testing.T) {
	e := New(Options{Profile: MotionLLM(), Seed: 3})
	actions := []string{"A person walks forward 2 meters", "A person sits down"}
	want := run(t, MotionLLM(), 3, actions...)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := e.Execute(context.Background(), motion.State{}, actions)
			if err != nil || c.Len() != want.Len() || c.Frames[c.Len()-1] != want.Frames[want.Len()-1] {
				errs <- "concurrent Execute gave a different clip"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

func TestNameAndDefaults(t *testing.T) {
	if n := New(Options{}).Name(); !strings.HasPrefix(n, "kinematic/ideal (") || !strings.Contains(n, "stand-in") {
		t.Errorf("zero options name %q, want kinematic/ideal, named a stand-in", n)
	}
	if n := New(Options{Profile: MotionLLM()}).Name(); !strings.HasPrefix(n, "kinematic/motionllm (") || !strings.Contains(n, "stand-in") {
		t.Errorf("name %q, want kinematic/motionllm, named a stand-in", n)
	}
	var _ executor.Executor = New(Options{})
}

func TestStartPoseIsTheRestPoseAtTheStartState(t *testing.T) {
	start := motion.State{Root: mgl64.Vec3{2, 0, 1}, Heading: -1.2}
	c, err := New(Options{}).Execute(context.Background(), start, []string{"waits"})
	if err != nil {
		t.Fatal(err)
	}
	rest := motion.RestPose().RotateY(start.Heading).Translate(start.Root)
	if g := maxJointGap(rest, c.Frames[0]); g > 0.05 {
		t.Errorf("first frame differs from the rest pose by %.3f m", g)
	}
	for j := range c.Frames[0] {
		switch motion.Joint(j) {
		case motion.LeftElbow, motion.RightElbow, motion.LeftKnee, motion.RightKnee:
			continue // the middle joints bend by IK towards a pole, within millimetres of the rest pose
		}
		if d := c.Frames[0][j].Sub(rest[j]).Len(); d > 1e-6 {
			t.Errorf("%v differs from the rest pose by %.4f m", motion.Joint(j), d)
		}
	}
}

// TestFramesMatchesExecute: the size a server checks before executing is the size it then sends.
func TestFramesMatchesExecute(t *testing.T) {
	e := New(Options{Profile: MotionLLM(), Seed: 3})
	for _, actions := range [][]string{
		{"A person walks forward 2 meters"},
		{"A person turns left by 90 degrees; A person walks forward 1 meter", "A person sits down", "A person lies down"},
		{"A person waits for 60 seconds"},
		{"gibberish"},
	} {
		n, err := e.Frames(context.Background(), motion.State{}, actions)
		if err != nil {
			t.Fatal(err)
		}
		c, err := e.Execute(context.Background(), motion.State{}, actions)
		if err != nil {
			t.Fatal(err)
		}
		if n != c.Len() {
			t.Errorf("%q: Frames says %d, Execute gives %d", actions, n, c.Len())
		}
	}
}
