package app

import (
	"cmp"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"interactagent/agent"
	"interactagent/bench"
)

// The trace inspector's model: rounds → steps → attempts, each node with a one-line label, the
// words to show when it is picked, and an image (a step attempt's ghost image, a round's ghost).
// Node ids are "r2", "r2/s3" and "r2/s3/a1"; the root's children are the rounds, then "costs".

// Node is one line of the inspector's tree.
type Node struct {
	ID       string
	Label    string
	Detail   string // markdown
	Image    string // a PNG's full path, or ""
	Children []string
}

// Inspection is the tree of a run.
type Inspection struct {
	Nodes map[string]*Node
	Root  []string
}

// Inspect builds the tree of a run from its trace, summary and rounds.
func Inspect(run *agent.SavedRun) *Inspection {
	in := &Inspection{Nodes: map[string]*Node{}}
	for _, e := range run.Events {
		in.add(run, e)
	}
	judged, _ := bench.ResultOfRun(run.Dir)
	for _, rd := range run.Rounds {
		n := in.round(rd.Index)
		n.Detail += evaluatorText(judged, rd.Index) + roundMetrics(rd)
		if judged != nil && rd.Index <= len(judged.Rounds) {
			n.Label += map[bool]string{true: " · evaluator: success", false: " · evaluator: fail"}[judged.Rounds[rd.Index-1].Released.Success]
		}
		if n.Image == "" {
			n.Image = rd.Ghost
		}
	}
	in.Root = sortedRounds(in)
	costs := &Node{ID: "costs", Label: "costs", Detail: costsText(run)}
	in.Nodes["costs"] = costs
	in.Root = append(in.Root, "costs")
	return in
}

