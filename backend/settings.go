package backend

import (
	"fmt"
	"strconv"
)

// Settings say which backends a run uses, as strings a flag, a form or run.json gives. They never
// hold a secret: keys and tokens come from the environment when the backends are built.
type Settings struct {
	// Model is "builtin" (the geometric stand-in reasoner) or a model name of an OpenAI-compatible
	// endpoint ("gpt-4o", "qwen-vl-max", "qwen2.5vl").
	Model string
	// BaseURL is the endpoint of Model (empty: $OPENAI_BASE_URL, else OpenAI's).
	BaseURL string
	// Prompts is a folder of prompt templates overriding the built-in ones.
	Prompts string
	// OneImage tiles every image of a request into one, for servers that take one image per message.
	OneImage bool
	// Executor is "builtin" (the kinematic stand-in executor) or the URL of a MotionLLM server.
	Executor string
	// Profile is the built-in executor's error model: "ideal" or "motionllm".
	Profile string
}

// Defaults returns the settings of a run on the built-in backends with the motionllm profile.
func Defaults() Settings {
	return Settings{Model: Builtin, Executor: Builtin, Profile: "motionllm"}
}

// Builtin names the built-in model and executor in Settings.
const Builtin = "builtin"

// Keys of the settings in a run.json's settings map.
const (
	KeyModel    = "model"
	KeyBaseURL  = "base-url"
	KeyPrompts  = "prompts"
	KeyOneImage = "one-image"
	KeyExecutor = "executor"
	KeyProfile  = "profile"
)

// FromMap reads settings from run.json's map; keys it lacks keep their Defaults.
func FromMap(m map[string]string) (Settings, error) {
	s := Defaults()
	for key, dst := range map[string]*string{KeyModel: &s.Model, KeyBaseURL: &s.BaseURL, KeyPrompts: &s.Prompts,
		KeyExecutor: &s.Executor, KeyProfile: &s.Profile} {
		if v, ok := m[key]; ok && v != "" {
			*dst = v
		}
	}
	if v, ok := m[KeyOneImage]; ok && v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return Settings{}, fmt.Errorf("backend: setting %s is %q; want true or false", KeyOneImage, v)
		}
		s.OneImage = b
	}
	return s, nil
}

// Put writes the settings into m under their keys, as run.json keeps them.
func (s Settings) Put(m map[string]string) {
	m[KeyModel], m[KeyBaseURL], m[KeyPrompts] = s.Model, s.BaseURL, s.Prompts
	m[KeyOneImage] = strconv.FormatBool(s.OneImage)
	m[KeyExecutor], m[KeyProfile] = s.Executor, s.Profile
}

// BuiltinModel reports whether the settings name the built-in reasoner, which reads geometry and
// needs no images.
func (s Settings) BuiltinModel() bool { return s.Model == Builtin || s.Model == "" }

// BuiltinExecutor reports whether the settings name the built-in kinematic executor.
func (s Settings) BuiltinExecutor() bool { return s.Executor == Builtin || s.Executor == "" }
