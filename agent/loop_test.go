package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// script is a scripted model: a first plan, reflections that return numbered plans, observations
// chosen per (round, step, attempt), and verdicts per round. It records what it was asked.
type script struct {
	mu        sync.Mutex
	plan      []string
	observe   func(round, step, attempt int, in mllm.ObserveInput) mllm.Observation
	pass      func(round int) bool
	plans     int
	observed  []string // "round.step.attempt action"
	reflected [][]mllm.Round
	checks    int
	round     int
	heard     []string // "round role lessons" of every plan and observation
}

func (s *script) model() *mllm.Funcs {
	return &mllm.Funcs{
		ModelName: "test/script",
		AnalyzeFunc: func(ctx context.Context, in mllm.SceneInput) (mllm.SceneAnalysis, error) {
			return mllm.SceneAnalysis{Text: "a room"}, nil
		},
		PlanFunc: func(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.plans++
			s.heard = append(s.heard, fmt.Sprintf("%d plan %s", s.round, in.Lessons))
			if len(in.Done) > 0 || in.Hint != "" {
				return mllm.Plan{Steps: []string{"A person turns left by 10 degrees", "A person walks forward 0.5 meters"}}, nil
			}
			s.round = 1
			return mllm.Plan{Steps: s.plan}, nil
		},
		ObserveFunc: func(ctx context.Context, in mllm.ObserveInput) (mllm.Observation, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.observed = append(s.observed, fmt.Sprintf("%d.%d.%d %s", s.round, in.Step+1, len(in.Attempts)+1, in.Action))
			s.heard = append(s.heard, fmt.Sprintf("%d observe %s", s.round, in.Lessons))
			return s.observe(s.round, in.Step+1, len(in.Attempts)+1, in), nil
		},
		ReflectFunc: func(ctx context.Context, in mllm.ReflectInput) (mllm.Reflection, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.reflected = append(s.reflected, in.Memory)
			s.round = len(in.Memory) + 1
			return mllm.Reflection{Steps: []string{fmt.Sprintf("A person walks forward %d.5 meters", s.round)}, FailureAnalysis: "x", Strategy: "y"}, nil
		},
		CheckFunc: func(ctx context.Context, in mllm.CheckInput) (mllm.Verdict, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.checks++
			return mllm.Verdict{Pass: s.pass != nil && s.pass(s.round), Reason: "scripted"}, nil
		},
	}
}

// counter counts the executor's calls.
type counter struct {
	mu    sync.Mutex
	calls [][]string
	e     executor.Executor
}

func (c *counter) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	c.mu.Lock()
	c.calls = append(c.calls, append([]string(nil), actions...))
	c.mu.Unlock()
	return c.e.Execute(ctx, start, actions)
}

