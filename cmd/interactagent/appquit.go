package main

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"
)

// appStopGrace bounds how long the app may take to stop after a signal. Past it the process
// exits with 130 anyway: Fyne's shutdown can wait forever for an event it lost on the way.
const appStopGrace = 5 * time.Second

// appQuit is how a signal ends the app, whatever it is doing: starting, playing, showing a dialog,
// running the agent.
type appQuit struct {
	// started is closed by the driver's started event. A Quit before it is lost, or runs while the
	// window is being set up and crashes GLFW; a signal that comes earlier waits for it.
	started <-chan struct{}
	// do runs a function on the UI goroutine (fyne.Do).
	do func(func())
	// detach is called at once on the signal, from another goroutine: the window stops taking
	// updates, so that none reaches it off the UI goroutine while Fyne shuts down (Fyne stops on
	// the signal too).
	detach func()
	// quit closes the window and stops the driver; it runs through do once started.
	quit func()
	// grace is how long the app may take to end after the signal; then exit is called.
	grace time.Duration
	exit  func()
}

// onSignal acts as q says once ctx ends (the first SIGINT or SIGTERM). Call ended once the app has
// ended: it releases all this, and exit is never called after it.
func (q appQuit) onSignal(ctx context.Context) (ended func()) {
	done := make(chan struct{})
	var mu sync.Mutex
	over := false
	exit := func() {
		mu.Lock()
		defer mu.Unlock()
		if !over {
			q.exit()
		}
	}
	go q.stopOnSignal(ctx, done, exit)
	return sync.OnceFunc(func() {
		mu.Lock()
		over = true
		mu.Unlock()
		close(done)
	})
}

// stopOnSignal waits for ctx to end, then detaches the window, arms exit to run after the grace,
// and quits the app once it has started. done, closed when the app has ended, ends the wait at
// any point and disarms exit.
func (q appQuit) stopOnSignal(ctx context.Context, done <-chan struct{}, exit func()) {
	select {
	case <-ctx.Done():
	case <-done:
		return
	}
	q.detach()
	watchdog := time.AfterFunc(q.grace, exit)
	defer watchdog.Stop()
	select {
	case <-q.started:
		q.do(q.quit)
	case <-done:
		return
	}
	<-done
}

// exitStillStopping ends the process when the app did not stop within appStopGrace of a signal.
func exitStillStopping() {
	fmt.Fprintf(os.Stderr, "interactagent app: still stopping %v after the signal; quitting\n", appStopGrace)
	os.Exit(130)
}
