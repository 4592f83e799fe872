package mllm

import "time"

// Meta is what every reply keeps for the trace: the raw text the model wrote, its reasoning, what
// the request cost, and whether it came from the cache.
type Meta struct {
	Raw       string `json:"raw,omitempty"`
	Reasoning string `json:"reasoning,omitempty"`
	Usage     Usage  `json:"usage"`
	Cached    bool   `json:"cached,omitempty"`
}

// Usage is what producing one reply cost: requests sent (retries and re-asks included), images
// sent (VQUs: one request with K views counts K, as the paper counts them — a re-ask that sends
// them again counts them again, and one image tiled from K views counts K), tokens, and the time
// it took.
type Usage struct {
	Requests         int           `json:"requests"`
	Images           int           `json:"images"`
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	Latency          time.Duration `json:"latency_ns"`
}

// Add returns the sum of two usages.
func (u Usage) Add(o Usage) Usage {
	return Usage{Requests: u.Requests + o.Requests, Images: u.Images + o.Images,
		PromptTokens: u.PromptTokens + o.PromptTokens, CompletionTokens: u.CompletionTokens + o.CompletionTokens,
		Latency: u.Latency + o.Latency}
}

// SceneAnalysis is the scene's description in words: room type, layout, sizes, distances and
// bearings from the start, passages and walkable paths.
type SceneAnalysis struct {
	Meta
	Text string `json:"text"`
}

// Plan is a sequence of atomic actions, each independently executable by the executor ("A person
// walks forward about 1.5 meters").
type Plan struct {
	Meta
	Steps []string `json:"steps"`
}

// Decision is what an observation decides about a step.
type Decision string

// The three decisions of online observation.
const (
	Continue Decision = "continue" // accept the step and go on
	Redo     Decision = "redo"     // run the step again with a corrected action
	Replan   Decision = "replan"   // keep the motion so far and plan the remaining steps anew
)

// Issue is one problem an observation names, with its evidence.
type Issue struct {
	Type     string `json:"type"` // collision, penetration, drift, undershoot, overshoot, wrong_direction, unstable_pose
	Evidence string `json:"evidence,omitempty"`
}

// IssueTypes returns the issue types the prompts offer.
func IssueTypes() []string {
	return []string{"collision", "penetration", "drift", "undershoot", "overshoot", "wrong_direction", "unstable_pose"}
}

// Observation is the judgement of one executed step. A redo carries RedoAction; a replan carries
// ReplanSteps (the remaining steps written out) or ReplanHint (what to change), or both.
type Observation struct {
	Meta
	Decision    Decision `json:"decision"`
	Score       float64  `json:"score"`
	Issues      []Issue  `json:"issues,omitempty"`
	RedoAction  string   `json:"redo_action,omitempty"`
	ReplanHint  string   `json:"replan_hint,omitempty"`
	ReplanSteps []string `json:"replan_steps,omitempty"`
	Stop        bool     `json:"stop,omitempty"`
}

// Reflection is reflection's answer: why earlier rounds failed, the strategy for the next, its
// plan, and what changed from the last plan.
type Reflection struct {
	Meta
	FailureAnalysis string   `json:"failure_analysis"`
	Strategy        string   `json:"strategy"`
	Steps           []string `json:"plan"`
	Delta           string   `json:"delta,omitempty"`
}

// Lessons is what the roles of the round a reflection plans are told of it: its failure analysis
// and strategy.
func (r Reflection) Lessons() string {
	return "Failure analysis: " + r.FailureAnalysis + "\nStrategy: " + r.Strategy
}

// Verdict is the stop check's judgement of the whole motion.
type Verdict struct {
	Meta
	Pass   bool   `json:"pass"`
	Reason string `json:"reason"`
}
