package agent

import (
	"fmt"
	"strings"
	"time"
)

// Mode is how a run uses observation and reflection (the paper's Table 1 rows).
type Mode string

// The four modes.
const (
	Naive   Mode = "naive"   // plan once, execute open loop
	Online  Mode = "online"  // one round with online observation
	Offline Mode = "offline" // memory reflection over rounds, each executed open loop
	Full    Mode = "full"    // online observation in every round, reflection, adaptive stop
)

// Modes returns the four modes in the order of the paper's table.
func Modes() []Mode { return []Mode{Naive, Online, Offline, Full} }

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes() {
		if strings.EqualFold(s, string(m)) {
			return m, nil
		}
	}
	return "", fmt.Errorf("agent: mode %q, want naive, online, offline or full", s)
}

// observes reports whether the mode observes steps online.
func (m Mode) observes() bool { return m == Online || m == Full }

// reflects reports whether the mode runs several rounds with reflection and a stop check.
func (m Mode) reflects() bool { return m == Offline || m == Full }

// Feedback is what an observation or a reflection is told besides the images.
type Feedback string

// The feedback kinds: the paper's visual feedback, and hybrid, which adds measured numbers.
const (
	Visual Feedback = "visual"
	Hybrid Feedback = "hybrid"
)

// ParseFeedback reads a feedback kind.
func ParseFeedback(s string) (Feedback, error) {
	switch Feedback(strings.ToLower(s)) {
	case Visual, "":
		return Visual, nil
	case Hybrid:
		return Hybrid, nil
	}
	return "", fmt.Errorf("agent: feedback %q, want visual or hybrid", s)
}

// Config is how a run goes. Its zero value, after Defaults, is the paper's setting: full mode,
// N_max 5, R_max 2, visual feedback, early stop.
type Config struct {
	Mode Mode `json:"mode"`
	// NMax bounds the rounds (reflecting modes); RMax the corrections per step (observing modes).
	NMax int `json:"n_max"`
	RMax int `json:"r_max"`
	// MaxCorrections bounds the corrections (redos and replans) of one round: replans may add
	// steps, and a model that keeps replanning would otherwise never finish the round. Once they
	// are spent, each later step's attempt is accepted as it is. 0 takes R_max × the steps of the
	// round's plan as it began: what R_max alone allows a plan that no replan lengthens.
	MaxCorrections int `json:"max_corrections,omitempty"`
	// Threshold is the observation score below which a "continue" is taken as a redo of the same
	// action worded anew; 0 trusts the decision as given (the paper gives no threshold).
	Threshold float64 `json:"threshold"`
	// NoEarlyStop runs all NMax rounds even after a check passes.
	NoEarlyStop bool `json:"no_early_stop,omitempty"`
	// NoRender draws no images: the model is shown a blank stand-in picture (the built-in reasoner
	// reads geometry and needs none). run.json keeps it, so that a resume shows the model what the
	// run began with.
	NoRender bool `json:"no_render,omitempty"`
	// Keyframes and ImageSize shape the ghost images.
	Keyframes int `json:"keyframes"`
	ImageSize int `json:"image_size"`
	// MemoryImages is how many of the latest rounds show their ghost image to reflection; older
	// rounds are shown as text only (the paper notes memory grows with rounds).
	MemoryImages int `json:"memory_images"`
	// Seed seeds everything random in the run; it is passed to the executor.
	Seed     uint64   `json:"seed"`
	Feedback Feedback `json:"feedback"`
	// ModelTries bounds how often one role's call is tried while it fails in a way that may pass
	// (no answer, a timeout, 429, a 5xx, an unusable reply): 1 to MaxModelTries. A failure that no
	// retry mends (mllm.Permanent: 400, 401, 403, 404, an input the backend cannot use) ends the
	// call at once. Each failure is recorded in the trace as a fault.
	ModelTries int `json:"model_tries"`
	// ModelDeadline bounds one role's call: every try and every pause between tries together, so
	// that an endpoint that never answers, or answers a byte at a time, fails the run within
	// minutes. 0 takes DefaultModelDeadline, and is left out of run.json, so that a run folder or
	// bench written before the setting existed reads as one with the default.
	ModelDeadline time.Duration `json:"model_deadline_ns,omitempty"`
	// ModelBackoff is the pause before a role's call is tried again, doubled after each try up to
	// MaxModelPause; 0 takes DefaultModelBackoff.
	ModelBackoff time.Duration `json:"model_backoff_ns,omitempty"`
}

