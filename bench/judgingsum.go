package bench

import (
	"interactagent/agent"
	"interactagent/task"
)

// JudgingSum adds up the judging metrics of a group of trials (a mode on a body, or one of its
// complexities). Trials written before judging was computed (Result.Judging nil) are not counted:
// Trials counts those that have it.
type JudgingSum struct {
	Trials int `json:"trials"`
	Judging
	// Trials whose output round was checked, and those of them whose check said Pass on a round
	// the evaluator fails.
	OutputChecked   int `json:"output_checked"`
	OutputFalsePass int `json:"output_false_pass"`
	// Trials with a round that succeeded followed by one that failed, trials whose evaluator's
	// best round is the run's own best, trials with a successful round, trials that stopped short.
	Regressed int `json:"regressed"`
	BestAgree int `json:"best_agrees"`
	Succeeded int `json:"succeeded_some_round"`
	Short     int `json:"short"`
	// ByRound[r-1] is round r's success (released rule) and penetration over the trials that ran it.
	ByRound []RoundSum `json:"by_round,omitempty"`
}

// RoundSum is one round over the trials that ran it.
type RoundSum struct {
	Trials  int     `json:"trials"`
	Success int     `json:"success_released"`
	PeMax   float64 `json:"pe_max"` // mean
}

// judgingSums adds up the judging metrics of one mode on one body, in all and by complexity.
func judgingSums(mode agent.Mode, body string, results []*Result) (*JudgingSum, map[task.Complexity]*JudgingSum) {
	all, by := &JudgingSum{}, map[task.Complexity]*JudgingSum{}
	for _, c := range task.Complexities() {
		by[c] = &JudgingSum{}
	}
	for _, r := range results {
		if r.Mode != mode || r.BodyName() != body || r.Judging == nil {
			continue
		}
		all.add(r)
		if s, ok := by[r.Complexity]; ok {
			s.add(r)
		}
	}
	all.finish()
	for _, s := range by {
		s.finish()
	}
	return all, by
}

// add counts one trial.
func (s *JudgingSum) add(r *Result) {
	j := r.Judging
	s.Trials++
	s.Checked += j.Checked
	s.TruePass += j.TruePass
	s.FalsePass += j.FalsePass
	s.TrueFail += j.TrueFail
	s.FalseFail += j.FalseFail
	s.Observations += j.Observations
	s.Unattributed += j.Unattributed
	s.StepsMet += j.StepsMet
	s.StepsBroke += j.StepsBroke
	s.StepsMissed += j.StepsMissed
	s.ContinueMet += j.ContinueMet
	s.CorrectMet += j.CorrectMet
	s.ContinueFailed += j.ContinueFailed
	s.CorrectFailed += j.CorrectFailed
	s.Wasted += j.Wasted
	s.OutputChecked += boolInt(j.OutputChecked)
	s.OutputFalsePass += boolInt(j.OutputFalsePass)
	s.Regressed += boolInt(j.Regressed)
	s.BestAgree += boolInt(j.EvalBest == j.RunBest && j.EvalBest > 0)
	s.Succeeded += boolInt(j.FirstSuccess > 0)
	s.Short += boolInt(j.Short)
	for i, ro := range r.Rounds {
		if i >= len(s.ByRound) {
			s.ByRound = append(s.ByRound, RoundSum{})
		}
		s.ByRound[i].Trials++
		s.ByRound[i].Success += boolInt(ro.Released.Success)
		s.ByRound[i].PeMax += ro.PeMax
	}
}

// finish turns the rounds' penetration sums into means.
func (s *JudgingSum) finish() {
	for i := range s.ByRound {
		if n := s.ByRound[i].Trials; n > 0 {
			s.ByRound[i].PeMax /= float64(n)
		}
	}
}

// ratio is a count over a total; ok is false when the total is 0.
func ratio(n, total int) (float64, bool) {
	if total == 0 {
		return 0, false
	}
	return float64(n) / float64(total), true
}

// FalsePassRate is the share of checked output rounds whose check said Pass while the evaluator
// fails them.
func (s *JudgingSum) FalsePassRate() (float64, bool) {
	return ratio(s.OutputFalsePass, s.OutputChecked)
}

// Precision is the share of the stop check's Pass verdicts on rounds the evaluator says succeed.
func (s *JudgingSum) Precision() (float64, bool) { return ratio(s.TruePass, s.TruePass+s.FalsePass) }

// Recall is the share of checked rounds the evaluator says succeed on which the check said Pass.
func (s *JudgingSum) Recall() (float64, bool) { return ratio(s.TruePass, s.TruePass+s.FalseFail) }

// FalseContinueRate is the share of attributed decisions on steps that broke or missed their
// goal that were continue.
func (s *JudgingSum) FalseContinueRate() (float64, bool) {
	return ratio(s.ContinueFailed, s.ContinueFailed+s.CorrectFailed)
}

// FalseCorrectionRate is the share of attributed decisions on steps that met their goal that
// were a redo or a replan.
func (s *JudgingSum) FalseCorrectionRate() (float64, bool) {
	return ratio(s.CorrectMet, s.CorrectMet+s.ContinueMet)
}
