package app

import (
	"context"
	"testing"
	"time"

	"interactagent/agent"
	"interactagent/mllm"
)

// TestGatePausesEditsAndOverrides: a paused gate holds the run before its next step until it is
// resumed, hands over the edited action once, and overrides the next decision once.
func TestGatePausesEditsAndOverrides(t *testing.T) {
	paused := make(chan agent.StepView, 1)
	g := &Gate{OnPaused: func(at agent.StepView) { paused <- at }}
	at := agent.StepView{Round: 1, Step: 2, Action: "A person walks forward about 1 meter"}
	if e, err := g.BeforeStep(context.Background(), at); err != nil || e.Action != "" {
		t.Fatalf("not paused: %+v, %v; want no edit", e, err)
	}
	g.Pause()
	got := make(chan agent.Edit, 1)
	go func() {
		e, _ := g.BeforeStep(context.Background(), at)
		got <- e
	}()
	if where := <-paused; where.Step != 2 {
		t.Errorf("paused at %+v", where)
	}
	select {
	case e := <-got:
		t.Fatalf("the step ran while paused: %+v", e)
	case <-time.After(50 * time.Millisecond):
	}
	g.Resume("A person walks forward about 2 meters")
	if e := <-got; e.Action != "A person walks forward about 2 meters" || e.Note == "" {
		t.Errorf("after resume: %+v, want the edited action", e)
	}
	if e, _ := g.BeforeStep(context.Background(), at); e.Action != "" {
		t.Errorf("the edit was used twice: %+v", e)
	}
	g.Override(mllm.Redo)
	o, _ := g.Decide(context.Background(), at, mllm.Observation{Decision: mllm.Continue})
	if o.Decision != mllm.Redo || o.Action != at.Action {
		t.Errorf("override: %+v", o)
	}
	if o, _ := g.Decide(context.Background(), at, mllm.Observation{Decision: mllm.Continue}); o.Decision != "" {
		t.Errorf("the override was used twice: %+v", o)
	}
	g.Pause()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.BeforeStep(ctx, at); err == nil {
		t.Error("a cancelled run stayed paused")
	}
}
