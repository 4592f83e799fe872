package geometric

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"interactagent/instruction"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene/floor"
)

// PenetrationLimit is the deepest a body may sink into an object (as the reasoner sees it) for the
// stop check to pass: 6 cm; a deeper one means walking through furniture. SupportLimit is the same
// for what the instruction has the body sit or lie on, which gives like a cushion: 12 cm.
const (
	PenetrationLimit = 0.06
	SupportLimit     = 0.12
)

// Plan implements mllm.Model. A first plan starts at the start; a replan (Done or Executed given)
// starts where the executed motion left the body and plans only the goals it has not fulfilled.
func (r *Reasoner) Plan(ctx context.Context, in mllm.PlanInput) (_ mllm.Plan, err error) {
	defer refuse(mllm.RolePlan, &err)
	goals, fl, err := r.readHastily(in.Context)
	if err != nil {
		return mllm.Plan{}, err
	}
	from := pose{feet: in.From.Root, heading: in.From.Heading}
	if in.From == (motion.State{}) {
		from = pose{feet: in.Start.Root, heading: in.Start.Heading}
	}
	if in.Executed != nil && in.Executed.Len() > 0 {
		e := newEye(r.see, r.seed, in.Task, "plan", fmt.Sprint(in.Executed.Len()))
		n, _ := progress(goals, in.Executed, e)
		goals, from = goals[n:], poseOf(in.Executed.Frames[in.Executed.Len()-1])
	}
	pl := r.newPlanner(in.Scene, fl, 1, 1, 0)
	steps, err := pl.plan(goals, from)
	if err != nil {
		return mllm.Plan{}, err
	}
	texts := words0(steps, phrasingFor(len(in.Done)))
	p := mllm.Plan{Steps: texts}
	p.Reasoning = reasonGoals(goals) + " " + strings.TrimSpace(in.Hint)
	p.Raw = rawJSON(map[string]any{"plan": numbered(texts), "reasoning": p.Reasoning})
	p.Usage = usage(len(in.Shots))
	return p, ctx.Err()
}

// read understands the task in the scene and returns its goals and the walkable floor.
func (r *Reasoner) read(c mllm.Context) ([]goal, *floor.Floor, error) {
	fl, err := r.floor(c.Scene)
	if err != nil {
		return nil, nil, err
	}
	goals, err := understand(c.Task, c.Scene, newResolver(c.Scene, c.Start))
	return goals, fl, err
}

// readHastily is read as the planning and observing roles read the instruction before any
// reflection has taught them to read it whole: each clause after the first may slip
// (Perception.ClauseSlip), the same clauses for every role of the run.
func (r *Reasoner) readHastily(c mllm.Context) ([]goal, *floor.Floor, error) {
	goals, fl, err := r.read(c)
	if err != nil || c.Lessons != "" || r.see.ClauseSlip == 0 {
		return goals, fl, err
	}
	e := newEye(r.see, r.seed, c.Task, "reading")
	kept := goals[:min(1, len(goals))]
	for _, g := range goals[len(kept):] {
		if e.rng.Float64() >= r.see.ClauseSlip {
			kept = append(kept, g)
		}
	}
	return kept, fl, nil
}

// poseOf reads where a frame's body stands: for a seated or lying body, the feet it will stand up
// onto (docs/executor-language.md: standing up returns the root to the feet).
func poseOf(p motion.Pose) pose {
	s := see(p)
	switch s.posture {
	case sitting:
		return pose{feet: s.root.Add(forward(s.heading).Mul(seatBack(s.pelvisY - 0.11))), heading: s.heading, posture: sitting}
	case lying:
		h := s.heading + halfPi // lying down turned the body a quarter turn to the right
		feet := s.root.Add(forward(h).Mul(lieBack(s.pelvisY - 0.11))).Sub(leftOf(h).Mul(lieLeft))
		return pose{feet: feet, heading: h, posture: lying}
	}
	return pose{feet: s.root, heading: s.heading}
}

// halfPi is a quarter turn.
const halfPi = 1.5707963267948966

