package openai

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/mllm"
	"interactagent/motion"
)

// Clean replies, one per role, in the paper's shapes.
const (
	cleanAnalysis    = "A living room of about 8 by 7 meters. The sofa is 3 meters straight ahead."
	cleanPlan        = `{"reasoning": "sofa ahead", "plan": "1. A person walks forward about 2.4 meters; 2. A person turns around; 3. A person sits down"}`
	cleanObservation = `{"reasoning": "short", "issues": [{"type": "undershoot", "evidence": "ended 0.5 m short"}], "decision": "redo", "score": 0.4, "redo_action": "A person walks forward about 2.9 meters", "replan_hint": "", "stop": false}`
	cleanReflection  = `{"failure_analysis": "walked short", "strategy": "walk further", "plan": "1. A person walks forward about 2.8 meters; 2. A person turns around; 3. A person sits down", "delta": "longer walk"}`
	cleanVerdict     = `{"reason": "seated on the sofa", "status": "Pass"}`
)

// inputs of every role, with images: two shots (one larger than MaxImageSide), a ghost image
// per step, round images in the memory (one left out).
func shots(t *testing.T) []mllm.Image {
	return []mllm.Image{{Name: "top", Caption: "top view with object ids", PNG: testPNG(t, 1000, 300)},
		{Name: "oblique", Caption: "view from behind the start", PNG: testPNG(t, 300, 200)}}
}

func ghost(t *testing.T, name string) mllm.Image {
	return mllm.Image{Name: name, Caption: "ghost image: red earliest, purple latest", PNG: testPNG(t, 400, 300)}
}

func observeInput(t *testing.T) mllm.ObserveInput {
	return mllm.ObserveInput{Context: testContext(), Plan: []string{"A person walks forward about 2.4 meters", "A person turns around", "A person sits down"},
		Step: 0, Action: "A person walks forward about 2.4 meters", Image: ghost(t, "step-1"),
		Attempts: []mllm.Attempt{{Action: "A person walks forward about 2 meters", Decision: mllm.Redo, Score: 0.3,
			Issues: []mllm.Issue{{Type: "undershoot", Evidence: "stopped 1 m short"}}, Feedback: "moved 1.1 m"}},
		Feedback: "the root moved 1.9 m forward"}
}

func reflectInput(t *testing.T) mllm.ReflectInput {
	verdict := &mllm.Verdict{Pass: false, Reason: "stood in front of the sofa"}
	return mllm.ReflectInput{Context: testContext(), Memory: []mllm.Round{
		{Index: 1, Plan: []string{"A person walks forward about 2 meters", "A person sits down"},
			Steps: []mllm.StepRecord{{Action: "A person walks forward about 2 meters", Attempts: []mllm.Attempt{{Action: "A person walks forward about 2 meters", Decision: mllm.Continue, Score: 0.7}}}},
			Image: ghost(t, "round-1"), Verdict: verdict, Feedback: "ended 0.8 m from the sofa"},
		{Index: 2, Plan: []string{"A person walks forward about 2.5 meters", "A person sits down"}, Verdict: verdict},
		{Index: 3, Plan: []string{"A person walks forward about 2.6 meters", "A person sits down"}, Image: ghost(t, "round-3")},
	}}
}

