package bench

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"time"

	"interactagent/agent"
	"interactagent/scene/load"
)

// runTrial runs one trial in its run folder and judges it. A failure of the trial itself (its
// scene, its backends, the model or the executor giving up) is recorded in the result; only a
// cancelled ctx or a run folder that cannot be written is returned as an error.
func runTrial(ctx context.Context, m *Manifest, o Options, t Trial, render agent.Renderer) (*Result, error) {
	task, ok := m.Task(t.Task)
	if !ok {
		return nil, fmt.Errorf("bench: trial %s: no task %q in the suite", t.Name(), t.Task)
	}
	res := &Result{Trial: t, Scene: task.Scene, Complexity: task.ComplexityOf()}
	start := time.Now()
	defer func() { res.Seconds = time.Since(start).Seconds() }()
	sc, err := load.Scene(task.Scene)
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
	env.Scene, env.SceneRef, env.Task, env.Folder, env.Render = sc, task.Scene, task.Instruction, folder, render
	env.Settings = maps.Clone(env.Settings)
	if env.Settings == nil {
		env.Settings = map[string]string{}
	}
	env.Settings["scene"], env.Settings["task"] = task.Scene, task.Instruction
	cfg := m.Config
	cfg.Mode, cfg.Seed = t.Mode, t.Seed
	g, runCtx, cancel := watch(ctx)
	tr, err := agent.Run(runCtx, env, cfg, g.events)
	cancel()
	why := g.stop()
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
	judgeTrace(res, task, sc, tr)
	return res, folder.DropExecutions()
}
