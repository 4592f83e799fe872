package main

import (
	"bytes"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/bench"
	"interactagent/eval"
)

// benchReports are the reports of a bench of two naive trials, one held by a resumed folder, and
// one full trial, which finishes with an error; stopped says whether it ends part way.
func benchReports(stopped bool) []bench.Progress {
	modes := []agent.Mode{agent.Naive, agent.Full}
	won := eval.Outcome{Success: true}
	held := &bench.Result{Trial: bench.Trial{Task: "t1", Mode: agent.Naive}, Final: 1, Seconds: 2,
		Rounds: []bench.RoundOutcome{{Round: 1, Released: won, Strict: won}}}
	todo := []bench.Trial{{Task: "t2", Mode: agent.Naive}, {Task: "t1", Mode: agent.Full}}
	failed := &bench.Result{Trial: todo[1], Error: "no scene"}
	return []bench.Progress{
		{Kind: bench.ProgressStart, Modes: modes, Total: 3, Done: 1, Todo: todo, Held: []*bench.Result{held}},
		{Kind: bench.ProgressTrial, Modes: modes, Total: 3, Done: 2, Result: failed},
		{Kind: bench.ProgressEnd, Modes: modes, Total: 3, Done: 2, Stopped: stopped},
	}
}

// TestBenchLines: off a terminal, a bench prints a line per finished trial and where it stopped.
func TestBenchLines(t *testing.T) {
	var buf bytes.Buffer
	show := benchProgress(&buf)
	for _, p := range benchReports(true) {
		show(p)
	}
	want := "bench: [2/3] t1-full-s0: error: no scene\nbench: stopped with 2 of 3 trials done\n"
	if buf.String() != want {
		t.Errorf("lines %q, want %q", buf.String(), want)
	}
}

// TestBenchBars: on a terminal, a bench draws a bar per mode started at the trials a resumed
// folder holds, with its successes, and a stopped bench's bars end where they stand.
func TestBenchBars(t *testing.T) {
	var buf bytes.Buffer
	bars := &benchBars{w: &buf}
	for _, p := range benchReports(true) {
		bars.report(p)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("bars drew %q, want a line per mode", buf.String())
	}
	last := lines[len(lines)-2:] // the last drawing: on a buffer, mpb leaves no room for the bar itself
	for k, want := range [][2]string{{"naive 1/2", "1 succeeded (released rule)"}, {"full  1/1", "0 succeeded (released rule)"}} {
		line := last[k]
		if i := strings.LastIndex(line, "\x1b[J"); i >= 0 {
			line = line[i+len("\x1b[J"):] // the escape that clears the previous drawing
		}
		if !strings.HasPrefix(line, want[0]) || !strings.HasSuffix(line, want[1]) {
			t.Errorf("bar %d drew %q, want %q … %q", k, line, want[0], want[1])
		}
	}
}
