package mllm

import (
	"interactagent/motion"
	"interactagent/scene"
)

// Context is what every role is told about the run: the instruction, the scene's description
// (from AnalyzeScene; empty for that role itself), the geometry of the scene and of the start, and
// in a round that reflection planned, what it concluded (Lessons). Scene and Start are what the images were drawn from; backends that read pictures use them only
// to name objects.
type Context struct {
	Task        string
	Description string
	Scene       *scene.Scene
	Start       motion.State
	// Lessons is what the reflection that wrote the current round's plan concluded
	// (Reflection.Lessons); empty in round 1 and in modes that do not reflect. Plan and Observe are
	// told it; Check judges without it.
	Lessons string
}

// SceneInput is what scene analysis is shown: the labelled shots of the scene (object ids drawn
// on them).
type SceneInput struct {
	Context
	Shots []Image
}

// PlanInput is what planning is shown. For a first plan From is the start and Done is empty; to
// replan the rest of a plan, From is where the body is now, Done the actions already accepted,
// Executed their motion, and Hint what an observation said should change.
type PlanInput struct {
	Context
	Shots    []Image
	From     motion.State
	Done     []string
	Executed *motion.Clip
	Hint     string
}

// ObserveInput is what the observation of one step is shown: the step's ghost image, the plan and
// which step this is, the earlier attempts at it, and the motion: Executed holds every frame from
// the run's start through this step, which begins at frame StepFrom. Feedback holds measured
// numbers in hybrid mode, empty in the paper's visual mode.
type ObserveInput struct {
	Context
	Plan     []string
	Step     int // 0-based index into Plan
	Action   string
	Attempts []Attempt
	Image    Image
	Executed *motion.Clip
	StepFrom int
	Feedback string
}

// Attempt is one earlier try at a step: the action text and what was decided about it.
type Attempt struct {
	Action   string   `json:"action"`
	Decision Decision `json:"decision"`
	Score    float64  `json:"score"`
	Issues   []Issue  `json:"issues,omitempty"`
	Feedback string   `json:"feedback,omitempty"`
}

// ReflectInput is what reflection is shown: every earlier round, nothing dropped. Images of older
// rounds may be left empty by the caller to bound the request; their text stays.
type ReflectInput struct {
	Context
	Memory []Round
}

// Round is one round of the memory: its plan, the steps as they went (each with its attempts),
// the motion it produced, its ghost image, the stop check's verdict and any measured notes.
type Round struct {
	Index    int          `json:"index"`
	Plan     []string     `json:"plan"`
	Steps    []StepRecord `json:"steps,omitempty"`
	Motion   *motion.Clip `json:"-"`
	Image    Image        `json:"image"`
	Verdict  *Verdict     `json:"verdict,omitempty"`
	Feedback string       `json:"feedback,omitempty"`
}

// StepRecord is one step of a round: the action finally accepted and every attempt at it.
type StepRecord struct {
	Action   string    `json:"action"`
	Attempts []Attempt `json:"attempts,omitempty"`
}

// CheckInput is what the stop check is shown: the ghost image of the whole motion (Motion).
type CheckInput struct {
	Context
	Image    Image
	Motion   *motion.Clip
	Feedback string
}
