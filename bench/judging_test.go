package bench

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/mllm"
	"interactagent/motion"
)

func pass(b bool) *bool { return &b }

func outcomeRound(ok bool, check *bool, pe float64) RoundOutcome {
	return RoundOutcome{Released: eval.Outcome{Success: ok}, Pass: check, PeMax: pe}
}

// TestJudgingFalsePassAndRegression: a run that succeeded at round 2, failed its check there,
// then stopped on a Pass at round 3 which the evaluator fails.
func TestJudgingFalsePassAndRegression(t *testing.T) {
	var j Judging
	rounds := []RoundOutcome{outcomeRound(false, pass(false), 5), outcomeRound(true, pass(false), 4), outcomeRound(false, pass(true), 1)}
	j.judgeRounds(rounds, 3, 3, 5)
	want := Judging{Checked: 3, TruePass: 0, FalsePass: 1, TrueFail: 1, FalseFail: 1, OutputChecked: true, OutputFalsePass: true,
		Regressed: true, EvalBest: 2, RunBest: 3, FirstSuccess: 2, Wasted: 1, Short: true}
	if j != want {
		t.Fatalf("got %+v\nwant %+v", j, want)
	}
	var ok Judging
	ok.judgeRounds([]RoundOutcome{outcomeRound(true, pass(true), 1)}, 1, 1, 5)
	if ok.OutputFalsePass || ok.TruePass != 1 || ok.Short || ok.Regressed || ok.Wasted != 0 || ok.EvalBest != 1 {
		t.Fatalf("a clean pass: %+v", ok)
	}
}

// TestJudgingSteps: a continue on a step that missed its goal, a redo on one that met it, an
// attempt whose motion is not kept, and a step that undid the final contact.
func TestJudgingSteps(t *testing.T) {
	segs := []motion.Segment{{Start: 0, End: 10}, {Start: 10, End: 20}, {Start: 20, End: 30}}
	// A two-link chain that fulfilled link 1 at frame 12 and never link 2.
	failed := eval.Outcome{Success: false, Steps: 2, Fulfilled: 1, Frames: []int{12}}
	labels := labelSteps(failed, segs, func(int) bool { return false })
	if labels[0] != stepUnattributed || labels[1] != stepMet || labels[2] != stepMissed {
		t.Fatalf("labels %v", labels)
	}
	steps := []mllm.StepRecord{
		{Action: "turn", Attempts: []mllm.Attempt{{Action: "turn", Decision: mllm.Continue}}},
		{Action: "sit", Attempts: []mllm.Attempt{{Action: "walk", Decision: mllm.Redo}, {Action: "sit", Decision: mllm.Redo}, {Action: "sit", Decision: mllm.Continue}}},
		{Action: "lie", Attempts: []mllm.Attempt{{Action: "lie", Decision: mllm.Continue}}},
	}
	var j Judging
	j.judgeSteps(steps, labels)
	if j.Observations != 5 || j.Unattributed != 2 || j.CorrectMet != 1 || j.ContinueMet != 1 || j.ContinueFailed != 1 || j.StepsMet != 1 || j.StepsMissed != 1 {
		t.Fatalf("%+v", j)
	}
	// The chain completed at frame 5; the final link holds until frame 14: the second step
	// (frames 10–20) leaves it.
	done := eval.Outcome{Success: true, Steps: 1, Fulfilled: 1, Frames: []int{5}}
	labels = labelSteps(done, segs, func(f int) bool { return f < 15 })
	if labels[0] != stepMet || labels[1] != stepBroke || labels[2] != stepUnattributed {
		t.Fatalf("labels %v", labels)
	}
	var b Judging
	b.judgeSteps(steps[:2], labels) // segments and steps differ in number: nothing attributed
	if b.Unattributed != b.Observations {
		t.Fatalf("%+v", b)
	}
	b = Judging{}
	b.judgeSteps([]mllm.StepRecord{steps[0], {Action: "stand", Attempts: []mllm.Attempt{{Action: "stand", Decision: mllm.Continue}}}, steps[2]}, labels)
	if b.StepsBroke != 1 || b.ContinueFailed != 1 {
		t.Fatalf("%+v", b)
	}
}

