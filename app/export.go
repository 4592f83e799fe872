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
	var clips []*motion.Clip
	var titles []string
	for _, p := range panes {
		c, err := clipRange(p.Clip, x.From, x.To)
		if err != nil {
			return "", fmt.Errorf("app: export round %d: %w", p.Round, err)
		}
		clips, titles = append(clips, c), append(titles, p.Title)
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

// clipRange returns the frames of c within [from, to] seconds (to ≤ from: to the end).
func clipRange(c *motion.Clip, from, to float64) (*motion.Clip, error) {
	a := FrameOf(from, c.FPS, c.Len())
	b := c.Len()
	if to > from {
		b = FrameOf(to, c.FPS, c.Len()) + 1
	}
	if from < 0 || a >= b {
		return nil, fmt.Errorf("time range %.2f–%.2f s holds no frame of a %.2f s clip", from, to, c.Duration())
	}
	return c.Slice(a, b), nil
}
