package geometric

import (
	"context"
	"errors"
	"strings"
	"testing"

	"interactagent/executor/kinematic"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"

	"github.com/go-gl/mathgl/mgl64"
)

// ctxOf is the run context of a task in a room.
func ctxOf(s *scene.Scene, task string) mllm.Context {
	return mllm.Context{Task: task, Scene: s, Start: s.Start}
}

// execute runs actions with a profile and seed from the room's start.
func execute(t *testing.T, s *scene.Scene, prof kinematic.Profile, seed uint64, actions []string) *motion.Clip {
	t.Helper()
	c, err := kinematic.New(kinematic.Options{Profile: prof, Seed: seed}).Execute(context.Background(), s.Start, actions)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestObserveFlagsAndCorrectsAmounts: with the motionllm profile, a walk that over- or undershoots
// by more than the tolerance is flagged as such and redone with an amount on the other side of
// what was asked, so that the correction points the right way; a walk that came out right
// continues.
func TestObserveFlagsAndCorrectsAmounts(t *testing.T) {
	s := openFloor(t)
	r := New(Options{Seed: 1})
	const asked = "A person walks forward about 2 meters"
	flagged, fine := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		c := execute(t, s, kinematic.MotionLLM(), seed, []string{asked})
		start, end := see(c.Frames[0]), see(c.Frames[c.Len()-1])
		did := end.root.Sub(start.root).Dot(forward(start.heading))
		obs, err := r.Observe(context.Background(), mllm.ObserveInput{Context: ctxOf(s, "walk to the plant"),
			Plan: []string{asked}, Action: asked, Executed: c, StepFrom: 0})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case did < 1.75 || did > 2.25: // beyond the tolerance and the perception's error together
			flagged++
			redo := readMove(obs.RedoAction)
			want := "undershoot"
			if did > 2 {
				want = "overshoot"
			}
			if obs.Decision != mllm.Redo || len(obs.Issues) == 0 || obs.Issues[0].Type != want || (did < 2) != (redo.amount > 2) {
				t.Errorf("seed %d: walked %.2f m; observation %+v", seed, did, obs)
			}
		case did > 1.9 && did < 2.1:
			fine++
			if obs.Decision == mllm.Redo {
				t.Errorf("seed %d: walked %.2f m of 2 and was told to redo: %+v", seed, did, obs)
			}
		}
		if !strings.Contains(obs.Raw, `"decision"`) {
			t.Fatalf("raw reply %q is not the paper's shape", obs.Raw)
		}
	}
	if flagged == 0 || fine == 0 {
		t.Fatalf("%d flagged and %d fine walks: the seeds miss a case", flagged, fine)
	}
}

// TestPlanRoleAndCheck: the Plan role's plan, executed ideally, passes the Check role; a plan cut
// short fails it, and the reason says which goal was not done.
func TestPlanRoleAndCheck(t *testing.T) {
	s := room(t, "living_room")
	r := New(Options{Seed: 2})
	task := "walk to the bookshelf, then sit on the sofa"
	p, err := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, task)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Raw, `"plan":"1. A person`) || p.Usage.Requests != 1 {
		t.Fatalf("plan reply %+v", p)
	}
	full := execute(t, s, kinematic.Ideal(), 0, p.Steps)
	v, err := r.Check(context.Background(), mllm.CheckInput{Context: ctxOf(s, task), Motion: full})
	if err != nil || !v.Pass {
		t.Fatalf("full plan: %+v %v (steps %q)", v, err, p.Steps)
	}
	cut := execute(t, s, kinematic.Ideal(), 0, p.Steps[:len(p.Steps)/2])
	v, err = r.Check(context.Background(), mllm.CheckInput{Context: ctxOf(s, task), Motion: cut})
	if err != nil || v.Pass || !strings.Contains(v.Reason, "not done") {
		t.Fatalf("half a plan: %+v %v", v, err)
	}
	if r.Name() != Name || !strings.Contains(Name, "stand-in") {
		t.Fatal("the reasoner must name itself a stand-in")
	}
}

