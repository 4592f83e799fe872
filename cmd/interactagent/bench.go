package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"interactagent/agent"
	"interactagent/bench"
	"interactagent/eval"
	"interactagent/task"
	"interactagent/wiring"
)

// benchArgs describes bench's command line for its usage line.
const benchArgs = "(or: bench merge DIR... --out DIR)"

// runBench runs a task suite over modes and seeds (docs/bench.md), or merges shards' folders.
func runBench(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) > 0 && args[0] == "merge" {
		return runBenchMerge(args[1:], stdout)
	}
	fs := newFlags("bench", benchArgs, stdout)
	b := benchSetup{settings: agent.DefaultSettings()}
	b.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	b.fromFolder = b.resume && b.out != "" && !definesBench(fs.FlagSet)
	b.given = b.settings.Only(setFlags(fs.FlagSet)...)
	return b.run(ctx, stdout)
}

// bind binds bench's flags to b's fields: the settings but the scene and the task, which the
// suite gives, and the body, which is a list here; and the suite, the modes, the bodies, the
// seeds, the loop's config, the folder and the shard.
func (b *benchSetup) bind(fs *flag.FlagSet) {
	settingFlags(fs, &b.settings, agent.SettingScene, agent.SettingTask, agent.SettingBody)
	fs.StringVar(&b.suite, "suite", "builtin", "a built-in suite's name, a suite file (docs/bench.md) or a UniHSI plan file")
	fs.StringVar(&b.modes, "modes", "naive,online,offline,full", "comma-separated modes to run: naive, online, offline, full")
	fs.StringVar(&b.bodies, "body", eval.BodyHuman, "comma-separated bodies to run every task and mode on, each its own trials and a row of the report: human (the open MakeHuman body), proxy (the capsule mannequin)")
	fs.IntVar(&b.seeds, "seeds", 1, "seeds per task and mode (0 … N-1): the agent's, the executor's and the reasoner's seed")
	fs.IntVar(&b.workers, "workers", runtime.NumCPU(), "trials run at once")
	fs.StringVar(&b.feedback, "feedback", "visual", "visual (the paper's) or hybrid (adds measured numbers)")
	fs.IntVar(&b.cfg.NMax, "n-max", 5, "most reflection rounds")
	fs.IntVar(&b.cfg.RMax, "r-max", 2, "most corrections of one step")
	fs.BoolVar(&b.cfg.NoEarlyStop, "no-early-stop", false, "run every round even after the stop check passes (measures adaptive stopping's saving)")
	modelDeadlineFlag(fs, &b.cfg.ModelDeadline)
	fs.StringVar(&b.out, "out", "", "bench folder (default runs/bench-YYYYMMDD-HHMMSS)")
	fs.BoolVar(&b.resume, "resume", false, "continue the bench in --out: skip finished trials, resume unfinished run folders (with no other flag, the bench is --out's own)")
	fs.StringVar(&b.shard, "shard", "", "run shard i/n only: every n-th trial from i (from 0); default the cluster's index ($JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID) of --shards, else with --resume the shard --out holds")
	fs.IntVar(&b.shards, "shards", 0, "the shard count when the index comes from the cluster: a Kubernetes Indexed Job's completions, a Slurm array's size (numbered from 0)")
	fs.BoolVar(&b.render, "render", false, "draw the images the model is shown (one GL engine per worker); off, blank stand-ins are sent")
}

// benchAdvice says what to do about a bench that stopped with an error: continue it, or, when it
// wrote nothing (no bench.json), start it again.
func benchAdvice(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, "bench.json")); err != nil {
		return " (nothing of the bench was written to " + dir + ": run it again once the cause is mended)"
	}
	return " (the bench folder " + dir + " keeps every finished trial; continue with --resume --out " + dir + ")"
}

// benchError is the error of a bench in dir that stopped with err, with what to do about it
// (benchAdvice), but for a folder the bench refused: that error says all there is to say.
func benchError(err error, dir string) error {
	if errors.Is(err, bench.ErrFolderRefused) {
		return err
	}
	return fmt.Errorf("%w%s", err, benchAdvice(dir))
}

// definesBench reports whether a flag that says what the bench runs (rather than where and how
// fast) was given.
func definesBench(fs *flag.FlagSet) bool {
	defines := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "out", "resume", "workers", "shard", "shards", "base-url", "executor":
			// The endpoints, given with --resume alone, accept the folder's own (fromFolder).
		default:
			defines = true
		}
	})
	return defines
}

