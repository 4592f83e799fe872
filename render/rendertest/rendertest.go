// Package rendertest starts GL engines for tests in other packages, by the project's rule: a
// machine without OpenGL skips the test with a message, unless CI=true, where a broken install
// must fail rather than hide behind a skip.
package rendertest

import (
	"errors"
	"os"
	"testing"

	"interactagent/render"
)

// Engine starts an engine with opt and closes it when the test ends; without OpenGL it skips the
// test, or fails it under CI=true.
func Engine(t testing.TB, opt render.Options) *render.Engine {
	t.Helper()
	e, err := render.NewEngine(opt)
	if err != nil {
		if errors.Is(err, render.ErrNoGL) && os.Getenv("CI") != "true" {
			t.Skipf("no OpenGL here (set CI=true to fail instead): %v", err)
		}
		t.Fatalf("render engine: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}
