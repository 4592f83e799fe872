package main

import (
	"io"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal: the one place where progress is drawn as bars that
// redraw themselves. Anywhere else (a log, a pipe, a buffer) a bar's redrawing would fill the
// output with control characters, so commands write lines there, or nothing.
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressBar shows how far a long job (frames of a video, images of a batch) has come as a
// one-line bar on a terminal. The packages doing the work only report numbers (see
// media.VideoConfig.Progress); turning them into terminal output is the command line's business.
//
// A nil *progressBar and one that does not draw accept every call and draw nothing, so callers
// never need to check. Its methods may be called from one goroutine at a time.
type progressBar struct {
	w           io.Writer
	description string
	draws       bool // whether the bar is drawn on w
	total       int
	p           *mpb.Progress
	bar         *mpb.Bar
}

// newProgressBar returns a bar labelled with description, drawn on w when w is a terminal and
// silent anywhere else. The bar appears with the first report, which gives the job's size.
func newProgressBar(w io.Writer, description string) *progressBar {
	return &progressBar{w: w, description: description, draws: isTerminal(w)}
}

// Report moves the bar to done steps of total; its signature is media.VideoConfig.Progress's.
// A job whose total is not positive gets no bar.
func (p *progressBar) Report(done, total int) {
	if p == nil || !p.draws || total <= 0 {
		return
	}
	if p.bar == nil {
		p.start(total)
	}
	p.bar.SetCurrent(int64(min(done, p.total)))
}

// start makes the bar for a job of total steps: its description, the share done, the count and
// the time left. Redrawing a terminal line for every frame costs more than the frame on fast
// jobs, so the bar is redrawn at most ten times a second. It is drawn whatever w is (mpb draws on
// terminals only, by itself): whether to draw was decided when the bar was made.
func (p *progressBar) start(total int) {
	p.total = total
	p.p = mpb.New(mpb.WithOutput(p.w), mpb.WithAutoRefresh(), mpb.WithWidth(30), mpb.WithRefreshRate(100*time.Millisecond))
	p.bar = p.p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name(p.description+" "), decor.NewPercentage("%d", decor.WCSyncSpace)),
		mpb.AppendDecorators(decor.CountersNoUnit(" %d/%d"), decor.AverageETA(decor.ET_STYLE_GO, decor.WCSyncSpace)))
}

// Finish fills the bar and ends its line. Call it once the job succeeded.
func (p *progressBar) Finish() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.SetCurrent(int64(p.total))
	p.end()
}

// Abandon ends the bar's line where it stands, for a job that failed part way, so that the error
// message that follows starts on a line of its own.
func (p *progressBar) Abandon() {
	if p == nil || p.bar == nil {
		return
	}
	p.bar.Abort(false)
	p.end()
}

// end waits for the bar's last drawing; a later report starts a new bar.
func (p *progressBar) end() {
	p.p.Wait()
	p.p, p.bar = nil, nil
}
