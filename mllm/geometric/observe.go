package geometric

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/scene/floor"
)

// Tolerances of the reasoner's judgement of one step, as a careful model would apply them to a
// ghost image: walks within 10 cm or 8 %, turns within 6°; the rest of the plan must still reach
// every goal from where the body is, to within the goal checks' margins.
const (
	walkTolerance     = 0.10
	walkRelTolerance  = 0.08
	turnTolerance     = 6.0
	collisionDepth    = 0.05 // a walk that sinks this deep into furniture collided
	cushionDepth      = 0.09 // sitting or lying may sink this deep into what it sits on
	reachDepth        = 0.2  // a reach may press this deep into what it reaches for
	rerouteClearance  = 0.12 // extra clearance a route around a collision keeps
	maxCorrectionRate = 2.0  // a redo asks at most twice (at least half) the first amount
)

// judgement is what the reasoner concludes about one step.
type judgement struct {
	obs    mllm.Observation
	reason string
}

// Observe implements mllm.Model: it measures what the step did (through the perception model),
// compares it with what the action asked and with what the rest of the plan needs, and decides:
// redo a walk or turn that missed its amount (with the amount corrected), replan around a
// collision or after a sit, lie or reach that missed (from where the step began), replan the rest
// when it would no longer reach the goals from where the body is (keeping this step), or continue.
func (r *Reasoner) Observe(ctx context.Context, in mllm.ObserveInput) (_ mllm.Observation, err error) {
	defer refuse(mllm.RoleObserve, &err)
	goals, fl, err := r.readHastily(in.Context)
	if err != nil {
		return mllm.Observation{}, err
	}
	c := in.Executed
	if c == nil || in.StepFrom < 0 || in.StepFrom >= c.Len() {
		return mllm.Observation{}, fmt.Errorf("geometric: observe: the step's frames (from %d) are not in the executed motion", in.StepFrom)
	}
	e := newEye(r.see, r.seed, in.Task, "observe", in.Action, fmt.Sprint(in.Step, len(in.Attempts), c.Len()))
	ob := &observer{r: r, in: in, goals: goals, fl: fl, e: e, c: c}
	j := ob.judge()
	j.obs.Reasoning = j.reason
	j.obs.Raw = rawJSON(observationJSON(j.obs))
	j.obs.Usage = usage(mllm.Images(in.Image))
	return j.obs, ctx.Err()
}

// observer holds one observation's inputs.
type observer struct {
	r     *Reasoner
	in    mllm.ObserveInput
	goals []goal
	fl    *floor.Floor
	e     *eye
	c     *motion.Clip
}

// before and after are the frames just before the step and its last.
func (o *observer) before() motion.Pose { return o.c.Frames[max(o.in.StepFrom-1, 0)] }
func (o *observer) after() motion.Pose  { return o.c.Frames[o.c.Len()-1] }

// judge decides, in order: collision, a missed amount, a missed posture or target, a rest of the
// plan that no longer fits, or continue.
func (o *observer) judge() judgement {
	asked := readMove(o.in.Action)
	n0, _ := progress(o.goals, o.c.Slice(0, max(o.in.StepFrom, 1)), o.e)
	if j, ok := o.collided(asked, n0); ok {
		return j
	}
	if j, ok := o.missedAmount(asked); ok {
		return j
	}
	if j, ok := o.missedTarget(asked, n0); ok {
		return j
	}
	if j, ok := o.restMisses(); ok {
		return j
	}
	return judgement{obs: mllm.Observation{Decision: mllm.Continue, Score: 0.9}, reason: "the step did what it asked and the rest of the plan still reaches the goals"}
}