// benchSetup is what `interactagent bench` was asked to do.
type benchSetup struct {
	suite, modes, bodies, feedback, out, shard string
	seeds, workers, shards                     int
	cfg                                        agent.Config
	resume, render                             bool
	settings                                   agent.Settings
	// given holds the settings set on the command line, the others empty.
	given agent.Settings
	// fromFolder takes the bench from --out's bench.json: --resume with no flag that defines it.
	fromFolder bool
}

// run builds the manifest and the options, runs the bench and prints the tables.
func (b benchSetup) run(ctx context.Context, stdout io.Writer) error {
	m, err := b.manifest()
	if err != nil {
		return err
	}
	o, err := b.options(m, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "bench: %d tasks × %d mode(s) × %d bod%s (%s) × %d seed(s) into %s (shard %s, %d workers)\n",
		len(m.Suite.Tasks), len(m.Modes), len(m.BodyNames()), map[bool]string{true: "y", false: "ies"}[len(m.BodyNames()) == 1],
		strings.Join(m.BodyNames(), ", "), m.Seeds, o.Out, o.Shard, o.Workers)
	start := time.Now()
	rep, err := bench.Run(ctx, m, o)
	if err != nil {
		return benchError(err, o.Out)
	}
	fmt.Fprintf(stdout, "\n%s\nbench: %d trial(s) with a result in %.1f s; wrote %s\n", rep.Tables(), len(rep.Results),
		time.Since(start).Seconds(), filepath.Join(o.Out, "report.md"))
	return nil
}

// manifest reads the suite and the flags into the bench's manifest, or, resuming with no flag
// that defines the bench, reads the folder's.
func (b benchSetup) manifest() (*bench.Manifest, error) {
	if b.fromFolder {
		return b.folderManifest()
	}
	s, err := openSuiteFlag(b.suite)
	if err != nil {
		return nil, err
	}
	m := &bench.Manifest{SuiteRef: b.suite, Suite: s, Seeds: b.seeds, Render: b.render}
	if err := b.complete(m); err != nil {
		return nil, err
	}
	return m, nil
}

// openSuiteFlag opens --suite; a name that is no suite and no file is a usage error that names
// the flag.
func openSuiteFlag(ref string) (*task.Suite, error) {
	s, err := task.OpenSuite(ref)
	if errors.Is(err, task.ErrUnknownSuite) {
		return nil, usageError{"--suite: " + err.Error()}
	}
	return s, err
}

