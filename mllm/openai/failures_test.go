package openai

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"interactagent/httpclient"
	"interactagent/mllm"
)

func TestUnusableReplyIsReAskedQuotingTheProblem(t *testing.T) {
	bad := `{"decision": "redo", "score": 0.5}`
	f := newFake(t, completion(bad), completion(cleanObservation))
	o, err := newModel(t, f).Observe(context.Background(), observeInput(t))
	if err != nil || o.Decision != mllm.Redo {
		t.Fatalf("%+v %v", o, err)
	}
	got := f.requests()
	if len(got) != 2 || o.Usage.Requests != 2 || o.Usage.Images != 2 || o.Usage.PromptTokens != 200 {
		t.Fatalf("%d requests, usage %+v; want 2 requests, each with its image and tokens counted", len(got), o.Usage)
	}
	msgs := got[1].Req.Messages
	if len(msgs) != 4 || msgs[2].Role != "assistant" || msgs[2].text(t) != bad+"\n" || msgs[3].Role != "user" {
		t.Fatalf("the re-ask is not the conversation plus the reply and a user message: %d messages", len(msgs))
	}
	if q := msgs[3].text(t); !strings.Contains(q, `decision "redo" needs "redo_action"`) {
		t.Errorf("the re-ask does not quote the problem: %q", q)
	}
	if len(imageParts(t, got[1].Req)) != 1 {
		t.Errorf("the re-ask lost the image")
	}
}

func TestCutOffReplySaysSo(t *testing.T) {
	f := newFake(t, chatCompletion(`{"plan": "1. A person walks`, "", "length"), completion(cleanPlan))
	if _, err := newModel(t, f).Plan(context.Background(), mllm.PlanInput{Context: testContext()}); err != nil {
		t.Fatal(err)
	}
	if q := f.requests()[1].Req.Messages[3].text(t); !strings.Contains(q, "cut off at the length limit") {
		t.Errorf("the re-ask of a cut-off reply does not say so: %q", q)
	}
}

func TestAlwaysUnusableIsAReplyError(t *testing.T) {
	for _, reAsks := range []int{0, 1, -1} {
		f := newFake(t, completion("I would rather not say."))
		v, err := newModel(t, f, func(o *Options) { o.ReAsks = reAsks }).Check(context.Background(), mllm.CheckInput{Context: testContext()})
		tries := 1 + DefaultReAsks
		if reAsks > 0 {
			tries = 1 + reAsks
		} else if reAsks < 0 {
			tries = 1
		}
		var re *mllm.ReplyError
		if !errors.As(err, &re) || re.Tries != tries || re.Raw != "I would rather not say." || re.Role != mllm.RoleCheck ||
			!strings.Contains(err.Error(), "no JSON object found") {
			t.Fatalf("ReAsks %d: %v, want a ReplyError after %d tries", reAsks, err, tries)
		}
		if n := len(f.requests()); n != tries || v.Usage.Requests != tries || v.Usage.CompletionTokens != 20*tries {
			t.Errorf("ReAsks %d: %d requests, usage %+v; want %d and the usage of the failed call", reAsks, n, v.Usage, tries)
		}
	}
}

