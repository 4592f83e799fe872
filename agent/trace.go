package agent

import (
	"time"

	"interactagent/mllm"
	"interactagent/motion"
)

// Trace is what Run returns: every round with its plans, steps, motion and metrics, the round the
// run stopped at and the best round by the run's own metrics, the costs, and every event.
type Trace struct {
	Task        string        `json:"task"`
	SceneRef    string        `json:"scene"`
	Config      Config        `json:"config"`
	Model       string        `json:"model"`
	Executor    string        `json:"executor"`
	Description string        `json:"description"`
	Rounds      []RoundResult `json:"rounds"`
	Final       int           `json:"final_round"` // the round the run stopped at, from 1
	Best        int           `json:"best_round"`  // the best round by its metrics, from 1
	Costs       Costs         `json:"costs"`
	Events      []Event       `json:"-"`
}

// FinalRound returns the round the run stopped at.
func (t *Trace) FinalRound() *RoundResult { return &t.Rounds[t.Final-1] }

// RoundResult is one round: the plan it began with (and the reflection that wrote it), the plan
// as online observation refined it, every step's attempts, the motion, its ghost image, the stop
// check's verdict and the metrics.
type RoundResult struct {
	Index      int               `json:"index"`
	Plan       []string          `json:"plan"`
	Reflection *mllm.Reflection  `json:"reflection,omitempty"`
	Accepted   []string          `json:"accepted"`
	Steps      []mllm.StepRecord `json:"steps,omitempty"`
	Motion     *motion.Clip      `json:"-"`
	Image      string            `json:"image,omitempty"`
	Verdict    *mllm.Verdict     `json:"verdict,omitempty"`
	Feedback   string            `json:"feedback,omitempty"`
	Metrics    Metrics           `json:"metrics"`
}

// Costs are what the run cost, counted the paper's way: VQUs (images sent to the model), model
// requests, tokens, motion executions (the distinct executions the run needed; a resumed run
// counts those it read back, so its counts equal an uninterrupted run's) and renders, with the
// estimated money and the time spent per role. ExecutorCalls and Faults are what this process
// did: they differ between a run and its resumption.
type Costs struct {
	VQUs             int                      `json:"vqus"`
	ModelRequests    int                      `json:"model_requests"`
	PromptTokens     int                      `json:"prompt_tokens"`
	CompletionTokens int                      `json:"completion_tokens"`
	Money            *float64                 `json:"money_usd,omitempty"`
	MotionExecutions int                      `json:"motion_executions"`
	Renders          int                      `json:"renders"`
	ExecutorCalls    int                      `json:"executor_calls_this_process"`
	Faults           int                      `json:"faults_this_process"`
	Time             map[string]time.Duration `json:"time_ns"`
}

// add counts one reply's usage and the time its call took.
func (c *Costs) add(role mllm.Role, u mllm.Usage, took time.Duration) {
	c.VQUs += u.Images
	c.ModelRequests += u.Requests
	c.PromptTokens += u.PromptTokens
	c.CompletionTokens += u.CompletionTokens
	c.spent(string(role), took)
}

// spent adds time to a part of the run ("plan", "executor", "render", …).
func (c *Costs) spent(part string, took time.Duration) {
	if c.Time == nil {
		c.Time = map[string]time.Duration{}
	}
	c.Time[part] += took
}