// collided replans around furniture the step walked into, from where the step began. What the
// body was already sunk in when the step began (a step accepted before left it in a wall) is the
// step's starting point, not its fault: only sinking deeper than that counts.
func (o *observer) collided(asked move, n0 int) (judgement, bool) {
	s := o.r.deepest(o.in.Scene, o.c, o.in.StepFrom, o.c.Len())
	d := o.e.depth(s.depth)
	limit := collisionDepth
	switch {
	case asked.kind == mSit || asked.kind == mLie || asked.kind == mStand: // getting up brushes the seat
		limit = cushionDepth
	case asked.kind == mReach && n0 < len(o.goals) && o.goals[n0].object != nil && s.object == o.goals[n0].object.ID:
		limit = reachDepth // a hand that touches what it reaches for presses on it
	}
	if o.in.StepFrom > 0 {
		limit += o.e.depth(o.r.deepest(o.in.Scene, o.c, o.in.StepFrom-1, o.in.StepFrom).depth)
	}
	if d <= limit {
		return judgement{}, false
	}
	steps, err := o.replan(n0, poseOf(o.before()), rerouteClearance)
	if err != nil {
		return judgement{}, false
	}
	issue := mllm.Issue{Type: "collision", Evidence: fmt.Sprintf("the body sinks about %.0f cm into %s (%s)", 100*d, s.object, s.part)}
	return judgement{obs: mllm.Observation{Decision: mllm.Replan, Score: 0.2, Issues: []mllm.Issue{issue}, ReplanSteps: steps,
		ReplanHint: "keep further from " + s.object}, reason: issue.Evidence + "; planning a route that keeps further away"}, true
}

// missedAmount redoes a walk or turn whose amount is off, with the amount corrected. The amount
// wanted is the step's as first asked: a redo asks more or less to make up an error, and what it
// then did is held to what the step was for, not to the corrected words.
func (o *observer) missedAmount(asked move) (judgement, bool) {
	got, ok := o.measured(asked)
	if !ok {
		return judgement{}, false
	}
	want := o.intent(asked).amount
	if asked.kind == mTurn { // headings wrap: a turn of 182° left is seen as −178°
		got = want + mgl64.RadToDeg(geom.WrapAngle(mgl64.DegToRad(got-want)))
	}
	errAmt := got - want
	tol := walkTolerance
	unit := "m"
	if asked.kind == mTurn {
		tol, unit = turnTolerance, "°"
	} else {
		tol = math.Max(tol, walkRelTolerance*want)
	}
	if math.Abs(errAmt) <= tol {
		return judgement{}, false
	}
	fixed := asked
	fixed.amount = correct(want, asked.amount, got)
	issue := mllm.Issue{Type: overUnder(errAmt, want), Evidence: fmt.Sprintf("asked %s%s, did about %s%s", amountText(want), unit, amountText(got), unit)}
	ph := phrasingFor(len(o.in.Attempts) + 1)
	return judgement{obs: mllm.Observation{Decision: mllm.Redo, Score: math.Max(0.1, 0.6-math.Abs(errAmt)/math.Max(math.Abs(want), 1e-9)),
		Issues: []mllm.Issue{issue}, RedoAction: ph.text(fixed)}, reason: issue.Evidence + "; asking for the amount that makes up the difference"}, true
}

// measured is how much of the asked kind the step did, as seen (metres, or degrees left).
func (o *observer) measured(asked move) (float64, bool) {
	a, b := see(o.before()), see(o.after())
	d := b.root.Sub(a.root)
	f, l := forward(a.heading), leftOf(a.heading)
	switch asked.kind {
	case mForward:
		return o.e.distance(d.Dot(f)), true
	case mBackward:
		return o.e.distance(-d.Dot(f)), true
	case mSideLeft:
		return o.e.distance(d.Dot(l)), true
	case mSideRight:
		return o.e.distance(-d.Dot(l)), true
	case mTurn:
		return o.e.angle(turnTo(a.heading, b.heading)), true
	}
	return 0, false
}

// intent returns the step as its first attempt asked it, when that was the same kind of move.
func (o *observer) intent(asked move) move {
	if len(o.in.Attempts) > 0 {
		if first := readMove(o.in.Attempts[0].Action); first.kind == asked.kind && first.amount != 0 {
			return first
		}
	}
	return asked
}

// correct returns the amount to ask so that, if the executor errs as it just did when asked, it
// does want: the amount asked plus the shortfall, kept within a factor of two of want.
func correct(want, asked, got float64) float64 {
	fixed := asked + (want - got)
	lo, hi := want/maxCorrectionRate, want*maxCorrectionRate
	if lo > hi {
		lo, hi = hi, lo
	}
	return math.Max(lo, math.Min(hi, fixed))
}