func TestSlowServerFailsAfterTheDeadline(t *testing.T) {
	f := newFake(t, slow(10*time.Second, completion(cleanVerdict)))
	m := newModel(t, f, func(o *Options) {
		o.Policy = httpclient.Policy{Timeout: 100 * time.Millisecond, Total: 350 * time.Millisecond, Backoff: time.Millisecond}
	})
	start := time.Now()
	_, err := m.Check(context.Background(), mllm.CheckInput{Context: testContext()})
	var re *mllm.RequestError
	var g *httpclient.GaveUpError
	if !errors.As(err, &re) || re.Status != 0 || !errors.As(err, &g) || g.Tries < 2 {
		t.Fatalf("%v, want a RequestError after several timed-out tries", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("took %v; the total deadline is 350 ms", took)
	}
}

func TestRetriesThenSucceeds(t *testing.T) {
	cases := map[string]http.HandlerFunc{
		"429 with Retry-After": status(429, errorBody("slow down", "rate_limit_exceeded"), "Content-Type: application/json", "Retry-After: 1"),
		"500":                  status(500, "oops"),
		"dropped connection":   drop,
	}
	for name, first := range cases {
		f := newFake(t, first, completion(cleanVerdict))
		start := time.Now()
		v, err := newModel(t, f).Check(context.Background(), mllm.CheckInput{Context: testContext()})
		if err != nil || !v.Pass || len(f.requests()) != 2 || v.Usage.Requests != 2 {
			t.Errorf("%s: %+v %v after %d requests", name, v, err, len(f.requests()))
		}
		if strings.HasPrefix(name, "429") && time.Since(start) < 900*time.Millisecond {
			t.Errorf("%s: retried after %v, before the 1 s the server asked for", name, time.Since(start))
		}
	}
}

func TestRefusedRequestIsARequestError(t *testing.T) {
	f := newFake(t, status(400, `{"error": {"message": "image_url is not supported by this model", "type": "invalid_request_error"}}`))
	_, err := newModel(t, f).Check(context.Background(), mllm.CheckInput{Context: testContext(), Image: ghost(t, "final")})
	var re *mllm.RequestError
	if !errors.As(err, &re) || re.Status != 400 || !strings.Contains(re.Msg, "image_url is not supported") || len(f.requests()) != 1 {
		t.Fatalf("%v after %d requests, want one 400 RequestError quoting the server", err, len(f.requests()))
	}
}

func TestBrokenEnvelopesAreReplyErrors(t *testing.T) {
	for name, h := range map[string]http.HandlerFunc{
		"not JSON": offSpec(status(200, "<html>gateway</html>")),
		"no choices": status(200, `{"id": "x", "object": "chat.completion", "created": 1, "model": "fake", "choices": [],
			"usage": {"prompt_tokens": 5, "completion_tokens": 0, "total_tokens": 5}}`, "Content-Type: application/json"),
		"over 16 MiB": offSpec(status(200, strings.Repeat(" ", maxReply)+`{"choices": []}`)),
	} {
		f := newFake(t, h)
		// Streaming 16 MiB under the race detector on a busy machine can outlast fastPolicy's 2 s
		// try; this test is about the size bound, not timeouts.
		roomy := func(o *Options) { o.Policy.Timeout, o.Policy.Total = 30*time.Second, 60*time.Second }
		_, err := newModel(t, f, roomy).Plan(context.Background(), mllm.PlanInput{Context: testContext()})
		var re *mllm.ReplyError
		if !errors.As(err, &re) || len(f.requests()) != 1 {
			t.Errorf("%s: %v, want a ReplyError", name, err)
		}
	}
}

func TestDowngradeIsRememberedPerEndpoint(t *testing.T) {
	ctx := context.Background()
	refuse := status(400, `{"error": {"message": "response_format json_schema is not supported", "type": "invalid_request_error", "param": "response_format"}}`)
	f := newFake(t, refuse, completion(cleanPlan), completion(cleanPlan), completion(cleanVerdict))
	m := newModel(t, f)
	p, err := m.Plan(ctx, mllm.PlanInput{Context: testContext()})
	if err != nil || len(p.Steps) != 3 || p.Usage.Requests != 2 {
		t.Fatalf("%+v %v", p, err)
	}
	if _, err := m.Plan(ctx, mllm.PlanInput{Context: testContext()}); err != nil {
		t.Fatal(err)
	}
	other := newModel(t, f) // another Model of the same endpoint starts where the first ended
	if _, err := other.Check(ctx, mllm.CheckInput{Context: testContext()}); err != nil {
		t.Fatal(err)
	}
	var formats []string
	for _, s := range f.requests() {
		formats = append(formats, s.Req.format())
	}
	if strings.Join(formats, " ") != "json_schema:plan json_object json_object json_object" {
		t.Errorf("formats sent %q, want the schema once, then json_object from then on", formats)
	}
	fresh := newModel(t, f, func(o *Options) { o.Model = "gpt-4o-mini" })
	if got := known.get(fresh.endpoint()); got != levelSchema {
		t.Errorf("another model of the same server starts at %v, want json_schema", got)
	}
}

func TestDowngradeToText(t *testing.T) {
	refuseSchema := status(400, `{"error": {"message": "'response_format.type' must be 'json_schema'"}}`)
	refuseObject := status(422, `{"detail": [{"loc": ["body", "response_format"], "msg": "json_object is not supported"}]}`)
	f := newFake(t, refuseSchema, refuseObject, completion(cleanVerdict))
	v, err := newModel(t, f).Check(context.Background(), mllm.CheckInput{Context: testContext()})
	if err != nil || !v.Pass || v.Usage.Requests != 3 {
		t.Fatalf("%+v %v", v, err)
	}
	got := f.requests()
	if got[0].Req.format() != "json_schema:verdict" || got[1].Req.format() != "json_object" || got[2].Req.format() != "none" {
		t.Errorf("formats %s, %s, %s", got[0].Req.format(), got[1].Req.format(), got[2].Req.format())
	}
	f2 := newFake(t, status(400, `{"error": {"message": "response_format is not supported"}}`))
	_, err = newModel(t, f2).AnalyzeScene(context.Background(), mllm.SceneInput{Context: testContext()})
	if len(f2.requests()) != 1 || err == nil {
		t.Errorf("analysis, which sends no response_format, was asked again after a refusal of it: %v", err)
	}
}

func TestKeyNeverLeaks(t *testing.T) {
	echoHeader := func(w http.ResponseWriter, r *http.Request) {
		status(400, `{"error": {"message": "bad key `+r.Header.Get("Authorization")+`"}}`)(w, r)
	}
	echoContent := func(w http.ResponseWriter, r *http.Request) {
		completionWith(`{"plan": "A person says `+r.Header.Get("Authorization")+`", "reasoning": "`+testKey+`"}`, testKey)(w, r)
	}
	echoBad := func(w http.ResponseWriter, r *http.Request) { completion("no plan, only "+testKey)(w, r) }
	ctx := context.Background()

	_, err := newModel(t, newFake(t, echoHeader)).Plan(ctx, mllm.PlanInput{Context: testContext()})
	var se *httpclient.StatusError
	if err == nil || strings.Contains(err.Error(), testKey) || !errors.As(err, &se) || strings.Contains(string(se.Body), testKey) {
		t.Errorf("error body: %v", err)
	}
	p, err := newModel(t, newFake(t, echoContent)).Plan(ctx, mllm.PlanInput{Context: testContext()})
	if err != nil || strings.Contains(p.Raw+p.Reasoning+strings.Join(p.Steps, ""), testKey) || !strings.Contains(p.Raw, httpclient.Redacted) {
		t.Errorf("reply content: %+v %v", p, err)
	}
	f := newFake(t, echoBad)
	_, err = newModel(t, f).Plan(ctx, mllm.PlanInput{Context: testContext()})
	var re *mllm.ReplyError
	if !errors.As(err, &re) || strings.Contains(re.Raw+err.Error(), testKey) || len(f.requests()) != 3 {
		t.Errorf("unusable reply: %v", err) // the fake also checks that no re-ask sent the key back
	}
}

func TestCancelStopsAtOnce(t *testing.T) {
	f := newFake(t, slow(10*time.Second, completion(cleanVerdict)))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := newModel(t, f).Check(ctx, mllm.CheckInput{Context: testContext()})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("%v after %v, want context.Canceled at once", err, time.Since(start))
	}
	if _, err := newModel(t, f).Check(ctx, mllm.CheckInput{Context: testContext()}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a call with a cancelled context: %v", err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	f := newFake(t, completion(cleanPlan))
	m := newModel(t, f)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := m.Plan(context.Background(), mllm.PlanInput{Context: testContext(), Shots: shots(t)[1:]})
			if err == nil && (p.Usage.Requests != 1 || p.Usage.Images != 1) {
				err = errors.New("usage mixed between calls")
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestRedirectElsewhereDropsTheKey(t *testing.T) {
	other := newKeylessFake(t, completion(cleanVerdict)) // it must get no key
	f := newFake(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.srv.URL+r.URL.Path, http.StatusTemporaryRedirect)
	})
	v, err := newModel(t, f).Check(context.Background(), mllm.CheckInput{Context: testContext()})
	got := other.requests()
	if err != nil || !v.Pass || len(got) != 1 {
		t.Fatalf("%v; the other origin got %d requests", err, len(got))
	}
	if got[0].Auth != "" || got[0].Req.Model != "gpt-4o" {
		t.Errorf("the other origin got auth %q and model %q; want no key and the whole request", got[0].Auth, got[0].Req.Model)
	}
}

func TestNoKeyNoHeader(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	f := newKeylessFake(t, completion(cleanVerdict))
	if _, err := newModel(t, f, func(o *Options) { o.APIKey = "" }).Check(context.Background(), mllm.CheckInput{Context: testContext()}); err != nil {
		t.Fatal(err)
	}
	if auth := f.requests()[0].Auth; auth != "" {
		t.Errorf("Authorization %q sent without a key", auth)
	}
}
