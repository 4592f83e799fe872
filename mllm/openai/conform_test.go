package openai

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"interactagent/mllm"
)

// TestMain reports, with -v, how many requests and replies the fakes checked against OpenAI's
// description.
func TestMain(m *testing.M) {
	code := m.Run()
	if testing.Verbose() {
		fmt.Printf("openapi: %d requests and %d replies of the fakes checked against %s\n", checked.requests.Load(), checked.replies.Load(), specFile)
	}
	os.Exit(code)
}

// roleCall is one role's call with inputs that carry images, and the reply that makes it succeed.
type roleCall struct {
	role  mllm.Role
	clean string
	call  func(context.Context, *Model) error
}

// roleCalls are the five roles, each with the images its input can carry.
func roleCalls(t *testing.T) []roleCall {
	return []roleCall{
		{mllm.RoleAnalyze, cleanAnalysis, func(ctx context.Context, m *Model) error {
			_, err := m.AnalyzeScene(ctx, mllm.SceneInput{Context: testContext(), Shots: shots(t)})
			return err
		}},
		{mllm.RolePlan, cleanPlan, func(ctx context.Context, m *Model) error {
			_, err := m.Plan(ctx, mllm.PlanInput{Context: testContext(), Shots: shots(t)})
			return err
		}},
		{mllm.RoleObserve, cleanObservation, func(ctx context.Context, m *Model) error {
			_, err := m.Observe(ctx, observeInput(t))
			return err
		}},
		{mllm.RoleReflect, cleanReflection, func(ctx context.Context, m *Model) error {
			_, err := m.Reflect(ctx, reflectInput(t))
			return err
		}},
		{mllm.RoleCheck, cleanVerdict, func(ctx context.Context, m *Model) error {
			_, err := m.Check(ctx, mllm.CheckInput{Context: testContext(), Image: ghost(t, "final")})
			return err
		}},
	}
}

// TestEveryRequestConformsToOpenAPI: the request of each of the five roles, at each level of
// structured output, with images untiled and tiled, and its re-ask after an unusable reply, is
// valid under OpenAI's description of POST /chat/completions as the server receives it; so are
// the fake's replies (conform fails the test on any mismatch).
func TestEveryRequestConformsToOpenAPI(t *testing.T) {
	if strict, _ := openAPI(t); strict == nil {
		t.Skip("OpenAI's description is absent")
	}
	want := map[level]string{levelSchema: "json_schema:", levelObject: "json_object", levelText: "none"}
	for _, rc := range roleCalls(t) {
		for _, l := range []level{levelSchema, levelObject, levelText} {
			for _, tiled := range []bool{false, true} {
				name := fmt.Sprintf("%s %v tiled=%v", rc.role, l, tiled)
				unusable := completion("I would rather not say.")
				if rc.role == mllm.RoleAnalyze {
					unusable = completion("") // an analysis is free text: only an empty one is unusable
				}
				f := newFake(t, unusable, completion(rc.clean))
				m := newModel(t, f, func(o *Options) { o.OneImage = tiled })
				known.lower(m.endpoint(), l)
				if err := rc.call(context.Background(), m); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := f.requests()
				if len(got) != 2 || f.conformed.requests.Load() != 2 || f.conformed.replies.Load() != 2 {
					t.Fatalf("%s: %d requests, %d requests and %d replies checked; want a request and its re-ask, all checked",
						name, len(got), f.conformed.requests.Load(), f.conformed.replies.Load())
				}
				checkShape(t, name, got, rc.role == mllm.RoleAnalyze, want[l], tiled)
			}
		}
	}
}

// checkShape asserts what the checked requests were: the format of their level (none for the
// analysis, which has no schema), a re-ask that adds the reply and a user message, and images one
// to a message when tiled, several when not.
func checkShape(t *testing.T, name string, got []seen, analysis bool, format string, tiled bool) {
	t.Helper()
	if analysis {
		format = "none"
	}
	most := 0
	for _, s := range got {
		if !strings.HasPrefix(s.Req.format(), format) {
			t.Errorf("%s: format %q, want %q", name, s.Req.format(), format)
		}
		for _, msg := range s.Req.Messages {
			n := 0
			for _, p := range msg.parts(t) {
				if p.Type == "image_url" {
					n++
				}
			}
			most = max(most, n)
		}
	}
	if len(got[1].Req.Messages) != len(got[0].Req.Messages)+2 {
		t.Errorf("%s: the re-ask has %d messages, want %d", name, len(got[1].Req.Messages), len(got[0].Req.Messages)+2)
	}
	if tiled && most != 1 || !tiled && name[:5] == "plan " && most < 2 {
		t.Errorf("%s: at most %d images in a message", name, most)
	}
}

// TestOpenAPICheckFindsWhatIsOffSpec: the checks conform runs find requests and replies that
// break the description: an image detail it does not name, no model, no key; a reply without
// created, with an unknown finish_reason, or a 429 whose error lacks its type.
func TestOpenAPICheckFindsWhatIsOffSpec(t *testing.T) {
	strict, _ := openAPI(t)
	if strict == nil {
		t.Skip("OpenAI's description is absent")
	}
	const ok = `{"model": "gpt-4o", "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"},
		{"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo=", "detail": "auto"}}]}]}`
	request := func(body string, key bool) (*http.Request, []byte) {
		r := httptest.NewRequest(http.MethodPost, "/v1/chat/completions", bytes.NewReader([]byte(body)))
		r.Header.Set("Content-Type", "application/json")
		if key {
			r.Header.Set("Authorization", "Bearer "+testKey)
		}
		return r, []byte(body)
	}
	if r, body := request(ok, true); requestProblems(strict, r, body) != nil {
		t.Fatalf("a valid request was refused: %v", requestProblems(strict, r, body))
	}
	for name, c := range map[string]struct {
		body, want string
		key        bool
	}{
		"detail medium": {strings.Replace(ok, `"auto"`, `"medium"`, 1), "detail", true},
		"no model":      {strings.Replace(ok, `"model": "gpt-4o", `, "", 1), "model", true},
		"no key":        {ok, "Authorization", false},
	} {
		r, body := request(c.body, c.key)
		if p := requestProblems(strict, r, body); !strings.Contains(strings.Join(p, " "), c.want) {
			t.Errorf("%s: problems %q, want one naming %q", name, p, c.want)
		}
	}
	r, body := request(ok, true)
	reply := func(status int, text string) []string {
		return replyProblems(strict, r, body, status, http.Header{"Content-Type": {"application/json"}}, []byte(text))
	}
	rec := httptest.NewRecorder()
	chatCompletion("fine", "", "stop")(rec, r)
	if p := reply(200, rec.Body.String()); p != nil {
		t.Fatalf("the fakes' completion was refused: %v", p)
	}
	for name, c := range map[string]struct {
		status     int
		text, want string
	}{
		"no created":           {200, strings.Replace(rec.Body.String(), `"created":1767225600,`, "", 1), "created"},
		"unknown finish":       {200, strings.Replace(rec.Body.String(), `"finish_reason":"stop"`, `"finish_reason":"done"`, 1), "finish_reason"},
		"429 without its type": {429, `{"error": {"message": "slow down", "param": null, "code": null}}`, "type"},
	} {
		if p := reply(c.status, c.text); !strings.Contains(strings.Join(p, " "), c.want) {
			t.Errorf("%s: problems %q, want one naming %q", name, p, c.want)
		}
	}
}
