package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunDeadModelEndpointFailsAtTheModelDeadline: against an endpoint that accepts and never
// answers, a run held for 2,401 s (8 tries of 5 minutes). With --model-deadline 1s it fails
// after one request with an error naming the deadline; run.json records the deadline, and a
// resume may give another one; a negative deadline is a usage error.
func TestRunDeadModelEndpointFailsAtTheModelDeadline(t *testing.T) {
	const key = "sk-test-cmd-deadline-0123456789"
	t.Setenv("OPENAI_API_KEY", key)
	t.Setenv("OPENAI_BASE_URL", "")
	var got atomic.Int32
	quit := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		select {
		case <-r.Context().Done():
		case <-quit:
		}
	}))
	defer srv.Close()
	defer close(quit)
	dir := filepath.Join(t.TempDir(), "run")
	base := []string{"--model", "gpt-4o", "--base-url", srv.URL + "/v1"}
	start := time.Now()
	code, _, stderr := runCmd(append([]string{"run", "--scene", "living_room", "--task", "walk to the sofa", "--mode", "naive",
		"--no-render", "--model-deadline", "1s", "--out", dir}, base...)...)
	if code != 1 || !strings.Contains(stderr, "no answer within the model deadline of 1s") || strings.Contains(stderr, key) ||
		strings.Contains(stderr, "model failed") {
		t.Fatalf("exit %d, stderr %q; want exit 1 naming the 1 s deadline", code, stderr)
	}
	if n := got.Load(); n != 1 {
		t.Errorf("the endpoint got %d requests, want 1", n)
	}
	if took := time.Since(start); took > 30*time.Second { // generous: the 1 s deadline and the run's set-up
		t.Errorf("took %v", took)
	}
	var info struct {
		Config struct {
			Deadline time.Duration `json:"model_deadline_ns"`
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil || json.Unmarshal(data, &info) != nil || info.Config.Deadline != time.Second {
		t.Fatalf("run.json records deadline %v (%v), want 1s", info.Config.Deadline, err)
	}
	code, _, stderr = runCmd(append([]string{"run", "--resume", dir, "--model-deadline", "2s"}, base[2:]...)...)
	if code != 1 || !strings.Contains(stderr, "model deadline of 2s") || got.Load() != 2 {
		t.Errorf("resume with --model-deadline 2s: exit %d, stderr %q, %d requests in all", code, stderr, got.Load())
	}
	code, _, stderr = runCmd("run", "--scene", "living_room", "--task", "walk to the sofa", "--model-deadline", "-1s")
	if code != 2 || !strings.Contains(stderr, "model deadline -1s") {
		t.Errorf("a negative deadline: exit %d, stderr %q; want a usage error naming it", code, stderr)
	}
}
