package bench

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"interactagent/agent"
)

// Options say how a bench runs: where, how many trials at once, which shard, and how a trial's
// backends are built.
type Options struct {
	// Out is the bench folder.
	Out string
	// Workers is how many trials run at once (at least 1).
	Workers int
	// Resume continues the bench in Out: trials with a result are skipped, a trial whose run
	// folder exists without a result resumes through agent.Run over that folder, and a trial
	// whose result records an error runs again. Out must hold the same bench (its bench.json),
	// or none yet.
	Resume bool
	// Shard is the part of the trials this process runs.
	Shard Shard
	// NewEnv builds a trial's backends for its seed: the Model, Executor, ExecutorName, Prices
	// and Settings of an agent.Env. The bench fills in the scene, the task, the run folder and the
	// renderer. It is called from the workers' goroutines, once per trial.
	NewEnv func(seed uint64) (agent.Env, error)
	// NewRenderer makes a renderer for one worker and the function that releases it; nil runs
	// without images (the blank stand-in agent.Env.Render == nil sends).
	NewRenderer func() (agent.Renderer, func(), error)
	// Progress, when set, is told how the bench goes (see Progress): one report at a time, from
	// Run's goroutine or a worker's. It must return quickly, since a worker waits for it.
	Progress func(Progress)
}

// Run runs this shard's trials of the bench m in o.Out, over o.Workers at once, writes each
// trial's result as it finishes, then writes the reports of every result the folder holds (the
// other shards' too, when they share it). Cancelling ctx stops the trials in flight at their next
// step (their run folders keep what was done, for a resume) and writes no report.
func Run(ctx context.Context, m *Manifest, o Options) (*Report, error) {
	if err := check(m, o); err != nil {
		return nil, err
	}
	held, err := prepareFolder(o.Out, m.withShard(o.Shard), o.Resume)
	if err != nil {
		return nil, err
	}
	if err := held.holds(o.Out, o.Shard); err != nil {
		return nil, refusal{err}
	}
	todo, done, err := pending(o.Out, o.Shard.Take(m.Trials()), o.Resume)
	if err != nil {
		return nil, err
	}
	prog := startReporting(o.Progress, m.Modes, todo, done)
	err = pool(ctx, m, o, todo, prog)
	prog.end(err != nil)
	if err != nil {
		return nil, err
	}
	return WriteReport(o.Out)
}

// ErrFolderRefused is matched (errors.Is) by the errors of Run and Merge that refuse a folder
// which holds another bench, another shard, or a bench to be continued with Options.Resume: the
// folder is left as it was.
var ErrFolderRefused = errors.New("bench: folder refused")

// refusal is an error that refuses a bench folder; it matches ErrFolderRefused.
type refusal struct{ error }

// Is reports whether target is ErrFolderRefused.
func (refusal) Is(target error) bool { return target == ErrFolderRefused }

// check reports options no bench can run with.
func check(m *Manifest, o Options) error {
	if err := m.Check(); err != nil {
		return err
	}
	switch {
	case o.Out == "":
		return errors.New("bench: no output folder: want Options.Out")
	case o.Workers < 1 || o.Workers > 1024:
		return fmt.Errorf("bench: %d workers, want 1 to 1024", o.Workers)
	case o.NewEnv == nil:
		return errors.New("bench: no backends: want Options.NewEnv")
	}
	return o.Shard.Check()
}

// prepareFolder writes the manifest of a new bench, or checks that a resumed folder holds the
// same bench; it returns the folder's manifest.
func prepareFolder(dir string, m *Manifest, resume bool) (*Manifest, error) {
	old, err := ReadManifest(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return m, WriteManifest(dir, m)
	case err != nil:
		return nil, err
	case !resume:
		return nil, refusal{fmt.Errorf("bench: %s already holds a bench%s: continue it with --resume, or choose another --out", dir, old.shardNote())}
	}
	if err := old.Same(m); err != nil {
		return nil, refusal{fmt.Errorf("bench: %s holds another bench than this one (%v): resume it with its own settings, or choose another --out", dir, err)}
	}
	return old, nil
}

// pending splits the trials into those to run and those whose result a resumed folder already
// holds (results that record an error run again).
func pending(dir string, trials []Trial, resume bool) (todo []Trial, done []*Result, err error) {
	for _, t := range trials {
		if !resume {
			todo = append(todo, t)
			continue
		}
		r, ok, err := readResult(dir, t)
		if err != nil {
			return nil, nil, err
		}
		if ok && r.Error == "" {
			done = append(done, r)
		} else {
			todo = append(todo, t)
		}
	}
	return todo, done, nil
}

// pool runs the trials over the workers, writing each result; the first failure to write one
// stops the others.
func pool(ctx context.Context, m *Manifest, o Options, todo []Trial, prog *reporter) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan Trial)
	var wg sync.WaitGroup
	for range min(o.Workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := work(ctx, m, o, jobs, prog); err != nil {
				cancel(err)
			}
		}()
	}
	feed(ctx, jobs, todo)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}

// feed sends the trials to the workers until they are all sent or ctx ends, then closes jobs.
func feed(ctx context.Context, jobs chan<- Trial, todo []Trial) {
	defer close(jobs)
	for _, t := range todo {
		select {
		case jobs <- t:
		case <-ctx.Done():
			return
		}
	}
}

// work is one worker: it makes its renderer, then runs trials until jobs closes.
func work(ctx context.Context, m *Manifest, o Options, jobs <-chan Trial, prog *reporter) error {
	var render agent.Renderer
	if o.NewRenderer != nil {
		r, release, err := o.NewRenderer()
		if err != nil {
			return fmt.Errorf("bench: renderer: %w", err)
		}
		defer release()
		render = r
	}
	for t := range jobs {
		res, err := runTrial(ctx, m, o, t, render)
		if err != nil {
			return err
		}
		if err := writeResult(o.Out, res); err != nil {
			return err
		}
		prog.finished(res)
	}
	return nil
}
