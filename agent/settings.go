package agent

import (
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"interactagent/eval"
)

// Settings say what a run is built from: the scene and the instruction as a person gives them, and
// the backends, as a flag, a form or a file gives them. The command line's flags bind to them
// (Fields), the desktop app's preferences store them, run.json keeps them as "settings" (so that a
// resume builds the same run) and bench.json keeps the backends every trial copies. They never hold
// a secret: keys and tokens come from the environment when the backends are built.
//
// Adding a setting is adding a field here, with its name (the json tag, which is also the flag's
// and the preference's) and its help (the help tag): the flags, the preferences and both files
// take it from there. Fields are strings or Bool.
type Settings struct {
	Scene string `json:"scene,omitempty" help:"built-in scene name or scene file (PLANS.json#ID for one UniHSI plan)"`
	Task  string `json:"task,omitempty" help:"the instruction, such as \"walk to the sofa and sit on it\""`
	// Model is "builtin" (the geometric stand-in reasoner) or a model name of an OpenAI-compatible
	// endpoint ("gpt-4o", "qwen-vl-max", "qwen2.5vl").
	Model string `json:"model" help:"builtin (the geometric stand-in reasoner) or a model name of an OpenAI-compatible endpoint (gpt-4o, qwen-vl-max, …)"`
	// BaseURL is the endpoint of Model (empty: $OPENAI_BASE_URL, else OpenAI's).
	BaseURL string `json:"base-url" help:"the endpoint of --model (default $OPENAI_BASE_URL, else OpenAI); the key comes from $OPENAI_API_KEY"`
	// Prompts is a folder of prompt templates overriding the built-in ones.
	Prompts string `json:"prompts" help:"a folder of prompt templates overriding the built-in ones (mllm/openai)"`
	// OneImage tiles every image of a request into one, for servers that take one image per message.
	OneImage Bool `json:"one-image" help:"true: tile every image of a request into one, for servers that take one image per message (Ollama)"`
	// Executor is "builtin" (the kinematic stand-in executor) or the URL of a MotionLLM server.
	Executor string `json:"executor" help:"builtin (the kinematic executor) or the URL of a MotionLLM server; its token comes from $INTERACTAGENT_EXECUTOR_TOKEN"`
	// Profile is the built-in executor's error model: "ideal" or "motionllm".
	Profile string `json:"profile" help:"built-in executor's error model: ideal or motionllm"`
	// Body is the body the run's people are drawn with and its penetration measured on:
	// eval.BodyHuman (the default) or eval.BodyProxy. A run.json written before the setting
	// existed was measured on the proxy, and ReadRunInfo reads it so.
	Body string `json:"body" help:"human (the open MakeHuman body, default), proxy (the capsule mannequin) or smplx (your SMPL-X model file, --smplx): the body drawn and measured"`
	// SMPLX is the user's SMPL-X (or SMPL-H, SMPL) model file, which the smplx body is drawn and
	// measured with: run.json records its path (and, beside the settings, its content hash),
	// never the file.
	SMPLX string `json:"smplx,omitempty" help:"your SMPL-X (or SMPL-H, SMPL) model file .npz for --body smplx (default $INTERACTAGENT_SMPLX); recorded by path and hash, never copied"`
}

// Builtin names the built-in model and executor in Settings.
const Builtin = "builtin"

// Setting names of the two fields that say which run, rather than how it is built, and of the
// body (which a bench takes as a list).
const (
	SettingScene = "scene"
	SettingTask  = "task"
	SettingBody  = "body"
)

// DefaultSettings are a run on the built-in backends with the motionllm profile and the human
// body, scene and task not yet given.
func DefaultSettings() Settings {
	return Settings{Model: Builtin, Executor: Builtin, Profile: "motionllm", Body: eval.BodyHuman}
}

// Defaults returns s with the empty backend fields set as DefaultSettings has them: run.json files
// written before a setting existed read back as the run they were (ReadRunInfo has already set
// the body of those to the proxy; an empty body is a new run's, which gets the human body).
func (s Settings) Defaults() Settings {
	d := DefaultSettings()
	for _, p := range [][2]*string{{&s.Model, &d.Model}, {&s.Executor, &d.Executor}, {&s.Profile, &d.Profile}, {&s.Body, &d.Body}} {
		if *p[0] == "" {
			*p[0] = *p[1]
		}
	}
	return s
}

// BuiltinModel reports whether the settings name the built-in reasoner, which reads geometry and
// needs no images.
func (s Settings) BuiltinModel() bool { return s.Model == Builtin || s.Model == "" }

// BuiltinExecutor reports whether the settings name the built-in kinematic executor.
func (s Settings) BuiltinExecutor() bool { return s.Executor == Builtin || s.Executor == "" }

// Field is one setting as a flag or a preference sees it: its name, its help, and its value as
// text (Value sets the field of the Settings it came from).
type Field struct {
	Name, Help string
	Value      flag.Value
}

// Fields lists the settings of s in their order, each bound to its field of s.
func (s *Settings) Fields() []Field {
	v := reflect.ValueOf(s).Elem()
	var out []Field
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		out = append(out, Field{Name: settingName(f), Help: f.Tag.Get("help"), Value: fieldValue(v.Field(i))})
	}
	return out
}

// Get returns the setting called name as text; false when there is none.
func (s Settings) Get(name string) (string, bool) {
	for _, f := range s.Fields() {
		if f.Name == name {
			return f.Value.String(), true
		}
	}
	return "", false
}

// Only returns the settings of s called names, every other field empty: what a person gave.
func (s Settings) Only(names ...string) Settings {
	var out Settings
	src, dst := s.Fields(), out.Fields()
	for i, f := range src {
		for _, n := range names {
			if f.Name == n {
				dst[i].Value.Set(f.Value.String()) // the value came from a field of the same type
			}
		}
	}
	return out
}

// settingName is a field's json name without its options.
func settingName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// fieldValue is a flag.Value over a string or Bool field.
func fieldValue(v reflect.Value) flag.Value {
	if b, ok := v.Addr().Interface().(*Bool); ok {
		return b
	}
	return stringValue{v}
}

// stringValue is a flag.Value over a string field.
type stringValue struct{ v reflect.Value }

func (s stringValue) String() string     { return s.v.String() }
func (s stringValue) Set(x string) error { s.v.SetString(x); return nil }

// Bool is a setting that is on or off. It is written as the text "true" or "false", as run.json
// has always kept settings, and read from that text or a JSON boolean.
type Bool bool

// String writes "true" or "false".
func (b *Bool) String() string { return strconv.FormatBool(bool(*b)) }

// Set reads "true" or "false" (and strconv.ParseBool's other spellings; empty is false).
func (b *Bool) Set(s string) error {
	if s == "" {
		*b = false
		return nil
	}
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%q: want true or false", s)
	}
	*b = Bool(v)
	return nil
}

// MarshalJSON writes the text "true" or "false".
func (b Bool) MarshalJSON() ([]byte, error) { return json.Marshal(b.String()) }

// UnmarshalJSON reads the text "true" or "false", or a JSON boolean.
func (b *Bool) UnmarshalJSON(data []byte) error {
	var v bool
	if err := json.Unmarshal(data, &v); err == nil {
		*b = Bool(v)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("want true or false, got %s", data)
	}
	return b.Set(s)
}
