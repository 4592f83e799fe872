package bench

import (
	"sync"
	"testing"

	"interactagent/agent"
	"interactagent/task"
)

// TestProgressReportsInOrder: a bench reports its start with the trials to run and those a
// resumed folder holds, then each finished trial once (workers finishing at once are reported one
// at a time, Done counting up by one), then its end.
func TestProgressReportsInOrder(t *testing.T) {
	modes := []agent.Mode{agent.Naive, agent.Full}
	held := []*Result{result("a", task.Low, agent.Naive, 0, 1, round(true, true, 0, 0, true, 1))}
	todo := []Trial{{"b", agent.Naive, 0, ""}, {"a", agent.Full, 0, ""}, {"b", agent.Full, 0, ""}}
	var got []Progress
	busy := false
	r := startReporting(func(p Progress) {
		if busy {
			t.Error("two reports at once")
		}
		busy = true
		got = append(got, p)
		busy = false
	}, modes, todo, held)
	var wg sync.WaitGroup
	for _, tr := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.finished(&Result{Trial: tr, Error: "no scene"})
		}()
	}
	wg.Wait()
	r.end(true)

	if len(got) != 2+len(todo) {
		t.Fatalf("%d reports, want a start, %d trials and an end", len(got), len(todo))
	}
	if s := got[0]; s.Kind != ProgressStart || s.Total != 4 || s.Done != 1 || len(s.Todo) != 3 || len(s.Held) != 1 || len(s.Modes) != 2 {
		t.Errorf("start: %+v, want 4 trials, 1 done, 3 to run, 1 held, 2 modes", s)
	}
	for k, p := range got[1 : len(got)-1] {
		if p.Kind != ProgressTrial || p.Done != 2+k || p.Total != 4 || p.Result == nil {
			t.Errorf("report %d: %+v, want a finished trial with %d of 4 done", k+1, p, 2+k)
		}
	}
	if e := got[len(got)-1]; e.Kind != ProgressEnd || !e.Stopped || e.Done != 4 {
		t.Errorf("end: %+v, want stopped with 4 done", e)
	}
	startReporting(nil, modes, todo, held).finished(held[0]) // a nil function reports nothing
}

// TestResultSummary: a progress line's words for a trial that failed, succeeded and half succeeded.
func TestResultSummary(t *testing.T) {
	for _, c := range []struct {
		r    *Result
		want string
	}{
		{&Result{Error: "no scene"}, "error: no scene"},
		{result("a", task.Low, agent.Full, 0, 1, round(true, true, 0, 0, true, 1)), "released success, strict success; 1 round(s), 1.5 s"},
		{result("a", task.Low, agent.Full, 0, 1, round(false, false, 0, 0, false, 1), round(true, false, 0, 0, true, 2)),
			"released success, strict failed at step 1; 2 round(s), 1.5 s"},
	} {
		if got := c.r.Summary(); got != c.want {
			t.Errorf("Summary() = %q, want %q", got, c.want)
		}
	}
}
