package agent

import (
	"fmt"
	"strings"
)

// Line words the event for a person watching a run, in one line (the terminal's progress, the
// app's live log); "" for kinds not shown.
func (e Event) Line() string {
	at := where(e)
	switch e.Kind {
	case KindRun:
		return fmt.Sprintf("run: %q (%s)", e.Text, strings.Join(e.Plan, ", "))
	case KindAnalysis:
		return "scene analysed: " + firstLine(e.Text)
	case KindPlan:
		return fmt.Sprintf("%splan of %d steps", at, len(e.Plan))
	case KindObserve:
		s := fmt.Sprintf("%s%s (score %.2f) %q", at, e.Decision, deref(e.Score), shorten(e.Action, 60))
		if len(e.Issues) > 0 {
			s += " — " + e.Issues[0].Type + ": " + e.Issues[0].Evidence
		}
		return s
	case KindIntervention:
		return at + "person: " + e.Text
	case KindCheck:
		return fmt.Sprintf("%scheck: %s — %s", at, PassWord(e.Pass), e.Text)
	case KindReflect:
		return fmt.Sprintf("%sreflection: new plan of %d steps", at, len(e.Plan))
	case KindFault:
		return fmt.Sprintf("%s%s failed (try %d): %s", at, e.Role, e.Attempt, e.Text)
	case KindNote:
		return at + e.Text
	case KindDone:
		return "done: " + e.Text
	}
	return ""
}

// where prefixes a line with the round, step and attempt.
func where(e Event) string {
	var p []string
	if e.Round > 0 {
		p = append(p, fmt.Sprintf("round %d", e.Round))
	}
	if e.Step > 0 {
		p = append(p, fmt.Sprintf("step %d/%d", e.Step, e.Steps))
	}
	if e.Attempt > 0 && e.Kind != KindFault {
		p = append(p, fmt.Sprintf("attempt %d", e.Attempt))
	}
	if len(p) == 0 {
		return ""
	}
	return strings.Join(p, " · ") + ": "
}

// PassWord names a verdict: pass, fail, or "-" when there was none.
func PassWord(p *bool) string {
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
