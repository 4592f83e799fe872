package export

import (
	"context"
	"fmt"

	"interactagent/body/smplx"
	"interactagent/motion"
	"interactagent/motion/anim"
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
	e, done, err := engine(req)
	if err != nil {
		return Result{}, err
	}
	defer done()
	clips, opt, err := panes(req, src.takes)
	if err != nil {
		return Result{}, err
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

// engine returns the request's engine, or starts one; done closes only an engine it started.
func engine(req Request) (e *render.Engine, done func(), err error) {
	if req.Engine != nil {
		return req.Engine, func() {}, nil
	}
	if e, err = render.NewEngine(render.Options{}); err != nil {
		return nil, nil, fmt.Errorf("export: video: %w", err)
	}
	return e, func() { e.Close() }, nil
}

// panes returns the takes' clips and the sequence's options: the pane size asked for, the body
// (Request.Body; checkRequest has checked the name), and titles when there are several panes to
// tell apart.
func panes(req Request, takes []anim.Take) ([]*motion.Clip, render.SequenceOptions, error) {
	clips := make([]*motion.Clip, len(takes))
	titles := make([]string, len(takes))
	for i, tk := range takes {
		clips[i], titles[i] = tk.Clip, tk.Name
	}
	kind, err := videoBody(req)
	opt := render.SequenceOptions{Width: req.Width, Height: req.Height, Body: kind}
	if len(clips) > 1 {
		opt.Titles = titles
	}
	return clips, opt, err
}

// videoBody is the body a video draws: Request.Body's, with the user's model file for the smplx
// body (Request.SMPLX, else $INTERACTAGENT_SMPLX).
func videoBody(req Request) (render.BodyKind, error) {
	if req.Body != SMPLXBody {
		return render.ParseBody(req.Body)
	}
	s, err := smplx.Open(smplx.PathFrom(req.SMPLX))
	if err != nil {
		return render.BodyDefault, fmt.Errorf("export: video with the %s body: %w", SMPLXBody, err)
	}
	return render.BodySMPLX(s), nil
}
