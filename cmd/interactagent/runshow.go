package main

import (
	"fmt"
	"io"
	"strings"

	"interactagent/agent"
)

// showProgress prints one line per event worth a person's attention while a run goes.
func showProgress(w io.Writer, events <-chan agent.Event) {
	for e := range events {
		if line := progressLine(e); line != "" {
			fmt.Fprintln(w, line)
		}
	}
}

// progressLine words an event for the terminal; "" for events not shown.
func progressLine(e agent.Event) string {
	at := where(e)
	switch e.Kind {
	case agent.KindRun:
		return fmt.Sprintf("run: %q (%s)", e.Text, strings.Join(e.Plan, ", "))
	case agent.KindAnalysis:
		return "scene analysed: " + firstLine(e.Text)
	case agent.KindPlan:
		return fmt.Sprintf("%splan of %d steps", at, len(e.Plan))
	case agent.KindObserve:
		s := fmt.Sprintf("%s%s (score %.2f) %q", at, e.Decision, deref(e.Score), shorten(e.Action, 60))
		if len(e.Issues) > 0 {
			s += " — " + e.Issues[0].Type + ": " + e.Issues[0].Evidence
		}
		return s
	case agent.KindIntervention:
		return at + "person: " + e.Text
	case agent.KindCheck:
		return fmt.Sprintf("%scheck: %s — %s", at, passWord(e.Pass), e.Text)
	case agent.KindReflect:
		return fmt.Sprintf("%sreflection: new plan of %d steps", at, len(e.Plan))
	case agent.KindFault:
		return fmt.Sprintf("%s%s failed (try %d): %s", at, e.Role, e.Attempt, e.Text)
	case agent.KindNote:
		return at + e.Text
	case agent.KindDone:
		return "done: " + e.Text
	}
	return ""
}

// where prefixes a line with the round, step and attempt.
func where(e agent.Event) string {
	var p []string
	if e.Round > 0 {
		p = append(p, fmt.Sprintf("round %d", e.Round))
	}
	if e.Step > 0 {
		p = append(p, fmt.Sprintf("step %d/%d", e.Step, e.Steps))
	}
	if e.Attempt > 0 && e.Kind != agent.KindFault {
		p = append(p, fmt.Sprintf("attempt %d", e.Attempt))
	}
	if len(p) == 0 {
		return ""
	}
	return strings.Join(p, " · ") + ": "
}

// printRounds prints the closing table: one line per round, and where the files are.
func printRounds(w io.Writer, tr *agent.Trace, dir string) {
	fmt.Fprintf(w, "\n%-6s %6s %5s %5s %6s %6s %8s %8s %7s\n", "round", "steps", "obs", "redo", "replan", "check", "pe_max", "pe10%", "seconds")
	for _, r := range tr.Rounds {
		m := r.Metrics
		mark := ""
		if r.Index == tr.Final {
			mark += " ← stopped"
		}
		if r.Index == tr.Best {
			mark += " (best)"
		}
		fmt.Fprintf(w, "%-6d %6d %5d %5d %6d %6s %8.2f %8.2f %7.1f%s\n", r.Index, m.Steps, m.Observations, m.Redos, m.Replans,
			passWord(m.Pass), m.Penetration.Max, m.Penetration.Top10, m.Seconds, mark)
	}
	c := tr.Costs
	fmt.Fprintf(w, "\ncosts: %d VQUs, %d model requests, %d+%d tokens, %d motion executions, %d renders\n",
		c.VQUs, c.ModelRequests, c.PromptTokens, c.CompletionTokens, c.MotionExecutions, c.Renders)
	fmt.Fprintf(w, "model: %s\nexecutor: %s\n", tr.Model, tr.Executor)
	fmt.Fprintf(w, "run folder: %s (summary.json, trace.jsonl; round %d: %s/round-%d/ghost.png, motion.json, motion.npy)\n",
		dir, tr.Final, dir, tr.Final)
}

// passWord names a verdict.
func passWord(p *bool) string {
	switch {
	case p == nil:
		return "-"
	case *p:
		return "pass"
	}
	return "fail"
}

func deref(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return shorten(line, 100)
}

// shorten cuts s to n runes.
func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
