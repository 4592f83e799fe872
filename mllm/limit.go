package mllm

import "context"

// Limiter bounds how many model calls run at once, across every model that shares it: one per
// process, shared by every run, keeps a benchmark of many runs within an endpoint's rate limits.
type Limiter struct{ slots chan struct{} }

// NewLimiter allows n calls at once (at least 1).
func NewLimiter(n int) *Limiter { return &Limiter{slots: make(chan struct{}, max(n, 1))} }

// acquire waits for a slot or for ctx to end.
func (l *Limiter) acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Limiter) release() { <-l.slots }

// Limited wraps a Model so that its calls wait for a Limiter's slot.
type Limited struct {
	m Model
	l *Limiter
}

// WithLimit returns m limited by l.
func WithLimit(m Model, l *Limiter) *Limited { return &Limited{m: m, l: l} }

// Name returns the wrapped model's name.
func (w *Limited) Name() string { return w.m.Name() }

// AnalyzeScene implements Model within the limit.
func (w *Limited) AnalyzeScene(ctx context.Context, in SceneInput) (SceneAnalysis, error) {
	return limited(ctx, w.l, func() (SceneAnalysis, error) { return w.m.AnalyzeScene(ctx, in) })
}

// Plan implements Model within the limit.
func (w *Limited) Plan(ctx context.Context, in PlanInput) (Plan, error) {
	return limited(ctx, w.l, func() (Plan, error) { return w.m.Plan(ctx, in) })
}

// Observe implements Model within the limit.
func (w *Limited) Observe(ctx context.Context, in ObserveInput) (Observation, error) {
	return limited(ctx, w.l, func() (Observation, error) { return w.m.Observe(ctx, in) })
}

// Reflect implements Model within the limit.
func (w *Limited) Reflect(ctx context.Context, in ReflectInput) (Reflection, error) {
	return limited(ctx, w.l, func() (Reflection, error) { return w.m.Reflect(ctx, in) })
}

// Check implements Model within the limit.
func (w *Limited) Check(ctx context.Context, in CheckInput) (Verdict, error) {
	return limited(ctx, w.l, func() (Verdict, error) { return w.m.Check(ctx, in) })
}

// limited runs call once a slot is free.
func limited[R cachedReply](ctx context.Context, l *Limiter, call func() (R, error)) (R, error) {
	if err := l.acquire(ctx); err != nil {
		var zero R
		return zero, err
	}
	defer l.release()
	return call()
}
