package main

import (
	"context"
	"testing"
	"time"
)

// TestAppQuitWaitsUntilStarted: a signal while the window was being set up ran Quit at once, and
// GLFW crashed. Now a signal before the driver's started event detaches the window at once, is
// remembered, and quit runs after that event, once, through do; an app that then ends in time is
// not made to exit.
func TestAppQuitWaitsUntilStarted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started, quits, exits := make(chan struct{}), make(chan bool, 2), make(chan struct{}, 1)
	do := func(f func()) {
		select {
		case <-started:
			quits <- true
		default:
			quits <- false
		}
		f()
	}
	detached := make(chan struct{})
	q := appQuit{started: started, do: do, detach: func() { close(detached) }, quit: func() {}, grace: time.Hour,
		exit: func() { exits <- struct{}{} }}
	ended := q.onSignal(ctx)
	cancel()
	select {
	case <-detached:
	case <-time.After(10 * time.Second):
		t.Fatal("the window was not detached on the signal")
	}
	time.Sleep(50 * time.Millisecond) // a quit that does not wait would come now
	close(started)
	select {
	case after := <-quits:
		if !after {
			t.Fatal("quit ran before the app had started")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the app was never told to quit")
	}
	ended()
	ended()
	if len(quits) != 0 || len(exits) != 0 {
		t.Errorf("%d more quits and %d exits, want none", len(quits), len(exits))
	}
}

// TestAppQuitIsBounded: an app that printed "stopping" and never stopped hung its caller. Now,
// when the app has not ended within the grace after the signal, exit is called.
func TestAppQuitIsBounded(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started, exits := make(chan struct{}), make(chan struct{}, 1)
	close(started)
	q := appQuit{started: started, do: func(f func()) { f() }, detach: func() {}, quit: func() {}, grace: 10 * time.Millisecond,
		exit: func() { exits <- struct{}{} }}
	defer q.onSignal(ctx)()
	cancel()
	select {
	case <-exits:
	case <-time.After(10 * time.Second):
		t.Fatal("an app that does not stop was never made to exit")
	}
}

// TestAppQuitWithoutSignal: an app that ends by itself is neither detached, told to quit nor made
// to exit.
func TestAppQuitWithoutSignal(t *testing.T) {
	started, called := make(chan struct{}), make(chan string, 2)
	close(started)
	q := appQuit{started: started, do: func(func()) { called <- "quit" }, detach: func() { called <- "detach" },
		quit: func() {}, grace: time.Millisecond, exit: func() { called <- "exit" }}
	q.onSignal(context.Background())()
	time.Sleep(20 * time.Millisecond) // a watchdog started without a signal would fire now
	if len(called) != 0 {
		t.Errorf("called %q without a signal", <-called)
	}
}
