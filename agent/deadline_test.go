package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"interactagent/httpclient"
	"interactagent/mllm"
	"interactagent/mllm/openai"
)

// testKey is the API key the endpoint tests send; no error may quote it.
const testKey = "sk-test-SECRET-agent-0123456789"

// endpoint is a chat-completions server that misbehaves as handle says and counts the requests
// it got.
type endpoint struct {
	srv  *httptest.Server
	got  atomic.Int32
	quit chan struct{} // closed when the test ends, so that handlers that never answer return
}

// newEndpoint starts an endpoint answering every request with handle.
func newEndpoint(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, quit <-chan struct{})) *endpoint {
	e := &endpoint{quit: make(chan struct{})}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.got.Add(1)
		handle(w, r, e.quit)
	}))
	t.Cleanup(func() { close(e.quit); e.srv.Close() })
	return e
}

// silent accepts the request and never answers.
func silent(w http.ResponseWriter, r *http.Request, quit <-chan struct{}) {
	select {
	case <-r.Context().Done():
	case <-quit:
	}
}

// trickle answers 200 and then one byte of a body a second, never ending it.
func trickle(w http.ResponseWriter, r *http.Request, quit <-chan struct{}) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for _, err := w.Write([]byte("{")); err == nil; _, err = w.Write([]byte(" ")) {
		if rc.Flush() != nil {
			return
		}
		select {
		case <-tick.C:
		case <-r.Context().Done():
			return
		case <-quit:
			return
		}
	}
}

// refuse answers every request with status and an OpenAI-style error body.
func refuse(status int, msg string) func(http.ResponseWriter, *http.Request, <-chan struct{}) {
	return func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error": {"message": %q, "type": "invalid_request_error", "param": null, "code": null}}`, msg)
	}
}

// remoteEnv is the demo's environment with its model served by e through the OpenAI-compatible
// client, under the client's own default timeouts and retries.
func remoteEnv(t *testing.T, e *endpoint) Env {
	t.Helper()
	m, err := openai.New(openai.Options{BaseURL: e.srv.URL + "/v1", Model: "gpt-4o", APIKey: testKey, HTTP: e.srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	env := builtinEnv(t, 0, nil)
	env.Model = m
	return env
}

// runFailing runs naive mode against env and returns the run's error, its trace and how long it
// took; the run must fail.
func runFailing(t *testing.T, env Env, cfg Config) (error, *Trace, time.Duration) {
	t.Helper()
	start := time.Now()
	tr, err := Run(context.Background(), env, cfg, nil)
	took := time.Since(start)
	if err == nil {
		t.Fatal("the run passed; want it to fail")
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "model failed") {
		t.Errorf("the error quotes the key or blames the model: %v", err)
	}
	return err, tr, took
}

// faults returns the trace's fault events.
func faults(tr *Trace) []Event {
	var out []Event
	for _, e := range tr.Events {
		if e.Kind == KindFault {
			out = append(out, e)
		}
	}
	return out
}

// TestDeadEndpointFailsAtTheModelDeadline: an endpoint that accepts and never answers, and one
// that trickles a byte a second, end the role's call at the model deadline — one request each,
// not the 8 tries of up to 5 minutes each that the client's own timeouts allow — with a RoleError
// that names the deadline and an "endpoint" fault in the trace.
func TestDeadEndpointFailsAtTheModelDeadline(t *testing.T) {
	const deadline = 2 * time.Second
	for name, handle := range map[string]func(http.ResponseWriter, *http.Request, <-chan struct{}){"silent": silent, "trickle": trickle} {
		t.Run(name, func(t *testing.T) {
			e := newEndpoint(t, handle)
			cfg := Config{Mode: Naive, ModelDeadline: deadline, ModelBackoff: 10 * time.Millisecond}
			err, tr, took := runFailing(t, remoteEnv(t, e), cfg)
			var g *RoleError
			if !errors.As(err, &g) || g.Role != mllm.RoleAnalyze || g.Deadline != deadline || g.Permanent || g.Tries != 1 || g.Err != nil {
				t.Fatalf("%v (%+v), want a RoleError of the analysis ended by the %v deadline after 1 try", err, g, deadline)
			}
			if n := e.got.Load(); n != 1 {
				t.Errorf("the endpoint got %d requests, want 1", n)
			}
			if f := faults(tr); len(f) != 1 || f[0].By != "endpoint" || !strings.Contains(f[0].Text, "model deadline of 2s") {
				t.Errorf("faults %+v, want one endpoint fault naming the deadline", f)
			}
			if !strings.Contains(err.Error(), "no answer within the model deadline of 2s") {
				t.Errorf("error %q does not name the deadline", err)
			}
			if took > deadline+20*time.Second { // generous: the deadline, and the run's set-up on a busy machine
				t.Errorf("took %v; the model deadline is %v", took, deadline)
			}
		})
	}
}

// TestRefusalsFailAtOnce: 401, 403 and 404 are not tried again (the endpoint gets one request,
// not ModelTries × the client's retries), and the error and fault say what refused what, without
// blaming the model or quoting the key.
func TestRefusalsFailAtOnce(t *testing.T) {
	for status, want := range map[int]string{
		http.StatusUnauthorized: "401 Unauthorized: the endpoint refused the key: Incorrect API key provided",
		http.StatusForbidden:    "403 Forbidden: the endpoint forbids this key the model or the request",
		http.StatusNotFound:     "404 Not Found: the endpoint has no such model or path",
	} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			e := newEndpoint(t, refuse(status, "Incorrect API key provided: "+testKey))
			err, tr, _ := runFailing(t, remoteEnv(t, e), Config{Mode: Naive, ModelTries: 8})
			var g *RoleError
			var re *mllm.RequestError
			if !errors.As(err, &g) || !g.Permanent || g.Tries != 1 || g.Deadline != 0 || !errors.As(err, &re) || re.Status != status {
				t.Fatalf("%v, want a permanent RoleError after 1 try wrapping the %d", err, status)
			}
			if n := e.got.Load(); n != 1 {
				t.Errorf("the endpoint got %d requests, want 1", n)
			}
			if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "not tried again") {
				t.Errorf("error %q, want it to say %q and that it was not tried again", err, want)
			}
			if f := faults(tr); len(f) != 1 || f[0].By != "endpoint" || strings.Contains(f[0].Text, testKey) {
				t.Errorf("faults %+v, want one endpoint fault without the key", f)
			}
		})
	}
}

