package openai

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/sashabaranov/go-openai"

	"interactagent/mllm"
	"interactagent/motion"
)

// rendered renders a role's request as the model would be sent it: system prompt and user text.
func rendered(t *testing.T, m *Model, build func() (request, error)) string {
	t.Helper()
	r, err := build()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := m.messages(r)
	if err != nil {
		t.Fatal(err)
	}
	return msgs[0].Content + "\n" + userText(msgs[1])
}

func TestEveryPromptCarriesItsFacts(t *testing.T) {
	m, err := New(Options{BaseURL: "http://localhost:1/v1", Model: "m", APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	common := []string{"Sit on the sofa, then lie on the bed", "sofa_1 (sofa)", "bed_1 (bed)", "footprint 2.0 × 0.8 m, 0.8 m tall",
		"3.0 m away (nearest edge 2.6 m), straight ahead", "90° to the left", "heading 0°", "about 8.0 × 7.1 m",
		"red", "purple", "1 meter on a side", "cannot see the room", "never \"A person walks to the sofa\"", "One sentence is one action"}
	withDescription := append([]string{"A living room; the sofa is ahead."}, common...)
	obs := observeInput(t)
	plan := mllm.PlanInput{Context: testContext(), From: motion.State{Root: mgl64.Vec3{1, 0, 1}}, Done: []string{"A person walks forward about 1 meter"}, Hint: "go around the table"}
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"analyze", rendered(t, m, func() (request, error) {
			return m.analyzeRequest(mllm.SceneInput{Context: testContext(), Shots: shots(t)})
		}),
			append([]string{"Image 1: top — top view with object ids", "Image 2: oblique", "walkable path", "plain prose"}, common...)},
		{"plan", rendered(t, m, func() (request, error) { return m.planRequest(plan) }),
			append([]string{"1. A person walks forward about 1 meter", "go around the table", "1.4 m from the start point", `"plan": "1. A person`}, withDescription...)},
		{"observe", rendered(t, m, func() (request, error) { return m.observeRequest(obs) }),
			append([]string{"3. A person sits down", "Step 1 of 3", `"A person walks forward about 2 meters": redo, score 0.30; issues: undershoot (stopped 1 m short); moved 1.1 m`,
				"the root moved 1.9 m forward", "Image 1 is the ghost image of this step", `"decision": "continue|redo|replan"`, "replan_hint", "wrong_direction"}, withDescription...)},
		{"reflect", rendered(t, m, func() (request, error) { return m.reflectRequest(reflectInput(t)) }),
			append([]string{"Round 1", "Round 2", "Round 3", "2. A person sits down", "A person walks forward about 2.6 meters", `attempt "A person walks forward about 2 meters": continue, score 0.70`,
				"Ghost image of the whole round: Image 1", "not attached", "Ghost image of the whole round: Image 2", "Stop check: Fail. stood in front of the sofa",
				"Measured: ended 0.8 m from the sofa", `"failure_analysis"`, `"delta"`}, withDescription...)},
		{"check", rendered(t, m, func() (request, error) {
			return m.checkRequest(mllm.CheckInput{Context: testContext(), Image: ghost(t, "final"), Feedback: "pelvis 0.1 m above the seat"})
		}), append([]string{"ghost image of the whole motion", "pelvis 0.1 m above the seat", `"status": "Pass|Fail"`}, withDescription...)},
	}
	for _, c := range cases {
		for _, w := range c.want {
			if !strings.Contains(c.text, w) {
				t.Errorf("%s prompt lacks %q", c.name, w)
			}
		}
		for _, bad := range []string{"<no value>", "wall_n", "floor (floor)", "%!"} {
			if strings.Contains(c.text, bad) {
				t.Errorf("%s prompt holds %q:\n%s", c.name, bad, c.text)
			}
		}
	}
	if a := cases[0].text; strings.Contains(a, "A living room; the sofa is ahead.") {
		t.Errorf("the analysis prompt quotes a description it is meant to write")
	}
}

// userText joins a user message's text, whether plain or in parts.
func userText(m openai.ChatCompletionMessage) string {
	if m.Content != "" {
		return m.Content
	}
	var b strings.Builder
	for _, p := range m.MultiContent {
		b.WriteString(p.Text + "\n")
	}
	return b.String()
}

func TestPromptDirOverridesByName(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "check.tmpl"), []byte("MY CHECK of {{.Task}}, answer JSON"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := New(Options{BaseURL: "http://localhost:1/v1", Model: "m", PromptDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	text := rendered(t, m, func() (request, error) { return m.checkRequest(mllm.CheckInput{Context: testContext()}) })
	if !strings.Contains(text, "MY CHECK of Sit on the sofa") || !strings.Contains(text, "ghost image") {
		t.Errorf("the user's check prompt or the embedded system prompt is missing:\n%s", text)
	}
	for name, content := range map[string]string{"plan.tmpl": "{{.NoSuchField}}", "plna.tmpl": "typo", "observe.tmpl": "{{if}"} {
		bad := t.TempDir()
		os.WriteFile(filepath.Join(bad, name), []byte(content), 0o644)
		m, err := New(Options{BaseURL: "http://localhost:1/v1", Model: "m", PromptDir: bad})
		if err == nil && name == "plan.tmpl" {
			_, err = m.messages(request{role: mllm.RolePlan})
		}
		if err == nil || !strings.HasPrefix(err.Error(), "openai: prompt") {
			t.Errorf("%s = %q: %v, want an error naming the prompt", name, content, err)
		}
	}
	if _, err := New(Options{BaseURL: "http://localhost:1/v1", Model: "m", PromptDir: filepath.Join(dir, "missing")}); err == nil {
		t.Errorf("a missing prompt folder was accepted")
	}
}

// TestLessonsReachPlanAndObserveOnly: in a round that reflection planned, the replanning and
// observing prompts carry what reflection concluded; round 1's prompts say nothing of lessons, and
// the stop check judges the motion without them.
func TestLessonsReachPlanAndObserveOnly(t *testing.T) {
	m, err := New(Options{BaseURL: "http://localhost:1/v1", Model: "m", APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	const lessons = "Failure analysis: round 1 left out the bed.\nStrategy: lie on the bed last."
	taught := testContext()
	taught.Lessons = lessons
	obs := observeInput(t)
	obs.Context = taught
	texts := map[string]string{
		"plan": rendered(t, m, func() (request, error) {
			return m.planRequest(mllm.PlanInput{Context: taught, Done: []string{"A person sits down"}, From: motion.State{Root: mgl64.Vec3{1, 0, 1}}})
		}),
		"observe": rendered(t, m, func() (request, error) { return m.observeRequest(obs) }),
	}
	for name, text := range texts {
		if !strings.Contains(text, "What reflection on the earlier rounds of this task concluded") || !strings.Contains(text, "Strategy: lie on the bed last.") {
			t.Errorf("%s prompt of a reflected round lacks the lessons:\n%s", name, text)
		}
	}
	first := rendered(t, m, func() (request, error) { return m.planRequest(mllm.PlanInput{Context: testContext()}) })
	check := rendered(t, m, func() (request, error) {
		return m.checkRequest(mllm.CheckInput{Context: taught, Image: ghost(t, "final")})
	})
	for name, text := range map[string]string{"round 1's plan": first, "check": check} {
		if strings.Contains(text, "reflection on the earlier rounds") || strings.Contains(text, "lie on the bed last") {
			t.Errorf("the %s prompt speaks of lessons:\n%s", name, text)
		}
	}
}
