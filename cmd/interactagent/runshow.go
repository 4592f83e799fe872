package main

import (
	"fmt"
	"io"

	"interactagent/agent"
)

// showProgress prints one line per event worth a person's attention while a run goes. Lines carry
// a model's words and a task's text, so they are made printable first.
func showProgress(w io.Writer, events <-chan agent.Event) {
	for e := range events {
		if line := e.Line(); line != "" {
			fmt.Fprintln(w, printable(line))
		}
	}
}

// printRounds prints the closing table: one line per round, and where the files are.
func printRounds(w io.Writer, tr *agent.Trace, dir string) {
	fmt.Fprintf(w, "\n%-6s %6s %5s %5s %6s %6s %8s %8s %7s\n", "round", "steps", "obs", "redo", "replan", "check", "pe_max", "pe10%", "seconds")
	for _, r := range tr.Rounds {
		m := r.Metrics
		fmt.Fprintf(w, "%-6d %6d %5d %5d %6d %6s %8.2f %8.2f %7.1f%s\n", r.Index, m.Steps, m.Observations, m.Redos, m.Replans,
			agent.PassWord(m.Pass), m.Penetration.Max, m.Penetration.Top10, m.Seconds, roundMark(tr, r.Index))
	}
	c := tr.Costs
	fmt.Fprintf(w, "\ncosts: %d VQUs, %d model requests, %d+%d tokens, %d motion executions, %d renders\n",
		c.VQUs, c.ModelRequests, c.PromptTokens, c.CompletionTokens, c.MotionExecutions, c.Renders)
	fmt.Fprintf(w, "model: %s\nexecutor: %s\n", tr.Model, tr.Executor)
	if s := agent.Summarize(tr); s.Body != "" {
		fmt.Fprintf(w, "penetration measured on the %s body: %s\n", s.Body, s.PenetrationOn)
	}
	for _, r := range tr.Rounds {
		if f := r.Metrics.Penetration.Fit; f != nil {
			fmt.Fprintf(w, "round %d: the model fitted to the motion puts its joints %.1f mm from the clip's on average, %.1f mm at most (%s, frame %d)\n",
				r.Index, f.MeanMM, f.MaxMM, f.WorstJoint, f.WorstFrame)
		}
	}
	fmt.Fprintf(w, "run folder: %s (summary.json, trace.jsonl; round %d: %s/round-%d/ghost.png, motion.json, motion.npy)\n",
		dir, tr.Final, dir, tr.Final)
}

// roundMark marks round i in the table: the round the run stopped at, and the best.
func roundMark(tr *agent.Trace, i int) string {
	mark := ""
	if i == tr.Final {
		mark += " ← stopped"
	}
	if i == tr.Best {
		mark += " (best)"
	}
	return mark
}
