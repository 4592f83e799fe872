package main

import "testing"

// TestAppWithoutDisplaySaysHow: without a display the app says so and how to open a run later.
func TestAppWithoutDisplaySaysHow(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	checkRun(t, []string{"app", "runs/demo"}, 1, []string{"interactagent app: no display", "interactagent app RUN_DIR"})
	checkRun(t, []string{"app", "a", "b"}, 2, []string{"want at most one run folder"})
}
