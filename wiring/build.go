package wiring

import (
	"cmp"
	"fmt"
	"os"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/executor/remote"
	"interactagent/mllm"
	"interactagent/mllm/geometric"
	"interactagent/mllm/openai"
	"interactagent/render"
)

// TokenEnv is the environment variable a remote executor's bearer token is read from.
const TokenEnv = "INTERACTAGENT_EXECUTOR_TOKEN"

// NewModel builds the reasoning model s names; seed seeds the built-in reasoner's perception.
func NewModel(s agent.Settings, seed uint64) (mllm.Model, error) {
	if s.BuiltinModel() {
		return geometric.New(geometric.Options{Seed: seed}), nil
	}
	m, err := openai.New(openai.Options{Model: s.Model, BaseURL: s.BaseURL, PromptDir: s.Prompts, OneImage: bool(s.OneImage)})
	if err != nil {
		return nil, fmt.Errorf("wiring: model %q: %w", s.Model, err)
	}
	return m, nil
}

// NewExecutor builds the motion executor s names, and its name for caches and run.json
// ("kinematic/motionllm", "remote/http://…"); seed seeds its errors.
func NewExecutor(s agent.Settings, seed uint64) (executor.Executor, string, error) {
	s = s.Defaults()
	if s.BuiltinExecutor() {
		p, err := kinematic.ProfileByName(s.Profile)
		if err != nil {
			return nil, "", fmt.Errorf("wiring: profile %q: want ideal or motionllm", s.Profile)
		}
		e := kinematic.New(kinematic.Options{Profile: p, Seed: seed})
		return e, e.Name(), nil
	}
	e, err := remote.New(s.Executor, remote.Options{Seed: seed, Token: os.Getenv(TokenEnv)})
	if err != nil {
		return nil, "", fmt.Errorf("wiring: executor: %w", err)
	}
	return e, "remote/" + s.Executor, nil
}

// NewRenderer starts the GL engine and returns the renderer of the ghost images and shots cfg asks
// for, drawing people with the body named body (Settings.Body: "human" or "proxy"), with the
// function that stops the engine.
func NewRenderer(cfg agent.Config, body string) (agent.Renderer, func(), error) {
	kind, err := BodyKind(body)
	if err != nil {
		return nil, nil, err
	}
	e, err := render.NewEngine(render.Options{Body: kind})
	if err != nil {
		return nil, nil, err
	}
	cfg = cfg.Defaults()
	return GLRenderer{Engine: e, Size: cfg.ImageSize, Keyframes: cfg.Keyframes, Body: kind}, func() { e.Close() }, nil
}

// BodyKind reads a body's setting (Settings.Body) as the renderer's choice of body, checking that
// penetration can be measured on it too: "human" or "proxy"; empty is the human body, a new
// run's default.
func BodyKind(name string) (render.BodyKind, error) {
	name = cmp.Or(name, eval.BodyHuman)
	if _, err := eval.BodyNamed(name); err != nil {
		return render.BodyDefault, fmt.Errorf("wiring: %w", err)
	}
	return render.ParseBody(name)
}

// WithBody returns r drawing people with the body named body when r is a GLRenderer (a bench
// worker's renderer serves trials of either body), else r.
func WithBody(r agent.Renderer, body string) (agent.Renderer, error) {
	g, ok := r.(GLRenderer)
	if !ok {
		return r, nil
	}
	kind, err := BodyKind(body)
	g.Body = kind
	return g, err
}
