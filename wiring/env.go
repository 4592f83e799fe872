package wiring

import (
	"fmt"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/mllm"
	"interactagent/task"
)

// Job is one run as a front end asks for it: its settings (the scene and the instruction as a
// person gives them, and the backends), the agent's configuration, the run folder, and whether to
// draw the images the model is shown.
type Job struct {
	Settings agent.Settings
	Config   agent.Config
	Out      string // the run folder
	// Resume continues the run in Out; without it Out must not hold a run (agent.CreateFolder).
	Resume bool
}

// SettingError is a setting that cannot be built, such as an unknown model or a bad executor URL;
// the command line reports it as a usage error of the flag named Key.
type SettingError struct {
	Key string
	Err error
}

func (e *SettingError) Error() string { return e.Key + ": " + e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

// NewEnv builds a job's environment: the scene, the model, the executor, the renderer (unless
// Config.NoRender), drawing the body Settings.Body names (the one penetration is measured on),
// and the folder. The CLI's run, a resume and the desktop app all build runs here. The
// returned function releases what it opened, last first.
func NewEnv(j Job) (agent.Env, func(), error) {
	s := j.Settings.Defaults()
	sc, err := task.OpenScene(s.Scene)
	if err != nil {
		return agent.Env{}, nil, err
	}
	// run.json keeps a scene file's absolute path: the app, exports and a resume open the run
	// from any working directory.
	if s.Scene, err = task.AbsoluteScene(s.Scene); err != nil {
		return agent.Env{}, nil, err
	}
	model, err := NewModel(s, j.Config.Seed)
	if err != nil {
		return agent.Env{}, nil, &SettingError{"--model", err}
	}
	ex, name, err := NewExecutor(s, j.Config.Seed)
	if err != nil {
		return agent.Env{}, nil, &SettingError{"--executor", err}
	}
	if s.Body == eval.BodySMPLX {
		s.SMPLX = SMPLXPath(s.SMPLX) // run.json records the file the environment named
	}
	body, err := OpenBody(s.Body, s.SMPLX)
	if err != nil {
		return agent.Env{}, nil, &SettingError{"--body", err}
	}
	if j.Resume {
		if err := sameModelFile(j.Out, body.Measure); err != nil {
			return agent.Env{}, nil, &SettingError{"--smplx", err}
		}
	}
	open := agent.CreateFolder
	if j.Resume {
		open = agent.OpenFolder
	}
	folder, err := open(j.Out)
	if err != nil {
		return agent.Env{}, nil, err
	}
	env := agent.Env{Settings: s, Scene: sc, Model: model, Executor: ex, ExecutorName: name, Folder: folder,
		Prices: mllm.DefaultPrices(), Body: body.Measure}
	closers := []func(){func() { folder.Close() }}
	if !j.Config.NoRender {
		r, stop, err := NewRenderer(j.Config, body.Draw)
		if err != nil {
			folder.Close()
			return agent.Env{}, nil, fmt.Errorf("%w (run without images to go on without GL)", err)
		}
		env.Render = r
		closers = append(closers, stop)
	}
	return env, func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}, nil
}
