package export

import (
	"context"
	"fmt"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
)

// video draws the takes in the run's scene (the floor alone for a motion file without one): one
// round, or every round in panes side by side on one clock, titled by round.
func video(ctx context.Context, req Request, src *source) (Result, error) {
	sc, err := src.scene("")
	if err != nil {
		return Result{}, err
	}
	e := req.Engine
	if e == nil {
		if e, err = render.NewEngine(render.Options{}); err != nil {
			return Result{}, fmt.Errorf("export: video: %w", err)
		}
		defer e.Close()
	}
	clips := make([]*motion.Clip, len(src.takes))
	var titles []string
	for i, tk := range src.takes {
		clips[i] = tk.Clip
		titles = append(titles, tk.Name)
	}
	opt := render.SequenceOptions{Width: req.Width, Height: req.Height}
	if len(clips) > 1 {
		opt.Titles = titles
	}
	q, err := e.NewSequence(sc, clips, opt)
	if err != nil {
		return Result{}, fmt.Errorf("export: video: %w", err)
	}
	if _, err := q.Write(ctx, req.Out, media.VideoConfig{Progress: req.Progress}); err != nil {
		return Result{}, fmt.Errorf("export: video: %w", err)
	}
	return Result{Files: []string{req.Out}, Notes: []string{fmt.Sprintf("%d frames at %g fps: %s", q.Len(), q.FPS(), takeNames(src.takes))}}, nil
}
