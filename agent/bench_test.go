package agent

import (
	"context"
	"testing"
	"time"

	"interactagent/mllm"
)

// BenchmarkFullRunBuiltin runs the demo task in full mode with the built-in backends (no images,
// which the built-in reasoner does not read) and reports the wall time per role and part.
func BenchmarkFullRunBuiltin(b *testing.B) {
	var last *Trace
	for b.Loop() {
		tr, err := Run(context.Background(), builtinEnv(b, 0, nil), Config{Mode: Full}, nil)
		if err != nil {
			b.Fatal(err)
		}
		last = tr
	}
	for part, d := range last.Costs.Time {
		b.ReportMetric(float64(d.Microseconds())/1000, part+"-ms")
	}
}

// slow is a model whose every call takes a fixed time, as a remote model does.
type slow struct {
	mllm.Model
	latency time.Duration
}

func (s slow) wait() { time.Sleep(s.latency) }
func (s slow) AnalyzeScene(ctx context.Context, in mllm.SceneInput) (mllm.SceneAnalysis, error) {
	s.wait()
	return s.Model.AnalyzeScene(ctx, in)
}
func (s slow) Plan(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
	s.wait()
	return s.Model.Plan(ctx, in)
}
func (s slow) Observe(ctx context.Context, in mllm.ObserveInput) (mllm.Observation, error) {
	s.wait()
	return s.Model.Observe(ctx, in)
}
func (s slow) Reflect(ctx context.Context, in mllm.ReflectInput) (mllm.Reflection, error) {
	s.wait()
	return s.Model.Reflect(ctx, in)
}
func (s slow) Check(ctx context.Context, in mllm.CheckInput) (mllm.Verdict, error) {
	s.wait()
	return s.Model.Check(ctx, in)
}

// BenchmarkLoopOverhead500ms runs the demo task in full mode with a model that takes 500 ms a call
// and reports the share of the run's time that is neither the model's nor the executor's: the
// loop's own work (caches, the trace, penetration metrics, the folder). Run it alone:
// go test -run '^$' -bench LoopOverhead -benchtime 1x ./agent
func BenchmarkLoopOverhead500ms(b *testing.B) {
	var wall, model, executor time.Duration
	for b.Loop() {
		env := builtinEnv(b, 0, nil)
		env.Model = slow{env.Model, 500 * time.Millisecond}
		start := time.Now()
		tr, err := Run(context.Background(), env, Config{Mode: Full}, nil)
		if err != nil {
			b.Fatal(err)
		}
		wall += time.Since(start)
		for part, d := range tr.Costs.Time {
			switch part {
			case "executor":
				executor += d
			case "render":
			default:
				model += d
			}
		}
	}
	b.ReportMetric(100*float64(wall-model-executor)/float64(wall), "overhead-%")
	b.ReportMetric(100*float64(executor)/float64(wall), "executor-%")
}