// Defaults and bounds of the model settings of Config.
const (
	DefaultModelTries    = 8
	MaxModelTries        = 10
	DefaultModelDeadline = 3 * time.Minute
	MaxModelDeadline     = 24 * time.Hour
	DefaultModelBackoff  = time.Second
	MaxModelPause        = 15 * time.Second
)

// Defaults returns c with every zero field set to the paper's setting.
func (c Config) Defaults() Config {
	if c.Mode == "" {
		c.Mode = Full
	}
	if c.NMax == 0 {
		c.NMax = 5
	}
	if c.RMax == 0 {
		c.RMax = 2
	}
	if c.Keyframes == 0 {
		c.Keyframes = 24
	}
	if c.ImageSize == 0 {
		c.ImageSize = 768
	}
	if c.MemoryImages == 0 {
		c.MemoryImages = 2
	}
	if c.Feedback == "" {
		c.Feedback = Visual
	}
	if c.ModelTries == 0 {
		c.ModelTries = DefaultModelTries
	}
	return c
}

// modelDeadline is ModelDeadline, or its default.
func (c Config) modelDeadline() time.Duration {
	if c.ModelDeadline == 0 {
		return DefaultModelDeadline
	}
	return c.ModelDeadline
}

// modelBackoff is ModelBackoff, or its default.
func (c Config) modelBackoff() time.Duration {
	if c.ModelBackoff == 0 {
		return DefaultModelBackoff
	}
	return c.ModelBackoff
}

// Validate reports a configuration no run can follow.
func (c Config) Validate() error {
	if _, err := ParseMode(string(c.Mode)); err != nil {
		return err
	}
	if _, err := ParseFeedback(string(c.Feedback)); err != nil {
		return err
	}
	switch {
	case c.NMax < 1 || c.NMax > 50:
		return fmt.Errorf("agent: n_max %d, want 1 to 50 rounds", c.NMax)
	case c.RMax < 0 || c.RMax > 10:
		return fmt.Errorf("agent: r_max %d, want 0 to 10 corrections per step", c.RMax)
	case !(c.Threshold >= 0 && c.Threshold <= 1):
		return fmt.Errorf("agent: threshold %v, want a score from 0 to 1", c.Threshold)
	case c.Keyframes < 2 || c.Keyframes > 200 || c.ImageSize < 64 || c.ImageSize > 4096:
		return fmt.Errorf("agent: ghost images of %d keyframes at %d px, want 2–200 keyframes at 64–4096 px", c.Keyframes, c.ImageSize)
	case c.MaxCorrections < 0 || c.MaxCorrections > 1000:
		return fmt.Errorf("agent: max_corrections %d, want 0 (R_max × the plan's steps) to 1000", c.MaxCorrections)
	case c.MemoryImages < 0:
		return fmt.Errorf("agent: memory_images %d, want 0 or more rounds", c.MemoryImages)
	}
	return c.validateModel()
}

// validateModel checks the tries, deadline and pause of a role's call.
func (c Config) validateModel() error {
	switch {
	case c.ModelTries < 1 || c.ModelTries > MaxModelTries:
		return fmt.Errorf("agent: model_tries %d, want 1 to %d tries of one role's call (the model deadline bounds their time)", c.ModelTries, MaxModelTries)
	case c.ModelDeadline < 0 || c.ModelDeadline > MaxModelDeadline:
		return fmt.Errorf("agent: model deadline %v, want up to %v for one role's call (0 takes %v)", c.ModelDeadline, MaxModelDeadline, DefaultModelDeadline)
	case c.ModelBackoff < 0 || c.ModelBackoff > MaxModelPause:
		return fmt.Errorf("agent: model backoff %v, want a pause up to %v between tries (0 takes %v)", c.ModelBackoff, MaxModelPause, DefaultModelBackoff)
	}
	return nil
}
