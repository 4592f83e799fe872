package bench

import (
	"interactagent/agent"
	"interactagent/eval"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/task"
)

// Judging is how a trial's own judgements (the stop check's verdicts, the online observations'
// decisions, the round it output and the round it thought best) compare with the evaluator's,
// under the task's released rule. The evaluator computes it from the trace after the run; no
// model role ever sees it or the goals. docs/bench.md defines every field.
type Judging struct {
	// The stop check against the evaluator, over the rounds that were checked: a Pass on a round
	// the evaluator says succeeds is a true pass, on one it fails a false pass; likewise for Fail.
	Checked   int `json:"checked_rounds"`
	TruePass  int `json:"true_pass"`
	FalsePass int `json:"false_pass"`
	TrueFail  int `json:"true_fail"`
	FalseFail int `json:"false_fail"`
	// OutputChecked: the output round had a stop check; OutputFalsePass: it said Pass while the
	// evaluator fails that round (the run stopped on a failure).
	OutputChecked   bool `json:"output_checked"`
	OutputFalsePass bool `json:"output_false_pass"`

	// Online observation against what each step did (see stepLabel): Observations counts every
	// attempt observed; Unattributed those that could not be judged (the step met, broke or
	// missed no goal of the chain, or the attempt's motion is not the accepted one's).
	Observations int `json:"observations"`
	Unattributed int `json:"unattributed"`
	// The accepted steps by what they did to the task's chain of goals.
	StepsMet    int `json:"steps_met"`
	StepsBroke  int `json:"steps_broke"`
	StepsMissed int `json:"steps_missed"`
	// Decisions on attributed attempts: continue or a correction (redo, replan) on a step that met
	// its goal, and on one that broke or missed it.
	ContinueMet    int `json:"continue_on_met"`
	CorrectMet     int `json:"correct_on_met"`
	ContinueFailed int `json:"continue_on_failed"`
	CorrectFailed  int `json:"correct_on_failed"`

	// Improvement across rounds: Regressed when a round that succeeds is followed by one that
	// fails; EvalBest is the evaluator's best round, RunBest the best by the run's own metrics.
	Regressed bool `json:"regressed"`
	EvalBest  int  `json:"eval_best_round"`
	RunBest   int  `json:"run_best_round"`

	// Adaptive stopping: FirstSuccess is the first round that succeeds (0: none); Wasted the
	// rounds run after it; Short when the run output a failing round with rounds left (a
	// reflecting mode that stopped before N_max).
	FirstSuccess int  `json:"first_success_round"`
	Wasted       int  `json:"wasted_rounds"`
	Short        bool `json:"short"`
}

// stepLabel is what an accepted step did to the task's chain of goals (released rule).
type stepLabel int

const (
	// stepUnattributed: the step fulfilled no link and none of the cases below applies (a turn,
	// part of a walk): no goal of its own can be told from the trace.
	stepUnattributed stepLabel = iota
	// stepMet: the chain, followed in order, fulfilled at least one more link within the step's
	// frames.
	stepMet
	// stepBroke: the chain was complete before the step, the last link's pairs held at the frame
	// before it and no longer hold at its last frame: it undid the task's final contact.
	stepBroke
	// stepMissed: the round's last step when the chain is not complete by its end and the step
	// fulfilled nothing: the plan ended short of the next link, which is attributed to it.
	stepMissed
)

// labelSteps labels each segment of a round's motion from the chain's outcome on the whole clip
// (the judge picks each link's first frame after the previous one, so the links fulfilled by
// frame e are those whose frame is below e). finalHolds tells whether the last link's pairs hold
// at a frame.
func labelSteps(o eval.Outcome, segs []motion.Segment, finalHolds func(frame int) bool) []stepLabel {
	out := make([]stepLabel, len(segs))
	for k, s := range segs {
		before, after := linksBefore(o, s.Start), linksBefore(o, s.End)
		switch {
		case after > before:
			out[k] = stepMet
		case o.Success && before == o.Steps && s.Start > 0 && s.End > s.Start && finalHolds(s.Start-1) && !finalHolds(s.End-1):
			out[k] = stepBroke
		case !o.Success && k == len(segs)-1:
			out[k] = stepMissed
		}
	}
	return out
}

// linksBefore counts the links of the chain fulfilled before frame f.
func linksBefore(o eval.Outcome, f int) int {
	n := 0
	for _, fr := range o.Frames {
		if fr < f {
			n++
		}
	}
	return n
}

