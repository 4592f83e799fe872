package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"interactagent/agent"
	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/executor/remote"
	"interactagent/mllm"
	"interactagent/mllm/geometric"
	"interactagent/mllm/openai"
	"interactagent/render"
	"interactagent/scene/load"
)

// runConfig is what `interactagent run` was asked to do: the task and the backends (settings, as
// run.json keeps them for a resume) and the loop's config.
type runConfig struct {
	settings map[string]string
	cfg      agent.Config
	out      string
	resume   string
	noRender bool
}

// runRun runs one task with the agent and writes its run folder.
func runRun(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("run", "", stdout)
	c := runConfig{settings: map[string]string{}}
	set := func(name, value, usage string) {
		fs.Func(name, usage+fmt.Sprintf(" (default %q)", value), func(v string) error { c.settings[name] = v; return nil })
		c.settings[name] = value
	}
	set("scene", "", "built-in scene name or scene file")
	set("task", "", `the instruction, such as "walk to the sofa and sit on it"`)
	set("model", "builtin", "builtin (the geometric stand-in reasoner) or a model name of an OpenAI-compatible endpoint (gpt-4o, qwen-vl-max, …)")
	set("base-url", "", "the endpoint of --model (default $OPENAI_BASE_URL, else OpenAI); the key comes from $OPENAI_API_KEY")
	set("prompts", "", "a folder of prompt templates overriding the built-in ones (mllm/openai)")
	set("one-image", "false", "true: tile every image of a request into one, for servers that take one image per message (Ollama)")
	set("executor", "builtin", "builtin (the kinematic executor) or the URL of a MotionLLM server")
	set("profile", "motionllm", "built-in executor's error model: ideal or motionllm")
	mode := fs.String("mode", "full", "naive, online, offline or full")
	feedback := fs.String("feedback", "visual", "visual (the paper's) or hybrid (adds measured numbers to observation and reflection)")
	fs.IntVar(&c.cfg.NMax, "n-max", 5, "most reflection rounds")
	fs.IntVar(&c.cfg.RMax, "r-max", 2, "most corrections of one step")
	fs.BoolVar(&c.cfg.NoEarlyStop, "no-early-stop", false, "run every round even after the stop check passes")
	fs.Uint64Var(&c.cfg.Seed, "seed", 0, "seed of the executor's errors and the reasoner's perception")
	fs.StringVar(&c.out, "out", "", "run folder to write (default runs/run-YYYYMMDD-HHMMSS)")
	fs.StringVar(&c.resume, "resume", "", "continue the interrupted run in this folder (its run.json says how)")
	fs.BoolVar(&c.noRender, "no-render", false, "draw no images (the built-in reasoner does not need them)")
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
	if c.settings["scene"] == "" || c.settings["task"] == "" {
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
// them are refused, since the run would no longer be the one resumed.
func (c *runConfig) fromFolder(fs *flag.FlagSet) error {
	info, err := agent.ReadRunInfo(c.resume)
	if err != nil {
		return err
	}
	var changed []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "resume" && f.Name != "no-render" {
			changed = append(changed, "--"+f.Name)
		}
	})
	if len(changed) > 0 {
		return usageError{fmt.Sprintf("--resume takes the run's own settings from its run.json; drop %v", changed)}
	}
	c.settings, c.cfg, c.out = info.Settings, info.Config, c.resume
	if c.settings == nil {
		return fmt.Errorf("%s/run.json holds no settings to resume with", c.resume)
	}
	return nil
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
		return fmt.Errorf("%w (the run folder %s keeps what was done; continue with --resume %s)", err, env.Folder.Dir(), env.Folder.Dir())
	}
	return nil
}

// env builds the scene, the model, the executor, the renderer and the folder.
func (c *runConfig) env() (agent.Env, func(), error) {
	s := c.settings
	sc, err := load.Scene(s["scene"])
	if err != nil {
		return agent.Env{}, nil, err
	}
	model, err := c.model()
	if err != nil {
		return agent.Env{}, nil, err
	}
	ex, name, err := c.executor()
	if err != nil {
		return agent.Env{}, nil, err
	}
	folder, err := agent.OpenFolder(c.out)
	if err != nil {
		return agent.Env{}, nil, err
	}
	env := agent.Env{Scene: sc, SceneRef: s["scene"], Task: s["task"], Model: model, Executor: ex, ExecutorName: name, Folder: folder,
		Settings: s, Prices: mllm.DefaultPrices()}
	closers := []func(){func() { folder.Close() }}
	if !c.noRender {
		e, err := render.NewEngine(render.Options{})
		if err != nil {
			folder.Close()
			return agent.Env{}, nil, fmt.Errorf("%w (use --no-render to run without images)", err)
		}
		env.Render = agent.GLRenderer{Engine: e, Size: c.cfg.Defaults().ImageSize, Keyframes: c.cfg.Defaults().Keyframes}
		closers = append(closers, func() { e.Close() })
	}
	return env, func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}, nil
}

// model builds the reasoning backend.
func (c *runConfig) model() (mllm.Model, error) {
	s := c.settings
	if s["model"] == "builtin" || s["model"] == "" {
		return geometric.New(geometric.Options{Seed: c.cfg.Seed}), nil
	}
	m, err := openai.New(openai.Options{Model: s["model"], BaseURL: s["base-url"], PromptDir: s["prompts"], OneImage: s["one-image"] == "true"})
	if err != nil {
		return nil, usageError{"--model: " + err.Error()}
	}
	return m, nil
}

// executor builds the motion executor and its name.
func (c *runConfig) executor() (executor.Executor, string, error) {
	s := c.settings
	if s["executor"] == "builtin" || s["executor"] == "" {
		p, err := kinematic.ProfileByName(s["profile"])
		if err != nil {
			return nil, "", usageError{fmt.Sprintf("--profile %q: want ideal or motionllm", s["profile"])}
		}
		e := kinematic.New(kinematic.Options{Profile: p, Seed: c.cfg.Seed})
		return e, e.Name(), nil
	}
	e, err := remote.New(s["executor"], remote.Options{Seed: c.cfg.Seed, Token: os.Getenv("INTERACTAGENT_EXECUTOR_TOKEN")})
	if err != nil {
		return nil, "", usageError{"--executor: " + err.Error()}
	}
	return e, "remote/" + s["executor"], nil
}