// TestTransientFailuresAreRetriedWithinTheDeadline: a 503 is tried again ModelTries times (each
// try being the client's own 1 + 3 requests); with a deadline shorter than the tries and their
// pauses, the deadline ends the call first and the error keeps the last failure.
func TestTransientFailuresAreRetriedWithinTheDeadline(t *testing.T) {
	e := newEndpoint(t, refuse(http.StatusServiceUnavailable, "overloaded"))
	env := remoteEnv(t, e)
	fast, err := openai.New(openai.Options{BaseURL: e.srv.URL + "/v1", Model: "gpt-4o", APIKey: testKey, HTTP: e.srv.Client(),
		Policy: fastPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	env.Model = fast
	err, tr, _ := runFailing(t, env, Config{Mode: Naive, ModelTries: 3, ModelBackoff: time.Millisecond})
	var g *RoleError
	if !errors.As(err, &g) || g.Permanent || g.Deadline != 0 || g.Tries != 3 || !strings.Contains(err.Error(), "all 3 tries failed") {
		t.Fatalf("%v, want a RoleError after 3 tries", err)
	}
	if n, f := e.got.Load(), faults(tr); n != 3*4 || len(f) != 3 {
		t.Errorf("%d requests and %d faults, want 3 tries of 4 requests and 3 faults", n, len(f))
	}

	e2 := newEndpoint(t, refuse(http.StatusServiceUnavailable, "overloaded"))
	env.Model, err = openai.New(openai.Options{BaseURL: e2.srv.URL + "/v1", Model: "gpt-4o", APIKey: testKey, HTTP: e2.srv.Client(), Policy: fastPolicy()})
	if err != nil {
		t.Fatal(err)
	}
	err, _, _ = runFailing(t, env, Config{Mode: Naive, ModelTries: 10, ModelDeadline: time.Second, ModelBackoff: 400 * time.Millisecond})
	var re *mllm.RequestError
	if !errors.As(err, &g) || g.Deadline != time.Second || g.Tries >= 10 || !errors.As(err, &re) || re.Status != 503 {
		t.Fatalf("%v, want the 1 s deadline to end the tries and their pauses, keeping the 503", err)
	}
}

// fastPolicy is the client's policy with quick retries.
func fastPolicy() httpclient.Policy {
	return httpclient.Policy{Timeout: 2 * time.Second, Total: 5 * time.Second, Backoff: time.Millisecond, MaxWait: 10 * time.Millisecond}
}

// TestInputTheReasonerCannotUseFailsAtOnce: an instruction the built-in reasoner cannot read ends
// the run at its first call, as an "input" fault, saying that the reasoner cannot use it.
func TestInputTheReasonerCannotUseFailsAtOnce(t *testing.T) {
	env := builtinEnv(t, 0, nil)
	env.Settings.Task = "juggle three balls"
	calls := 0
	m := env.Model
	env.Model = &mllm.Funcs{ModelName: m.Name(), AnalyzeFunc: func(ctx context.Context, in mllm.SceneInput) (mllm.SceneAnalysis, error) {
		return m.AnalyzeScene(ctx, in)
	}, PlanFunc: func(ctx context.Context, in mllm.PlanInput) (mllm.Plan, error) {
		calls++
		return m.Plan(ctx, in)
	}}
	err, tr, _ := runFailing(t, env, Config{Mode: Naive})
	var g *RoleError
	var ie *mllm.InputError
	if !errors.As(err, &g) || !g.Permanent || g.Tries != 1 || g.Role != mllm.RolePlan || !errors.As(err, &ie) ||
		!strings.Contains(err.Error(), "the reasoner cannot use its input") || !strings.Contains(err.Error(), "juggle three balls") {
		t.Fatalf("%v, want a permanent RoleError of the plan saying the reasoner cannot use the instruction", err)
	}
	if f := faults(tr); calls != 1 || len(f) != 1 || f[0].By != "input" {
		t.Errorf("%d plan calls and faults %+v, want 1 call and 1 input fault", calls, f)
	}
}

// TestModelSettingsAreBounded: ModelTries beyond MaxModelTries, and deadlines or pauses out of
// range, are refused with the setting's name; the defaults are within the bounds, and the
// client's own try timeout leaves room for a second try within the default deadline.
func TestModelSettingsAreBounded(t *testing.T) {
	d := Config{}.Defaults()
	if err := d.Validate(); err != nil || d.modelDeadline() != DefaultModelDeadline || d.ModelTries != DefaultModelTries {
		t.Fatalf("defaults %+v: %v", d, err)
	}
	if openai.DefaultTimeout >= d.modelDeadline() {
		t.Errorf("the client's try timeout %v leaves no second try within the model deadline %v", openai.DefaultTimeout, d.modelDeadline())
	}
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.ModelTries = MaxModelTries + 1 }, "model_tries 11, want 1 to 10"},
		{func(c *Config) { c.ModelTries = -1 }, "model_tries -1"},
		{func(c *Config) { c.ModelDeadline = -time.Second }, "model deadline -1s"},
		{func(c *Config) { c.ModelDeadline = 25 * time.Hour }, "model deadline 25h0m0s"},
		{func(c *Config) { c.ModelBackoff = time.Minute }, "model backoff 1m0s"},
	} {
		cfg := d
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}

