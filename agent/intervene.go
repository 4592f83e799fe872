package agent

import (
	"context"

	"interactagent/mllm"
)

// Intervener is a person watching a run, through a front end: before each attempt at a step the
// run asks it (it may block — a pause — until the person goes on) and may run an edited action
// instead; after each observation it may override the model's decision. Whatever a person changes
// is recorded in the trace as the person's, not the model's. Methods are called from the run's
// goroutine; an error (the person cancelled) ends the run with it.
type Intervener interface {
	BeforeStep(ctx context.Context, at StepView) (Edit, error)
	Decide(ctx context.Context, at StepView, obs mllm.Observation) (Override, error)
}

// StepView is where the run stands: round, step and attempt (from 1), the plan and the action
// about to run or just observed.
type StepView struct {
	Round, Step, Steps, Attempt int
	Plan                        []string
	Action                      string
}

// Edit is what a person changes before a step: the action to run instead (empty keeps it).
type Edit struct {
	Action string
	Note   string
}

// Override is what a person decides instead of the model: a decision (empty keeps the model's),
// with the redo action or the replanned steps it needs.
type Override struct {
	Decision mllm.Decision
	Action   string
	Steps    []string
	Note     string
}
