package agent

import (
	"context"
	"fmt"

	"interactagent/mllm"
	"interactagent/motion"
)

// online refines a plan step by step (the paper's Algorithm 1): each step is executed after the
// accepted ones, drawn and observed; a redo runs the step again as the observation rewrote it, a
// replan replaces this step and the rest (with the observation's steps, or a new plan from where
// the accepted motion leaves the body), and after RMax corrections the latest version is accepted.
// The round's corrections are bounded too (Config.MaxCorrections). It returns the accepted plan
// and every step's attempts.
func (r *runner) online(ctx context.Context, round int, plan []string) ([]string, []mllm.StepRecord, error) {
	steps := append([]string(nil), plan...)
	budget := r.cfg.MaxCorrections
	if budget == 0 {
		budget = r.cfg.RMax * len(plan)
	}
	var accepted []string
	var records []mllm.StepRecord
	for k := 0; k < len(steps); k++ {
		rec, err := r.step(ctx, round, k, &steps, accepted, &budget)
		if err != nil {
			return nil, nil, err
		}
		accepted = append(accepted, rec.Action)
		records = append(records, rec)
	}
	return accepted, records, nil
}

// step runs the attempts at step k until one is accepted; steps may be rewritten by a replan.
// budget is what is left of the round's corrections.
func (r *runner) step(ctx context.Context, round, k int, steps *[]string, accepted []string, budget *int) (mllm.StepRecord, error) {
	var rec mllm.StepRecord
	action := (*steps)[k]
	for a := 0; ; a++ {
		view := StepView{Round: round, Step: k + 1, Steps: len(*steps), Attempt: a + 1, Plan: *steps, Action: action}
		var err error
		if action, err = r.edit(ctx, view); err != nil {
			return rec, err
		}
		view.Action = action
		obs, err := r.attempt(ctx, view, accepted, rec.Attempts)
		if err != nil {
			return rec, err
		}
		rec.Attempts = append(rec.Attempts, mllm.Attempt{Action: action, Decision: obs.Decision, Score: obs.Score, Issues: obs.Issues, Feedback: feedbackOf(obs)})
		if r.accepts(obs) || a >= r.cfg.RMax || *budget <= 0 {
			rec.Action = action
			return rec, r.spent(ctx, view, obs, *budget)
		}
		*budget--
		if action, err = r.correct(ctx, view, obs, steps, accepted); err != nil {
			return rec, err
		}
	}
}

// spent records that a step was accepted against its observation because the round's
// corrections ran out.
func (r *runner) spent(ctx context.Context, v StepView, obs mllm.Observation, budget int) error {
	if r.accepts(obs) || v.Attempt > r.cfg.RMax || budget > 0 {
		return nil
	}
	return r.emit(ctx, Event{Kind: KindNote, Round: v.Round, Step: v.Step, Steps: v.Steps, Attempt: v.Attempt, By: "agent",
		Action: v.Action, Text: "accepted as it is: the round's corrections are spent (max_corrections)"})
}

// accepts reports whether an observation accepts its step: a continue, at or above the threshold.
func (r *runner) accepts(obs mllm.Observation) bool {
	return obs.Decision == mllm.Continue && obs.Score >= r.cfg.Threshold
}

// feedbackOf keeps an observation's words for the memory.
func feedbackOf(obs mllm.Observation) string {
	s := obs.Reasoning
	if obs.ReplanHint != "" {
		s += " Hint: " + obs.ReplanHint
	}
	return s
}

// attempt executes the accepted steps and the action, draws the step and observes it.
func (r *runner) attempt(ctx context.Context, v StepView, accepted []string, earlier []mllm.Attempt) (mllm.Observation, error) {
	where := Event{Round: v.Round, Step: v.Step, Steps: v.Steps, Attempt: v.Attempt}
	clip, from, err := r.executeStep(ctx, where, accepted, v.Action)
	if err != nil {
		return mllm.Observation{}, err
	}
	name := roundFile(v.Round, fmt.Sprintf("step-%02d-%d.png", v.Step, v.Attempt))
	img, err := r.ghost(name, clip, max(from-1, 0), clip.Len(), fmt.Sprintf("ghost image of step %d (%q): the body drawn at moments of the step, red earliest → purple latest", v.Step, v.Action))
	if err != nil {
		return mllm.Observation{}, err
	}
	in := mllm.ObserveInput{Context: r.context(), Plan: v.Plan, Step: v.Step - 1, Action: v.Action, Attempts: earlier, Image: img, Executed: clip, StepFrom: from}
	if r.cfg.Feedback == Hybrid {
		in.Feedback = stepFeedback(r.prep, r.body, r.env.Settings.Task, clip, from, v.Action)
	}
	obs, err := ask(ctx, r, mllm.RoleObserve, where, func(ctx context.Context) (mllm.Observation, error) { return r.model.Observe(ctx, in) })
	if err != nil {
		return obs, err
	}
	score := obs.Score
	e := where
	e.Kind, e.By, e.Role, e.Action, e.Decision, e.Score, e.Issues, e.Image = KindObserve, "model", mllm.RoleObserve, v.Action, obs.Decision, &score, obs.Issues, name
	e.Text, e.Feedback, e.Raw, e.Reasoning, e.Usage, e.Cached = correction(obs), in.Feedback, obs.Raw, obs.Reasoning, &obs.Usage, obs.Cached
	if err := r.emit(ctx, e); err != nil {
		return obs, err
	}
	return r.override(ctx, v, obs)
}

// correction says what an observation wants instead.
func correction(obs mllm.Observation) string {
	switch {
	case obs.Decision == mllm.Redo:
		return "redo as: " + obs.RedoAction
	case obs.Decision == mllm.Replan && len(obs.ReplanSteps) > 0:
		return fmt.Sprintf("replan the rest as %d steps", len(obs.ReplanSteps))
	case obs.Decision == mllm.Replan:
		return "replan: " + obs.ReplanHint
	}
	return ""
}

// executeStep executes the accepted steps and the action and finds where the step's frames begin:
// after the segments of the accepted steps (executed alone before, so read from the cache).
func (r *runner) executeStep(ctx context.Context, where Event, accepted []string, action string) (*motion.Clip, int, error) {
	clip, err := r.execute(ctx, where, append(append([]string(nil), accepted...), action))
	if err != nil || len(accepted) == 0 {
		return clip, 0, err
	}
	prefix, err := r.execute(ctx, where, accepted)
	if err != nil {
		return nil, 0, err
	}
	n := len(prefix.Segments)
	if n >= len(clip.Segments) {
		return nil, 0, fmt.Errorf("agent: the executor gave %d segments for %d accepted steps and one more", len(clip.Segments), len(accepted))
	}
	return clip, clip.Segments[n].Start, nil
}

// correct turns a redo or replan into the next action, rewriting the rest of the plan on a replan.
func (r *runner) correct(ctx context.Context, v StepView, obs mllm.Observation, steps *[]string, accepted []string) (string, error) {
	k := v.Step - 1
	switch obs.Decision {
	case mllm.Redo:
		if obs.RedoAction == "" { // a person's redo without new words runs the action again
			return v.Action, nil
		}
		return obs.RedoAction, nil
	case mllm.Replan:
		rest := obs.ReplanSteps
		if len(rest) == 0 {
			var err error
			if rest, err = r.replan(ctx, v, obs, accepted); err != nil {
				return "", err
			}
		}
		*steps = append((*steps)[:k:k], rest...)
		return (*steps)[k], r.emit(ctx, Event{Kind: KindPlan, Round: v.Round, Step: v.Step, Steps: len(*steps), By: "model", Plan: *steps, Text: "replanned from step " + fmt.Sprint(v.Step)})
	}
	// A continue below the threshold: ask for the rest anew.
	rest, err := r.replan(ctx, v, obs, accepted)
	if err != nil {
		return "", err
	}
	*steps = append((*steps)[:k:k], rest...)
	return (*steps)[k], nil
}

// replan asks the Plan role for the steps from where the accepted motion leaves the body.
func (r *runner) replan(ctx context.Context, v StepView, obs mllm.Observation, accepted []string) ([]string, error) {
	in := mllm.PlanInput{Context: r.context(), Shots: r.shots, From: r.env.Scene.Start, Done: accepted, Hint: obs.ReplanHint}
	if len(accepted) > 0 {
		done, err := r.execute(ctx, Event{Round: v.Round, Step: v.Step}, accepted)
		if err != nil {
			return nil, err
		}
		in.Executed, in.From = done, done.EndState()
	}
	if in.Hint == "" {
		in.Hint = fmt.Sprintf("step %d scored %.2f: %v", v.Step, obs.Score, obs.Issues)
	}
	p, err := ask(ctx, r, mllm.RolePlan, Event{Round: v.Round, Step: v.Step}, func(ctx context.Context) (mllm.Plan, error) { return r.model.Plan(ctx, in) })
	if err != nil {
		return nil, err
	}
	return p.Steps, r.emit(ctx, Event{Kind: KindPlan, Round: v.Round, Step: v.Step, Steps: len(p.Steps), By: "model", Role: mllm.RolePlan,
		Plan: p.Steps, Text: "replan after: " + in.Hint, Raw: p.Raw, Reasoning: p.Reasoning, Usage: &p.Usage, Cached: p.Cached})
}

// edit lets a person change the action before it runs; a change is recorded as theirs.
func (r *runner) edit(ctx context.Context, v StepView) (string, error) {
	if r.env.Person == nil {
		return v.Action, nil
	}
	e, err := r.env.Person.BeforeStep(ctx, v)
	if err != nil || e.Action == "" || e.Action == v.Action {
		return v.Action, err
	}
	return e.Action, r.emit(ctx, Event{Kind: KindIntervention, Round: v.Round, Step: v.Step, Attempt: v.Attempt, By: "person",
		Action: e.Action, Text: "edited the action (was: " + v.Action + ") " + e.Note})
}

// override lets a person replace the model's decision; a change is recorded as theirs.
func (r *runner) override(ctx context.Context, v StepView, obs mllm.Observation) (mllm.Observation, error) {
	if r.env.Person == nil {
		return obs, nil
	}
	o, err := r.env.Person.Decide(ctx, v, obs)
	if err != nil || o.Decision == "" {
		return obs, err
	}
	obs.Decision, obs.RedoAction, obs.ReplanSteps, obs.ReplanHint = o.Decision, o.Action, o.Steps, o.Note
	if o.Decision == mllm.Continue {
		obs.Score = max(obs.Score, r.cfg.Threshold)
	}
	return obs, r.emit(ctx, Event{Kind: KindIntervention, Round: v.Round, Step: v.Step, Attempt: v.Attempt, By: "person",
		Decision: o.Decision, Action: o.Action, Plan: o.Steps, Text: "overrode the model's decision " + o.Note})
}
