package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/bench"
	"interactagent/eval"
)

// TestEvaluatorBesideTheCheck: a judged bench trial shows the evaluator's verdict marked as the
// evaluator's; a free run says there are no goals to judge.
func TestEvaluatorBesideTheCheck(t *testing.T) {
	pass := true
	res := &bench.Result{Trial: bench.Trial{Task: "T", Mode: agent.Full}, Rounds: []bench.RoundOutcome{{Round: 1, Pass: &pass,
		Released: eval.Outcome{Success: false, FailedStep: 2, Why: "too far"}}}}
	got := evaluatorText(res, 1)
	for _, want := range []string{"**Evaluator** (not the model's", "fail (released rule)", "false pass"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if got := evaluatorText(nil, 1); !strings.Contains(got, "no goals to judge") {
		t.Errorf("a free run: %q", got)
	}
	dir := t.TempDir()
	run := filepath.Join(dir, "trials", res.Name())
	os.MkdirAll(run, 0o755)
	os.MkdirAll(filepath.Join(dir, "results"), 0o755)
	data := `{"task":"T","mode":"full","seed":0,"final_round":1,"rounds":[{"round":1,"released":{"success":true},"strict":{"success":false}}]}`
	os.WriteFile(filepath.Join(dir, "results", res.Name()+".json"), []byte(data), 0o644)
	if r, ok := bench.ResultOfRun(run); !ok || !r.Rounds[0].Released.Success {
		t.Fatalf("the trial's result: %v %+v", ok, r)
	}
	if _, ok := bench.ResultOfRun(dir); ok {
		t.Fatal("a folder that is no trial has a result")
	}
}
