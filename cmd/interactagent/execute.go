package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/executor/remote"
	"interactagent/httpclient"
	"interactagent/motion"
	"interactagent/scene"
)

// executeConfig is what `interactagent execute` needs; the zero value executes with the ideal
// profile and seed 0 from the origin, facing +Z, and writes no file.
type executeConfig struct {
	Actions []string
	Profile kinematic.Profile
	Seed    uint64
	Start   motion.State
	Out     string // .npy (joint positions) or .json (clip); empty writes nothing
	// Executor is "builtin" (or empty) for the kinematic executor, or the URL of a MotionLLM server
	// speaking docs/executor-protocol.md.
	Executor string
	// Policy bounds the calls to a server: the timeout of one try and the deadline of all of them.
	Policy httpclient.Policy
}

// runExecute turns atomic actions into motion with the built-in kinematic executor, prints what
// each segment did and writes the clip.
func runExecute(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("execute", "", stdout)
	var f executeFlags
	f.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	cfg, err := f.config()
	if err != nil {
		return err
	}
	clip, err := execute(ctx, cfg)
	if err != nil {
		return err
	}
	printSegments(stdout, clip)
	if cfg.Out != "" {
		fmt.Fprintf(stdout, "wrote %s: %d frames at %g fps (%.2f s)\n", cfg.Out, clip.Len(), clip.FPS, clip.Duration())
	}
	return nil
}

// executeFlags are execute's flags as given, before config reads them into an executeConfig.
type executeFlags struct {
	actions, profile, start, out, executor string
	seed                                   uint64
	policy                                 httpclient.Policy
}

// bind binds execute's flags to f's fields.
func (f *executeFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&f.actions, "actions", "", `atomic actions separated by ";" or new lines, e.g. "A person walks forward 1 meter; A person sits down" (numbering such as "1." is fine)`)
	fs.StringVar(&f.profile, "profile", "ideal", "error model: ideal (exact) or motionllm (imitates the learned executor's errors)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of the error model: the same text and seed give the same motion")
	fs.StringVar(&f.start, "start", "0,0,0", "start state x,z,heading: metres on the floor and degrees (0 faces +Z, positive turns left toward +X)")
	fs.StringVar(&f.executor, "executor", "builtin", "builtin (the kinematic executor) or the URL of a MotionLLM server, such as http://127.0.0.1:8765 (docs/executor-protocol.md; a bearer token is read from $INTERACTAGENT_EXECUTOR_TOKEN)")
	fs.StringVar(&f.out, "out", "", "write the motion to FILE.npy (joint positions T×22×3, float32) or FILE.json (clip with fps and segments)")
	fs.DurationVar(&f.policy.Timeout, "timeout", 20*time.Second, "--executor URL: one try's limit, from sending the request to reading the whole reply")
	fs.DurationVar(&f.policy.Total, "deadline", time.Minute, "--executor URL: the limit of all tries and waits together (a server that never answers fails after this)")
}

// config reads the flags into the executor's config, refusing those that could not mean what they
// say before anything runs.
func (f executeFlags) config() (executeConfig, error) {
	cfg, err := executeArgs(f.actions, f.profile, f.start, f.out)
	if err != nil {
		return cfg, err
	}
	if p := f.policy; p.Timeout <= 0 || p.Total <= 0 || p.Validate() != nil {
		return cfg, usageError{fmt.Sprintf("--timeout %v and --deadline %v: want positive durations, the deadline at least the timeout", p.Timeout, p.Total)}
	}
	cfg.Seed, cfg.Executor, cfg.Policy = f.seed, f.executor, f.policy
	return cfg, nil
}

// executeArgs checks the flags that say what to execute and where to write it.
func executeArgs(actions, profile, start, out string) (executeConfig, error) {
	var cfg executeConfig
	cfg.Actions = splitActions(actions)
	if len(cfg.Actions) == 0 {
		return cfg, usageError{`--actions is empty: want one or more actions, such as "A person walks forward 1 meter; A person sits down"`}
	}
	p, err := kinematic.ProfileByName(profile)
	if err != nil {
		return cfg, usageError{fmt.Sprintf("--profile %q: want ideal or motionllm", profile)}
	}
	cfg.Profile = p
	if cfg.Start, err = parseState(start); err != nil {
		return cfg, err
	}
	if out != "" && ext(out) != ".npy" && ext(out) != ".json" {
		return cfg, usageError{fmt.Sprintf("--out %s: want a .npy (joint positions) or .json (clip) file name", out)}
	}
	cfg.Out = out
	return cfg, nil
}

// splitActions splits a plan into actions at ";" and line breaks, dropping empty ones.
func splitActions(s string) []string {
	var out []string
	for _, a := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '\n' }) {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// parseState reads execute's --start value "x,z,heading" (metres, metres, degrees).
func parseState(v string) (motion.State, error) {
	st, err := motion.ParseState(v)
	if err != nil {
		return st, usageError{"--start: " + err.Error()}
	}
	return st, nil
}

// parseStart reads the --start value of render and penetration: "", "scene" or "x,z,heading".
func parseStart(v string) (scene.StartSpec, error) {
	sp, err := scene.ParseStart(v)
	if err != nil {
		return sp, usageError{"--start: " + err.Error()}
	}
	return sp, nil
}

// execute runs the actions and writes the clip when cfg.Out is set.
func execute(ctx context.Context, cfg executeConfig) (*motion.Clip, error) {
	e, err := newExecutor(cfg)
	if err != nil {
		return nil, err
	}
	clip, err := e.Execute(ctx, cfg.Start, cfg.Actions)
	if err != nil {
		return nil, err
	}
	return clip, saveClip(cfg.Out, clip, motion.Float32)
}

// newExecutor returns the built-in executor or a client of the server the config names.
func newExecutor(cfg executeConfig) (executor.Executor, error) {
	if cfg.Executor == "" || cfg.Executor == "builtin" {
		return kinematic.New(kinematic.Options{Profile: cfg.Profile, Seed: cfg.Seed}), nil
	}
	c, err := remote.New(cfg.Executor, remote.Options{Seed: cfg.Seed, Policy: cfg.Policy, Token: os.Getenv("INTERACTAGENT_EXECUTOR_TOKEN")})
	if err != nil {
		return nil, usageError{fmt.Sprintf("--executor: %v", err)}
	}
	return c, nil
}

// printSegments writes one line per segment: its frames, how far and which way the root moved in
// the frame of the segment's start, how much the body turned, and its warnings.
func printSegments(w io.Writer, c *motion.Clip) {
	fmt.Fprintf(w, "%d frames at %g fps (%.2f s), %d segments\n", c.Len(), c.FPS, c.Duration(), len(c.Segments))
	for i, s := range c.Segments {
		printSegment(w, c, i, s)
	}
}

// printSegment writes the line of segment i of c, s, and its warnings.
func printSegment(w io.Writer, c *motion.Clip, i int, s motion.Segment) {
	from := max(s.Start-1, 0) // a segment starts where the previous one's last frame stands
	part := c.Slice(from, s.End)
	a, b := part.StartState(), part.EndState()
	d := b.Root.Sub(a.Root)
	fmt.Fprintf(w, "%2d  frames [%d, %d) %5.2f s  moved %.2f m (forward %+.2f, left %+.2f)  turned %+6.1f°  %q\n",
		i+1, s.Start, s.End, float64(s.End-s.Start)/c.FPS, d.Len(), d.Dot(a.Forward()), d.Dot(a.Left()),
		mgl64.RadToDeg(part.HeadingChange()), s.Action)
	for _, warn := range s.Warnings {
		fmt.Fprintf(w, "    warning: %s\n", warn)
	}
}