func TestEveryRoleParsesACleanReply(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, completion(cleanAnalysis), completion(cleanPlan), completion(cleanObservation), completion(cleanReflection), completion(cleanVerdict))
	m := newModel(t, f)

	a, err := m.AnalyzeScene(ctx, mllm.SceneInput{Context: testContext(), Shots: shots(t)})
	if err != nil || a.Text != cleanAnalysis || a.Usage.Images != 2 {
		t.Fatalf("analysis: %+v %v", a, err)
	}
	p, err := m.Plan(ctx, mllm.PlanInput{Context: testContext()})
	if err != nil || len(p.Steps) != 3 || p.Reasoning != "sofa ahead" || p.Usage.Images != 0 {
		t.Fatalf("plan: %+v %v", p, err)
	}
	o, err := m.Observe(ctx, observeInput(t))
	if err != nil || o.Decision != mllm.Redo || o.RedoAction != "A person walks forward about 2.9 meters" || o.Score != 0.4 || len(o.Issues) != 1 {
		t.Fatalf("observation: %+v %v", o, err)
	}
	r, err := m.Reflect(ctx, reflectInput(t))
	if err != nil || r.Strategy != "walk further" || len(r.Steps) != 3 || r.Usage.Images != 2 {
		t.Fatalf("reflection: %+v %v", r, err)
	}
	v, err := m.Check(ctx, mllm.CheckInput{Context: testContext(), Image: ghost(t, "final")})
	if err != nil || !v.Pass || v.Reason != "seated on the sofa" || v.Raw != cleanVerdict {
		t.Fatalf("verdict: %+v %v", v, err)
	}
	if u := v.Usage; u.Requests != 1 || u.Images != 1 || u.PromptTokens != 100 || u.CompletionTokens != 20 || u.Latency <= 0 {
		t.Errorf("verdict usage %+v, want 1 request, 1 image, 100+20 tokens and a latency", u)
	}
	checkSent(t, f.requests(), []string{"none", "json_schema:plan", "json_schema:observation", "json_schema:reflection", "json_schema:verdict"}, []int{2, 0, 1, 2, 1})
}

// checkSent checks what the client sent: the model, a system and a user message, the images as
// PNG data URLs within MaxImageSide, the response formats, the key in the header only.
func checkSent(t *testing.T, got []seen, formats []string, images []int) {
	t.Helper()
	if len(got) != len(formats) {
		t.Fatalf("%d requests, want %d", len(got), len(formats))
	}
	for i, s := range got {
		r := s.Req
		if s.Auth != "Bearer "+testKey || r.Model != "gpt-4o" || len(r.Messages) != 2 ||
			r.Messages[0].Role != "system" || r.Messages[1].Role != "user" {
			t.Errorf("request %d: auth %q, model %q, %d messages", i, s.Auth, r.Model, len(r.Messages))
			continue
		}
		if r.format() != formats[i] {
			t.Errorf("request %d: response_format %s, want %s", i, r.format(), formats[i])
		}
		if r.Temperature == nil || *r.Temperature < 0 || *r.Temperature > 1e-6 {
			t.Errorf("request %d: temperature %v, want a tiny positive number for 0", i, r.Temperature)
		}
		ims := imageParts(t, r)
		if len(ims) != images[i] {
			t.Errorf("request %d: %d images, want %d", i, len(ims), images[i])
		}
		for _, p := range ims {
			if size := decodeImage(t, p.ImageURL.URL); max(size.X, size.Y) > DefaultMaxImageSide || p.ImageURL.Detail != "auto" {
				t.Errorf("request %d: image of %v, detail %q; want at most %d and auto", i, size, p.ImageURL.Detail, DefaultMaxImageSide)
			}
		}
	}
	if rf := got[1].Req.ResponseFormat; rf == nil || rf.JSONSchema == nil || !rf.JSONSchema.Strict || !strings.Contains(string(rf.JSONSchema.Schema), `"plan"`) {
		t.Errorf("the plan's response_format is not a strict schema with a plan: %+v", rf)
	}
}

