package main

import (
	"context"
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

// runApp opens the desktop app, on a run folder when one is given.
func runApp(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("app", "[RUN_DIR|BUNDLE.zip]", stdout)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageError{fmt.Sprintf("want at most one run folder, got %d arguments (see --help)", fs.NArg())}
	}
	if !haveDisplay() {
		return fmt.Errorf("no display (DISPLAY and WAYLAND_DISPLAY are unset); run it on a desktop, or under xvfb-run, " +
			"and open a run folder later with: interactagent app RUN_DIR")
	}
	a := fyneapp.NewWithID(appID)
	started := make(chan struct{})
	a.Lifecycle().SetOnStarted(func() { close(started) })
	opt := appOptions()
	w := app.NewWindow(a, opt)
	// Quit the driver, not the app: fyne's App.Quit closes the window first, and GLFW then still
	// delivers its mouse events to the closing window, whose view is gone (a crash).
	q := appQuit{started: started, do: fyne.Do, detach: w.Detach, quit: func() { w.Close(); a.Driver().Quit() },
		grace: appStopGrace, exit: exitStillStopping}
	ended := q.onSignal(ctx)
	defer ended()
	if fs.NArg() == 1 {
		if err := w.OpenPath(fs.Arg(0)); err != nil {
			w.Close()
			return err
		}
	}
	if ctx.Err() == nil {
		w.W.ShowAndRun()
	}
	w.Close()
	if opt.Engine != nil {
		opt.Engine.Close()
	}
	return interrupted(ctx, nil)
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
