package main

import (
	"flag"
	"fmt"
	"time"

	"interactagent/agent"
	"interactagent/backend"
)

// settingFlag adds a flag that writes its value into m under its name, with value as default.
func settingFlag(fs *flag.FlagSet, m map[string]string, name, value, usage string) {
	fs.Func(name, usage+fmt.Sprintf(" (default %q)", value), func(v string) error { m[name] = v; return nil })
	m[name] = value
}

// backendFlags adds the flags that choose the backends (run and bench share them), writing into m
// under backend's keys.
func backendFlags(fs *flag.FlagSet, m map[string]string) {
	d := backend.Defaults()
	settingFlag(fs, m, backend.KeyModel, d.Model, "builtin (the geometric stand-in reasoner) or a model name of an OpenAI-compatible endpoint (gpt-4o, qwen-vl-max, …)")
	settingFlag(fs, m, backend.KeyBaseURL, d.BaseURL, "the endpoint of --model (default $OPENAI_BASE_URL, else OpenAI); the key comes from $OPENAI_API_KEY")
	settingFlag(fs, m, backend.KeyPrompts, d.Prompts, "a folder of prompt templates overriding the built-in ones (mllm/openai)")
	settingFlag(fs, m, backend.KeyOneImage, "false", "true: tile every image of a request into one, for servers that take one image per message (Ollama)")
	settingFlag(fs, m, backend.KeyExecutor, d.Executor, "builtin (the kinematic executor) or the URL of a MotionLLM server; its token comes from $"+backend.TokenEnv)
	settingFlag(fs, m, backend.KeyProfile, d.Profile, "built-in executor's error model: ideal or motionllm")
}

// modelDeadlineFlag adds --model-deadline (run and bench share it), writing into d; 0, its
// default, takes agent.DefaultModelDeadline.
func modelDeadlineFlag(fs *flag.FlagSet, d *time.Duration) {
	fs.DurationVar(d, "model-deadline", 0, fmt.Sprintf("the longest one role's call to the model may take, its tries and the pauses between them included: an endpoint that does not answer fails the run after it; a 401, 403 or 404 fails at once (default %v)", agent.DefaultModelDeadline))
}
