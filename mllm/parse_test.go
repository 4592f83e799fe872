package mllm

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParsePlanShapes(t *testing.T) {
	want := []string{"A person walks forward about 1.5 meters", "A person turns left by about 90 degrees", "A person sits down"}
	for name, text := range map[string]string{
		"paper shape":       `{"plan": "1. A person walks forward about 1.5 meters; 2. A person turns left by about 90 degrees; 3. A person sits down", "reasoning": "sofa ahead"}`,
		"fenced with prose": "Sure! Here is the plan:\n```json\n{\"plan\": \"1. A person walks forward about 1.5 meters; 2. A person turns left by about 90 degrees; 3. A person sits down\", \"reasoning\": \"sofa ahead\"}\n```\nLet me know if you need more.",
		"list":              `{"Plan": ["A person walks forward about 1.5 meters", "A person turns left by about 90 degrees", "A person sits down"], "Reasoning": "sofa ahead"}`,
		"list of objects":   `{"plan": [{"step": 1, "action": "A person walks forward about 1.5 meters"}, {"action": "A person turns left by about 90 degrees"}, {"action": "3. A person sits down"}], "reasoning": "sofa ahead"}`,
		"lines":             "{\"plan\": \"1. A person walks forward about 1.5 meters\\n2) A person turns left by about 90 degrees\\n- A person sits down\", \"reasoning\": \"sofa ahead\"}",
		"brace in prose":    `I think {this} is easy. {"plan": "A person walks forward about 1.5 meters; A person turns left by about 90 degrees; A person sits down", "reasoning": "sofa ahead"} trailing }`,
	} {
		p, err := ParsePlan(text)
		if err != nil || !slices.Equal(p.Steps, want) || p.Reasoning != "sofa ahead" || p.Raw != text {
			t.Errorf("%s: %q, %q, %v", name, p.Steps, p.Reasoning, err)
		}
	}
}

func TestParsePlanRefusals(t *testing.T) {
	for text, msg := range map[string]string{
		"I will walk to the sofa.": "no JSON object found",
		`{"reasoning": "x"}`:       `no "plan" field`,
		`{"plan": ""}`:             "the plan has no steps",
		`{"plan": 42}`:             "want the plan as a string",
		`{"plan": [1, 2]}`:         "plan step 1",
		`{"plan": "` + strings.Repeat("a;", 70) + `"}`:  "70 steps; want at most 64",
		`{"plan": "` + strings.Repeat("a", 1001) + `"}`: "1001 bytes long",
	} {
		_, err := ParsePlan(text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Role != RolePlan || !strings.Contains(err.Error(), msg) {
			t.Errorf("%.40q: err %v, want a plan ParseError containing %q", text, err, msg)
		}
	}
}

func TestSplitStepsKeepsNumbersInsideSteps(t *testing.T) {
	got := SplitSteps("1. A person walks forward 1.5 meters; Step 2: A person turns 90 degrees\n* A person waits 2 seconds;;")
	want := []string{"A person walks forward 1.5 meters", "A person turns 90 degrees", "A person waits 2 seconds"}
	if !slices.Equal(got, want) {
		t.Fatalf("SplitSteps = %q", got)
	}
	if got := SplitSteps("1.5 meters forward"); !slices.Equal(got, []string{"1.5 meters forward"}) {
		t.Fatalf("a step starting with a decimal lost it: %q", got)
	}
}

func TestParseObservation(t *testing.T) {
	cases := []struct {
		text string
		want Observation
	}{
		{`{"decision": "continue", "score": 0.9, "issues": [], "stop": false}`, Observation{Decision: Continue, Score: 0.9}},
		{"```\n{\"decision\": \"Redo\", \"score\": 7, \"issues\": [{\"type\": \"undershoot\", \"evidence\": \"stopped 0.5 m short\"}], \"redo_action\": \"A person walks forward about 0.5 meters\"}\n```",
			Observation{Decision: Redo, Score: 0.7, Issues: []Issue{{"undershoot", "stopped 0.5 m short"}}, RedoAction: "A person walks forward about 0.5 meters"}},
		{`{"decision": "re-plan", "score": "40%", "issues": ["collision: walked into the table", "wobbly: legs"], "replan_steps": ["A person turns right by 30 degrees", "A person walks forward 1 meter"]}`,
			Observation{Decision: Replan, Score: 0.4, Issues: []Issue{{"collision", "walked into the table"}, {"other", "wobbly: legs"}}, ReplanSteps: []string{"A person turns right by 30 degrees", "A person walks forward 1 meter"}}},
		{`{"decision": "replan", "score": 0.2, "replan_hint": "go around the table", "stop": true}`, Observation{Decision: Replan, Score: 0.2, ReplanHint: "go around the table", Stop: true}},
	}
	for _, c := range cases {
		o, err := ParseObservation(c.text)
		if err != nil {
			t.Errorf("%.50q: %v", c.text, err)
			continue
		}
		o.Meta = Meta{}
		if o.Decision != c.want.Decision || o.Score != c.want.Score || !slices.Equal(o.Issues, c.want.Issues) || o.RedoAction != c.want.RedoAction ||
			o.ReplanHint != c.want.ReplanHint || !slices.Equal(o.ReplanSteps, c.want.ReplanSteps) || o.Stop != c.want.Stop {
			t.Errorf("%.50q:\n got %+v\nwant %+v", c.text, o, c.want)
		}
	}
	for text, msg := range map[string]string{
		`{"decision": "maybe", "score": 0.5}`:    `"decision" is "maybe"`,
		`{"decision": "continue"}`:               `no "score"`,
		`{"decision": "continue", "score": 500}`: `"score" is 500`,
		`{"decision": "redo", "score": 0.1}`:     `needs "redo_action"`,
		`{"decision": "replan", "score": 0.1}`:   `needs "replan_hint"`,
		`{"decision": "continue", "score": -1}`:  `"score" is "-1"`,
	} {
		if _, err := ParseObservation(text); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: err %v, want %q", text, err, msg)
		}
	}
}

