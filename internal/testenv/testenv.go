// Package testenv holds what tests ask of the machine beyond Go, by the project's rule: a
// developer's machine without a program a test needs skips the test with a message saying how to
// install it, and CI (CI=true, where scripts/deps.sh installs everything) fails it instead, so a
// broken install cannot hide behind a skip.
package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// NeedFFmpeg skips t when ffmpeg or ffprobe is not on the PATH, or fails it under CI=true.
func NeedFFmpeg(t testing.TB) {
	t.Helper()
	for _, p := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(p); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed (scripts/deps.sh installs it): %v", p, err)
			}
			t.Skipf("%s is not installed; install it (apt-get install ffmpeg) to run this test", p)
		}
	}
}
