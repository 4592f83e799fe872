package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"interactagent/agent"
	"interactagent/export"
	"interactagent/wiring"
)

// runConfig is what `interactagent run` was asked to do: the task and the backends (settings, as
// run.json keeps them for a resume) and the loop's config.
type runConfig struct {
	settings agent.Settings
	cfg      agent.Config
	out      string
	resume   string
}

// runRun runs one task with the agent and writes its run folder.
func runRun(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("run", "", stdout)
	c := runConfig{settings: agent.DefaultSettings()}
	settingFlags(fs.FlagSet, &c.settings)
	mode := fs.String("mode", "full", "naive, online, offline or full")
	feedback := fs.String("feedback", "visual", "visual (the paper's) or hybrid (adds measured numbers to observation and reflection)")
	fs.IntVar(&c.cfg.NMax, "n-max", 5, "most reflection rounds")
	fs.IntVar(&c.cfg.RMax, "r-max", 2, "most corrections of one step")
	fs.BoolVar(&c.cfg.NoEarlyStop, "no-early-stop", false, "run every round even after the stop check passes")
	fs.Uint64Var(&c.cfg.Seed, "seed", 0, "seed of the executor's errors and the reasoner's perception")
	modelDeadlineFlag(fs.FlagSet, &c.cfg.ModelDeadline)
	fs.StringVar(&c.out, "out", "", "run folder to write (default runs/run-YYYYMMDD-HHMMSS)")
	fs.StringVar(&c.resume, "resume", "", "continue the interrupted run in this folder (its run.json says how), or in a run bundle (.zip), unpacked beside it first")
	fs.BoolVar(&c.cfg.NoRender, "no-render", false, "draw no images (the built-in reasoner does not need them); a run keeps it, and a resume of a run with images may add it to go on without GL (the rest of the run is shown blank pictures)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.need(0); err != nil {
		return err
	}
	if err := c.fill(fs.FlagSet, *mode, *feedback); err != nil {
		return err
	}
	return c.run(ctx, stdout)
}

// fill completes the config: from run.json when resuming, else from the flags.
func (c *runConfig) fill(fs *flag.FlagSet, mode, feedback string) error {
	if c.resume != "" {
		return c.fromFolder(fs)
	}
	var err error
	if c.cfg.Mode, err = agent.ParseMode(mode); err != nil {
		return usageError{"--mode: " + err.Error()}
	}
	if c.cfg.Feedback, err = agent.ParseFeedback(feedback); err != nil {
		return usageError{"--feedback: " + err.Error()}
	}
	if c.settings.Scene == "" || c.settings.Task == "" {
		return usageError{"--scene and --task are required (or --resume DIR)"}
	}
	if err := c.cfg.Defaults().Validate(); err != nil {
		return usageError{err.Error()}
	}
	if c.out == "" {
		c.out = filepath.Join("runs", "run-"+time.Now().Format("20060102-150405"))
	}
	return nil
}

// fromFolder takes the task, backends and config from a run folder; flags that would change
// them are refused, since the run would no longer be the one resumed. --base-url and --executor
// may repeat the folder's own endpoints: that is how a user accepts them (wiring.CheckGiven).
// --model-deadline may change how long a role's call waits, which changes no result.
func (c *runConfig) fromFolder(fs *flag.FlagSet) error {
	source := filepath.Join(c.resume, "run.json")
	if strings.EqualFold(filepath.Ext(c.resume), ".zip") {
		dir, err := export.OpenBundle(c.resume)
		if err != nil {
			return err
		}
		source = "the run.json of " + c.resume
		c.resume = dir
	}
	info, err := agent.ReadRunInfo(c.resume)
	if err != nil {
		return resumeHint(c.resume, err)
	}
	if info.Settings == nil {
		return fmt.Errorf("%s holds no settings to resume with", source)
	}
	changed := changedOnResume(fs, c.settings, *info.Settings)
	if len(changed) > 0 {
		return usageError{fmt.Sprintf("--resume takes the run's own settings from its run.json; drop %v", changed)}
	}
	given := wiring.Given{Settings: c.settings.Only(setFlags(fs)...), Getenv: os.Getenv}
	if err := wiring.CheckGiven(*info.Settings, source, given); err != nil {
		return usageError{err.Error()}
	}
	flags := c.cfg
	c.settings, c.cfg, c.out = *info.Settings, info.Config, c.resume
	if isSet(fs, "model-deadline") {
		c.cfg.ModelDeadline = flags.ModelDeadline
	}
	c.cfg.NoRender = c.cfg.NoRender || flags.NoRender
	return nil
}

// changedOnResume lists the flags given with --resume that would change the run: all but
// --resume, --no-render and --model-deadline (which change no result), and --base-url and
// --executor when they repeat the folder's own endpoints, which accepts them.
func changedOnResume(fs *flag.FlagSet, flags, saved agent.Settings) (changed []string) {
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "resume", "no-render", "model-deadline":
			return
		case "base-url", "executor":
			if setting(flags, f.Name) == setting(saved, f.Name) {
				return
			}
		}
		changed = append(changed, "--"+f.Name)
	})
	return changed
}

// setting is Settings.Get for a name the settings have.
func setting(s agent.Settings, name string) string {
	v, _ := s.Get(name)
	return v
}

// resumeHint adds to a folder that cannot be resumed what to do instead: a folder that holds no
// run.json was stopped before its run began, and is started again, not resumed.
func resumeHint(dir string, err error) error {
	if _, statErr := os.Stat(filepath.Join(dir, "run.json")); os.IsNotExist(statErr) {
		if _, dirErr := os.Stat(dir); dirErr == nil {
			return fmt.Errorf("%w (the run was stopped before it began: start it again with its flags and --out %s)", err, dir)
		}
	}
	return err
}

// run builds the environment, runs the agent with a live progress display and prints the rounds.
func (c *runConfig) run(ctx context.Context, stdout io.Writer) error {
	env, closeEnv, err := c.env()
	if err != nil {
		return err
	}
	defer closeEnv()
	events := make(chan agent.Event, 64)
	done := make(chan struct{})
	go func() { showProgress(stdout, events); close(done) }()
	tr, err := agent.Run(ctx, env, c.cfg, events)
	close(events)
	<-done
	if tr != nil && len(tr.Rounds) > 0 {
		printRounds(stdout, tr, env.Folder.Dir())
	}
	if err != nil {
		return fmt.Errorf("%w%s", err, agent.Advice(env.Folder.Dir(), err))
	}
	return nil
}

// env builds the run's environment as wiring.NewEnv does for every front end.
func (c *runConfig) env() (agent.Env, func(), error) {
	env, closeEnv, err := wiring.NewEnv(wiring.Job{Settings: c.settings, Config: c.cfg, Out: c.out,
		Resume: c.resume != ""})
	if errors.Is(err, agent.ErrHoldsRun) {
		return env, nil, usageError{fmt.Sprintf("--out: %v: continue it with --resume %s, or choose another --out", err, c.out)}
	}
	var bad *wiring.SettingError
	if errors.As(err, &bad) {
		return env, nil, usageError{bad.Error()}
	}
	return env, closeEnv, err
}
