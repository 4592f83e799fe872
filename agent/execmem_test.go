package agent

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor/kinematic"
	"interactagent/mllm"
	"interactagent/motion"
)

// longPlan is a plan of n short steps that wanders about a room.
func longPlan(n int) []string {
	steps := make([]string, n)
	for i := range steps {
		steps[i] = "A person walks forward 0.3 meters"
		if i%2 == 1 {
			steps[i] = fmt.Sprintf("A person turns %s by 30 degrees", []string{"left", "right"}[i/2%2])
		}
	}
	return steps
}

// sameClip reports whether two clips hold the same frames, fps and segments, bit for bit.
func sameClip(a, b *motion.Clip) bool {
	if a.FPS != b.FPS || a.Len() != b.Len() || len(a.Segments) != len(b.Segments) || sharedFrames(a, b) != a.Len() {
		return false
	}
	for i, s := range a.Segments {
		if t := b.Segments[i]; s.Action != t.Action || s.Start != t.Start || s.End != t.End {
			return false
		}
	}
	return true
}

// TestExecCacheHoldsEachFrameOnce: executing a growing prefix as the loop does (the prefix and one
// step more, then the prefix again) holds about one copy of the final motion, not one copy of
// every prefix; every clip the cache returns is the executor's, bit for bit; and the counts are
// one request and one served call per distinct execution.
func TestExecCacheHoldsEachFrameOnce(t *testing.T) {
	ctx := context.Background()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM(), Seed: 7})
	c := newExecCache(ex, "kinematic", 7, "")
	plan := longPlan(40)
	executed := 0
	var last *motion.Clip
	for k := 1; k <= len(plan); k++ {
		clip, fresh, err := c.run(ctx, motion.State{}, plan[:k])
		if err != nil || !fresh {
			t.Fatalf("step %d: fresh %v, %v", k, fresh, err)
		}
		executed += clip.Len()
		again, fresh, err := c.run(ctx, motion.State{}, plan[:k])
		if err != nil || fresh || !sameClip(again, clip) {
			t.Fatalf("step %d: the execution asked again: fresh %v, %v, or not the same clip", k, fresh, err)
		}
		if k > 1 {
			prefix, _, _ := c.run(ctx, motion.State{}, plan[:k-1])
			want, _ := ex.Execute(ctx, motion.State{}, plan[:k-1])
			if !sameClip(prefix, want) {
				t.Fatalf("step %d: the held prefix of %d steps is not the executor's clip", k, k-1)
			}
		}
		last = clip
	}
	if c.Requests != len(plan) || c.Served != len(plan) {
		t.Errorf("%d requests, %d served: want %d each", c.Requests, c.Served, len(plan))
	}
	if held := c.mem.heldFrames(); held > 2*last.Len() {
		t.Errorf("the cache holds %d frames for a final motion of %d (%d executed in all): want at most twice the final motion", held, last.Len(), executed)
	}
}

// TestExecCacheRebuildsBranches: executions that branch from one prefix (a redo, a replan) are
// each returned as executed, and a clip returned is the caller's own: changing it changes no
// later answer.
func TestExecCacheRebuildsBranches(t *testing.T) {
	ctx := context.Background()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.MotionLLM(), Seed: 2})
	c := newExecCache(ex, "kinematic", 2, "")
	base := longPlan(6)
	branches := [][]string{base, append(base[:5:5], "A person sits down"), append(base[:3:3], "A person turns left by 90 degrees"), base[:4]}
	for _, b := range branches {
		if _, _, err := c.run(ctx, motion.State{}, b); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range branches {
		got, fresh, err := c.run(ctx, motion.State{}, b)
		want, _ := ex.Execute(ctx, motion.State{}, b)
		if err != nil || fresh || !sameClip(got, want) {
			t.Fatalf("%d steps ending %q: fresh %v, %v, or not the executor's clip", len(b), b[len(b)-1], fresh, err)
		}
		got.Frames[0][0] = got.Frames[0][0].Add(mgl64.Vec3{1, 0, 0})
		got.Segments[0].Action = "changed"
	}
	for _, b := range branches {
		got, _, _ := c.run(ctx, motion.State{}, b)
		want, _ := ex.Execute(ctx, motion.State{}, b)
		if !sameClip(got, want) {
			t.Fatalf("%d steps: a caller's change to its clip reached the cache", len(b))
		}
	}
}

// TestLongRunLiveHeapStaysFlat: the live heap of an online run of a long plan, measured at every
// tenth observation, stays within a few copies of the final motion, where holding every executed
// prefix would take one copy per two steps.
func TestLongRunLiveHeapStaysFlat(t *testing.T) {
	const steps = 120
	var base, peak uint64
	s := &script{plan: longPlan(steps), observe: func(r, step, a int, in mllm.ObserveInput) mllm.Observation {
		if step%10 == 0 {
			peak = max(peak, liveHeap())
		}
		return mllm.Observation{Decision: mllm.Continue, Score: 0.9}
	}}
	base = liveHeap()
	tr, _ := runScript(t, s, Config{Mode: Online})
	final := uint64(tr.Rounds[0].Motion.Len()) * uint64(len(motion.Pose{})*24)
	if grown := peak - min(base, peak); grown > 8*final+(4<<20) {
		t.Errorf("the live heap grew by %d MB during a run whose final motion takes %d MB: want at most 8 copies and 4 MB more",
			grown>>20, final>>20)
	}
}

// liveHeap collects garbage and returns the bytes of heap in use.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
