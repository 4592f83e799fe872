package agent

import (
	"time"

	"interactagent/mllm"
)

// Kind names what an event records.
type Kind string

// The kinds of events, in the order a run produces them.
const (
	KindRun          Kind = "run"          // the run starts: task, mode, backends
	KindAnalysis     Kind = "analysis"     // the scene description
	KindPlan         Kind = "plan"         // a round's first plan, or a replan's new steps
	KindExecute      Kind = "execute"      // the executor ran actions (from a cache when Cached)
	KindObserve      Kind = "observe"      // one attempt at a step and the decision on it
	KindIntervention Kind = "intervention" // a person paused, edited an action or overrode a decision
	KindCheck        Kind = "check"        // the stop check's verdict on a round
	KindReflect      Kind = "reflect"      // reflection's analysis, strategy and new plan
	KindRound        Kind = "round"        // a round ends: its motion, image and metrics
	KindFault        Kind = "fault"        // a try of a role's call failed; it was tried again or given up
	KindNote         Kind = "note"         // the loop applied one of its own rules (a budget ran out)
	KindDone         Kind = "done"         // the run ends: the stopping and the best round
)

// Event is one line of a run's trace (trace.jsonl) and one progress report on the events
// channel. Rounds, steps and attempts count from 1; fields a kind does not use stay empty.
type Event struct {
	Seq     int       `json:"seq"`
	Time    time.Time `json:"time"`
	Kind    Kind      `json:"kind"`
	Round   int       `json:"round,omitempty"`
	Step    int       `json:"step,omitempty"`
	Steps   int       `json:"steps,omitempty"` // how many steps the plan has, for progress
	Attempt int       `json:"attempt,omitempty"`
	// By says who decided: "model", "person", "agent" (a rule of the loop) or "executor"; for a
	// fault, what failed: "endpoint" (no answer, a refusal such as a bad key, the model deadline),
	// "model" (an unusable reply) or "input" (a scene or instruction the backend cannot use).
	By       string        `json:"by,omitempty"`
	Role     mllm.Role     `json:"role,omitempty"`
	Plan     []string      `json:"plan,omitempty"`
	Action   string        `json:"action,omitempty"`
	Decision mllm.Decision `json:"decision,omitempty"`
	Score    *float64      `json:"score,omitempty"`
	Issues   []mllm.Issue  `json:"issues,omitempty"`
	Pass     *bool         `json:"pass,omitempty"`
	// Text holds the event's words: the analysis, a verdict's reason, reflection's analysis and
	// strategy, a fault's message, a person's note.
	Text      string      `json:"text,omitempty"`
	Feedback  string      `json:"feedback,omitempty"`
	Image     string      `json:"image,omitempty"` // a PNG in the run folder, relative to it
	Frames    int         `json:"frames,omitempty"`
	Cached    bool        `json:"cached,omitempty"`
	Usage     *mllm.Usage `json:"usage,omitempty"`
	Raw       string      `json:"raw,omitempty"`
	Reasoning string      `json:"reasoning,omitempty"`
	Metrics   *Metrics    `json:"metrics,omitempty"`
}
