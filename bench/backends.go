package bench

import (
	"interactagent/agent"
	"interactagent/backend"
	"interactagent/mllm"
)

// Backends returns the Options.NewEnv that builds each trial's backends from settings through
// package backend, as `interactagent run` builds them: the model and the executor seeded with
// the trial's seed, the price table, and the settings kept in the trial's run.json.
func Backends(s backend.Settings) func(seed uint64) (agent.Env, error) {
	return func(seed uint64) (agent.Env, error) {
		model, err := s.NewModel(seed)
		if err != nil {
			return agent.Env{}, err
		}
		ex, name, err := s.NewExecutor(seed)
		if err != nil {
			return agent.Env{}, err
		}
		settings := map[string]string{}
		s.Put(settings)
		return agent.Env{Model: model, Executor: ex, ExecutorName: name, Prices: mllm.DefaultPrices(), Settings: settings}, nil
	}
}

// Renderers returns the Options.NewRenderer that starts one GL engine per worker, drawing the
// images cfg asks for.
func Renderers(cfg agent.Config) func() (agent.Renderer, func(), error) {
	return func() (agent.Renderer, func(), error) { return backend.NewRenderer(cfg) }
}

// Describe builds the backends once (seed 0), which checks the settings, and says in words what
// they are, for the report: the built-in reasoner and executor named as the stand-ins they are.
func Describe(s backend.Settings) ([]string, error) {
	model, err := s.NewModel(0)
	if err != nil {
		return nil, err
	}
	_, name, err := s.NewExecutor(0)
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
