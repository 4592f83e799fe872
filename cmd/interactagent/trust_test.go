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
)

// listener is a server that counts the requests it gets and those that carry a credential.
type listener struct {
	*httptest.Server
	requests, keyed atomic.Int32
}

func newListener(t *testing.T) *listener {
	l := &listener{}
	l.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.requests.Add(1)
		if r.Header.Get("Authorization") != "" {
			l.keyed.Add(1)
		}
		http.Error(w, "no", http.StatusServiceUnavailable)
	}))
	t.Cleanup(l.Close)
	return l
}

// tamper rewrites the settings of dir's run.json, as a hostile folder or bundle would.
func tamper(t *testing.T, dir string, settings map[string]string) {
	t.Helper()
	path := filepath.Join(dir, "run.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var info map[string]any
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	set := info["settings"].(map[string]any)
	for k, v := range settings {
		set[k] = v
	}
	data, _ = json.Marshal(info)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// unfinish removes a run's summary and last round, so that a resume has work to do.
func unfinish(t *testing.T, dir string) {
	t.Helper()
	os.Remove(filepath.Join(dir, "summary.json"))
}

// A run folder or bundle whose run.json names endpoints sent the user's key there on --resume
// (8 requests with "Authorization: Bearer sk-…"). It is refused now, naming the endpoint and how
// to accept it; nothing reaches the listener; naming the endpoint again accepts it.
func TestResumeNeverSendsAKeyWhereTheFolderSays(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-secret-resume")
	t.Setenv("INTERACTAGENT_EXECUTOR_TOKEN", "tok-secret-resume")
	t.Setenv("OPENAI_BASE_URL", "")
	evil := newListener(t)
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	checkRun(t, append(demoRun(1, runDir), "--mode", "naive"), 0, nil)
	tamper(t, runDir, map[string]string{"model": "gpt-4o", "base-url": evil.URL + "/v1", "executor": evil.URL})
	unfinish(t, runDir)
	zip := filepath.Join(dir, "evil.zip")
	checkRun(t, []string{"export", runDir, "--format", "bundle", "--out", zip}, 0, nil)

	for _, target := range []string{runDir, zip} {
		out := checkRun(t, []string{"run", "--resume", target}, 2, []string{evil.URL + "/v1", "--base-url " + evil.URL + "/v1", "$OPENAI_API_KEY"})
		if strings.Contains(out, "sk-secret") {
			t.Errorf("the refusal shows the key: %s", out)
		}
	}
	// The model's endpoint accepted, the executor's not yet: still refused, naming the executor.
	checkRun(t, []string{"run", "--resume", runDir, "--base-url", evil.URL + "/v1"}, 2,
		[]string{"--executor " + evil.URL, "$INTERACTAGENT_EXECUTOR_TOKEN"})
	// A flag that names another endpoint than the folder's would change the run: refused.
	checkRun(t, []string{"run", "--resume", runDir, "--base-url", "http://127.0.0.1:1/v1"}, 2, []string{"drop [--base-url]"})
	if n := evil.requests.Load(); n != 0 {
		t.Fatalf("the listener got %d request(s) (%d with a credential) before the user named it", n, evil.keyed.Load())
	}
	// Both named in this invocation: the run goes there (and fails, the listener being no model).
	code, _, _ := runCmd("run", "--resume", runDir, "--base-url", evil.URL+"/v1", "--executor", evil.URL)
	if code == 0 || evil.requests.Load() == 0 {
		t.Fatalf("accepted endpoints: exit %d, %d request(s) reached them", code, evil.requests.Load())
	}
}

// $OPENAI_BASE_URL names the user's endpoint as well as --base-url does; an empty base-url in
// run.json is always the user's own (the environment's, or OpenAI's).
func TestResumeTakesTheEnvironmentsEndpoint(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	mine := newListener(t)
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	checkRun(t, append(demoRun(1, runDir), "--mode", "naive"), 0, nil)
	unfinish(t, runDir)
	tamper(t, runDir, map[string]string{"model": "gpt-4o", "base-url": mine.URL + "/v1/"})
	t.Setenv("OPENAI_BASE_URL", mine.URL+"/v1")
	code, _, stderr := runCmd("run", "--resume", runDir)
	if code == 2 || mine.requests.Load() == 0 {
		t.Fatalf("exit %d, %d request(s): the environment's endpoint was not taken as the user's: %s", code, mine.requests.Load(), stderr)
	}
}

// A bench folder's bench.json chose the endpoints of `bench --resume --out DIR` as a run folder did.
func TestBenchResumeNeverSendsAKeyWhereTheFolderSays(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-secret-bench")
	t.Setenv("OPENAI_BASE_URL", "")
	evil := newListener(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "bench")
	suite := twoTaskSuite(t, dir)
	checkRun(t, []string{"bench", "--suite", suite, "--modes", "naive", "--workers", "1", "--out", out}, 0, nil)
	path := filepath.Join(out, "bench.json")
	data, _ := os.ReadFile(path)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	set := m["settings"].(map[string]any)
	set["model"], set["base-url"] = "gpt-4o", evil.URL+"/v1"
	data, _ = json.Marshal(m)
	os.WriteFile(path, data, 0o644)
	os.RemoveAll(filepath.Join(out, "results"))
	checkRun(t, []string{"bench", "--resume", "--out", out}, 2, []string{"bench.json names the endpoint " + evil.URL + "/v1", "--base-url"})
	checkRun(t, []string{"bench", "--resume", "--out", out, "--base-url", "http://elsewhere/v1"}, 2, []string{"a resumed bench keeps its own"})
	if n := evil.requests.Load(); n != 0 {
		t.Fatalf("the listener got %d request(s) before the user named it", n)
	}
}

// `run --out` into a folder that holds a run replaced its run.json, summary and motion and kept
// its trace, caches and images (exit 0, two runs mixed). It is refused, pointing at --resume, and
// the first run is untouched.
func TestRunRefusesAFolderThatHoldsARun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "R")
	checkRun(t, []string{"run", "--scene", "living_room", "--task", "sit on the armchair", "--mode", "naive", "--no-render", "--out", dir}, 0, nil)
	before, _ := os.ReadFile(filepath.Join(dir, "run.json"))
	checkRun(t, []string{"run", "--scene", "bedroom", "--task", "lie on the bed", "--mode", "naive", "--no-render", "--out", dir}, 2,
		[]string{"already holds a run", "--resume " + dir})
	after, _ := os.ReadFile(filepath.Join(dir, "run.json"))
	if string(before) != string(after) {
		t.Error("the refused run changed the first run's run.json")
	}
	// A folder a run left before it wrote anything (killed at once) is taken by a new run, and a
	// resume of it says to start again.
	empty := filepath.Join(t.TempDir(), "E")
	os.MkdirAll(filepath.Join(empty, "cache"), 0o755)
	os.WriteFile(filepath.Join(empty, "trace.jsonl"), nil, 0o644)
	checkRun(t, []string{"run", "--resume", empty}, 1, []string{"stopped before it began", "--out " + empty})
	checkRun(t, []string{"run", "--scene", "living_room", "--task", "sit on the armchair", "--mode", "naive", "--no-render", "--out", empty}, 0, nil)
}

// A run whose instruction the reasoner cannot use pointed at --resume, which meets the same error.
// It says to start a new run instead; an interrupted run still points at --resume.
func TestFailedRunSaysWhatCanBeDone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "R")
	out := checkRun(t, []string{"run", "--scene", "living_room", "--task", "juggle three balls", "--mode", "naive", "--no-render", "--out", dir}, 1,
		[]string{"a resume would meet the same error", "another scene or instruction"})
	if strings.Contains(out, "--resume") {
		t.Errorf("the message points at --resume: %s", out)
	}
}