func openRoom(t *testing.T) *scene.Scene {
	t.Helper()
	s, err := furniture.Builtin("living_room")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runScript runs a scripted model in a mode and returns the trace, the script and the executor.
func runScript(t *testing.T, s *script, cfg Config) (*Trace, *counter) {
	t.Helper()
	ex := &counter{e: kinematic.New(kinematic.Options{})}
	env := Env{Scene: openRoom(t), Settings: Settings{Scene: "living_room", Task: "walk about"}, Model: s.model(), Executor: ex, ExecutorName: "kinematic/ideal"}
	tr, err := Run(context.Background(), env, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tr, ex
}

var threeSteps = []string{"A person walks forward 1 meter", "A person turns left by 90 degrees", "A person walks forward 0.5 meters"}

func continues(int, int, int, mllm.ObserveInput) mllm.Observation {
	return mllm.Observation{Decision: mllm.Continue, Score: 0.9}
}

func TestNaiveIsOnePlanAndOneExecution(t *testing.T) {
	s := &script{plan: threeSteps, observe: continues}
	tr, ex := runScript(t, s, Config{Mode: Naive})
	if s.plans != 1 || len(ex.calls) != 1 || len(s.observed) != 0 || s.checks != 0 || len(tr.Rounds) != 1 {
		t.Fatalf("naive: %d plans, %d executions, %d observations, %d checks, %d rounds", s.plans, len(ex.calls), len(s.observed), s.checks, len(tr.Rounds))
	}
	if !slices.Equal(ex.calls[0], threeSteps) || tr.Costs.MotionExecutions != 1 {
		t.Fatalf("executed %q (%d counted)", ex.calls[0], tr.Costs.MotionExecutions)
	}
}

// TestRedoRegeneratesOnlyTheStep: a redo at step 2 runs step 2 again as rewritten, keeps step 1,
// and the accepted plan has the redo's words at step 2 only.
func TestRedoRegeneratesOnlyTheStep(t *testing.T) {
	s := &script{plan: threeSteps, observe: func(r, step, a int, in mllm.ObserveInput) mllm.Observation {
		if step == 2 && a == 1 {
			return mllm.Observation{Decision: mllm.Redo, Score: 0.3, RedoAction: "A person turns left by 100 degrees"}
		}
		return mllm.Observation{Decision: mllm.Continue, Score: 0.9}
	}}
	tr, ex := runScript(t, s, Config{Mode: Online})
	want := []string{threeSteps[0], "A person turns left by 100 degrees", threeSteps[2]}
	if got := tr.Rounds[0].Accepted; !slices.Equal(got, want) {
		t.Fatalf("accepted %q", got)
	}
	wantObs := []string{"1.1.1 " + threeSteps[0], "1.2.1 " + threeSteps[1], "1.2.2 A person turns left by 100 degrees", "1.3.1 " + threeSteps[2]}
	if !slices.Equal(s.observed, wantObs) {
		t.Fatalf("observed %q", s.observed)
	}
	// Every call executes the accepted prefix plus one step; no prefix is executed twice.
	seen := map[string]bool{}
	for _, c := range ex.calls {
		k := strings.Join(c, "|")
		if seen[k] {
			t.Fatalf("executed %q twice", c)
		}
		seen[k] = true
	}
	// The final motion is the accepted plan executed whole.
	final := tr.Rounds[0].Motion
	again, _ := kinematic.New(kinematic.Options{}).Execute(context.Background(), openRoom(t).Start, want)
	if final.Len() != again.Len() || final.Frames[final.Len()-1] != again.Frames[again.Len()-1] {
		t.Fatal("the round's motion is not the accepted plan executed again")
	}
}

// TestReplanKeepsThePrefixAndMayChangeTheLength.
func TestReplanKeepsThePrefixAndMayChangeTheLength(t *testing.T) {
	s := &script{plan: threeSteps, observe: func(r, step, a int, in mllm.ObserveInput) mllm.Observation {
		if step == 2 && a == 1 {
			return mllm.Observation{Decision: mllm.Replan, Score: 0.2, ReplanSteps: []string{"A person turns right by 45 degrees",
				"A person walks forward 0.3 meters", "A person sidesteps left 0.2 meters", "A person sits down"}}
		}
		if step == 3 && a == 1 {
			return mllm.Observation{Decision: mllm.Replan, Score: 0.2, ReplanHint: "go the other way"}
		}
		return mllm.Observation{Decision: mllm.Continue, Score: 0.9}
	}}
	tr, _ := runScript(t, s, Config{Mode: Online})
	got := tr.Rounds[0].Accepted
	want := []string{threeSteps[0], "A person turns right by 45 degrees", "A person turns left by 10 degrees", "A person walks forward 0.5 meters"}
	if !slices.Equal(got, want) {
		t.Fatalf("accepted %q, want %q", got, want)
	}
	if s.plans != 2 {
		t.Fatalf("%d plans: a replan with only a hint must ask the Plan role once", s.plans)
	}
}

// TestRMaxBoundsCorrections: a step that is never accepted gets RMax corrections, then its latest
// version is accepted.
func TestRMaxBoundsCorrections(t *testing.T) {
	for _, rmax := range []int{1, 2, 3} {
		s := &script{plan: threeSteps[:1], observe: func(r, step, a int, in mllm.ObserveInput) mllm.Observation {
			return mllm.Observation{Decision: mllm.Redo, Score: 0.1, RedoAction: fmt.Sprintf("A person walks forward %d meters", a+1)}
		}}
		tr, _ := runScript(t, s, Config{Mode: Online, RMax: rmax})
		if len(s.observed) != rmax+1 {
			t.Errorf("r_max %d: %d observations, want %d", rmax, len(s.observed), rmax+1)
		}
		want := fmt.Sprintf("A person walks forward %d meters", rmax+1) // attempt a redoes as a+1
		if got := tr.Rounds[0].Accepted[0]; got != want {
			t.Errorf("r_max %d: accepted %q, want the latest version %q", rmax, got, want)
		}
	}
}

// TestCorrectionsOfARoundAreBounded: a model that replans every step with two new steps would
// never finish a round; the round's corrections stop at max_corrections (by default R_max × the
// plan's steps), later steps are accepted as they are, and the trace says why.
func TestCorrectionsOfARoundAreBounded(t *testing.T) {
	for _, tc := range []struct{ max, want int }{{0, 2 * 3}, {4, 4}} {
		s := &script{plan: threeSteps, observe: func(r, step, a int, in mllm.ObserveInput) mllm.Observation {
			return mllm.Observation{Decision: mllm.Replan, Score: 0.1, ReplanHint: "again"}
		}}
		tr, _ := runScript(t, s, Config{Mode: Online, MaxCorrections: tc.max})
		// Every attempt but each step's accepted one is a correction.
		if got := len(s.observed) - len(tr.Rounds[0].Accepted); got != tc.want {
			t.Errorf("max_corrections %d: %d corrections, want %d", tc.max, got, tc.want)
		}
		notes := 0
		for _, e := range tr.Events {
			if e.Kind == KindNote {
				notes++
			}
		}
		if notes == 0 || len(tr.Rounds[0].Accepted) > 3+2*tc.want {
			t.Errorf("max_corrections %d: %d notes, %d steps accepted", tc.max, notes, len(tr.Rounds[0].Accepted))
		}
	}
}

// TestReflectionRoundsAndEarlyStop: offline never observes; every round is in the memory
// reflection sees; a pass stops early; N_max bounds the rounds.
func TestReflectionRoundsAndEarlyStop(t *testing.T) {
	s := &script{plan: threeSteps, observe: continues, pass: func(r int) bool { return r == 3 }}
	tr, _ := runScript(t, s, Config{Mode: Offline, NMax: 5})
	if len(s.observed) != 0 {
		t.Fatalf("offline observed %d steps", len(s.observed))
	}
	if len(tr.Rounds) != 3 || tr.Final != 3 || len(s.reflected) != 2 || len(s.reflected[1]) != 2 {
		t.Fatalf("%d rounds (final %d), reflections saw %d memories", len(tr.Rounds), tr.Final, len(s.reflected))
	}
	if s.reflected[1][0].Motion == nil || len(s.reflected[1][0].Plan) != 3 || s.reflected[1][1].Verdict == nil {
		t.Fatalf("memory of round 1 %+v", s.reflected[1][0])
	}
	s2 := &script{plan: threeSteps, observe: continues}
	tr2, _ := runScript(t, s2, Config{Mode: Full, NMax: 4})
	if len(tr2.Rounds) != 4 || s2.checks != 4 || len(s2.reflected) != 3 || len(s2.reflected[2]) != 3 {
		t.Fatalf("never passing: %d rounds, %d checks, %d reflections", len(tr2.Rounds), s2.checks, len(s2.reflected))
	}
	s3 := &script{plan: threeSteps, observe: continues, pass: func(int) bool { return true }}
	tr3, _ := runScript(t, s3, Config{Mode: Full, NMax: 4, NoEarlyStop: true})
	if len(tr3.Rounds) != 4 {
		t.Fatalf("no early stop: %d rounds", len(tr3.Rounds))
	}
}

// TestRolesOfAReflectedRoundHearItsLessons: every plan and observation of a round that reflection
// planned is told what that reflection concluded; round 1's are told nothing.
func TestRolesOfAReflectedRoundHearItsLessons(t *testing.T) {
	replanFirst := func(round, step, attempt int, in mllm.ObserveInput) mllm.Observation {
		if step == 1 && attempt == 1 {
			return mllm.Observation{Decision: mllm.Replan, Score: 0.3, ReplanHint: "go on"}
		}
		return continues(round, step, attempt, in)
	}
	s := &script{plan: threeSteps, observe: replanFirst}
	runScript(t, s, Config{Mode: Full, NMax: 2})
	lessons := mllm.Reflection{FailureAnalysis: "x", Strategy: "y"}.Lessons()
	var r1, r2 int
	for _, h := range s.heard {
		round, rest, _ := strings.Cut(h, " ")
		_, heard, _ := strings.Cut(rest, " ")
		switch {
		case round <= "1" && heard == "": // the first plan comes before the script counts round 1
			r1++
		case round == "2" && heard == lessons:
			r2++
		default:
			t.Errorf("heard %q", h)
		}
	}
	if r1 < 2 || r2 < 2 {
		t.Fatalf("round 1 roles %d, round 2 roles %d: %q", r1, r2, s.heard)
	}
}

// TestMemoryImagesBoundTheRequest: older rounds keep their text but not their images.
func TestMemoryImagesBoundTheRequest(t *testing.T) {
	s := &script{plan: threeSteps, observe: continues}
	runScript(t, s, Config{Mode: Offline, NMax: 4, MemoryImages: 1})
	last := s.reflected[len(s.reflected)-1]
	for i, m := range last {
		if want := i == len(last)-1; m.Image.Empty() == want {
			t.Errorf("round %d of %d: image present %v", i+1, len(last), !m.Image.Empty())
		}
	}
}
