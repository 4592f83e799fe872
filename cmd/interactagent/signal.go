package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptible returns a context that the first SIGINT or SIGTERM cancels, so that a command
// stops cleanly (an unfinished video or file is removed, a server drains); a second signal exits
// at once with status 130, for when stopping cleanly takes too long. stop releases the signals.
func interruptible(stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go onSignals(ctx, sig, cancel, stderr)
	return ctx, func() {
		signal.Stop(sig)
		cancel()
	}
}

// onSignals cancels the command's context on the first signal and exits at once on the second,
// saying so on stderr; it returns when ctx ends before any signal came (stop was called).
func onSignals(ctx context.Context, sig <-chan os.Signal, cancel func(), stderr io.Writer) {
	select {
	case s := <-sig:
		fmt.Fprintf(stderr, "interactagent: %v: stopping (send it again to quit at once)\n", s)
		cancel()
	case <-ctx.Done():
		return
	}
	<-sig
	fmt.Fprintln(stderr, "interactagent: quitting at once")
	os.Exit(130)
}

// interrupted is a command's result once it has stopped: err as it is, unless ctx has ended (a
// signal), when a clean stop becomes ctx's error and a failure says so too, so that the command
// exits 130 as the README says.
func interrupted(ctx context.Context, err error) error {
	switch {
	case ctx.Err() == nil:
		return err
	case err == nil:
		return ctx.Err()
	default:
		return fmt.Errorf("%w (%w)", err, ctx.Err())
	}
}
