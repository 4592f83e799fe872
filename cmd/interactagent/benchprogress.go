package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"interactagent/agent"
	"interactagent/bench"
)

// benchProgress returns what shows a bench's progress on w (bench.Options.Progress): a bar per
// mode with its count of successes on a terminal, a line per finished trial anywhere else (a log,
// a pipe).
func benchProgress(w io.Writer) func(bench.Progress) {
	if isTerminal(w) {
		return (&benchBars{w: w}).report
	}
	return benchLines(w)
}

// benchLines prints one line per finished trial, and where a stopped bench stopped.
func benchLines(w io.Writer) func(bench.Progress) {
	return func(p bench.Progress) {
		switch {
		case p.Kind == bench.ProgressTrial:
			fmt.Fprintf(w, "bench: [%d/%d] %s: %s\n", p.Done, p.Total, p.Result.Trial.Name(), p.Result.Summary())
		case p.Kind == bench.ProgressEnd && p.Stopped:
			fmt.Fprintf(w, "bench: stopped with %d of %d trials done\n", p.Done, p.Total)
		}
	}
}

// benchBars draws a bar per mode with its count of successes (released rule). The bench sends
// one report at a time, so report needs no lock of its own.
type benchBars struct {
	w    io.Writer
	p    *mpb.Progress
	bars map[agent.Mode]*mpb.Bar
	ok   map[agent.Mode]*atomic.Int64 // read by the drawing goroutine
}

// report draws one report: the bars at the start, a step at each finished trial, the bars' end.
func (b *benchBars) report(p bench.Progress) {
	switch p.Kind {
	case bench.ProgressStart:
		b.start(p)
	case bench.ProgressTrial:
		if p.Result.Success("released") {
			b.ok[p.Result.Mode].Add(1)
		}
		b.bars[p.Result.Mode].Increment()
	case bench.ProgressEnd:
		b.end()
	}
}

// start makes a bar for each mode with trials, started at the trials already done. They are
// drawn whatever w is (mpb draws on terminals only, by itself): benchProgress has decided.
func (b *benchBars) start(p bench.Progress) {
	b.p = mpb.New(mpb.WithOutput(b.w), mpb.WithAutoRefresh(), mpb.WithWidth(36), mpb.WithRefreshRate(200*time.Millisecond))
	b.bars, b.ok = map[agent.Mode]*mpb.Bar{}, map[agent.Mode]*atomic.Int64{}
	width := 0
	for _, m := range p.Modes {
		width = max(width, len(m))
	}
	counts := countByMode(p)
	for _, m := range p.Modes {
		if c := counts[m]; c.total > 0 {
			b.ok[m] = &atomic.Int64{}
			b.ok[m].Store(c.ok)
			b.bars[m] = b.addBar(string(m)+strings.Repeat(" ", width-len(m)+1), c.total, b.ok[m])
			b.bars[m].SetCurrent(int64(c.held))
		}
	}
}

// modeCount is a mode's trials in a bench: all of them, those a resumed folder holds, and how
// many of those succeeded (released rule).
type modeCount struct {
	total, held int
	ok          int64
}

// countByMode counts the trials of a ProgressStart report by mode.
func countByMode(p bench.Progress) map[agent.Mode]modeCount {
	counts := map[agent.Mode]modeCount{}
	for _, t := range p.Todo {
		c := counts[t.Mode]
		c.total++
		counts[t.Mode] = c
	}
	for _, r := range p.Held {
		c := counts[r.Mode]
		c.total, c.held = c.total+1, c.held+1
		if r.Success("released") {
			c.ok++
		}
		counts[r.Mode] = c
	}
	return counts
}

// addBar adds the bar named name for total trials, showing the count of successes ok.
func (b *benchBars) addBar(name string, total int, ok *atomic.Int64) *mpb.Bar {
	return b.p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name(name), decor.CountersNoUnit("%d/%d", decor.WCSyncWidth)),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return fmt.Sprintf("%d succeeded (released rule)", ok.Load()) })))
}

// end ends the bars; those of a stopped bench end where they stand.
func (b *benchBars) end() {
	for _, bar := range b.bars {
		if !bar.Completed() {
			bar.Abort(false)
		}
	}
	b.p.Wait()
}
