package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressBar shows how far a long job (frames of a video, images of a batch) has come as a
// one-line bar on a terminal. The packages doing the work only report numbers (see
// media.VideoConfig.Progress); turning them into terminal output is the command line's business.
//
// A nil *progressBar and one made for a writer nobody looks at accept every call and draw
// nothing, so callers never need to check. Its methods may be called from one goroutine at a time.
type progressBar struct {
	w           io.Writer
	description string
	draws       bool // whether a person would see the bar on w
	bar         *progressbar.ProgressBar
}

// newProgressBar returns a bar labelled with description, drawn on w. It is silent when w is nil
// or io.Discard (disabled), or when w is a file that is not a terminal (a log or a pipe would fill
// with carriage returns). Any other writer — a terminal, or an in-memory writer a caller chose on
// purpose — gets the bar. The bar appears with the first report, which gives the job's size.
func newProgressBar(w io.Writer, description string) *progressBar {
	return &progressBar{w: w, description: description, draws: drawsProgress(w)}
}

// drawsProgress reports whether a bar written to w would be seen by a person.
func drawsProgress(w io.Writer) bool {
	if w == nil || w == io.Discard {
		return false
	}
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		return term.IsTerminal(int(f.Fd()))
	}
	return true
}

// Report moves the bar to done steps of total; its signature is media.VideoConfig.Progress's.
// A job whose total is not positive gets no bar.
func (p *progressBar) Report(done, total int) {
	if p == nil || !p.draws || total <= 0 {
		return
	}
	if p.bar == nil {
		p.bar = p.start(total)
	}
	p.bar.Set(done) // a bar's drawing error must not fail the job it reports on
}

// start makes the bar for a job of total steps.
func (p *progressBar) start(total int) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.description),
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		// Redrawing a terminal line for every frame costs more than the frame on fast jobs.
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(p.w) }),
	)
}

// Finish fills the bar and ends its line. Call it once the job succeeded.
func (p *progressBar) Finish() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Finish()
}

// Abandon ends the bar's line where it stands, for a job that failed part way, so that the error
// message that follows starts on a line of its own.
func (p *progressBar) Abandon() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Exit()
}
