package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"

	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/executor/remote"
)

// serveConfig is what `interactagent serve-executor` was asked to do.
type serveConfig struct {
	maxInFlight int           // requests executed at once; more get 429
	maxFrames   int           // frames of motion those requests make at once; more get 429
	drain       time.Duration // how long requests in flight may finish after an interrupt
}

// runServeExecutor serves the built-in kinematic executor over the MotionLLM HTTP protocol
// (docs/executor-protocol.md) until interrupted.
func runServeExecutor(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("serve-executor", "", stdout)
	var f serveFlags
	f.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	e, err := f.executor()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", f.addr, err)
	}
	return interrupted(ctx, serveExecutor(ctx, ln, e, e.Name(), f.serveConfig, stdout))
}

// serveFlags are serve-executor's command line: where to listen, the executor to serve, and the
// server's limits.
type serveFlags struct {
	addr, profile string
	seed          uint64
	serveConfig
}

// bind binds serve-executor's flags to f's fields.
func (f *serveFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8765", "address to listen on (host:port; port 0 picks a free one)")
	fs.StringVar(&f.profile, "profile", "ideal", "error model of the served executor: ideal or motionllm")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of the error model")
	fs.IntVar(&f.maxInFlight, "max-in-flight", 0, "requests executed at once; more are answered 429 with Retry-After (0: 2 per CPU). A request takes its slot once its body is read, so slow senders cannot hold them")
	fs.IntVar(&f.maxFrames, "max-frames-in-flight", 0, fmt.Sprintf("frames of motion the requests executed at once may make; more are answered 429 with Retry-After (0: %d, 4 replies at the 20,000-frame limit). "+
		"This bounds the server's memory: about 1 kB of resident memory a frame (20 MB for a reply at the limit), however high --max-in-flight is", remote.DefaultFramesInFlight))
	fs.DurationVar(&f.drain, "drain", 30*time.Second, "on Ctrl-C or SIGTERM, how long requests in flight may finish before they are cut off")
}

// executor checks the flags and returns the executor they ask to serve.
func (f serveFlags) executor() (*kinematic.Executor, error) {
	p, err := kinematic.ProfileByName(f.profile)
	if err != nil {
		return nil, usageError{fmt.Sprintf("--profile %q: want ideal or motionllm", f.profile)}
	}
	if f.maxInFlight < 0 || f.maxFrames < 0 || f.drain < 0 {
		return nil, usageError{"--max-in-flight, --max-frames-in-flight and --drain cannot be negative"}
	}
	return kinematic.New(kinematic.Options{Profile: p, Seed: f.seed}), nil
}

// serveExecutor serves e (called name) on ln until ctx ends, then stops taking requests, lets those
// in flight finish for up to cfg.drain, and says what it had to cut off.
func serveExecutor(ctx context.Context, ln net.Listener, e executor.Executor, name string, cfg serveConfig, stdout io.Writer) error {
	logger := log.New(stdout, "serve-executor: ", log.LstdFlags)
	h := &remote.Handler{Exec: e, Model: name, Log: logger, MaxInFlight: cfg.maxInFlight, MaxFramesInFlight: cfg.maxFrames}
	srv := h.Server()
	logger.Printf("serving %s on http://%s (POST /v1/execute, GET /v1/health); Ctrl-C stops", name, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	return drain(srv, h, done, cfg.drain, logger)
}

// drain shuts srv down gracefully within wait; requests still running then are cut off and counted.
func drain(srv *http.Server, h *remote.Handler, done <-chan error, wait time.Duration, logger *log.Logger) error {
	if n := h.InFlight(); n > 0 {
		logger.Printf("stopping: waiting up to %v for %d request(s) in flight", wait, n)
	}
	cut, err := shutdown(srv, h, wait)
	if err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if cut > 0 {
		return fmt.Errorf("stopped: %d request(s) still running after the %v drain were cut off", cut, wait)
	}
	logger.Printf("stopped: every request was answered")
	return nil
}

// shutdown stops srv taking requests and waits up to wait for those in flight; then it closes srv
// on those still running, and counts them (cut).
func shutdown(srv *http.Server, h *remote.Handler, wait time.Duration) (cut int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	err = srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		cut = h.InFlight()
		srv.Close()
		return cut, nil
	}
	return 0, err
}
