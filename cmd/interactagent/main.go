// Command interactagent generates, measures and shows long-horizon human–scene interaction motion.
// Run it with a subcommand; `interactagent help` lists them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
)

// command is one subcommand: its one-line summary and the function that runs it with its own
// arguments, writing results to stdout. ctx ends when the user interrupts (Ctrl-C, SIGTERM): a
// command then stops what it is doing, cleans up what it was writing and returns ctx's error.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout io.Writer) error
}

// commands lists every subcommand; each lives in its own file of this folder.
func commands() map[string]command {
	return map[string]command{
		"convert":        {"convert motion files: HumanML3D features .npy → joints .npy, joints .npy ↔ clip JSON", runConvert},
		"execute":        {"turn atomic actions into motion with the built-in kinematic executor; print each segment", runExecute},
		"serve-executor": {"serve the built-in executor over the MotionLLM HTTP protocol (docs/executor-protocol.md)", runServeExecutor},
		"info":           {"print a motion file's frames, fps, duration, path length, heading change and bounds", runInfo},
		"penetration":    {"measure how deep a motion sinks into a scene (pe_max, pe10%, mean; capsule body proxy)", runPenetration},
		"scenes":         {"list the built-in scenes; --objects or NAME lists each object's size, parts, surfaces", runScenes},
		"tasks":          {"list a suite's tasks (builtin, SUITE.json or UniHSI PLANS.json[#ID]): complexity, scene, instruction", runTasks},
		"import":         {"import UniHSI scene plans (one or several files) as a suite of tasks over proxy scenes: import PLANS.json[#ID]... --out SUITE.json", runImport},
		"scene":          {"scene tools: export a built-in scene or a scene file as GLB (scene export NAME OUT.glb)", runScene},
		"bench":          {"run a task suite × modes × seeds over a worker pool: report.md (the paper's Table 1), CSV, JSON, plots; bench merge joins shards", runBench},
		"run":            {"run one task with the agent (naive, online, offline or full mode) and write its run folder; --resume continues one", runRun},
		"render":         {"draw a scene, a ghost image of motion, scene shots, or a video (MP4/GIF) of clips side by side", runRender},
		"app":            {"open the desktop app (also what no arguments do where a display is): rounds side by side, the trace inspector, live runs", runApp},
		"export":         {"export a run's motion or a motion file: glb, gltf, bvh, npy, h3d (HumanML3D), json, mp4, gif, or a run bundle (zip)", runExport},
	}
}

// main runs the command line, interruptible by the first SIGINT or SIGTERM, and exits with its
// status.
func main() {
	ctx, stop := interruptible(os.Stderr)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one command line and returns the process exit status: 0, 1 for a failure, 2 for a
// bad command line, 130 when interrupted.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 && haveDisplay() {
		args = []string{"app"}
	}
	if len(args) == 0 || isHelp(args[0]) {
		usage(stdout, cmds)
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "interactagent: unknown command %q\n\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	return exitCode(ctx, stderr, args[0], c.run(ctx, args[1:], stdout))
}

// isHelp reports whether a command's first argument asks for its usage rather than naming what
// to run.
func isHelp(arg string) bool { return arg == "help" || arg == "-h" || arg == "--help" }

// exitCode is the exit status of the command name that returned err, which it reports on stderr:
// 0 for success or --help, 130 when the user interrupted it, 2 for a usageError, else 1.
func exitCode(ctx context.Context, stderr io.Writer, name string, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		fmt.Fprintf(stderr, "interactagent %s: interrupted: %v\n", name, err)
		return 130
	case errors.Is(err, flag.ErrHelp):
		return 0
	}
	fmt.Fprintf(stderr, "interactagent %s: %v\n", name, err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

// usage writes the command line's usage: every command, by name, with its summary.
func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: interactagent COMMAND [flags] [args]\n\ncommands:")
	names := slices.Sorted(maps.Keys(cmds))
	for _, n := range names {
		fmt.Fprintf(w, "  %-16s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'interactagent COMMAND --help' for a command's flags.")
}

// usageError is a bad command line (wrong arguments or flags); it exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// flagSet is a subcommand's flags with the usage line printed on --help.
type flagSet struct {
	*flag.FlagSet
	args   string
	stdout io.Writer
	pos    []string // the positional arguments, wherever they stood among the flags
}

// newFlags returns a flag set for a subcommand that reports errors instead of exiting; args
// describes the positional arguments for the usage line.
func newFlags(name, args string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, args: args, stdout: stdout}
}

// parse parses args, flags before and after the positional arguments alike (`info F --json`)
// until a "--", after which all are positional; Args, NArg and Arg give the positional ones.
// --help prints the usage to stdout and returns flag.ErrHelp, and any other flag error becomes a
// usageError.
func (fs *flagSet) parse(args []string) error {
	fs.pos = nil
	for {
		if err := fs.parseFlags(args); err != nil {
			return err
		}
		rest := fs.FlagSet.Args()
		if len(rest) == 0 {
			return nil
		}
		if at := len(args) - len(rest) - 1; at >= 0 && args[at] == "--" {
			fs.pos = append(fs.pos, rest...)
			return nil
		}
		fs.pos = append(fs.pos, rest[0])
		args = rest[1:]
	}
}

// Args returns the positional arguments.
func (fs *flagSet) Args() []string { return fs.pos }

// NArg returns how many positional arguments there are.
func (fs *flagSet) NArg() int { return len(fs.pos) }

// Arg returns positional argument i, or "" when there is none.
func (fs *flagSet) Arg(i int) string {
	if i < 0 || i >= len(fs.pos) {
		return ""
	}
	return fs.pos[i]
}

// parseFlags parses flags up to the first positional argument.
func (fs *flagSet) parseFlags(args []string) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(fs.stdout, "usage: interactagent %s [flags] %s\n", fs.Name(), fs.args)
		fs.SetOutput(fs.stdout)
		fs.PrintDefaults()
		return flag.ErrHelp
	}
	if err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// parseArgs is parse, then need(n): the command line of a command that takes exactly n positional
// arguments.
func (fs *flagSet) parseArgs(args []string, n int) error {
	if err := fs.parse(args); err != nil {
		return err
	}
	return fs.need(n)
}

// atMostOne returns a usageError when more than one positional argument was given to a command
// that takes at most one, naming what the one is.
func (fs *flagSet) atMostOne(what string) error {
	if fs.NArg() > 1 {
		return usageError{fmt.Sprintf("want at most one %s, got %d arguments (see --help)", what, fs.NArg())}
	}
	return nil
}

// need returns a usageError unless exactly n positional arguments remain.
func (fs *flagSet) need(n int) error {
	if fs.NArg() != n {
		return usageError{fmt.Sprintf("want %d argument(s) %s, got %d (see --help)", n, fs.args, fs.NArg())}
	}
	return nil
}