func TestParseReflectionAndVerdict(t *testing.T) {
	r, err := ParseReflection(`Reflection follows. {"Failure Analysis": "stopped short of the bed", "strategy": "walk 20% further", "plan": "1. A person walks forward about 2.4 meters; 2. A person lies down", "delta": "longer walk"}`)
	if err != nil || r.FailureAnalysis != "stopped short of the bed" || r.Strategy != "walk 20% further" || len(r.Steps) != 2 || r.Delta != "longer walk" {
		t.Fatalf("%+v, %v", r, err)
	}
	if _, err := ParseReflection(`{"failure_analysis": "x", "strategy": "y"}`); err == nil || !strings.Contains(err.Error(), `no "plan" field`) {
		t.Fatalf("reflection without a plan: %v", err)
	}
	for text, pass := range map[string]bool{`{"status": "Pass", "reason": "seated"}`: true, `{"status": "FAIL", "reason": "not on the bed"}`: false} {
		v, err := ParseVerdict(text)
		if err != nil || v.Pass != pass || v.Reason == "" {
			t.Errorf("%s: %+v %v", text, v, err)
		}
	}
	if _, err := ParseVerdict(`{"status": "almost"}`); err == nil || !strings.Contains(err.Error(), `want "Pass" or "Fail"`) {
		t.Fatalf("bad status: %v", err)
	}
}

func TestParseAnalysis(t *testing.T) {
	for text, want := range map[string]string{
		"A living room, 6 × 5 m; the sofa is 3 m ahead.":       "A living room, 6 × 5 m; the sofa is 3 m ahead.",
		`{"description": "A bedroom with a bed on the left."}`: "A bedroom with a bed on the left.",
		"```\nAn office: desk ahead, chair behind it.\n```":    "An office: desk ahead, chair behind it.",
	} {
		a, err := ParseAnalysis(text)
		if err != nil || a.Text != want {
			t.Errorf("%q: %q %v", text, a.Text, err)
		}
	}
	if _, err := ParseAnalysis("   "); err == nil {
		t.Fatal("empty analysis accepted")
	}
}

// FuzzParse feeds any text to every parser: none may panic, and whatever a parser accepts must
// be valid (a plan of 1–64 steps of at most 1000 bytes, a decision of the three with a score in
// [0, 1] and the fields it needs).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"plan": "1. a; 2. b", "reasoning": "r"}`, "```json\n{\"decision\": \"redo\", \"score\": 0.5, \"redo_action\": \"x\"}\n```",
		`{"status": "Pass"}`, `{"failure_analysis": "", "plan": ["a"]}`, `{{{{"`, `{"plan": [{"action": {"x": 1}}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if p, err := ParsePlan(text); err == nil && checkSteps(p.Steps) != nil {
			t.Fatalf("accepted plan %q", p.Steps)
		}
		if o, err := ParseObservation(text); err == nil {
			if _, derr := decision(string(o.Decision)); derr != nil || o.Score < 0 || o.Score > 1 || o.complete() != nil {
				t.Fatalf("accepted observation %+v", o)
			}
		}
		if r, err := ParseReflection(text); err == nil && checkSteps(r.Steps) != nil {
			t.Fatalf("accepted reflection plan %q", r.Steps)
		}
		ParseVerdict(text)
		ParseAnalysis(text)
	})
}
