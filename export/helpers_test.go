package export

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"interactagent/agent"
	"interactagent/motion"
	"interactagent/wiring"
)

// testTask is a short task the built-in backends finish in a few seconds.
const testTask = "sit on the armchair"

var (
	runOnce sync.Once
	runDir  string
	runErr  error
)

// testRun returns a finished two-round run folder (offline mode, built-in backends, no images),
// made once per test binary; tests that change it work on a copy (copyRun).
func testRun(t testing.TB) string {
	t.Helper()
	runOnce.Do(func() {
		runDir, runErr = os.MkdirTemp("", "export-run-")
		if runErr != nil {
			return
		}
		j := wiring.Job{Settings: agent.Settings{Scene: "living_room", Task: testTask},
			Config: agent.Config{Mode: agent.Offline, NMax: 2, NoEarlyStop: true, NoRender: true}, Out: runDir}
		env, done, err := wiring.NewEnv(j)
		if err != nil {
			runErr = err
			return
		}
		defer done()
		_, runErr = agent.Run(context.Background(), env, j.Config, nil)
	})
	if runErr != nil {
		t.Fatal(runErr)
	}
	return runDir
}

// TestMain removes the shared run folder after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if runDir != "" {
		os.RemoveAll(runDir)
	}
	os.Exit(code)
}

// copyRun copies the test run into a new temporary folder.
func copyRun(t testing.TB) string {
	t.Helper()
	src, dst := testRun(t), filepath.Join(t.TempDir(), "run")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		defer out.Close()
		_, err = io.Copy(out, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// roundMotion reads a round's clip of the test run.
func roundMotion(t testing.TB, dir string, r int) *motion.Clip {
	t.Helper()
	c, err := motion.LoadClipJSON(filepath.Join(dir, fmt.Sprintf("round-%d", r), "motion.json"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// listDir names what a folder holds, hidden files included.
func listDir(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
