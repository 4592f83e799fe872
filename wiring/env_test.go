package wiring

import (
	"os"
	"path/filepath"
	"testing"

	"interactagent/agent"
)

// TestNewEnvRecordsAbsoluteScenes: a scene file given relative to the working directory is kept
// absolute in the run's settings (run.json), so the run reopens from anywhere; the caller's map
// is left alone and built-in names stay names.
func TestNewEnvRecordsAbsoluteScenes(t *testing.T) {
	const rel = "../../shared/testdata/unihsi/test.json#0000"
	if _, err := os.Stat("../../shared/testdata/unihsi/test.json"); err != nil {
		t.Skipf("no shared UniHSI plans: %v", err)
	}
	for _, tc := range []struct{ ref, want string }{
		{rel, func() string { a, _ := filepath.Abs("../../shared/testdata/unihsi/test.json"); return a + "#0000" }()},
		{"bedroom", "bedroom"},
	} {
		settings := agent.Settings{Scene: tc.ref, Task: "walk to the bed"}
		env, closeEnv, err := NewEnv(Job{Settings: settings, Config: agent.Config{NoRender: true}, Out: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		closeEnv()
		if env.Settings.Scene != tc.want || settings.Scene != tc.ref {
			t.Errorf("scene %q recorded as %q, caller's settings now %q; want %q", tc.ref, env.Settings.Scene, settings.Scene, tc.want)
		}
	}
}
