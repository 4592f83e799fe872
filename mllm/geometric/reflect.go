package geometric

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"interactagent/mllm"
)

// Reflect implements mllm.Model: it reads every round of the memory as a model would — what each
// plan asked, what the motion did, where it went wrong — and writes the next plan from the start:
// amounts scaled by how much the executor over- or undershot walks and turns across all rounds,
// routes kept further from what earlier rounds walked into, and wording that differs from every
// earlier round so that the executor's errors are drawn afresh.
func (r *Reasoner) Reflect(ctx context.Context, in mllm.ReflectInput) (_ mllm.Reflection, err error) {
	defer refuse(mllm.RoleReflect, &err)
	goals, fl, err := r.read(in.Context)
	if err != nil {
		return mllm.Reflection{}, err
	}
	e := newEye(r.see, r.seed, in.Task, "reflect", fmt.Sprint(len(in.Memory)))
	l := r.learn(in, e)
	pl := r.newPlanner(in.Scene, fl, l.walkScale, l.turnScale, l.clearance)
	steps, err := pl.plan(goals, pose{feet: in.Start.Root, heading: in.Start.Heading})
	if err != nil {
		return mllm.Reflection{}, err
	}
	out := mllm.Reflection{Steps: words0(steps, phrasingFor(len(in.Memory))), FailureAnalysis: l.analysis(), Strategy: l.strategy()}
	out.Delta = delta(in.Memory, out.Steps)
	out.Reasoning = reasonGoals(goals)
	out.Raw = rawJSON(map[string]any{"failure_analysis": out.FailureAnalysis, "strategy": out.Strategy, "plan": numbered(out.Steps), "delta": out.Delta})
	images := 0
	for _, m := range in.Memory {
		images += mllm.Images(m.Image)
	}
	out.Usage = usage(images)
	return out, ctx.Err()
}

// lessons is what reflection learned from the memory.
type lessons struct {
	walkScale, turnScale float64
	walks, turns         []float64 // seen ratio done/asked of each walk and turn
	hits                 map[string]float64
	clearance            float64
	rounds               []string
}

// learn measures every round: the ratio of what each walk and turn did to what it asked, the
// objects the body sank into, and what each round's verdict said.
func (r *Reasoner) learn(in mllm.ReflectInput, e *eye) lessons {
	l := lessons{walkScale: 1, turnScale: 1, hits: map[string]float64{}}
	for _, m := range in.Memory {
		l.rounds = append(l.rounds, roundSummary(m))
		if m.Motion == nil || m.Motion.Len() == 0 {
			continue
		}
		l.measureRound(m, e)
		if s := r.deepest(in.Scene, m.Motion, 0, m.Motion.Len()); e.depth(s.depth) > collisionDepth {
			l.hits[s.object] = math.Max(l.hits[s.object], e.depth(s.depth))
		}
	}
	l.walkScale = scaleFrom(l.walks)
	l.turnScale = scaleFrom(l.turns)
	if len(l.hits) > 0 {
		l.clearance = math.Min(0.2, rerouteClearance*float64(len(l.hits)))
	}
	return l
}

// measureRound adds the done/asked ratios of a round's walks and turns, segment by segment.
func (l *lessons) measureRound(m mllm.Round, e *eye) {
	c := m.Motion
	for _, seg := range c.Segments {
		asked := readMove(seg.Action)
		if seg.End <= seg.Start || math.Abs(asked.amount) < 0.3 {
			continue
		}
		a, b := see(c.Frames[max(seg.Start-1, 0)]), see(c.Frames[seg.End-1])
		switch asked.kind {
		case mForward:
			l.walks = append(l.walks, e.distance(b.root.Sub(a.root).Dot(forward(a.heading)))/asked.amount)
		case mTurn:
			l.turns = append(l.turns, e.angle(turnTo(a.heading, b.heading))/asked.amount)
		}
	}
}

// scaleFrom returns the factor that makes up a consistent over- or undershoot: 1/median ratio,
// when at least two samples show a bias of more than 5 %, kept within 0.7–1.4.
func scaleFrom(ratios []float64) float64 {
	if len(ratios) < 2 {
		return 1
	}
	s := append([]float64(nil), ratios...)
	sort.Float64s(s)
	med := s[len(s)/2]
	if med <= 0 || math.Abs(med-1) < 0.05 {
		return 1
	}
	return math.Max(0.7, math.Min(1.4, 1/med))
}

// roundSummary says in a line how a round went.
func roundSummary(m mllm.Round) string {
	s := fmt.Sprintf("round %d (%d steps)", m.Index+1, len(m.Plan))
	if m.Verdict != nil {
		s += ": " + passFail(m.Verdict.Pass)
		if m.Verdict.Reason != "" {
			s += " — " + m.Verdict.Reason
		}
	}
	redo, replan := 0, 0
	for _, st := range m.Steps {
		for _, a := range st.Attempts {
			switch a.Decision {
			case mllm.Redo:
				redo++
			case mllm.Replan:
				replan++
			}
		}
	}
	if redo+replan > 0 {
		s += fmt.Sprintf(" (%d redo, %d replan during the round)", redo, replan)
	}
	return s
}

// analysis writes the failure analysis.
func (l lessons) analysis() string {
	parts := append([]string(nil), l.rounds...)
	if len(l.walks) > 0 {
		parts = append(parts, fmt.Sprintf("walks did %s of what they asked (median of %d)", pct(median(l.walks)), len(l.walks)))
	}
	if len(l.turns) > 0 {
		parts = append(parts, fmt.Sprintf("turns did %s (median of %d)", pct(median(l.turns)), len(l.turns)))
	}
	for _, o := range slices.Sorted(maps.Keys(l.hits)) { // in a fixed order: the text is part of later requests
		parts = append(parts, fmt.Sprintf("the body sank about %.0f cm into %s", 100*l.hits[o], o))
	}
	return strings.Join(parts, "; ")
}

// strategy writes what the next round does differently.
func (l lessons) strategy() string {
	var parts []string
	if l.walkScale != 1 {
		parts = append(parts, fmt.Sprintf("ask for %s of each walking distance", pct(l.walkScale)))
	}
	if l.turnScale != 1 {
		parts = append(parts, fmt.Sprintf("ask for %s of each turn", pct(l.turnScale)))
	}
	if l.clearance > 0 {
		parts = append(parts, fmt.Sprintf("keep %.2f m more between the body and the furniture", l.clearance))
	}
	parts = append(parts, "word the actions anew so the executor's errors are drawn afresh")
	return strings.Join(parts, "; ")
}

// delta says how the new plan differs from the last round's.
func delta(mem []mllm.Round, steps []string) string {
	if len(mem) == 0 {
		return "first plan"
	}
	last := mem[len(mem)-1].Plan
	changed := 0
	for i := range steps {
		if i >= len(last) || last[i] != steps[i] {
			changed++
		}
	}
	return fmt.Sprintf("%d of %d steps changed (the last round had %d)", changed, len(steps), len(last))
}

// median returns the middle value.
func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// pct formats a ratio as a percentage.
func pct(v float64) string { return fmt.Sprintf("%.0f %%", 100*v) }
