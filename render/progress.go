package render

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress shows how far a long job (frames of a video, images of a batch) has come as a one-line
// bar. A nil *Progress and one made for a disabled writer accept every call and draw nothing, so
// callers never need to check. Its methods may be called from one goroutine at a time.
type Progress struct {
	bar *progressbar.ProgressBar
}

// NewProgress returns a bar for a job of total steps, labelled with description, drawn on w.
// It is silent when w is nil or io.Discard (disabled), when w is a file that is not a terminal
// (a log or a pipe would fill with carriage returns), or when total is not positive. Any other
// writer — a terminal, or an in-memory writer a caller chose on purpose — gets the bar.
func NewProgress(w io.Writer, total int, description string) *Progress {
	if total <= 0 || !drawsProgress(w) {
		return &Progress{}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(description),
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		// Redrawing a terminal line for every frame costs more than the frame on fast jobs.
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }),
	)
	return &Progress{bar: bar}
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

// Add advances the bar by n steps.
func (p *Progress) Add(n int) {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Add(n) // a bar's drawing error must not fail the job it reports on
}

// Finish fills the bar and ends its line. Call it once the job succeeded.
func (p *Progress) Finish() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Finish()
}

// Abandon ends the bar's line where it stands, for a job that failed part way, so that the error
// message that follows starts on a line of its own.
func (p *Progress) Abandon() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Exit()
}
