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
// for, drawing people with kind (Body.Draw), with the function that stops the engine.
func NewRenderer(cfg agent.Config, kind render.BodyKind) (agent.Renderer, func(), error) {
	e, err := render.NewEngine(render.Options{Body: kind})
	if err != nil {
		return nil, nil, err
	}
	cfg = cfg.Defaults()
	return GLRenderer{Engine: e, Size: cfg.ImageSize, Keyframes: cfg.Keyframes, Body: kind}, func() { e.Close() }, nil
}

// Body is a body setting opened: what people are drawn with and what penetration is measured
// on, the same body.
type Body struct {
	Draw    render.BodyKind
	Measure eval.Body
}

// OpenBody opens the body a setting names (Settings.Body): "human" (also when empty: a new run's
// default), "proxy", or "smplx" with the user's model file (smplxFlag, else $INTERACTAGENT_SMPLX;
// loaded once per process).
func OpenBody(name, smplxFlag string) (Body, error) {
	name = cmp.Or(name, eval.BodyHuman)
	measure, err := eval.OpenBody(name, SMPLXPath(smplxFlag))
	if err != nil {
		return Body{}, fmt.Errorf("wiring: %w", err)
	}
	if s, ok := measure.(*eval.SMPLX); ok {
		return Body{Draw: render.BodySMPLX(s.Shaped()), Measure: measure}, nil
	}
	draw, err := render.ParseBody(name)
	return Body{Draw: draw, Measure: measure}, err
}

// BodyKind reads a body's setting (Settings.Body: "human", "proxy", or "smplx" with its model
// file) as the renderer's choice of body, checking that penetration can be measured on it too.
func BodyKind(name, smplxFlag string) (render.BodyKind, error) {
	b, err := OpenBody(name, smplxFlag)
	return b.Draw, err
}

// WithBody returns r drawing people with kind when r is a GLRenderer (a bench worker's renderer
// serves trials of every body), else r.
func WithBody(r agent.Renderer, kind render.BodyKind) agent.Renderer {
	g, ok := r.(GLRenderer)
	if !ok {
		return r
	}
	g.Body = kind
	return g
}
