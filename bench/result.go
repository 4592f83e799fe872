package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"interactagent/eval"
	"interactagent/fileio"
	"interactagent/task"
)

// Result is one finished trial, results/TRIAL.json: the outcome of every round under both rules
// of its task, the round the run stopped at, the costs and the wall time. A trial that ended in an
// error (the model failed every try, the scene would not load) has Error set and no rounds; it
// counts as a failure and a resumed bench runs it again.
type Result struct {
	Trial
	Scene      string          `json:"scene"`
	Complexity task.Complexity `json:"complexity"`
	Model      string          `json:"model,omitempty"`
	Executor   string          `json:"executor,omitempty"`
	Rounds     []RoundOutcome  `json:"rounds,omitempty"`
	// Final is the round the run stopped at and output (from 1; 0 with no rounds).
	Final int `json:"final_round"`
	// Stop is the round adaptive stopping stops at: the first round whose check passed, or the
	// last round run when none did. It differs from Final only with NoEarlyStop.
	Stop int `json:"stopping_round"`
	// FirstPass is the first round whose stop check passed; 0 when none did (or none was made).
	FirstPass int   `json:"first_pass_round"`
	Costs     Costs `json:"costs"`
	// Judging compares the run's own judgements with the evaluator's (judging.go); nil in results
	// written before it was computed.
	Judging *Judging `json:"judging,omitempty"`
	// Seconds is the wall time this process spent on the trial (a resumed trial's: the resumption's).
	Seconds float64 `json:"seconds"`
	Error   string  `json:"error,omitempty"`
}

// RoundOutcome is one round's motion judged under both rules, with its penetration, its stop
// check's verdict (reflecting modes) and the VQUs spent up to its end.
type RoundOutcome struct {
	Round    int          `json:"round"`
	Strict   eval.Outcome `json:"strict"`
	Released eval.Outcome `json:"released"`
	PeMax    float64      `json:"pe_max"`
	Pe10     float64      `json:"pe_10pct"`
	Pass     *bool        `json:"check_pass,omitempty"`
	// VQUsThrough counts the images sent to the model from the run's start to this round's end
	// (from the trace's replies; failed calls' images are counted only in Costs).
	VQUsThrough int `json:"vqus_through"`
}

// Costs are a trial's costs, counted as agent.Costs counts them.
type Costs struct {
	VQUs       int      `json:"vqus"`
	Requests   int      `json:"model_requests"`
	Tokens     int      `json:"tokens"`
	Money      *float64 `json:"money_usd,omitempty"`
	Executions int      `json:"motion_executions"`
	Renders    int      `json:"renders"`
}

// FinalRound returns the round the run output, or nil for a trial without rounds.
func (r *Result) FinalRound() *RoundOutcome {
	if r.Final < 1 || r.Final > len(r.Rounds) {
		return nil
	}
	return &r.Rounds[r.Final-1]
}

// Success reports whether the output round succeeded under the rule ("strict" or "released").
func (r *Result) Success(rule string) bool {
	f := r.FinalRound()
	return f != nil && f.outcome(rule).Success
}

// SuccessAt reports whether the run would have succeeded had it stopped at round n: the outcome
// of round n, or of its last round when it ran fewer.
func (r *Result) SuccessAt(rule string, n int) bool {
	if len(r.Rounds) == 0 || n < 1 {
		return false
	}
	return r.Rounds[min(n, len(r.Rounds))-1].outcome(rule).Success
}

// outcome returns the round's outcome under the rule.
func (o *RoundOutcome) outcome(rule string) eval.Outcome {
	if rule == "strict" {
		return o.Strict
	}
	return o.Released
}

// resultPath names a trial's result file in a bench folder.
func resultPath(dir string, t Trial) string {
	return filepath.Join(dir, "results", t.Name()+".json")
}

// writeResult writes a trial's result atomically.
func writeResult(dir string, r *Result) error {
	if err := os.MkdirAll(filepath.Join(dir, "results"), 0o755); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return writeJSON(resultPath(dir, r.Trial), r)
}

// readResult reads a trial's result; ok is false when the folder has none. A result that does
// not belong to the trial is an error.
func readResult(dir string, t Trial) (r *Result, ok bool, err error) {
	data, err := fileio.ReadFile(os.DirFS(filepath.Join(dir, "results")), t.Name()+".json", 64<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("bench: %w", err)
	}
	r = &Result{}
	if err := fileio.DecodeJSON(data, r, false); err != nil {
		return nil, false, fmt.Errorf("bench: %s: %w", resultPath(dir, t), err)
	}
	if r.Trial != t {
		return nil, false, fmt.Errorf("bench: %s holds trial %s, want %s", resultPath(dir, t), r.Trial.Name(), t.Name())
	}
	return r, true, nil
}

// ReadResults reads the results a bench folder holds for the manifest's trials, in the trials'
// order, and lists the trials that have none.
func ReadResults(dir string, m *Manifest) (found []*Result, missing []Trial, err error) {
	for _, t := range m.Trials() {
		r, ok, err := readResult(dir, t)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			found = append(found, r)
		} else {
			missing = append(missing, t)
		}
	}
	return found, missing, nil
}
