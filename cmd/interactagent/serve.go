package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"interactagent/executor/kinematic"
	"interactagent/executor/remote"
)

// runServeExecutor serves the built-in kinematic executor over the MotionLLM HTTP protocol
// (docs/executor-protocol.md) until interrupted.
func runServeExecutor(args []string, stdout io.Writer) error {
	fs := newFlags("serve-executor", "", stdout)
	addr := fs.String("addr", "127.0.0.1:8765", "address to listen on (host:port; port 0 picks a free one)")
	profile := fs.String("profile", "ideal", "error model of the served executor: ideal or motionllm")
	seed := fs.Uint64("seed", 0, "seed of the error model")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.need(0); err != nil {
		return err
	}
	p, err := kinematic.ProfileByName(*profile)
	if err != nil {
		return usageError{fmt.Sprintf("--profile %q: want ideal or motionllm", *profile)}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveExecutor(ctx, ln, kinematic.New(kinematic.Options{Profile: p, Seed: *seed}), stdout)
}

// serveExecutor serves e on ln until ctx ends, then shuts down gracefully.
func serveExecutor(ctx context.Context, ln net.Listener, e *kinematic.Executor, stdout io.Writer) error {
	logger := log.New(stdout, "serve-executor: ", log.LstdFlags)
	srv := &http.Server{
		Handler:           &remote.Handler{Exec: e, Model: e.Name(), Log: logger},
		ReadHeaderTimeout: 10 * time.Second,
	}
	logger.Printf("serving %s on http://%s (POST /v1/execute, GET /v1/health); Ctrl-C stops", e.Name(), ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Printf("stopped")
	return nil
}
