package agent

import (
	"context"
	"fmt"
	"time"

	"interactagent/mllm"
)

// reply is any model reply.
type reply interface {
	mllm.SceneAnalysis | mllm.Plan | mllm.Observation | mllm.Reflection | mllm.Verdict
}

// meta returns a reply's Meta.
func meta[R reply](r *R) mllm.Meta {
	switch v := any(r).(type) {
	case *mllm.SceneAnalysis:
		return v.Meta
	case *mllm.Plan:
		return v.Meta
	case *mllm.Observation:
		return v.Meta
	case *mllm.Reflection:
		return v.Meta
	case *mllm.Verdict:
		return v.Meta
	}
	return mllm.Meta{}
}

// ask calls one role, trying again up to Config.ModelTries times when the model fails; each
// failure is recorded as a fault event at where. Every try's usage and time is counted.
func ask[R reply](ctx context.Context, r *runner, role mllm.Role, where Event, call func() (R, error)) (R, error) {
	for try := 1; ; try++ {
		start := time.Now()
		out, err := call()
		r.trace.Costs.add(role, meta(&out).Usage, time.Since(start))
		if err == nil {
			return out, nil
		}
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		r.trace.Costs.Faults++
		f := where
		f.Kind, f.Role, f.Attempt, f.By, f.Text = KindFault, role, try, "model", err.Error()
		if err := r.emit(ctx, f); err != nil {
			return out, err
		}
		if try >= r.cfg.ModelTries {
			return out, fmt.Errorf("agent: %s: the model failed %d times; the last: %w", role, try, err)
		}
	}
}