// TestReplanContinuesFromTheExecutedMotion: given the motion so far, Plan plans only what is left.
func TestReplanContinuesFromTheExecutedMotion(t *testing.T) {
	s := room(t, "bedroom")
	r := New(Options{})
	task := "sit on the chair, then lie on the bed"
	first, err := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, task)})
	if err != nil {
		t.Fatal(err)
	}
	var sitEnd int
	for i, st := range first.Steps {
		if strings.Contains(st, "sits down") {
			sitEnd = i + 1
		}
	}
	done := execute(t, s, kinematic.Ideal(), 0, first.Steps[:sitEnd])
	rest, err := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, task), Done: first.Steps[:sitEnd], Executed: done})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rest.Steps[0], "stands up") || !strings.Contains(rest.Steps[len(rest.Steps)-1], "lies down") {
		t.Fatalf("rest of the plan %q", rest.Steps)
	}
	all := execute(t, s, kinematic.Ideal(), 0, append(append([]string(nil), first.Steps[:sitEnd]...), rest.Steps...))
	if v, _ := r.Check(context.Background(), mllm.CheckInput{Context: ctxOf(s, task), Motion: all}); !v.Pass {
		t.Fatalf("prefix + rest does not pass: %s", v.Reason)
	}
}

// TestReflectLearnsFromEveryRound: rounds whose walks all fell short make the next plan ask for
// more, word it differently, and say so.
func TestReflectLearnsFromEveryRound(t *testing.T) {
	s := room(t, "living_room")
	r := New(Options{Perception: &Perception{}})
	task := "walk to the bookshelf"
	p, _ := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, task)})
	short := kinematic.Ideal()
	short.Name = "short"
	var mem []mllm.Round
	for i := 0; i < 2; i++ {
		c := execute(t, s, kinematic.Ideal(), 0, p.Steps)
		shrinkWalks(c, 0.8)
		mem = append(mem, mllm.Round{Index: i, Plan: p.Steps, Motion: c, Verdict: &mllm.Verdict{Pass: false, Reason: "stopped short"}})
	}
	ref, err := r.Reflect(context.Background(), mllm.ReflectInput{Context: ctxOf(s, task), Memory: mem})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ref.Strategy, "ask for 125 %") || !strings.Contains(ref.FailureAnalysis, "round 2") || ref.Delta == "" {
		t.Fatalf("reflection %+v", ref)
	}
	if ref.Steps[0] == p.Steps[0] {
		t.Fatalf("the new plan words its first step as the old did: %q", ref.Steps[0])
	}
	_ = short
}

// shrinkWalks scales every frame's displacement from the clip's start by f on the floor plane,
// as if the executor had undershot every walk.
func shrinkWalks(c *motion.Clip, f float64) {
	o := c.Frames[0][motion.Pelvis]
	for t := range c.Frames {
		d := c.Frames[t][motion.Pelvis].Sub(o)
		shift := d.Mul(f - 1)
		shift[1] = 0
		for j := range c.Frames[t] {
			c.Frames[t][j] = c.Frames[t][j].Add(shift)
		}
	}
}

// openFloor is a scene with one plant far ahead of the start and nothing in between.
func openFloor(t *testing.T) *scene.Scene {
	t.Helper()
	plant, err := furniture.New(furniture.Spec{Kind: "plant", Position: mgl64.Vec3{0, 0, 8}})
	if err != nil {
		t.Fatal(err)
	}
	return &scene.Scene{Name: "open floor", Objects: []*scene.Object{plant}}
}

