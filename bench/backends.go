package bench

import (
	"interactagent/agent"
	"interactagent/mllm"
	"interactagent/render"
	"interactagent/wiring"
)

// Backends returns the Options.NewEnv that builds each trial's backends from settings through
// package wiring, as `interactagent run` builds them: the model and the executor seeded with
// the trial's seed, the price table, and the settings a trial completes with its scene and task
// and keeps in its run.json.
func Backends(s agent.Settings) func(seed uint64) (agent.Env, error) {
	return func(seed uint64) (agent.Env, error) {
		model, err := wiring.NewModel(s, seed)
		if err != nil {
			return agent.Env{}, err
		}
		ex, name, err := wiring.NewExecutor(s, seed)
		if err != nil {
			return agent.Env{}, err
		}
		return agent.Env{Settings: s, Model: model, Executor: ex, ExecutorName: name, Prices: mllm.DefaultPrices()}, nil
	}
}

// Renderers returns the Options.NewRenderer that starts one GL engine per worker, drawing the
// images cfg asks for; each trial draws its own body (runTrial).
func Renderers(cfg agent.Config) func() (agent.Renderer, func(), error) {
	return func() (agent.Renderer, func(), error) { return wiring.NewRenderer(cfg, render.BodyDefault) }
}

// Describe builds the backends once (seed 0), which checks the settings, and says in words what
// they are, for the report: the built-in reasoner and executor named as the stand-ins they are.
func Describe(s agent.Settings) ([]string, error) {
	model, err := wiring.NewModel(s, 0)
	if err != nil {
		return nil, err
	}
	_, name, err := wiring.NewExecutor(s, 0)
	if err != nil {
		return nil, err
	}
	m := "model: " + model.Name()
	if !s.BuiltinModel() && s.BaseURL != "" {
		m += " at " + s.BaseURL
	}
	e := "executor: " + name
	if !s.BuiltinExecutor() { // the built-in one's name says it is a stand-in
		e += " (a MotionLLM server)"
	}
	return []string{m, e}, nil
}
