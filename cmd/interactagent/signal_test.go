package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"interactagent/internal/testenv"
)

// TestMain lets a test run this test binary as the interactagent command itself (with
// INTERACTAGENT_AS_MAIN=1), so that signals can be sent to a real process.
func TestMain(m *testing.M) {
	if os.Getenv("INTERACTAGENT_AS_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// startCLI starts the command line as a process of its own, its output collected.
func startCLI(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "INTERACTAGENT_AS_MAIN=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// waitFor polls cond every 20 ms for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return false
}

// longClip writes a motion long enough that drawing it as a video takes several seconds.
func longClip(t *testing.T, dir string) string {
	t.Helper()
	clip := filepath.Join(dir, "long.json")
	actions := strings.Repeat("A person walks forward 20 meters; A person turns around; ", 4)
	if code, _, stderr := runCmd("execute", "--actions", actions, "--out", clip); code != 0 {
		t.Fatal(stderr)
	}
	return clip
}

// anyProcessMentions reports whether a running process has s on its command line (Linux /proc).
func anyProcessMentions(s string) bool {
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range cmdlines {
		if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return false
}

// TestInterruptedVideoLeavesNothing: SIGINT or SIGTERM during `render --out X.mp4` left
// .X.mp4.NNN.tmp behind, and an orphaned ffmpeg went on writing its partial video. Now the first
// signal stops the render, stops ffmpeg and removes the temporary file.
func TestInterruptedVideoLeavesNothing(t *testing.T) {
	testenv.NeedFFmpeg(t)
	dir := t.TempDir()
	clip := longClip(t, dir)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		out := filepath.Join(dir, sig.String()+".mp4")
		cmd, log := startCLI(t, "render", "--motion", clip, "--size", "320x180", "--out", out)
		tmp := func() []string { m, _ := filepath.Glob(filepath.Join(dir, "."+filepath.Base(out)+".*.tmp")); return m }
		if !waitFor(30*time.Second, func() bool { return len(tmp()) > 0 }) {
			cmd.Process.Kill()
			t.Fatalf("%v: the render never started writing: %s", sig, log)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(log.String(), "interrupted") {
			t.Errorf("%v: %v, output %q; want exit 130 saying it was interrupted", sig, err, log)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) || len(tmp()) > 0 {
			t.Errorf("%v: left %v and %v", sig, err, tmp())
		}
		if waitFor(time.Second, func() bool { return !anyProcessMentions(dir) }) == false {
			t.Errorf("%v: a process still writes into %s", sig, dir)
		}
	}
}

// TestSecondSignalQuitsAtOnce: a second signal exits at once; the ffmpeg it started dies with it,
// and the next write to the same path clears the temporary file the quick exit left.
func TestSecondSignalQuitsAtOnce(t *testing.T) {
	testenv.NeedFFmpeg(t)
	dir := t.TempDir()
	clip := longClip(t, dir)
	out := filepath.Join(dir, "v.mp4")
	cmd, log := startCLI(t, "render", "--motion", clip, "--size", "320x180", "--out", out)
	tmp := func() []string { m, _ := filepath.Glob(filepath.Join(dir, ".v.mp4.*.tmp")); return m }
	if !waitFor(30*time.Second, func() bool { return len(tmp()) > 0 }) {
		cmd.Process.Kill()
		t.Fatalf("the render never started writing: %s", log)
	}
	// SIGINT from the terminal reaches the process group; here only our process gets both.
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("%v, output %q", err, log)
	}
	if !waitFor(2*time.Second, func() bool { return !anyProcessMentions(dir) }) {
		t.Fatal("ffmpeg outlived the process that started it")
	}
	short := filepath.Join(dir, "short.json")
	if code, _, stderr := runCmd("execute", "--actions", "A person walks forward 1 meter", "--out", short); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCmd("render", "--motion", short, "--size", "160x90", "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(out); err != nil || len(tmp()) > 0 {
		t.Fatalf("after a fresh write: %v, stale files %v", err, tmp())
	}
}

// TestServeExecutorExits130AfterASignal: serve-executor stopped by SIGTERM exited 0, though the
// README says a command stopped by a signal exits 130. Now it drains, says every request was
// answered, and exits 130.
func TestServeExecutorExits130AfterASignal(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "serve.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd := exec.Command(os.Args[0], "serve-executor", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "INTERACTAGENT_AS_MAIN=1")
	cmd.Stdout, cmd.Stderr = logFile, logFile // a file, which the test may read while it runs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	log := func() string { b, _ := os.ReadFile(logPath); return string(b) }
	if !waitFor(30*time.Second, func() bool { return strings.Contains(log(), "serving") }) {
		cmd.Process.Kill()
		t.Fatalf("the server did not start: %s", log())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(log(), "every request was answered") {
		t.Errorf("%v, output %q; want exit 130 after every request was answered", err, log())
	}
}