// TestAHastyReadingSlipsAndLessonsMendIt: a reading made without lessons may leave out a later
// clause (here always: ClauseSlip 1), so its plan stops after the first goal and the observer,
// reading as hastily, lets that plan go on; the stop check reads the instruction whole and fails
// the motion; once the context carries a reflection's lessons the plan covers every clause again.
// The first clause never slips.
func TestAHastyReadingSlipsAndLessonsMendIt(t *testing.T) {
	s := room(t, "living_room")
	r := New(Options{Perception: &Perception{ClauseSlip: 1}})
	task := "walk to the bookshelf, then sit on the sofa"
	hasty, err := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, task)})
	if err != nil {
		t.Fatal(err)
	}
	c := execute(t, s, kinematic.Ideal(), 0, hasty.Steps)
	v, err := r.Check(context.Background(), mllm.CheckInput{Context: ctxOf(s, task), Motion: c})
	if err != nil || v.Pass || !strings.Contains(v.Reason, "sit on") || !strings.Contains(v.Reason, "walk to bookshelf") {
		t.Fatalf("hasty plan %q: verdict %+v %v", hasty.Steps, v, err)
	}
	last := len(hasty.Steps) - 1
	before := execute(t, s, kinematic.Ideal(), 0, hasty.Steps[:last])
	obs, err := r.Observe(context.Background(), mllm.ObserveInput{Context: ctxOf(s, task), Plan: hasty.Steps, Step: last,
		Action: hasty.Steps[last], Executed: c, StepFrom: before.Len()})
	if err != nil || obs.Decision != mllm.Continue {
		t.Fatalf("the hasty observer should see nothing missing: %+v %v", obs, err)
	}
	taught := ctxOf(s, task)
	taught.Lessons = "Failure analysis: the sofa was never sat on."
	whole, err := r.Plan(context.Background(), mllm.PlanInput{Context: taught})
	if err != nil {
		t.Fatal(err)
	}
	c = execute(t, s, kinematic.Ideal(), 0, whole.Steps)
	if v, _ := r.Check(context.Background(), mllm.CheckInput{Context: taught, Motion: c}); !v.Pass {
		t.Fatalf("taught plan %q: %s", whole.Steps, v.Reason)
	}
}

// TestWhatItCannotUseIsAPermanentInputError: an instruction the reasoner cannot read, and a call
// without a scene, fail as an *mllm.InputError that says so (so the loop neither retries it nor
// blames a model); a cancelled call returns the context's error as it is.
func TestWhatItCannotUseIsAPermanentInputError(t *testing.T) {
	s := room(t, "bedroom")
	r := New(Options{})
	_, err := r.Plan(context.Background(), mllm.PlanInput{Context: ctxOf(s, "juggle three balls")})
	var ie *mllm.InputError
	if !errors.As(err, &ie) || ie.Role != mllm.RolePlan || !mllm.Permanent(err) ||
		!strings.Contains(err.Error(), `the reasoner cannot use its input: I cannot tell what "juggle three balls" asks`) {
		t.Errorf("plan of an instruction it cannot read: %v, want a permanent InputError saying so", err)
	}
	_, err = r.AnalyzeScene(context.Background(), mllm.SceneInput{Context: mllm.Context{Task: "walk to the bed"}})
	if !errors.As(err, &ie) || ie.Role != mllm.RoleAnalyze || !strings.Contains(err.Error(), "no scene") {
		t.Errorf("analysis without a scene: %v, want an InputError naming the missing scene", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Plan(ctx, mllm.PlanInput{Context: ctxOf(s, "walk to the bed")}); errors.As(err, &ie) || !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled plan: %v, want context.Canceled", err)
	}
}

// The failure analysis listed the objects the body sank into in a map's order, so two runs of one
// seed wrote different reflections (and later requests differed, missing the reply cache). The
// order is fixed now.
func TestReflectionAnalysisIsDeterministic(t *testing.T) {
	l := lessons{walkScale: 1, turnScale: 1, hits: map[string]float64{}}
	for i, o := range []string{"sofa_1", "bed_1", "table_2", "chair_3", "shelf_4", "lamp_5"} {
		l.hits[o] = 0.01 * float64(i+3)
	}
	first := l.analysis()
	for i := 0; i < 50; i++ {
		if got := l.analysis(); got != first {
			t.Fatalf("analysis %d:\n%s\nfirst:\n%s", i, got, first)
		}
	}
	if !strings.Contains(first, "into bed_1; the body sank about 6 cm into chair_3") {
		t.Errorf("objects not in name order: %s", first)
	}
}
