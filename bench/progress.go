package bench

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"interactagent/agent"
)

// progress shows trials finishing; finished may be called from any worker.
type progress interface {
	finished(r *Result)
	// close ends the display; aborted says the bench stopped before its trials were done.
	close(aborted bool)
}

// newProgress returns bars per mode on a terminal (bars set), lines otherwise, nothing for a nil
// writer. todo are the trials to run and done the results already there.
func newProgress(w io.Writer, bars bool, modes []agent.Mode, todo []Trial, done []*Result) progress {
	switch {
	case w == nil:
		return quiet{}
	case bars:
		return newBarProgress(w, modes, todo, done)
	}
	return &lineProgress{w: w, total: len(todo) + len(done), done: len(done)}
}

// quiet shows nothing.
type quiet struct{}

// finished implements progress.
func (quiet) finished(*Result) {}

// close implements progress.
func (quiet) close(bool) {}

// lineProgress prints one line per finished trial, for logs and pipes.
type lineProgress struct {
	mu    sync.Mutex
	w     io.Writer
	total int
	done  int
}

// finished prints the trial's line.
func (p *lineProgress) finished(r *Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	fmt.Fprintf(p.w, "bench: [%d/%d] %s: %s\n", p.done, p.total, r.Trial.Name(), verdictLine(r))
}

// close says where a stopped bench stopped.
func (p *lineProgress) close(aborted bool) {
	if aborted {
		p.mu.Lock()
		defer p.mu.Unlock()
		fmt.Fprintf(p.w, "bench: stopped with %d of %d trials done\n", p.done, p.total)
	}
}

// verdictLine says in a few words how a trial went.
func verdictLine(r *Result) string {
	if r.Error != "" {
		return "error: " + r.Error
	}
	word := func(rule string) string {
		f := r.FinalRound()
		if f.outcome(rule).Success {
			return rule + " success"
		}
		return fmt.Sprintf("%s failed at step %d", rule, f.outcome(rule).FailedStep)
	}
	return fmt.Sprintf("%s, %s; %d round(s), %.1f s", word("released"), word("strict"), len(r.Rounds), r.Seconds)
}

// barProgress draws a bar per mode with its count of successes (released rule).
type barProgress struct {
	p    *mpb.Progress
	bars map[agent.Mode]*mpb.Bar
	ok   map[agent.Mode]*atomic.Int64
}

// newBarProgress makes the bars, each started at the trials already done.
func newBarProgress(w io.Writer, modes []agent.Mode, todo []Trial, done []*Result) *barProgress {
	b := &barProgress{p: mpb.New(mpb.WithOutput(w), mpb.WithWidth(36), mpb.WithRefreshRate(200*time.Millisecond)),
		bars: map[agent.Mode]*mpb.Bar{}, ok: map[agent.Mode]*atomic.Int64{}}
	total, already := map[agent.Mode]int{}, map[agent.Mode]int{}
	for _, t := range todo {
		total[t.Mode]++
	}
	for _, r := range done {
		total[r.Mode]++
		already[r.Mode]++
	}
	width := 0
	for _, m := range modes {
		width = max(width, len(m))
	}
	for _, m := range modes {
		if total[m] == 0 {
			continue
		}
		ok := &atomic.Int64{}
		for _, r := range done {
			if r.Mode == m && r.Success("released") {
				ok.Add(1)
			}
		}
		b.ok[m] = ok
		b.bars[m] = b.p.AddBar(int64(total[m]),
			mpb.PrependDecorators(decor.Name(string(m)+strings.Repeat(" ", width-len(m)+1)), decor.CountersNoUnit("%d/%d", decor.WCSyncWidth)),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return fmt.Sprintf("%d succeeded (released rule)", ok.Load()) })))
		b.bars[m].SetCurrent(int64(already[m]))
	}
	return b
}

// finished moves the trial's mode's bar.
func (b *barProgress) finished(r *Result) {
	if r.Success("released") {
		b.ok[r.Mode].Add(1)
	}
	b.bars[r.Mode].Increment()
}

// close ends the bars; those of a stopped bench end where they stand.
func (b *barProgress) close(aborted bool) {
	for _, bar := range b.bars {
		if !bar.Completed() {
			bar.Abort(false)
		}
	}
	b.p.Wait()
}