// overUnder names an amount error.
func overUnder(err, want float64) string {
	if want < 0 {
		err = -err
	}
	if err < 0 {
		return "undershoot"
	}
	return "overshoot"
}

// amountText formats an amount to two decimals, or a whole number of degrees.
func amountText(v float64) string {
	if math.Abs(v) >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// missedTarget replans, from where the step began, a sit, lie or reach that did not end on its
// goal.
func (o *observer) missedTarget(asked move, n0 int) (judgement, bool) {
	if n0 >= len(o.goals) || (asked.kind != mSit && asked.kind != mLie && asked.kind != mReach) {
		return judgement{}, false
	}
	g := o.goals[n0]
	for t := o.in.StepFrom; t < o.c.Len(); t += frameStride {
		if fulfilled(g, o.e.seePose(o.c.Frames[t])) {
			return judgement{}, false
		}
	}
	steps, err := o.replan(n0, poseOf(o.before()), 0)
	if err != nil {
		return judgement{}, false
	}
	issue := mllm.Issue{Type: "wrong_direction", Evidence: fmt.Sprintf("%s %s missed: %s", g.kind, objectName(g.object), describe(g, see(o.after())))}
	return judgement{obs: mllm.Observation{Decision: mllm.Replan, Score: 0.3, Issues: []mllm.Issue{issue}, ReplanSteps: steps},
		reason: issue.Evidence + "; re-approaching from where the step began"}, true
}

// restMisses replans the rest when, from where the body now is, the rest of the plan would no
// longer reach the goals; the step itself is kept as the replan's first step.
func (o *observer) restMisses() (judgement, bool) {
	end := poseOf(o.after())
	rest := o.in.Plan[min(o.in.Step+1, len(o.in.Plan)):]
	n, _ := progress(o.goals, o.c, o.e)
	if n == len(o.goals) || wouldReach(o.goals[n:], end, rest) {
		return judgement{}, false
	}
	steps, err := o.replan(n, end, 0)
	if err != nil {
		return judgement{}, false
	}
	steps = append([]string{o.in.Action}, steps...)
	return judgement{obs: mllm.Observation{Decision: mllm.Replan, Score: 0.6, Issues: []mllm.Issue{{Type: "drift",
		Evidence: "from where the body now stands the rest of the plan would miss " + objectName(o.goals[n].object)}}, ReplanSteps: steps},
		reason: "the step is fine, but small errors add up: keeping it and planning the rest from where the body is"}, true
}

// wouldReach reports whether the steps, executed exactly from p, fulfil the goals in order.
func wouldReach(goals []goal, p pose, steps []string) bool {
	k := 0
	for _, s := range steps {
		p = p.after(readMove(s))
		for k < len(goals) && fulfilled(goals[k], p.expect()) {
			k++
		}
	}
	return k == len(goals)
}

// replan plans the goals from n on, from p, keeping extra clearance when asked; it words the steps
// for the attempt so that repeated texts get fresh executor draws.
func (o *observer) replan(n int, p pose, extra float64) ([]string, error) {
	pl := o.r.newPlanner(o.in.Scene, o.fl, 1, 1, extra)
	steps, err := pl.plan(o.goals[n:], p)
	if err != nil {
		return nil, err
	}
	return words0(steps, phrasingFor(len(o.in.Attempts)+1)), nil
}

// observationJSON is an observation in the paper's reply shape.
func observationJSON(ob mllm.Observation) map[string]any {
	m := map[string]any{"decision": ob.Decision, "score": math.Round(ob.Score*100) / 100, "issues": ob.Issues, "stop": false}
	if ob.RedoAction != "" {
		m["redo_action"] = ob.RedoAction
	}
	if len(ob.ReplanSteps) > 0 {
		m["replan_steps"] = ob.ReplanSteps
	}
	if ob.ReplanHint != "" {
		m["replan_hint"] = ob.ReplanHint
	}
	return m
}
