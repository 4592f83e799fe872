package bench

import (
	"fmt"
	"sync"

	"interactagent/agent"
)

// ProgressKind says what a Progress report tells.
type ProgressKind int

// The reports of a bench, in the order Run makes them.
const (
	// ProgressStart: this shard's trials are counted and none has run yet (Modes, Total, Done,
	// Todo, Held).
	ProgressStart ProgressKind = iota + 1
	// ProgressTrial: a trial finished and its result is written (Result; Done counts it).
	ProgressTrial
	// ProgressEnd: no trial is running any more: all are done, or the bench stopped part way
	// (Stopped).
	ProgressEnd
)

// Progress is one report of a running bench to Options.Progress: one ProgressStart, then a
// ProgressTrial per finished trial, then one ProgressEnd. Fields a kind does not use stay empty.
// Drawing it (bars, lines, nothing) is the caller's business.
type Progress struct {
	Kind ProgressKind
	// Modes are the bench's modes, in its order.
	Modes []agent.Mode
	// Total counts this shard's trials, Done those with a result: the ones a resumed folder
	// already held and those finished since.
	Total, Done int
	// Todo are the trials to run (ProgressStart).
	Todo []Trial
	// Held are the results a resumed folder already holds, which do not run again (ProgressStart).
	Held []*Result
	// Result is the finished trial's (ProgressTrial).
	Result *Result
	// Stopped says the bench stopped before its trials were done (ProgressEnd).
	Stopped bool
}

// reporter sends a bench's progress to Options.Progress, one report at a time whichever worker
// finished a trial, and counts the trials done. A nil function reports nothing.
type reporter struct {
	mu    sync.Mutex
	fn    func(Progress)
	modes []agent.Mode
	total int
	done  int
}

// startReporting sends the ProgressStart report of a bench with trials todo to run and results
// held already.
func startReporting(fn func(Progress), modes []agent.Mode, todo []Trial, held []*Result) *reporter {
	r := &reporter{fn: fn, modes: modes, total: len(todo) + len(held), done: len(held)}
	r.send(Progress{Kind: ProgressStart, Todo: todo, Held: held})
	return r
}

// finished sends the ProgressTrial report of res; it may be called from any worker.
func (r *reporter) finished(res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done++
	r.send(Progress{Kind: ProgressTrial, Result: res})
}

// end sends the ProgressEnd report; stopped says the bench stopped before its trials were done.
func (r *reporter) end(stopped bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.send(Progress{Kind: ProgressEnd, Stopped: stopped})
}

// send fills in the counts and hands p to the function, if any.
func (r *reporter) send(p Progress) {
	if r.fn == nil {
		return
	}
	p.Modes, p.Total, p.Done = r.modes, r.total, r.done
	r.fn(p)
}

// Summary says in a few words how the trial went, as a progress line shows it: its error, or its
// outcome under both rules, its rounds and its wall time.
func (r *Result) Summary() string {
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
