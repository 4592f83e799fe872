package agent

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"interactagent/executor/kinematic"
	"interactagent/httpclient"
	"interactagent/mllm"
	"interactagent/mllm/geometric"
	"interactagent/scene/furniture"
)

// DemoTask is the task `make run` runs, and the tests compare modes on.
const demoTask = "sit on the armchair, then walk to the bookshelf and touch it with your right hand"

// builtinEnv is the demo's environment with the built-in backends and the motionllm profile.
func builtinEnv(t testing.TB, seed uint64, folder *Folder) Env {
	t.Helper()
	s, err := furniture.Builtin("living_room")
	if err != nil {
		t.Fatal(err)
	}
	return Env{Scene: s, Settings: Settings{Scene: "living_room", Task: demoTask}, Model: geometric.New(geometric.Options{Seed: seed}),
		Executor: kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM(), Seed: seed}), ExecutorName: "kinematic/motionllm", Folder: folder}
}

// TestFullPassesWhereNaiveFails: on the demo task, with the built-in backends and the motionllm
// profile, full mode's final motion passes the stop check and naive's fails that same check
// (same seed); the run folder holds every file.
func TestFullPassesWhereNaiveFails(t *testing.T) {
	dir := t.TempDir()
	folder, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer folder.Close()
	full, err := Run(context.Background(), builtinEnv(t, 0, folder), Config{Mode: Full}, nil)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := Run(context.Background(), builtinEnv(t, 0, nil), Config{Mode: Naive}, nil)
	if err != nil {
		t.Fatal(err)
	}
	env := builtinEnv(t, 0, nil)
	check := func(tr *Trace) mllm.Verdict {
		v, err := env.Model.Check(context.Background(), mllm.CheckInput{Context: mllm.Context{Task: demoTask, Scene: env.Scene, Start: env.Scene.Start}, Motion: tr.FinalRound().Motion})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := check(full); !v.Pass {
		t.Errorf("full mode fails the check: %s", v.Reason)
	}
	if v := check(naive); v.Pass {
		t.Errorf("naive mode passes the check: %s", v.Reason)
	}
	for _, f := range []string{"run.json", "trace.jsonl", "summary.json", "shots/index.json", "round-1/plan.json", "round-1/ghost.png",
		"round-1/motion.json", "round-1/motion.npy", "round-1/metrics.json", "round-1/step-01-1.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("run folder lacks %s: %v", f, err)
		}
	}
	events, err := ReadTrace(dir)
	if err != nil || len(events) != len(full.Events) || events[len(events)-1].Kind != KindDone {
		t.Fatalf("trace: %d events read (%v), %d run", len(events), err, len(full.Events))
	}
}

// faulty is a model that fails a share of its calls the way a real endpoint does: timeouts, 429,
// 500 and malformed replies. Whether a call fails depends on the request and how often it was
// made, so a run is repeatable.
type faulty struct {
	mllm.Model
	share float64
	mu    sync.Mutex
	seen  map[string]int
}

// fault decides whether this call of the request fails, and how.
func (f *faulty) fault(role mllm.Role, key string) error {
	f.mu.Lock()
	n := f.seen[string(role)+key]
	f.seen[string(role)+key] = n + 1
	f.mu.Unlock()
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%d", role, key, n)
	u := float64(h.Sum64()%10000) / 10000
	if u >= f.share {
		return nil
	}
	switch int(u*1000) % 4 {
	case 0:
		return &mllm.RequestError{Backend: "faulty", Msg: "no answer: the try's timeout passed", Err: &httpclient.TransportError{Timeout: true, Err: errors.New("timeout")}}
	case 1:
		return &mllm.RequestError{Backend: "faulty", Status: 429, Msg: "rate limited"}
	case 2:
		return &mllm.RequestError{Backend: "faulty", Status: 500, Msg: "internal error"}
	}
	return &mllm.ReplyError{Backend: "faulty", Role: role, Msg: "no JSON object found", Raw: "I think the person should..."}
}

func (f *faulty) Plan(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
	if err := f.fault(mllm.RolePlan, fmt.Sprint(len(in.Done), in.Hint)); err != nil {
		return mllm.Plan{}, err
	}
	return f.Model.Plan(ctx, in)
}

func (f *faulty) Observe(ctx context.Context, in mllm.ObserveInput) (mllm.Observation, error) {
	if err := f.fault(mllm.RoleObserve, fmt.Sprint(in.Step, in.Action, len(in.Attempts))); err != nil {
		return mllm.Observation{}, err
	}
	return f.Model.Observe(ctx, in)
}

func (f *faulty) Check(ctx context.Context, in mllm.CheckInput) (mllm.Verdict, error) {
	if err := f.fault(mllm.RoleCheck, fmt.Sprint(in.Motion.Len())); err != nil {
		return mllm.Verdict{}, err
	}
	return f.Model.Check(ctx, in)
}

func (f *faulty) Reflect(ctx context.Context, in mllm.ReflectInput) (mllm.Reflection, error) {
	if err := f.fault(mllm.RoleReflect, fmt.Sprint(len(in.Memory))); err != nil {
		return mllm.Reflection{}, err
	}
	return f.Model.Reflect(ctx, in)
}

// TestRunsCompleteDespiteModelFaults: with 30 % of model calls failing (timeouts, 429, 500,
// malformed replies), runs complete and the trace records each fault.
func TestRunsCompleteDespiteModelFaults(t *testing.T) {
	total := 0
	for seed := uint64(0); seed < 3; seed++ {
		env := builtinEnv(t, seed, nil)
		env.Model = &faulty{Model: env.Model, share: 0.3, seen: map[string]int{}}
		tr, err := Run(context.Background(), env, Config{Mode: Full, ModelBackoff: time.Millisecond}, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		faults := 0
		for _, e := range tr.Events {
			if e.Kind == KindFault {
				faults++
				if e.Text == "" || e.Role == "" || e.Attempt == 0 {
					t.Fatalf("fault event without what, where or which try: %+v", e)
				}
			}
		}
		if faults != tr.Costs.Faults || faults == 0 {
			t.Fatalf("seed %d: %d fault events, %d counted", seed, faults, tr.Costs.Faults)
		}
		total += faults
	}
	t.Logf("%d faults recorded over 3 runs", total)
}

func TestMoneyFromThePriceTable(t *testing.T) {
	if got := priceName("openai/gpt-4o@127.0.0.1:8000"); got != "gpt-4o" {
		t.Fatalf("priceName = %q", got)
	}
	s := &script{plan: threeSteps, observe: continues}
	m := s.model()
	priced := &mllm.Funcs{ModelName: "openai/gpt-4o", AnalyzeFunc: m.AnalyzeFunc, PlanFunc: func(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
		p, err := m.PlanFunc(ctx, in)
		p.Usage = mllm.Usage{Requests: 1, PromptTokens: 1_000_000, CompletionTokens: 100_000}
		return p, err
	}}
	env := builtinEnv(t, 0, nil)
	env.Model, env.Prices = priced, mllm.DefaultPrices()
	tr, err := Run(context.Background(), env, Config{Mode: Naive}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Costs.Money == nil || *tr.Costs.Money < 3.49 || *tr.Costs.Money > 3.51 { // 1M × $2.50/M + 0.1M × $10/M
		t.Fatalf("money %v", tr.Costs.Money)
	}
}