// words0 writes steps as sentences.
func words0(steps []step, ph phrasing) []string {
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = ph.text(st.move)
	}
	return out
}

// numbered writes a plan the paper's way: "1. …; 2. …".
func numbered(steps []string) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = fmt.Sprintf("%d. %s", i+1, s)
	}
	return strings.Join(parts, "; ")
}

// reasonGoals says what the instruction was read as.
func reasonGoals(goals []goal) string {
	var parts []string
	for _, g := range goals {
		s := g.kind.String()
		if g.object != nil {
			s += " " + g.object.ID
		}
		if g.note != "" {
			s += " (" + g.note + ")"
		}
		parts = append(parts, s)
	}
	return "Read the instruction as: " + strings.Join(parts, ", then ") + "; routes follow the walkable floor with 0.35 m clearance."
}

// rawJSON writes a reply's raw text in the shape the paper's prompts ask for.
func rawJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// Check implements mllm.Model: it follows the instruction's goals along the motion, each after the
// previous one, as it sees them, and fails on a penetration deeper than PenetrationLimit.
func (r *Reasoner) Check(ctx context.Context, in mllm.CheckInput) (_ mllm.Verdict, err error) {
	defer refuse(mllm.RoleCheck, &err)
	goals, _, err := r.read(in.Context)
	if err != nil {
		return mllm.Verdict{}, err
	}
	if in.Motion == nil || in.Motion.Len() == 0 {
		return mllm.Verdict{}, fmt.Errorf("geometric: check: no motion to judge")
	}
	e := newEye(r.see, r.seed, in.Task, "check", fmt.Sprint(in.Motion.Len()))
	n, at := progressBy(goals, in.Motion, e, true)
	onSupport, sink := r.deepestApart(in.Scene, in.Motion, 0, in.Motion.Len(), supports(goals))
	if e.depth(onSupport.depth) > SupportLimit && onSupport.depth > sink.depth {
		sink = onSupport
	}
	limit := PenetrationLimit
	if sink == onSupport {
		limit = SupportLimit
	}
	v := mllm.Verdict{Pass: n == len(goals) && e.depth(sink.depth) <= limit}
	v.Reason = verdictReason(goals, n, at, in.Motion, sink, e, limit)
	v.Raw = rawJSON(map[string]any{"status": passFail(v.Pass), "reason": v.Reason})
	v.Usage = usage(mllm.Images(in.Image))
	return v, ctx.Err()
}

// passFail names a verdict the paper's way.
func passFail(pass bool) string {
	if pass {
		return "Pass"
	}
	return "Fail"
}

// verdictReason says which goals were met and when, which was not and why, and any penetration.
func verdictReason(goals []goal, n int, at []int, c *motion.Clip, sink sinking, e *eye, limit float64) string {
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, fmt.Sprintf("%s %s done at %.1f s", goals[i].kind, objectName(goals[i].object), float64(at[i])/c.FPS))
	}
	if n < len(goals) {
		last := see(c.Frames[c.Len()-1])
		why := describe(goals[n], last)
		if g := goals[n]; fulfilled(g, last) {
			why += "; not held: " + unheld(g, last, c.Frames[c.Len()-1])
		}
		parts = append(parts, fmt.Sprintf("%s %s not done: at the end %s", goals[n].kind, objectName(goals[n].object), why))
	}
	if d := e.depth(sink.depth); d > limit {
		parts = append(parts, fmt.Sprintf("the body sinks %.0f cm into %s/%s at %.1f s", 100*d, sink.object, sink.part, float64(sink.frame)/c.FPS))
	}
	return strings.Join(parts, "; ")
}

// supports returns whether an object is one the goals sit or lie on.
func supports(goals []goal) func(string) bool {
	ids := map[string]bool{}
	for _, g := range goals {
		if (g.kind == instruction.SitOn || g.kind == instruction.LieOn) && g.object != nil {
			ids[g.object.ID] = true
		}
	}
	return func(id string) bool { return ids[id] }
}
