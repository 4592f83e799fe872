package app

import (
	"context"
	"fmt"
	"image"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
)

// ClipExport is a video of the panes over a time range, as the Export menu asks for it.
type ClipExport struct {
	From, To float64 // seconds on the shared clock; To ≤ From means to the end
	Grid     bool    // every pane side by side, else the focused one
	Size     image.Point
	Path     string // .mp4 or .gif
}

// ExportClip writes the session's panes as a video over a time range, drawn as `interactagent
// render --grid` draws them, and returns the path written (a GIF beside an .mp4 when ffmpeg is
// missing).
func ExportClip(ctx context.Context, e *render.Engine, ses *Session, x ClipExport, progress func(done, total int)) (string, error) {
	panes := ses.Panes
	if !x.Grid && ses.Focus < len(panes) {
		panes = panes[ses.Focus : ses.Focus+1]
	}
	if len(panes) == 0 {
		return "", fmt.Errorf("app: export: no round to export")
	}
	longest := 0.0
	for _, p := range panes {
		longest = max(longest, p.Duration())
	}
	if x.From < 0 || x.From > longest || (x.To > x.From && x.To-x.From < 1e-9) {
		return "", fmt.Errorf("app: export: time range %.2f–%.2f s, want a start within the rounds' 0–%.2f s", x.From, x.To, longest)
	}
	var clips []*motion.Clip
	var titles []string
	for _, p := range panes {
		clips, titles = append(clips, clipRange(p.Clip, x.From, x.To)), append(titles, p.Title)
	}
	size := x.Size
	if size.X <= 0 || size.Y <= 0 {
		size = image.Pt(640, 360)
	}
	seq, err := e.NewSequence(ses.Scene, clips, render.SequenceOptions{Width: size.X, Height: size.Y, Titles: titles})
	if err != nil {
		return "", err
	}
	return seq.Write(ctx, x.Path, media.VideoConfig{FallbackGIF: true, Progress: progress})
}

// clipRange returns the frames of c within [from, to] seconds (to ≤ from: to the end); a clip
// that ended before from gives its last frame, held as the panes hold it.
func clipRange(c *motion.Clip, from, to float64) *motion.Clip {
	a := FrameOf(from, c.FPS, c.Len())
	b := c.Len()
	if to > from {
		b = FrameOf(to, c.FPS, c.Len()) + 1
	}
	return c.Slice(a, max(b, a+1))
}
