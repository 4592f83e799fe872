package agent

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"interactagent/eval"
	"interactagent/mllm"
)

// Run runs the task of env as cfg says and returns its trace. Progress goes to events as it
// happens (nil sends none; a channel that is not drained holds the run back); the run folder, when
// env has one, is written as it goes. Cancelling ctx stops the run at the next call with a
// consistent partial trace (every finished step and round is in it) and ctx's error.
func Run(ctx context.Context, env Env, cfg Config, events chan<- Event) (*Trace, error) {
	cfg = cfg.Defaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := checkEnv(env); err != nil {
		return nil, err
	}
	r, err := newRunner(env, cfg, events)
	if err != nil {
		return nil, err
	}
	err = r.run(ctx)
	return r.trace, err
}

// checkEnv reports what a run cannot do without.
func checkEnv(env Env) error {
	switch {
	case env.Scene == nil:
		return errors.New("agent: no scene")
	case strings.TrimSpace(env.Settings.Task) == "":
		return errors.New("agent: no task: want an instruction such as \"walk to the sofa and sit down\"")
	case env.Model == nil:
		return errors.New("agent: no model")
	case env.Executor == nil:
		return errors.New("agent: no executor")
	}
	return nil
}

// runner is one run in progress.
type runner struct {
	env    Env
	cfg    Config
	events chan<- Event
	model  mllm.Model
	exec   *execCache
	prep   *eval.PreparedScene
	body   eval.Body // what penetration is measured on: Settings.Body's
	trace  *Trace
	shots  []mllm.Image
	seq    int
	images map[string][]byte // images drawn, by run-folder name, for runs without a folder
	// lessons is what the reflection behind the current round's plan concluded; every role is told.
	lessons string
}

// newRunner wraps the model with the folder's reply cache and the executor with its execution
// cache, and finds the body: Settings.Body's, the human body when it is empty (run.json then
// records it).
func newRunner(env Env, cfg Config, events chan<- Event) (*runner, error) {
	env.Settings.Body = cmp.Or(env.Settings.Body, eval.BodyHuman)
	body := env.Body
	if body == nil {
		var err error
		if body, err = eval.BodyNamed(env.Settings.Body); err != nil {
			return nil, fmt.Errorf("agent: %w", err)
		}
	}
	r := &runner{env: env, cfg: cfg, events: events, model: env.Model, prep: eval.Prepare(env.Scene), body: body, images: map[string][]byte{}}
	r.trace = &Trace{Task: env.Settings.Task, SceneRef: env.Settings.Scene, Config: cfg, Model: env.Model.Name(), Executor: env.ExecutorName}
	dir := ""
	if env.Folder != nil {
		c, err := mllm.WithCache(env.Model, env.Folder.Path("cache/mllm"))
		if err != nil {
			return nil, err
		}
		r.model, dir = c, env.Folder.Path(execDir)
	}
	r.exec = newExecCache(env.Executor, env.ExecutorName, cfg.Seed, dir)
	return r, nil
}

// run runs the rounds.
func (r *runner) run(ctx context.Context) error {
	if err := r.start(ctx); err != nil {
		return err
	}
	var plan []string
	var refl *mllm.Reflection
	for round := 1; round <= r.rounds(); round++ {
		var err error
		if round == 1 {
			plan, err = r.firstPlan(ctx)
		} else {
			plan, refl, err = r.reflect(ctx, round)
			if refl != nil {
				r.lessons = refl.Lessons()
			}
		}
		if err != nil {
			return err
		}
		res, err := r.round(ctx, round, plan, refl)
		if err != nil {
			return err
		}
		if res.Verdict != nil && res.Verdict.Pass && !r.cfg.NoEarlyStop {
			break
		}
	}
	return r.finish(ctx)
}

// rounds returns how many rounds the mode allows.
func (r *runner) rounds() int {
	if r.cfg.Mode.reflects() {
		return r.cfg.NMax
	}
	return 1
}

// start records the run, writes run.json, draws the shots and analyses the scene.
func (r *runner) start(ctx context.Context) error {
	if err := r.emit(ctx, Event{Kind: KindRun, Text: r.env.Settings.Task, By: "agent", Plan: []string{string(r.cfg.Mode), r.trace.Model, r.env.ExecutorName}}); err != nil {
		return err
	}
	if err := r.writeJSON("run.json", runInfo(r)); err != nil {
		return err
	}
	shots, err := r.drawShots()
	if err != nil {
		return err
	}
	r.shots = shots
	a, err := ask(ctx, r, mllm.RoleAnalyze, Event{}, func(ctx context.Context) (mllm.SceneAnalysis, error) {
		return r.model.AnalyzeScene(ctx, mllm.SceneInput{Context: r.context(), Shots: shots})
	})
	if err != nil {
		return err
	}
	r.trace.Description = a.Text
	return r.emit(ctx, Event{Kind: KindAnalysis, By: "model", Role: mllm.RoleAnalyze, Text: a.Text, Raw: a.Raw, Reasoning: a.Reasoning, Usage: &a.Usage, Cached: a.Cached})
}

// context is what every role is told.
func (r *runner) context() mllm.Context {
	return mllm.Context{Task: r.env.Settings.Task, Description: r.trace.Description, Scene: r.env.Scene, Start: r.env.Scene.Start, Lessons: r.lessons}
}

// firstPlan asks for round 1's plan.
func (r *runner) firstPlan(ctx context.Context) ([]string, error) {
	p, err := ask(ctx, r, mllm.RolePlan, Event{Round: 1}, func(ctx context.Context) (mllm.Plan, error) {
		return r.model.Plan(ctx, mllm.PlanInput{Context: r.context(), Shots: r.shots, From: r.env.Scene.Start})
	})
	if err != nil {
		return nil, err
	}
	return p.Steps, r.emit(ctx, Event{Kind: KindPlan, Round: 1, Steps: len(p.Steps), By: "model", Role: mllm.RolePlan, Plan: p.Steps,
		Raw: p.Raw, Reasoning: p.Reasoning, Usage: &p.Usage, Cached: p.Cached})
}

// emit records an event: numbered, timed, kept in the trace, appended to the folder's trace and
// sent to the events channel.
func (r *runner) emit(ctx context.Context, e Event) error {
	r.seq++
	e.Seq, e.Time = r.seq, time.Now().UTC()
	r.trace.Events = append(r.trace.Events, e)
	if r.env.Folder != nil {
		if err := r.env.Folder.Append(e); err != nil {
			return err
		}
	}
	if r.events == nil {
		return nil
	}
	select {
	case r.events <- e:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// writeJSON writes a file of the run folder, when there is one.
func (r *runner) writeJSON(rel string, v any) error {
	if r.env.Folder == nil {
		return nil
	}
	return r.env.Folder.WriteJSON(rel, v)
}

// roundDir names a round's folder.
func roundDir(round int) string { return fmt.Sprintf("round-%d", round) }

// roundFile names a file of a round's folder.
func roundFile(round int, name string) string {
	return filepath.ToSlash(filepath.Join(roundDir(round), name))
}
