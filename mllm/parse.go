package mllm

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ParseError says why a reply's text could not be used, in words a re-ask can quote back to the
// model.
type ParseError struct {
	Role Role
	Msg  string
}

// Error names the role and the problem.
func (e *ParseError) Error() string { return "mllm: " + string(e.Role) + " reply: " + e.Msg }

// ParseAnalysis reads a scene analysis: free text, or a JSON object whose "description" (or
// "analysis", "scene", "text") holds it.
func ParseAnalysis(text string) (SceneAnalysis, error) {
	a := SceneAnalysis{Meta: Meta{Raw: text}}
	if f, ok := extractObject(text); ok {
		a.Text = f.text("description", "analysis", "scene_analysis", "scene", "text")
		a.Reasoning = f.text("reasoning")
	}
	if a.Text == "" {
		a.Text = strings.TrimSpace(fence.ReplaceAllString(text, "$1"))
	}
	if a.Text == "" {
		return a, &ParseError{RoleAnalyze, "the reply is empty; want a description of the scene"}
	}
	return a, nil
}

// ParsePlan reads {"plan": "1. A person …; 2. A person …", "reasoning": "…"}; the plan may also be
// a list of steps.
func ParsePlan(text string) (Plan, error) {
	p := Plan{Meta: Meta{Raw: text}}
	f, err := object(RolePlan, text, `{"plan": "1. A person ...; 2. A person ...", "reasoning": "..."}`)
	if err != nil {
		return p, err
	}
	p.Reasoning = f.text("reasoning", "reason", "thoughts")
	if p.Steps, err = planField(RolePlan, f, "plan", "steps", "actions"); err != nil {
		return p, err
	}
	return p, nil
}

// ParseObservation reads {"decision": "continue|redo|replan", "score": 0..1, "issues": [...],
// "redo_action": "…", "replan_hint": "…" or "replan_steps": [...], "stop": false}.
func ParseObservation(text string) (Observation, error) {
	o := Observation{Meta: Meta{Raw: text}}
	f, err := object(RoleObserve, text, `{"decision": "continue|redo|replan", "score": 0.0-1.0, "issues": [{"type": "...", "evidence": "..."}], "redo_action": "...", "replan_hint": "..."}`)
	if err != nil {
		return o, err
	}
	fail := func(msg string) (Observation, error) { return o, &ParseError{RoleObserve, msg} }
	if o.Decision, err = decision(f.text("decision")); err != nil {
		return fail(err.Error())
	}
	if o.Score, err = score(f); err != nil {
		return fail(err.Error())
	}
	o.Issues = issues(f["issues"])
	o.Reasoning = f.text("reasoning", "reason", "explanation")
	o.RedoAction = f.text("redo_action", "new_action", "corrected_action")
	o.ReplanHint = f.text("replan_hint", "hint")
	if f.has("replan_steps", "new_plan") {
		if o.ReplanSteps, err = planField(RoleObserve, f, "replan_steps", "new_plan"); err != nil {
			return o, err
		}
	}
	o.Stop = f.text("stop") == "true"
	return o, o.complete()
}

// complete checks that a redo says what to do instead, and a replan how.
func (o Observation) complete() error {
	switch {
	case o.Decision == Redo && o.RedoAction == "":
		return &ParseError{RoleObserve, `decision "redo" needs "redo_action": the corrected action, such as "A person walks forward about 0.5 meters"`}
	case o.Decision == Redo && len(o.RedoAction) > MaxStepBytes:
		return &ParseError{RoleObserve, fmt.Sprintf("redo_action is %d bytes long; want at most %d", len(o.RedoAction), MaxStepBytes)}
	case o.Decision == Replan && o.ReplanHint == "" && len(o.ReplanSteps) == 0:
		return &ParseError{RoleObserve, `decision "replan" needs "replan_hint" (what to change) or "replan_steps" (the remaining steps)`}
	}
	return nil
}

// ParseReflection reads {"failure_analysis": "…", "strategy": "…", "plan": "1. …; 2. …", "delta":
// "…"}.
func ParseReflection(text string) (Reflection, error) {
	r := Reflection{Meta: Meta{Raw: text}}
	f, err := object(RoleReflect, text, `{"failure_analysis": "...", "strategy": "...", "plan": "1. A person ...; 2. ...", "delta": "..."}`)
	if err != nil {
		return r, err
	}
	r.FailureAnalysis = f.text("failure_analysis", "analysis")
	r.Strategy = f.text("strategy")
	r.Delta = f.text("delta", "changes")
	r.Reasoning = f.text("reasoning")
	if r.Steps, err = planField(RoleReflect, f, "plan", "new_plan", "steps"); err != nil {
		return r, err
	}
	return r, nil
}

