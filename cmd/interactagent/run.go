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
	// mode and feedback are the flags as given; fromFlags reads them into cfg.
	mode, feedback string
}

// runRun runs one task with the agent and writes its run folder.
func runRun(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("run", "", stdout)
	c := runConfig{settings: agent.DefaultSettings()}
	c.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	if err := c.fill(fs.FlagSet); err != nil {
		return err
	}
	return c.run(ctx, stdout)
}

// bind binds run's flags to c's fields: every setting, the loop's config, the folder.
func (c *runConfig) bind(fs *flag.FlagSet) {
	settingFlags(fs, &c.settings)
	fs.StringVar(&c.mode, "mode", "full", "naive, online, offline or full")
	fs.StringVar(&c.feedback, "feedback", "visual", "visual (the paper's) or hybrid (adds measured numbers to observation and reflection)")
	fs.IntVar(&c.cfg.NMax, "n-max", 5, "most reflection rounds")
	fs.IntVar(&c.cfg.RMax, "r-max", 2, "most corrections of one step")
	fs.BoolVar(&c.cfg.NoEarlyStop, "no-early-stop", false, "run every round even after the stop check passes")
	fs.Uint64Var(&c.cfg.Seed, "seed", 0, "seed of the executor's errors and the reasoner's perception")
	modelDeadlineFlag(fs, &c.cfg.ModelDeadline)
	fs.StringVar(&c.out, "out", "", "run folder to write (default runs/run-YYYYMMDD-HHMMSS)")
	fs.StringVar(&c.resume, "resume", "", "continue the interrupted run in this folder (its run.json says how), or in a run bundle (.zip), unpacked beside it first")
	fs.BoolVar(&c.cfg.NoRender, "no-render", false, "draw no images (the built-in reasoner does not need them); a run keeps it, and a resume of a run with images may add it to go on without GL (the rest of the run is shown blank pictures)")
}

// fill completes the config: from run.json when resuming, else from the flags.
func (c *runConfig) fill(fs *flag.FlagSet) error {
	if c.resume != "" {
		return c.fromFolder(fs)
	}
	return c.fromFlags()
}

// fromFlags reads the mode and the feedback into the loop's config, and checks that the flags
// name a task and a config that can run; the folder defaults to a new one under runs/.
func (c *runConfig) fromFlags() error {
	var err error
	if c.cfg.Mode, err = agent.ParseMode(c.mode); err != nil {
		return usageError{"--mode: " + err.Error()}
	}
	if c.cfg.Feedback, err = parseFeedback(c.feedback); err != nil {
		return err
	}
	if c.settings.Scene == "" || c.settings.Task == "" {
		return usageError{"--scene and --task are required (or --resume DIR)"}
	}
	if err := c.cfg.Defaults().Validate(); err != nil {
		return usageError{err.Error()}
	}
	if c.out == "" {
		c.out = newRunsFolder("run")
	}
	return nil
}

// fromFolder takes the task, backends and config from a run folder; flags that would change
// them are refused, since the run would no longer be the one resumed. --base-url and --executor
// may repeat the folder's own endpoints: that is how a user accepts them (wiring.CheckGiven).
// --model-deadline may change how long a role's call waits, which changes no result.
func (c *runConfig) fromFolder(fs *flag.FlagSet) error {
	source, err := c.unpack()
	if err != nil {
		return err
	}
	info, err := agent.ReadRunInfo(c.resume)
	if err != nil {
		return resumeHint(c.resume, err)
	}
	if info.Settings == nil {
		return fmt.Errorf("%s holds no settings to resume with", source)
	}
	if err := c.checkResume(fs, *info.Settings, source); err != nil {
		return err
	}
	c.takeSaved(fs, info)
	return nil
}

// unpack unpacks a --resume bundle (.zip) beside itself, making c.resume its folder, and returns
// how messages name the run.json the run is resumed from.
func (c *runConfig) unpack() (source string, err error) {
	if !strings.EqualFold(filepath.Ext(c.resume), ".zip") {
		return filepath.Join(c.resume, "run.json"), nil
	}
	dir, err := export.OpenBundle(c.resume)
	if err != nil {
		return "", err
	}
	source = "the run.json of " + c.resume
	c.resume = dir
	return source, nil
}

// checkResume refuses the flags given with --resume that would change the run whose settings,
// read from source, are saved, and endpoints the user has not accepted (wiring.CheckGiven).
func (c *runConfig) checkResume(fs *flag.FlagSet, saved agent.Settings, source string) error {
	if changed := changedOnResume(fs, c.settings, saved); len(changed) > 0 {
		return usageError{fmt.Sprintf("--resume takes the run's own settings from its run.json; drop %v", changed)}
	}
	given := wiring.Given{Settings: c.settings.Only(setFlags(fs)...), Getenv: os.Getenv}
	if err := wiring.CheckGiven(saved, source, given); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// takeSaved takes the saved run's settings, config and folder in place of the flags', but for what
// a resume may change: a --model-deadline given, and --no-render, which turns images off for the
// rest of the run.
func (c *runConfig) takeSaved(fs *flag.FlagSet, info agent.RunInfo) {
	flags := c.cfg
	c.settings, c.cfg, c.out = *info.Settings, info.Config, c.resume
	if isSet(fs, "model-deadline") {
		c.cfg.ModelDeadline = flags.ModelDeadline
	}
	c.cfg.NoRender = c.cfg.NoRender || flags.NoRender
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
