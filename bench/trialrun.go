package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"interactagent/agent"
	"interactagent/scene"
	"interactagent/task"
	"interactagent/wiring"
)

// runTrial runs one trial in its run folder and judges it. A failure of the trial itself (its
// scene, its backends, the model or the executor giving up) is recorded in the result; only a
// cancelled ctx or a run folder that cannot be written is returned as an error.
func runTrial(ctx context.Context, m *Manifest, o Options, t Trial, render agent.Renderer) (*Result, error) {
	tk, ok := m.Task(t.Task)
	if !ok {
		return nil, fmt.Errorf("bench: trial %s: no task %q in the suite", t.Name(), t.Task)
	}
	res := &Result{Trial: t, Scene: tk.Scene, Complexity: tk.ComplexityOf()}
	start := time.Now()
	defer func() { res.Seconds = time.Since(start).Seconds() }()
	sc, err := task.OpenScene(tk.Scene)
	if err != nil {
		res.Error = err.Error()
		return res, nil
	}
	env, err := o.NewEnv(t.Seed)
	if err != nil {
		res.Error = fmt.Sprintf("bench: backends: %v", err)
		return res, nil
	}
	folder, err := agent.OpenFolder(filepath.Join(o.Out, "trials", t.Name()))
	if err != nil {
		return nil, err
	}
	defer folder.Close()
	if err := placeTrial(&env, t, tk, sc, folder, render); err != nil {
		res.Error = err.Error()
		return res, nil
	}
	cfg := m.Config
	cfg.Mode, cfg.Seed, cfg.NoRender = t.Mode, t.Seed, !m.Render
	tr, why, err := watchedRun(ctx, env, cfg)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case why != "":
		res.Error = why
		return res, nil
	case err != nil:
		res.Error = err.Error()
		return res, nil
	}
	judgeTrace(res, tk, sc, tr)
	return res, folder.DropExecutions()
}

// placeTrial gives a trial's backends (env, from Options.NewEnv) the rest of what a run needs:
// the scene, the task and the body (also in the settings run.json records), the run folder and
// the renderer, turned to the trial's body.
func placeTrial(env *agent.Env, t Trial, tk task.Task, sc *scene.Scene, folder *agent.Folder, render agent.Renderer) error {
	env.Settings.Scene, env.Settings.Task, env.Settings.Body = tk.Scene, tk.Instruction, t.BodyName()
	env.Scene, env.Folder = sc, folder
	b, err := wiring.OpenBody(t.BodyName(), env.Settings.SMPLX)
	if err != nil {
		return err
	}
	env.Body = b.Measure
	if render != nil {
		env.Render = wiring.WithBody(render, b.Draw)
	}
	return nil
}

// watchedRun runs the agent under a guard (see watch), and returns the trace, why the guard
// stopped the run ("" when it did not) and the run's error.
func watchedRun(ctx context.Context, env agent.Env, cfg agent.Config) (*agent.Trace, string, error) {
	g, runCtx, cancel := watch(ctx)
	tr, err := agent.Run(runCtx, env, cfg, g.events)
	cancel()
	return tr, g.stop(), err
}