// ParseVerdict reads {"status": "Pass|Fail", "reason": "…"}.
func ParseVerdict(text string) (Verdict, error) {
	v := Verdict{Meta: Meta{Raw: text}}
	f, err := object(RoleCheck, text, `{"status": "Pass|Fail", "reason": "..."}`)
	if err != nil {
		return v, err
	}
	switch s := strings.ToLower(f.text("status", "verdict", "result")); s {
	case "pass", "passed", "true", "success":
		v.Pass = true
	case "fail", "failed", "false", "failure":
	default:
		return v, &ParseError{RoleCheck, fmt.Sprintf(`"status" is %q; want "Pass" or "Fail"`, s)}
	}
	v.Reason = f.text("reason", "reasoning", "explanation")
	return v, nil
}

// object extracts a reply's JSON object or says which shape was wanted.
func object(role Role, text, shape string) (fields, error) {
	f, ok := extractObject(text)
	if !ok {
		return nil, &ParseError{role, "no JSON object found; reply with one object shaped " + shape}
	}
	return f, nil
}

// planField reads the first present key as a plan and validates it.
func planField(role Role, f fields, keys ...string) ([]string, error) {
	for _, k := range keys {
		if !f.has(k) {
			continue
		}
		steps, err := readSteps(f[k])
		if err == nil {
			err = checkSteps(steps)
		}
		if err != nil {
			return nil, &ParseError{role, fmt.Sprintf("%q: %v", k, err)}
		}
		return steps, nil
	}
	return nil, &ParseError{role, fmt.Sprintf("no %q field; want the plan as \"1. A person ...; 2. A person ...\"", keys[0])}
}

// decision normalises a decision word ("Redo", "re-plan") or says what was wanted.
func decision(s string) (Decision, error) {
	s = strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(s))
	switch Decision(s) {
	case Continue, Redo, Replan:
		return Decision(s), nil
	}
	return "", fmt.Errorf(`"decision" is %q; want "continue", "redo" or "replan"`, s)
}

// score reads a score in [0, 1]; a model's 7 (of 10) or 70 (of 100) is scaled down.
func score(f fields) (float64, error) {
	s := strings.TrimSuffix(f.text("score", "confidence"), "%")
	if s == "" {
		return 0, fmt.Errorf(`no "score"; want a number from 0 to 1`)
	}
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || v < 0 || v != v:
		return 0, fmt.Errorf(`"score" is %q; want a number from 0 to 1`, s)
	case v <= 1:
		return v, nil
	case v <= 10:
		return v / 10, nil
	case v <= 100:
		return v / 100, nil
	}
	return 0, fmt.Errorf(`"score" is %v; want a number from 0 to 1`, v)
}

// issues reads a list of {"type", "evidence"} objects or of strings ("undershoot: walked 0.8 m");
// types outside IssueTypes are kept as "other" with the given type in the evidence. A malformed
// list is read as no issues: issues inform, they do not decide.
func issues(raw json.RawMessage) []Issue {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return nil
	}
	var out []Issue
	for _, item := range list {
		if is, ok := readIssue(item); ok {
			out = append(out, is)
		}
	}
	return out
}

// readIssue reads one issue.
func readIssue(raw json.RawMessage) (Issue, bool) {
	var is Issue
	var s string
	if json.Unmarshal(raw, &s) == nil {
		t, ev, _ := strings.Cut(s, ":")
		is = Issue{Type: strings.TrimSpace(t), Evidence: strings.TrimSpace(ev)}
	} else {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return is, false
		}
		f := normalise(obj)
		is = Issue{Type: f.text("type", "kind"), Evidence: f.text("evidence", "description", "detail")}
	}
	is.Type = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(is.Type), " ", "_"))
	if !knownIssue(is.Type) {
		is.Evidence = strings.TrimSpace(is.Type + ": " + is.Evidence)
		is.Type = "other"
	}
	return is, is.Evidence != "" || is.Type != "other"
}

// knownIssue reports whether t is one of IssueTypes.
func knownIssue(t string) bool {
	for _, k := range IssueTypes() {
		if k == t {
			return true
		}
	}
	return false
}