// TestJudgingReportAndRoundTrip: the section per mode, the sums, CSV columns at the end and a
// JSON round trip; a result without judging reads as absent.
func TestJudgingReportAndRoundTrip(t *testing.T) {
	rep := handReport()
	for _, r := range rep.Results {
		if r.Mode == agent.Full && len(r.Rounds) > 0 {
			r.Judging = &Judging{}
			r.Judging.judgeRounds(r.Rounds, r.Final, r.Final, 5)
		}
	}
	rep = Summarize(rep.Manifest, rep.Results, rep.Missing)
	md := rep.Markdown()
	for _, want := range []string{"## Judging", "| naive | 0 |", "| full | 4 |", "False-pass rate of the output round by complexity"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	var full *JudgingSum
	for _, row := range rep.Rows {
		if row.Mode == agent.Full {
			full = row.Judging
		}
	}
	if full == nil || full.Trials != 4 || full.OutputChecked+0 > full.Trials || full.TruePass+full.FalsePass+full.TrueFail+full.FalseFail != full.Checked {
		t.Fatalf("full sums %+v", full)
	}
	rows := readCSV(t, rep)
	if len(rows[0]) != len(csvHeader) || rows[0][len(rows[0])-1] != "short" {
		t.Fatalf("header %v", rows[0])
	}
	data, err := json.Marshal(rep.Results[len(rep.Results)-1])
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(data, &back); err != nil || back.Judging == nil || *back.Judging != *rep.Results[len(rep.Results)-1].Judging {
		t.Fatalf("round trip: %v %+v", err, back.Judging)
	}
	var old Result
	if err := json.Unmarshal([]byte(`{"task":"L","mode":"full","seed":0,"final_round":1}`), &old); err != nil || old.Judging != nil {
		t.Fatalf("an old result: %v %+v", err, old.Judging)
	}
}

// TestJudgingOnABench: a bench of built-in tasks gives judging metrics whose counts add up.
func TestJudgingOnABench(t *testing.T) {
	m := smallManifest(t)
	m.Modes = []agent.Mode{agent.Online, agent.Full}
	m.Suite.Tasks = m.Suite.Tasks[len(m.Suite.Tasks)-2:]
	rep, err := Run(context.Background(), m, options(t.TempDir(), Shard{}, 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		j := r.Judging
		if j == nil {
			t.Fatalf("%s: no judging", r.Trial.Name())
		}
		if j.TruePass+j.FalsePass+j.TrueFail+j.FalseFail != j.Checked || j.Unattributed > j.Observations ||
			j.ContinueMet+j.CorrectMet+j.ContinueFailed+j.CorrectFailed != j.Observations-j.Unattributed ||
			j.EvalBest < 1 || j.EvalBest > len(r.Rounds) || j.RunBest < 1 || j.RunBest > len(r.Rounds) {
			t.Errorf("%s: counts do not add up: %+v", r.Trial.Name(), j)
		}
		if r.Mode == agent.Full && (j.Checked != len(r.Rounds) || !j.OutputChecked) {
			t.Errorf("%s: every round of full mode is checked: %+v", r.Trial.Name(), j)
		}
		if r.Mode == agent.Online && j.Observations == 0 {
			t.Errorf("%s: online mode observes", r.Trial.Name())
		}
	}
	for _, row := range rep.Rows {
		for _, f := range []func() (float64, bool){row.Judging.Precision, row.Judging.Recall, row.Judging.FalsePassRate} {
			if v, ok := f(); ok && (v < 0 || v > 1) {
				t.Errorf("%s: a rate of %v", row.Mode, v)
			}
		}
	}
}
