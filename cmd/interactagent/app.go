package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"interactagent/app"
	"interactagent/render"
)

// appID names the app for Fyne's preferences and `fyne package` (FyneApp.toml).
const appID = "dev.interactagent.app"

// errNoDisplay is runApp's error where no window can open.
var errNoDisplay = errors.New("no display (DISPLAY and WAYLAND_DISPLAY are unset); run it on a desktop, or under xvfb-run, " +
	"and open a run folder later with: interactagent app RUN_DIR")

// runApp opens the desktop app, on a run folder when one is given.
func runApp(ctx context.Context, args []string, stdout io.Writer) error {
	open, err := appArgs(args, stdout)
	if err != nil {
		return err
	}
	if !haveDisplay() {
		return errNoDisplay
	}
	a := fyneapp.NewWithID(appID)
	started := onStarted(a)
	opt := appOptions()
	w := app.NewWindow(a, opt)
	ended := newAppQuit(a, w, started).onSignal(ctx)
	defer ended()
	if err := openRun(w, open); err != nil {
		return err
	}
	showApp(ctx, w, opt)
	return interrupted(ctx, nil)
}

// appArgs reads app's command line: no flags, and at most one run folder or bundle to open.
func appArgs(args []string, stdout io.Writer) ([]string, error) {
	fs := newFlags("app", "[RUN_DIR|BUNDLE.zip]", stdout)
	if err := fs.parse(args); err != nil {
		return nil, err
	}
	return fs.Args(), fs.atMostOne("run folder")
}

// onStarted returns a channel that a's driver closes once it has started (appQuit.started).
func onStarted(a fyne.App) <-chan struct{} {
	started := make(chan struct{})
	a.Lifecycle().SetOnStarted(func() { close(started) })
	return started
}

// newAppQuit is how a signal ends the app a showing w, once its driver has started. It quits the
// driver, not the app: fyne's App.Quit closes the window first, and GLFW then still delivers its
// mouse events to the closing window, whose view is gone (a crash).
func newAppQuit(a fyne.App, w *app.Window, started <-chan struct{}) appQuit {
	return appQuit{started: started, do: fyne.Do, detach: w.Detach, quit: func() { w.Close(); a.Driver().Quit() },
		grace: appStopGrace, exit: exitStillStopping}
}

// openRun opens the run folder or bundle that open names, if any, in w; w is closed when it
// cannot be opened.
func openRun(w *app.Window, open []string) error {
	if len(open) == 0 {
		return nil
	}
	if err := w.OpenPath(open[0]); err != nil {
		w.Close()
		return err
	}
	return nil
}

// showApp shows w until the user closes it or a signal quits the app (not at all when one came
// already), then closes it and the 3D view's engine.
func showApp(ctx context.Context, w *app.Window, opt app.Options) {
	if ctx.Err() == nil {
		w.W.ShowAndRun()
	}
	w.Close()
	if opt.Engine != nil {
		opt.Engine.Close()
	}
}

// appOptions are the window's: an engine for the 3D view (none, said so, without OpenGL) and,
// with INTERACTAGENT_FPS_LOG set, the frame rate on stderr.
func appOptions() app.Options {
	var opt app.Options
	e, err := render.NewEngine(render.Options{Samples: 1})
	if err != nil {
		fmt.Fprintf(os.Stderr, "interactagent app: no 3D view: %v\n", err)
	} else {
		opt.Engine = e
	}
	if os.Getenv("INTERACTAGENT_FPS_LOG") != "" {
		opt.FPSLog = os.Stderr
	}
	return opt
}

// haveDisplay reports whether a window can open here.
func haveDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }
