package geometric

import (
	"context"
	"testing"

	"interactagent/executor/kinematic"
	"interactagent/mllm"
	"interactagent/scene/furniture"
)

// BenchmarkPlanLounge plans a two-goal task in the largest built-in room (the floor is built once
// per scene and cached, as in a run).
func BenchmarkPlanLounge(b *testing.B) {
	s, _ := furnitureBuiltin("lounge")
	r := New(Options{})
	in := mllm.PlanInput{Context: mllm.Context{Task: "sit on the big sofa, then touch the cafe table with your left hand", Scene: s, Start: s.Start}}
	if _, err := r.Plan(context.Background(), in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Plan(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkObserve60 observes one 60-frame step (a 2 m walk) of a longer motion.
func BenchmarkObserve60(b *testing.B) {
	s, _ := furnitureBuiltin("living_room")
	r := New(Options{})
	prefix := []string{"A person turns left by about 20 degrees", "A person walks forward about 2 meters"}
	c, err := kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM(), Seed: 3}).Execute(context.Background(), s.Start, prefix)
	if err != nil {
		b.Fatal(err)
	}
	from := c.Segments[1].Start
	b.ReportMetric(float64(c.Len()-from), "step-frames")
	in := mllm.ObserveInput{Context: mllm.Context{Task: "walk to the sofa", Scene: s, Start: s.Start}, Plan: prefix, Step: 1,
		Action: prefix[1], Executed: c, StepFrom: from}
	if _, err := r.Observe(context.Background(), in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Observe(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

// furnitureBuiltin builds a built-in room for a benchmark.
var furnitureBuiltin = furniture.Builtin