// complete fills in the manifest's modes, loop config and backends from the flags, and checks the
// manifest whole.
func (b benchSetup) complete(m *bench.Manifest) error {
	var err error
	if m.Modes, err = parseModes(b.modes); err != nil {
		return err
	}
	if m.Bodies, err = parseBodies(b.bodies); err != nil {
		return err
	}
	if m.Config, err = b.config(); err != nil {
		return err
	}
	if err := b.backends(m); err != nil {
		return err
	}
	if err := m.Check(); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// config reads the agent's flags into the bench's configuration: defaults filled in, checked,
// and no mode (each trial has its own).
func (b benchSetup) config() (agent.Config, error) {
	cfg := b.cfg
	var err error
	if cfg.Feedback, err = parseFeedback(b.feedback); err != nil {
		return cfg, err
	}
	cfg = cfg.Defaults()
	if err := cfg.Validate(); err != nil {
		return cfg, usageError{err.Error()}
	}
	cfg.Mode = ""
	return cfg, nil
}

// backends reads the backend flags into the manifest: the description of the backends and the
// settings a trial builds them from.
func (b benchSetup) backends(m *bench.Manifest) error {
	var err error
	if m.Backends, err = bench.Describe(b.settings); err != nil {
		return usageError{err.Error()}
	}
	m.Settings = b.settings
	m.Settings.Body = "" // each trial runs on its own (Manifest.Bodies)
	if slices.Contains(m.Bodies, eval.BodySMPLX) {
		// bench.json records the file the environment named, and a missing or bad one fails here,
		// before any trial
		m.Settings.SMPLX = wiring.SMPLXPath(m.Settings.SMPLX)
		if _, err := wiring.OpenBody(eval.BodySMPLX, m.Settings.SMPLX); err != nil {
			return usageError{"--body smplx: " + err.Error()}
		}
	}
	return nil
}

// folderManifest reads --out's bench.json for a resume, refusing endpoints it names that this
// command was not given (wiring.CheckGiven) and endpoint flags that differ from its own.
func (b benchSetup) folderManifest() (*bench.Manifest, error) {
	m, err := bench.ReadManifest(b.out)
	if err != nil {
		return nil, err
	}
	source := filepath.Join(b.out, "bench.json")
	if err := b.sameEndpoints(m.Settings, source); err != nil {
		return nil, err
	}
	if err := wiring.CheckGiven(m.Settings, source, wiring.Given{Settings: b.given, Getenv: os.Getenv}); err != nil {
		return nil, usageError{err.Error()}
	}
	return m, nil
}

// sameEndpoints refuses a --base-url or --executor given on resuming that differs from the
// endpoint the bench's own settings, read from source, name: a resumed bench keeps its own.
func (b benchSetup) sameEndpoints(saved agent.Settings, source string) error {
	for _, key := range []string{"base-url", "executor"} {
		if v := setting(b.given, key); v != "" && v != setting(saved, key) {
			return usageError{fmt.Sprintf("--%s %s: %s runs with %q; a resumed bench keeps its own (drop the flag)", key, v, source, setting(saved, key))}
		}
	}
	return nil
}

// parseModes reads --modes.
func parseModes(text string) ([]agent.Mode, error) {
	var out []agent.Mode
	for _, name := range strings.Split(text, ",") {
		m, err := agent.ParseMode(strings.TrimSpace(name))
		if err != nil {
			return nil, usageError{"--modes: " + err.Error()}
		}
		out = append(out, m)
	}
	return out, nil
}

// parseBodies reads --body, a list such as "human,proxy".
func parseBodies(text string) ([]string, error) {
	var out []string
	for _, name := range strings.Split(text, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(eval.BodyNames(), name) {
			return nil, usageError{fmt.Sprintf("--body: unknown body %q, want a list of %s", name, strings.Join(eval.BodyNames(), ", "))}
		}
		out = append(out, name)
	}
	return out, nil
}

// options fills the run's options: the folder, the shard, the workers, the backends, the display.
func (b benchSetup) options(m *bench.Manifest, stdout io.Writer) (bench.Options, error) {
	sh, err := b.shardOf()
	if err != nil {
		return bench.Options{}, err
	}
	if b.workers < 1 {
		return bench.Options{}, usageError{fmt.Sprintf("--workers %d: want at least 1", b.workers)}
	}
	o := bench.Options{Out: b.out, Workers: b.workers, Resume: b.resume, Shard: sh, NewEnv: bench.Backends(m.Settings),
		Progress: benchProgress(stdout)}
	if o.Out == "" {
		o.Out = newRunsFolder("bench")
	}
	if m.Render {
		o.NewRenderer = bench.Renderers(m.Config)
	}
	return o, nil
}

// shardOf reads --shard, else the cluster's environment, else, resuming, the shard the folder
// holds (bench.json).
func (b benchSetup) shardOf() (bench.Shard, error) {
	if b.shard != "" {
		return parseShard(b.shard)
	}
	s, ok, err := bench.ShardFromEnv(os.Getenv, b.shards)
	if err != nil {
		return bench.Shard{}, usageError{err.Error()}
	}
	if ok {
		return s, nil
	}
	if b.shards > 0 {
		return bench.Shard{}, usageError{"--shards needs $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID (a Kubernetes Indexed Job or a Slurm array sets it); on other machines use --shard i/n"}
	}
	if held, found := b.heldShard(); found {
		return held, nil
	}
	return s, nil
}

// parseShard reads --shard i/n.
func parseShard(text string) (bench.Shard, error) {
	s, err := bench.ParseShard(text)
	if err != nil {
		return bench.Shard{}, usageError{"--shard: " + err.Error()}
	}
	return s, nil
}

// heldShard returns the shard that --out's bench.json says the folder holds, when resuming one
// that does.
func (b benchSetup) heldShard() (bench.Shard, bool) {
	if !b.resume || b.out == "" {
		return bench.Shard{}, false
	}
	m, err := bench.ReadManifest(b.out)
	if err != nil || m.Shard == nil {
		return bench.Shard{}, false
	}
	return *m.Shard, true
}

// runBenchMerge merges shards' folders: bench merge DIR... --out DIR (flags and folders in any order).
func runBenchMerge(args []string, stdout io.Writer) error {
	fs := newFlags("bench merge", "DIR... --out DIR", stdout)
	out := fs.String("out", "", "the folder to write the merged results and reports into")
	if err := fs.parse(args); err != nil {
		return err
	}
	dirs := fs.Args()
	if len(dirs) == 0 || *out == "" {
		return usageError{"bench merge: want the shards' folders and --out DIR, such as: bench merge runs/shard-0 runs/shard-1 --out runs/merged"}
	}
	rep, err := bench.Merge(dirs, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\nbench merge: %d trial(s) from %d folder(s), %d missing; wrote %s\n", rep.Tables(), len(rep.Results), len(dirs),
		len(rep.Missing), filepath.Join(*out, "report.md"))
	return nil
}