func TestTolerantRepliesParse(t *testing.T) {
	ctx := context.Background()
	fenced := "Here is my plan:\n```json\n" + cleanPlan + "\n```\nI hope this helps! {not json}"
	list := `{"plan": ["A person walks forward about 2.4 meters", "A person turns around", "A person sits down"], "reasoning": "sofa ahead"}`
	want := []string{"A person walks forward about 2.4 meters", "A person turns around", "A person sits down"}
	for name, reply := range map[string]string{"fenced with trailing prose": fenced, "list": list} {
		f := newFake(t, completion(reply))
		p, err := newModel(t, f).Plan(ctx, mllm.PlanInput{Context: testContext()})
		if err != nil || !slices.Equal(p.Steps, want) || p.Raw != reply || p.Usage.Requests != 1 {
			t.Errorf("%s: %q %v (requests %d)", name, p.Steps, err, p.Usage.Requests)
		}
	}
	steps := `{"decision": "replan", "score": 0.3, "issues": [], "replan_steps": ["A person turns left by about 30 degrees", "A person walks forward about 1 meter"]}`
	f := newFake(t, completion(steps))
	o, err := newModel(t, f).Observe(ctx, observeInput(t))
	if err != nil || o.Decision != mllm.Replan || len(o.ReplanSteps) != 2 || o.ReplanHint != "" {
		t.Errorf("replan_steps: %+v %v", o, err)
	}
}

func TestReasoningKeptApart(t *testing.T) {
	ctx := context.Background()
	f := newFake(t, completionWith(`{"status": "Fail", "reason": ""}`, "the body never sat"),
		completion("<think>the plan {maybe} works</think>\n"+`{"plan": "A person sits down"}`))
	m := newModel(t, f)
	v, err := m.Check(ctx, mllm.CheckInput{Context: testContext()})
	if err != nil || v.Pass || v.Reasoning != "the body never sat" {
		t.Errorf("reasoning_content: %+v %v", v, err)
	}
	p, err := m.Plan(ctx, mllm.PlanInput{Context: testContext()})
	if err != nil || p.Reasoning != "the plan {maybe} works" || !strings.HasPrefix(p.Raw, "<think>") || len(p.Steps) != 1 {
		t.Errorf("think block: %+v %v", p, err)
	}
}

func TestReplanTellsWhereTheBodyIs(t *testing.T) {
	f := newFake(t, completion(cleanPlan))
	in := mllm.PlanInput{Context: testContext(), From: motion.State{Root: mgl64.Vec3{0, 0, 2}, Heading: 0.5},
		Done: []string{"A person walks forward about 2 meters"}, Hint: "turn toward the bed"}
	if _, err := newModel(t, f).Plan(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	text := f.requests()[0].Req.Messages[1].text(t)
	for _, want := range []string{"already done", "1. A person walks forward about 2 meters", "2.0 m from the start point", "turned 29° to the left", "turn toward the bed", "remaining actions"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replanning prompt lacks %q:\n%s", want, text)
		}
	}
}

func TestEveryRoleFailsClearly(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		role  mllm.Role
		reply string
		call  func(m *Model) error
		want  string
	}{
		{mllm.RoleAnalyze, "   ", func(m *Model) error {
			_, err := m.AnalyzeScene(ctx, mllm.SceneInput{Context: testContext()})
			return err
		}, "the reply is empty"},
		{mllm.RolePlan, `{"plan": ""}`, func(m *Model) error { _, err := m.Plan(ctx, mllm.PlanInput{Context: testContext()}); return err }, "the plan has no steps"},
		{mllm.RoleObserve, `{"decision": "maybe", "score": 0.5}`, func(m *Model) error { _, err := m.Observe(ctx, observeInput(t)); return err }, `"decision" is "maybe"`},
		{mllm.RoleReflect, `{"strategy": "x"}`, func(m *Model) error { _, err := m.Reflect(ctx, reflectInput(t)); return err }, `no "plan" field`},
		{mllm.RoleCheck, `{"status": "Maybe"}`, func(m *Model) error { _, err := m.Check(ctx, mllm.CheckInput{Context: testContext()}); return err }, `"status" is "maybe"`},
	}
	for _, c := range cases {
		f := newFake(t, completion(c.reply))
		err := c.call(newModel(t, f, func(o *Options) { o.ReAsks = -1 }))
		var re *mllm.ReplyError
		if !errors.As(err, &re) || re.Role != c.role || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "mllm: openai/gpt-4o@") {
			t.Errorf("%s: %v, want a ReplyError saying %q", c.role, err, c.want)
		}
	}
}
