package kinematic

import (
	"context"
	"testing"

	"interactagent/motion"
)

// The issue asks for a 10 s action in under 5 ms (≥ 2000× real time).
func benchmarkExecute(b *testing.B, p Profile, actions ...string) {
	e := New(Options{Profile: p, Seed: 1})
	ctx := context.Background()
	c, err := e.Execute(ctx, motion.State{}, actions)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(c.Duration(), "motion-s/op")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Execute(ctx, motion.State{}, actions); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWalk12Metres(b *testing.B) {
	benchmarkExecute(b, Ideal(), "A person walks forward 12 meters")
}

func BenchmarkWalk12MetresMotionLLM(b *testing.B) {
	benchmarkExecute(b, MotionLLM(), "A person walks forward about 12 meters")
}

func BenchmarkWait10Seconds(b *testing.B) {
	benchmarkExecute(b, Ideal(), "A person waits for 10 seconds")
}

func BenchmarkSitAndLie(b *testing.B) {
	benchmarkExecute(b, Ideal(), "A person sits down", "A person lies down", "A person gets up")
}

func BenchmarkPredict(b *testing.B) {
	e := New(Options{Profile: MotionLLM()})
	actions := []string{"A person walks forward 2 meters", "A person turns left 90 degrees", "A person sits down"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Predict(context.Background(), motion.State{}, actions); err != nil {
			b.Fatal(err)
		}
	}
}
