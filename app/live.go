package app

import (
	"context"
	"sync"

	"interactagent/agent"
	"interactagent/mllm"
)

// Gate is the window's agent.Intervener: a person may pause the run before its next step, edit
// that step's action, and override the next decision. Its methods are called from the run's
// goroutine and block while paused; the window calls the others.
type Gate struct {
	mu       sync.Mutex
	pause    bool
	resume   chan struct{}
	edit     string
	override mllm.Decision
	// OnPaused is told where the run waits (from the run's goroutine).
	OnPaused func(agent.StepView)
}

// Pause asks the run to stop before its next step.
func (g *Gate) Pause() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pause = true
	if g.resume == nil {
		g.resume = make(chan struct{})
	}
}

// Resume lets a paused run go on, running action instead of the planned one when not empty.
func (g *Gate) Resume(action string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pause, g.edit = false, action
	if g.resume != nil {
		close(g.resume)
		g.resume = nil
	}
}

// Override makes the next observation's decision d instead of the model's ("" keeps the model's).
func (g *Gate) Override(d mllm.Decision) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.override = d
}

// BeforeStep waits while paused, then hands over a person's edit.
func (g *Gate) BeforeStep(ctx context.Context, at agent.StepView) (agent.Edit, error) {
	g.mu.Lock()
	wait := g.resume
	paused := g.pause
	g.mu.Unlock()
	if paused && wait != nil {
		if g.OnPaused != nil {
			g.OnPaused(at)
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return agent.Edit{}, ctx.Err()
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	e := agent.Edit{Action: g.edit}
	if e.Action != "" && e.Action != at.Action {
		e.Note = "edited in the app"
	} else {
		e.Action = ""
	}
	g.edit = ""
	return e, nil
}

// Decide hands over a person's override of the decision, once.
func (g *Gate) Decide(ctx context.Context, at agent.StepView, obs mllm.Observation) (agent.Override, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	d := g.override
	g.override = ""
	if d == "" || d == obs.Decision {
		return agent.Override{}, nil
	}
	o := agent.Override{Decision: d, Note: "overridden in the app"}
	if d == mllm.Redo {
		o.Action = at.Action
	}
	return o, nil
}