func sortedRounds(in *Inspection) []string {
	var ids []string
	for id := range in.Nodes {
		if !strings.Contains(id, "/") && strings.HasPrefix(id, "r") {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(a, b int) bool { return roundOf(ids[a]) < roundOf(ids[b]) })
	return ids
}

func roundOf(id string) int {
	var r int
	fmt.Sscanf(id, "r%d", &r)
	return r
}

// round returns round r's node, made on first use.
func (in *Inspection) round(r int) *Node {
	id := fmt.Sprintf("r%d", r)
	if n, ok := in.Nodes[id]; ok {
		return n
	}
	n := &Node{ID: id, Label: fmt.Sprintf("round %d", r)}
	in.Nodes[id] = n
	return n
}

// step returns step s of round r, made on first use.
func (in *Inspection) step(r, s int) *Node {
	id := fmt.Sprintf("r%d/s%d", r, s)
	if n, ok := in.Nodes[id]; ok {
		return n
	}
	n := &Node{ID: id, Label: fmt.Sprintf("step %d", s)}
	in.Nodes[id] = n
	parent := in.round(r)
	parent.Children = append(parent.Children, id)
	return n
}

// add files one event under its round, step or attempt.
func (in *Inspection) add(run *agent.SavedRun, e agent.Event) {
	if e.Round == 0 {
		return
	}
	rn := in.round(e.Round)
	switch e.Kind {
	case agent.KindPlan:
		rn.Detail += fmt.Sprintf("**Plan** (%d steps, by %s)\n\n%s\n\n", len(e.Plan), by(e), numbered(e.Plan))
	case agent.KindReflect:
		rn.Detail += fmt.Sprintf("**Reflection**\n\n%s\n\n%s\n\n", e.Text, numbered(e.Plan))
	case agent.KindCheck:
		rn.Label = fmt.Sprintf("round %d — %s", e.Round, passWord(e.Pass))
		rn.Detail += fmt.Sprintf("**Stop check: %s** — %s\n\n", passWord(e.Pass), e.Text)
	case agent.KindObserve:
		in.attempt(run, e)
	case agent.KindIntervention, agent.KindNote, agent.KindFault:
		target := rn
		if e.Step > 0 {
			target = in.step(e.Round, e.Step)
		}
		target.Detail += fmt.Sprintf("**%s** (%s): %s\n\n", e.Kind, by(e), e.Text)
	}
}

// attempt adds an observation as an attempt of its step.
func (in *Inspection) attempt(run *agent.SavedRun, e agent.Event) {
	st := in.step(e.Round, e.Step)
	id := fmt.Sprintf("%s/a%d", st.ID, e.Attempt)
	n := &Node{ID: id, Label: fmt.Sprintf("attempt %d: %s%s", e.Attempt, e.Decision, scoreText(e.Score))}
	if _, dup := in.Nodes[id]; !dup {
		st.Children = append(st.Children, id)
	}
	in.Nodes[id] = n
	st.Label = fmt.Sprintf("step %d: %s", e.Step, shorten(e.Action, 60))
	var b strings.Builder
	fmt.Fprintf(&b, "**Action**: %s\n\n**Decision**: %s (by %s)%s\n\n", e.Action, e.Decision, by(e), scoreText(e.Score))
	for _, is := range e.Issues {
		fmt.Fprintf(&b, "- issue **%s**: %s\n", is.Type, is.Evidence)
	}
	if e.Feedback != "" {
		fmt.Fprintf(&b, "\n**Feedback**: %s\n", e.Feedback)
	}
	if e.Reasoning != "" {
		fmt.Fprintf(&b, "\n**Reasoning**\n\n%s\n", e.Reasoning)
	}
	if e.Raw != "" {
		fmt.Fprintf(&b, "\n**Raw reply**\n\n```\n%s\n```\n", e.Raw)
	}
	n.Detail = b.String()
	if e.Image != "" {
		n.Image = filepath.Join(run.Dir, filepath.FromSlash(e.Image))
	}
}

// evaluatorText is the evaluator's verdict on round r, beside the stop check's and marked as the
// evaluator's: measured against the task's goals after the run, never shown to the model. A run
// that is not a judged bench trial has no goals to judge.
func evaluatorText(res *bench.Result, r int) string {
	if res == nil || r < 1 || r > len(res.Rounds) {
		return "**Evaluator** (not the model's): no goals to judge — a free instruction, or a bench trial not judged yet\n\n"
	}
	o := res.Rounds[r-1]
	word := map[bool]string{true: "success", false: "fail"}
	s := fmt.Sprintf("**Evaluator** (not the model's; measured against the task's goals, which no model role sees): %s (released rule), %s (strict rule)",
		word[o.Released.Success], word[o.Strict.Success])
	if !o.Released.Success && o.Released.Why != "" {
		s += fmt.Sprintf(" — step %d: %s", o.Released.FailedStep, o.Released.Why)
	}
	if o.Pass != nil && *o.Pass && !o.Released.Success {
		s += " — the stop check's Pass is a false pass"
	}
	return s + "\n\n"
}

func roundMetrics(rd agent.SavedRound) string {
	m := rd.Metrics
	pe := m.Penetration
	return fmt.Sprintf("| metric | value |\n|---|---|\n| frames | %d (%.1f s) |\n| steps | %d |\n| observations | %d (%d redos, %d replans) |\n"+
		"| pe_max | %.2f |\n| pe10%% | %.2f |\n| penetrating frames | %.0f %% |\n| measured on | %s body |\n\n",
		m.Frames, m.Seconds, m.Steps, m.Observations, m.Redos, m.Replans, pe.Max, pe.Top10, 100*pe.Penetrating, cmp.Or(pe.Body, "proxy"))
}

func costsText(run *agent.SavedRun) string {
	if run.Summary == nil {
		return "The run has not finished: no summary yet."
	}
	c := run.Summary.Costs
	return fmt.Sprintf("| cost | count |\n|---|---|\n| VQUs (images sent) | %d |\n| model requests | %d |\n| tokens | %d + %d |\n"+
		"| motion executions | %d |\n| renders | %d |\n\nModel: %s. Executor: %s.",
		c.VQUs, c.ModelRequests, c.PromptTokens, c.CompletionTokens, c.MotionExecutions, c.Renders, run.Summary.Model, run.Summary.Executor)
}

func by(e agent.Event) string {
	if e.By == "" {
		return "model"
	}
	return e.By
}

func passWord(p *bool) string {
	switch {
	case p == nil:
		return "not checked"
	case *p:
		return "pass"
	}
	return "fail"
}

func scoreText(s *float64) string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf(", score %.2f", *s)
}

func numbered(steps []string) string {
	var b strings.Builder
	for i, s := range steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s)
	}
	return b.String()
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
