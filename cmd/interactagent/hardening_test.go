package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"interactagent/executor"
	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// TestExecuteScrubsAnEchoedToken: a token the server echoed in a segment warning reached stdout
// and the --out file.
func TestExecuteScrubsAnEchoedToken(t *testing.T) {
	const token = "sk-echo-me-7777"
	t.Setenv("INTERACTAGENT_EXECUTOR_TOKEN", token)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var f [][]float64
		for _, v := range motion.RestPose() {
			f = append(f, []float64{v[0], v[1], v[2]})
		}
		json.NewEncoder(w).Encode(map[string]any{"fps": 20, "joints": [][][]float64{f, f},
			"segments": []map[string]any{{"action": "x", "start": 0, "end": 2, "warnings": []string{"got " + r.Header.Get("Authorization")}}}})
	}))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "c.json")
	code, stdout, stderr := runCmd("execute", "--actions", "A person waits", "--executor", srv.URL, "--out", out)
	data, _ := os.ReadFile(out)
	if code != 0 || strings.Contains(stdout+stderr+string(data), token) || !strings.Contains(stdout, "got Bearer [redacted]") {
		t.Fatalf("exit %d, stdout %q, stderr %q, file %s", code, stdout, stderr, data)
	}
}

// TestExecuteHungServerFailsAtTheDeadline: a hung server took 482 s to fail, with no flag to
// shorten it.
func TestExecuteHungServerFailsAtTheDeadline(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	code, _, stderr := runCmd("execute", "--actions", "A person waits", "--executor", srv.URL, "--timeout", "100ms", "--deadline", "400ms")
	if code != 1 || !strings.Contains(stderr, "timeout passed") || !strings.Contains(stderr, "deadline") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Fatalf("took %v", el)
	}
	if code, _, stderr := runCmd("execute", "--actions", "a", "--executor", srv.URL, "--timeout", "2s", "--deadline", "1s"); code != 2 || !strings.Contains(stderr, "--deadline") {
		t.Fatalf("deadline shorter than the timeout: exit %d %q", code, stderr)
	}
}

// blockingExec is an executor whose calls wait for release (or their context).
type blockingExec struct {
	started chan struct{}
	release chan struct{}
}

func (b *blockingExec) Execute(ctx context.Context, start motion.State, actions []string) (*motion.Clip, error) {
	b.started <- struct{}{}
	select {
	case <-b.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return kinematic.New(kinematic.Options{}).Execute(ctx, start, actions)
}

var _ executor.Executor = (*blockingExec)(nil)

// TestServeDrainsThenSaysWhatWasCutOff: SIGINT with requests in flight exited 1 after 5 s with a
// bare "context deadline exceeded". Now requests in flight finish within the drain, and those that
// do not are counted in a clear message.
func TestServeDrainsThenSaysWhatWasCutOff(t *testing.T) {
	for _, tc := range []struct {
		name    string
		drain   time.Duration
		release bool
		want    string
	}{
		{"answered within the drain", 5 * time.Second, true, ""},
		{"cut off", 100 * time.Millisecond, false, "stopped: 1 request(s) still running after the 100ms drain were cut off"},
	} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		b := &blockingExec{started: make(chan struct{}, 1), release: make(chan struct{})}
		ctx, cancel := context.WithCancel(context.Background())
		var log syncBuffer
		done := make(chan error, 1)
		go func() { done <- serveExecutor(ctx, ln, b, "test", serveConfig{drain: tc.drain}, &log) }()
		status := make(chan int, 1)
		go func() {
			resp, err := http.Post("http://"+ln.Addr().String()+"/v1/execute", "application/json", strings.NewReader(`{"actions":["A person waits"]}`))
			if err != nil {
				status <- 0
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status <- resp.StatusCode
		}()
		<-b.started
		cancel()
		if tc.release {
			time.Sleep(50 * time.Millisecond) // let the server begin its shutdown first
			close(b.release)
		}
		err = <-done
		switch {
		case tc.want == "" && (err != nil || <-status != 200 || !strings.Contains(log.String(), "every request was answered")):
			t.Errorf("%s: err %v, log %q", tc.name, err, log.String())
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the server's logger and the test together.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestConvertStopsWhenInterrupted: an interrupted convert writes nothing.
func TestConvertStopsWhenInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"convert", "../../../shared/testdata/humanml3d/motion_example.npy", out}, &stdout, &stderr)
	if _, err := os.Stat(out); code != 130 || !os.IsNotExist(err) || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("exit %d, stderr %q, file: %v", code, stderr.String(), err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".*.tmp"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestOutputThatIsAFolder: an output path that is a folder gave "rename … file exists".
func TestOutputThatIsAFolder(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "out.json")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd("convert", "../../../shared/testdata/humanml3d/motion_example.npy", folder)
	if code != 1 || !strings.Contains(stderr, "it is a folder; want a file path") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
