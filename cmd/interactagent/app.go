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
	e, err := render.NewEngine(render.Options{Samples: 1})
	if err != nil {
		fmt.Fprintf(os.Stderr, "interactagent app: no 3D view: %v\n", err)
		e = nil
	}
	opt := app.Options{Engine: e}
	if os.Getenv("INTERACTAGENT_FPS_LOG") != "" {
		opt.FPSLog = os.Stderr
	}
	w := app.NewWindow(a, opt)
	if fs.NArg() == 1 {
		if err := w.OpenPath(fs.Arg(0)); err != nil {
			w.Close()
			return err
		}
	}
	stop := context.AfterFunc(ctx, func() { fyne.Do(a.Quit) })
	defer stop()
	w.W.ShowAndRun()
	w.Close()
	if e != nil {
		e.Close()
	}
	return nil
}

// haveDisplay reports whether a window can open here.
func haveDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }
