package agent

import (
	"context"
	"fmt"
	"time"

	"interactagent/eval"
	"interactagent/mllm"
	"interactagent/motion"
)

// round runs one round: the plan refined step by step (observing modes) or executed open loop,
// the final motion drawn, checked (reflecting modes) and measured, and the round written out.
func (r *runner) round(ctx context.Context, round int, plan []string, refl *mllm.Reflection) (*RoundResult, error) {
	res := &RoundResult{Index: round, Plan: plan, Reflection: refl, Accepted: plan}
	if r.cfg.Mode.observes() {
		acc, steps, err := r.online(ctx, round, plan)
		if err != nil {
			return nil, err
		}
		res.Accepted, res.Steps = acc, steps
	}
	final, err := r.execute(ctx, Event{Round: round}, res.Accepted)
	if err != nil {
		return nil, err
	}
	res.Motion = final
	if err := r.finishRound(ctx, res); err != nil {
		return nil, err
	}
	r.trace.Rounds = append(r.trace.Rounds, *res)
	return res, r.saveRound(ctx, res)
}

// execute runs actions from the start through the execution cache, recording it.
func (r *runner) execute(ctx context.Context, where Event, actions []string) (*motion.Clip, error) {
	start := time.Now()
	clip, fresh, err := r.exec.run(ctx, r.env.Scene.Start, actions)
	r.trace.Costs.spent("executor", time.Since(start))
	if err != nil {
		return nil, fmt.Errorf("agent: execute: %w", err)
	}
	r.trace.Costs.MotionExecutions = r.exec.Requests
	r.trace.Costs.ExecutorCalls = r.exec.Served
	e := where
	e.Kind, e.By, e.Plan, e.Frames, e.Cached = KindExecute, "executor", actions, clip.Len(), !fresh
	return clip, r.emit(ctx, e)
}

// finishRound draws the round's ghost image, checks it (reflecting modes) and measures it.
func (r *runner) finishRound(ctx context.Context, res *RoundResult) error {
	img, err := r.ghost(roundFile(res.Index, "ghost.png"), res.Motion, 0, res.Motion.Len(),
		fmt.Sprintf("ghost image of round %d: the whole motion, red earliest → purple latest", res.Index))
	if err != nil {
		return err
	}
	res.Image = roundFile(res.Index, "ghost.png")
	if r.cfg.Feedback == Hybrid {
		res.Feedback = roundFeedback(r.prep, r.body, r.env.Settings.Task, res.Motion)
	}
	if r.cfg.Mode.reflects() {
		v, err := ask(ctx, r, mllm.RoleCheck, Event{Round: res.Index}, func(ctx context.Context) (mllm.Verdict, error) {
			return r.model.Check(ctx, mllm.CheckInput{Context: r.context(), Image: img, Motion: res.Motion, Feedback: res.Feedback})
		})
		if err != nil {
			return err
		}
		res.Verdict = &v
		pass := v.Pass
		if err := r.emit(ctx, Event{Kind: KindCheck, Round: res.Index, By: "model", Role: mllm.RoleCheck, Pass: &pass, Text: v.Reason,
			Image: res.Image, Raw: v.Raw, Reasoning: v.Reasoning, Usage: &v.Usage, Cached: v.Cached}); err != nil {
			return err
		}
	}
	return r.measure(res)
}

// measure fills a round's metrics.
func (r *runner) measure(res *RoundResult) error {
	pen, err := eval.Penetration(r.prep, res.Motion, r.body)
	if err != nil {
		return fmt.Errorf("agent: round %d: %w", res.Index, err)
	}
	m := Metrics{Frames: res.Motion.Len(), Seconds: res.Motion.Duration(), Steps: len(res.Accepted), Penetration: pen}
	if res.Verdict != nil {
		pass := res.Verdict.Pass
		m.Pass = &pass
	}
	m.observed(res.Steps)
	res.Metrics = m
	return nil
}

// saveRound writes the round's files and its event.
func (r *runner) saveRound(ctx context.Context, res *RoundResult) error {
	if f := r.env.Folder; f != nil {
		if err := f.WriteJSON(roundFile(res.Index, "plan.json"), map[string]any{"plan": res.Plan, "accepted": res.Accepted,
			"steps": res.Steps, "reflection": res.Reflection, "verdict": res.Verdict}); err != nil {
			return err
		}
		if err := motion.SaveClipJSON(f.Path(roundFile(res.Index, "motion.json")), res.Motion); err != nil {
			return err
		}
		if err := motion.SaveJointsNPY(f.Path(roundFile(res.Index, "motion.npy")), res.Motion, motion.Float32); err != nil {
			return err
		}
		if err := f.WriteJSON(roundFile(res.Index, "metrics.json"), res.Metrics); err != nil {
			return err
		}
	}
	m := res.Metrics
	return r.emit(ctx, Event{Kind: KindRound, Round: res.Index, By: "agent", Plan: res.Accepted, Frames: res.Motion.Len(),
		Image: res.Image, Metrics: &m, Feedback: res.Feedback})
}

// reflect asks for the next round's plan over the whole memory.
func (r *runner) reflect(ctx context.Context, round int) ([]string, *mllm.Reflection, error) {
	in := mllm.ReflectInput{Context: r.context(), Memory: r.memory()}
	ref, err := ask(ctx, r, mllm.RoleReflect, Event{Round: round}, func(ctx context.Context) (mllm.Reflection, error) { return r.model.Reflect(ctx, in) })
	if err != nil {
		return nil, nil, err
	}
	text := ref.Lessons() + "\nDelta: " + ref.Delta
	return ref.Steps, &ref, r.emit(ctx, Event{Kind: KindReflect, Round: round, Steps: len(ref.Steps), By: "model", Role: mllm.RoleReflect,
		Plan: ref.Steps, Text: text, Raw: ref.Raw, Reasoning: ref.Reasoning, Usage: &ref.Usage, Cached: ref.Cached})
}

// memory is every round so far, as reflection is shown it: all text, the ghost images of the
// latest MemoryImages rounds.
func (r *runner) memory() []mllm.Round {
	var mem []mllm.Round
	n := len(r.trace.Rounds)
	for i, res := range r.trace.Rounds {
		m := mllm.Round{Index: i, Plan: res.Accepted, Steps: res.Steps, Motion: res.Motion, Verdict: res.Verdict, Feedback: res.Feedback}
		if i >= n-r.cfg.MemoryImages {
			m.Image = r.loadImage(res.Image, fmt.Sprintf("ghost image of round %d", i+1))
		}
		mem = append(mem, m)
	}
	return mem
}