// TestRunJSONKeepsOldFoldersReadable: a run with the default deadline writes run.json as folders
// written before the deadline existed (model_tries, no model_deadline_ns), so old folders and
// benches read and resume as ones with the default; a deadline that was set is recorded and read
// back for the resume.
func TestRunJSONKeepsOldFoldersReadable(t *testing.T) {
	for _, deadline := range []time.Duration{0, 90 * time.Second} {
		dir := t.TempDir()
		folder, err := OpenFolder(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(context.Background(), builtinEnv(t, 0, folder), Config{Mode: Naive, ModelDeadline: deadline}, nil); err != nil {
			t.Fatal(err)
		}
		folder.Close()
		data, err := os.ReadFile(filepath.Join(dir, "run.json"))
		if err != nil {
			t.Fatal(err)
		}
		var raw struct{ Config map[string]any }
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		_, has := raw.Config["model_deadline_ns"]
		if raw.Config["model_tries"] != float64(DefaultModelTries) || has != (deadline != 0) {
			t.Errorf("deadline %v: run.json's config %v; want model_tries, and model_deadline_ns only when set", deadline, raw.Config)
		}
		info, err := ReadRunInfo(dir)
		if err != nil || info.Config.ModelDeadline != deadline || info.Config.Defaults().Validate() != nil {
			t.Fatalf("deadline %v: read back %+v: %v", deadline, info.Config, err)
		}
		folder, err = OpenFolder(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(context.Background(), builtinEnv(t, 0, folder), info.Config, nil); err != nil {
			t.Errorf("deadline %v: resume: %v", deadline, err)
		}
		folder.Close()
	}
}
