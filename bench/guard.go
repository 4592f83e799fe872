package bench

import (
	"context"
	"fmt"

	"interactagent/agent"
)

// Limits that stop a trial that runs away: a plan whose rest keeps growing (replans that add steps
// without end), or a trial whose accepted steps pile up without end, which costs memory and disk
// quadratically, since every step re-executes the accepted prefix. The limits are far beyond any
// sensible plan, and counted in events, so a trial stops at the same point however fast the
// machine is. A long task that is corrected often is no runaway: a detour around a bed replanned
// at step 7 may well plan 62 more steps, and a task of 66 steps may reach step 204 after its redos.
const (
	// MaxPlanSteps is the most steps the rest of any plan of a trial may have (the steps from the
	// one being replanned on), or PlanGrowth times the steps of its first plan when that is more
	// (a long task's first plan may well have 80). A plan as a whole, the accepted steps before
	// its rest included, may have PlanGrowth times that.
	MaxPlanSteps = 64
	PlanGrowth   = 4
	// MaxEvents is the most events a trial may produce.
	MaxEvents = 5000
)

// guard watches a trial's events and cancels the trial when it runs away; why says what happened.
type guard struct {
	events chan agent.Event
	done   chan struct{}
	why    string
}

// watch starts a guard over a run of ctx; the returned context is the run's.
func watch(ctx context.Context) (*guard, context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	g := &guard{events: make(chan agent.Event), done: make(chan struct{})}
	go func() {
		defer close(g.done)
		n, limit := 0, MaxPlanSteps
		for e := range g.events {
			n++
			if e.Kind == agent.KindPlan && e.Round == 1 && e.Step == 0 { // round 1's first plan
				limit = max(limit, PlanGrowth*len(e.Plan))
			}
			if why := runaway(e, n, limit); why != "" {
				// Stop reading: the run's next event can then only see its context end.
				g.why = why
				cancel()
				return
			}
		}
	}()
	return g, ctx, cancel
}

// stop ends the guard after the run returned and reports why it stopped the run, if it did.
func (g *guard) stop() string {
	close(g.events)
	<-g.done
	return g.why
}

// runaway says why the n-th event of a trial shows it running away, or "": a plan whose rest has
// more than limit steps, or more than PlanGrowth·limit in all, or too many events (MaxEvents, or
// ten per step of the longest rest allowed).
func runaway(e agent.Event, n, limit int) string {
	planned := e.Kind == agent.KindPlan || e.Kind == agent.KindReflect
	rest := len(e.Plan) - max(e.Step-1, 0) // a replan at step k keeps the k-1 accepted before it
	switch {
	case planned && rest > limit:
		return fmt.Sprintf("bench: stopped a runaway trial: round %d's plan grew to %d steps from step %d on, want at most %d", e.Round, rest, max(e.Step, 1), limit)
	case planned && len(e.Plan) > PlanGrowth*limit:
		return fmt.Sprintf("bench: stopped a runaway trial: round %d's plan grew to %d steps in all (at step %d), want at most %d", e.Round, len(e.Plan), e.Step, PlanGrowth*limit)
	case n > max(MaxEvents, 10*limit):
		return fmt.Sprintf("bench: stopped a runaway trial: more than %d events", max(MaxEvents, 10*limit))
	}
	return ""
}