// judgeSteps counts one round's observations against its step labels. An attempt is attributed
// when its action is the accepted one (executors are deterministic, so it made the same motion
// as the accepted step's segment); the motion of other attempts is not in the trace.
func (j *Judging) judgeSteps(steps []mllm.StepRecord, labels []stepLabel) {
	for k, st := range steps {
		label := stepUnattributed
		if len(labels) == len(steps) {
			label = labels[k]
		}
		switch label {
		case stepMet:
			j.StepsMet++
		case stepBroke:
			j.StepsBroke++
		case stepMissed:
			j.StepsMissed++
		}
		for _, a := range st.Attempts {
			j.Observations++
			if label == stepUnattributed || a.Action != st.Action {
				j.Unattributed++
				continue
			}
			j.countDecision(label == stepMet, a.Decision == mllm.Continue)
		}
	}
}

// countDecision counts one attributed decision.
func (j *Judging) countDecision(met, cont bool) {
	switch {
	case met && cont:
		j.ContinueMet++
	case met:
		j.CorrectMet++
	case cont:
		j.ContinueFailed++
	default:
		j.CorrectFailed++
	}
}

// judgeRounds fills the stop check, improvement and stopping fields from the rounds' outcomes
// (released rule), the round output, the run's own best and N_max (0 for a mode that does not
// reflect).
func (j *Judging) judgeRounds(rounds []RoundOutcome, final, runBest, nMax int) {
	j.RunBest = runBest
	for i, r := range rounds {
		ok := r.Released.Success
		if r.Pass != nil {
			j.check(*r.Pass, ok)
			if i+1 == final {
				j.OutputChecked, j.OutputFalsePass = true, *r.Pass && !ok
			}
		}
		if ok && j.FirstSuccess == 0 {
			j.FirstSuccess = i + 1
		}
		if !ok && j.FirstSuccess > 0 {
			j.Regressed = true
		}
		if j.EvalBest == 0 || evalBetter(r, rounds[j.EvalBest-1]) {
			j.EvalBest = i + 1
		}
	}
	if j.FirstSuccess > 0 {
		j.Wasted = len(rounds) - j.FirstSuccess
	}
	if final >= 1 && final <= len(rounds) {
		j.Short = !rounds[final-1].Released.Success && len(rounds) < nMax
	}
}

// check counts one stop check's verdict against the evaluator's.
func (j *Judging) check(pass, ok bool) {
	j.Checked++
	switch {
	case pass && ok:
		j.TruePass++
	case pass:
		j.FalsePass++
	case ok:
		j.FalseFail++
	default:
		j.TrueFail++
	}
}

// evalBetter orders rounds as the evaluator would pick the best: success under the released
// rule, then under the strict rule, then less penetration (pe_max, then pe10%); ties keep the
// earlier round.
func evalBetter(a, b RoundOutcome) bool {
	if a.Released.Success != b.Released.Success {
		return a.Released.Success
	}
	if a.Strict.Success != b.Strict.Success {
		return a.Strict.Success
	}
	if a.PeMax != b.PeMax {
		return a.PeMax < b.PeMax
	}
	return a.Pe10 < b.Pe10
}

// judgeTrial computes a trial's judging metrics from its trace and its rounds' outcomes (which
// judgeTrace filled).
func judgeTrial(res *Result, tk task.Task, judge *eval.Judge, tr *agent.Trace) *Judging {
	j := &Judging{}
	rule := releasedRule(tk)
	for i, round := range tr.Rounds {
		if round.Motion == nil || i >= len(res.Rounds) {
			j.judgeSteps(round.Steps, nil)
			continue
		}
		clip := round.Motion
		holds := func(f int) bool {
			return len(tk.Steps) > 0 && f >= 0 && f < clip.Len() && judge.Holds(tk.Steps[len(tk.Steps)-1], clip.Frames[f], rule)
		}
		j.judgeSteps(round.Steps, labelSteps(res.Rounds[i].Released, clip.Segments, holds))
	}
	nMax := 0
	if tr.Config.Mode == agent.Offline || tr.Config.Mode == agent.Full {
		nMax = tr.Config.NMax
	}
	j.judgeRounds(res.Rounds, res.Final, tr.Best, nMax)
	return j
}

// releasedRule returns the task's released rule.
func releasedRule(tk task.Task) eval.Rule {
	for _, r := range eval.RulesFor(tk) {
		if r.Name != eval.Strict().Name {
			return r
		}
	}
	return eval.Released()
}
