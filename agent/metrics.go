package agent

import (
	"interactagent/eval"
	"interactagent/mllm"
)

// Metrics are a round's own numbers: its motion, its penetration (on the run's body, which
// Penetration.Body and MeasuredOn name), the stop check's verdict when there was one, and how its
// steps went.
type Metrics struct {
	Frames       int                   `json:"frames"`
	Seconds      float64               `json:"seconds"`
	Steps        int                   `json:"steps"`
	Penetration  eval.PenetrationStats `json:"penetration"`
	Pass         *bool                 `json:"pass,omitempty"`
	Observations int                   `json:"observations"`
	Redos        int                   `json:"redos"`
	Replans      int                   `json:"replans"`
	MeanScore    *float64              `json:"mean_score,omitempty"`
	Decisions    map[mllm.Decision]int `json:"decisions,omitempty"`
}

// better reports whether round metrics a beat b: a passed check first, then less penetration
// (pe_max, then pe10%).
func better(a, b Metrics) bool {
	pa, pb := a.Pass != nil && *a.Pass, b.Pass != nil && *b.Pass
	if pa != pb {
		return pa
	}
	if a.Penetration.Max != b.Penetration.Max {
		return a.Penetration.Max < b.Penetration.Max
	}
	return a.Penetration.Top10 < b.Penetration.Top10
}

// observed adds one round's step records to its metrics.
func (m *Metrics) observed(records []mllm.StepRecord) {
	sum := 0.0
	for _, st := range records {
		for _, a := range st.Attempts {
			m.Observations++
			sum += a.Score
			if m.Decisions == nil {
				m.Decisions = map[mllm.Decision]int{}
			}
			m.Decisions[a.Decision]++
			switch a.Decision {
			case mllm.Redo:
				m.Redos++
			case mllm.Replan:
				m.Replans++
			}
		}
	}
	if m.Observations > 0 {
		mean := sum / float64(m.Observations)
		m.MeanScore = &mean
	}
}
