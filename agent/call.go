package agent

import (
	"context"
	"errors"
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

// ask calls one role within Config.ModelDeadline: while the call fails in a way that may pass it
// is tried again, after a pause of Config.ModelBackoff doubled each time (at most MaxModelPause),
// up to Config.ModelTries times; a failure that no retry mends (mllm.Permanent) ends it at once.
// call gets the context that carries the deadline. Every failure is recorded as a fault event at
// where, and every try's usage and time is counted. Giving up returns a *RoleError; cancelling ctx
// returns ctx's error.
func ask[R reply](ctx context.Context, r *runner, role mllm.Role, where Event, call func(context.Context) (R, error)) (R, error) {
	dctx, cancel := context.WithTimeout(ctx, r.cfg.modelDeadline())
	defer cancel()
	pause := r.cfg.modelBackoff()
	var last error
	for try := 1; ; try++ {
		start := time.Now()
		out, err := call(dctx)
		r.trace.Costs.add(role, meta(&out).Usage, time.Since(start))
		if err == nil {
			return out, nil
		}
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		g := &RoleError{Role: role, Tries: try, Err: err, Permanent: mllm.Permanent(err)}
		if dctx.Err() != nil { // the deadline cut this try short: its error is only that
			g.Err, g.Permanent, g.Deadline = last, false, r.cfg.modelDeadline()
		}
		if err := r.fault(ctx, where, g, err); err != nil {
			return out, err
		}
		if g.Permanent || g.Deadline > 0 || try >= r.cfg.ModelTries {
			return out, g
		}
		if !wait(dctx, pause) {
			g.Deadline = r.cfg.modelDeadline()
			return out, g
		}
		pause, last = min(2*pause, MaxModelPause), err
	}
}

// fault records one failed try of a role's call, saying what failed: "endpoint" (no answer, a
// refusal, the deadline), "input" (what the backend cannot use) or "model" (an unusable reply).
func (r *runner) fault(ctx context.Context, where Event, g *RoleError, err error) error {
	r.trace.Costs.Faults++
	f := where
	f.Kind, f.Role, f.Attempt, f.By, f.Text = KindFault, g.Role, g.Tries, faultBy(err), err.Error()
	if g.Deadline > 0 {
		f.By, f.Text = "endpoint", fmt.Sprintf("no answer within the model deadline of %v", g.Deadline)
	}
	return r.emit(ctx, f)
}

// faultBy names what a failure comes from.
func faultBy(err error) string {
	var ie *mllm.InputError
	var re *mllm.RequestError
	switch {
	case errors.As(err, &ie):
		return "input"
	case errors.As(err, &re):
		return "endpoint"
	}
	return "model"
}

// wait pauses for d, and reports false at once, without waiting, when ctx ends first or its
// deadline comes before d has passed: a try that could not start in time is not waited for.
func wait(ctx context.Context, d time.Duration) bool {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
