package render

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/motion"
)

// smplxFit is an SMPL-family model fitted to one clip: the parameters of each of its frames, found
// by pose.
type smplxFit struct {
	shaped *smplx.Shaped
	motion *smplx.Motion
	frames map[motion.Pose]int // each frame's index by its pose
}

// newSMPLXFit fits s to clip (smplx.Fit).
func newSMPLXFit(s *smplx.Shaped, clip *motion.Clip) (*smplxFit, error) {
	mo, err := smplx.Fit(s, clip)
	if err != nil {
		return nil, fmt.Errorf("render: fit %s: %w", s.Model.Name, err)
	}
	f := &smplxFit{shaped: s, motion: mo, frames: make(map[motion.Pose]int, clip.Len())}
	for i, p := range clip.Frames {
		f.frames[p] = i
	}
	return f, nil
}

// params returns the parameters of pose p: its frame's, or for a pose between frames (a video
// or pane drawn at another rate) the fit of that pose alone.
func (f *smplxFit) params(p motion.Pose) (smplx.Params, error) {
	if i, ok := f.frames[p]; ok {
		return f.motion.Frames[i], nil
	}
	mo, err := smplx.Fit(f.shaped, &motion.Clip{FPS: f.motion.FPS, Frames: []motion.Pose{p}})
	if err != nil {
		return smplx.Params{}, fmt.Errorf("render: fit %s: %w", f.shaped.Model.Name, err)
	}
	return mo.Frames[0], nil
}

// figure completes f (its pose set) with the model, its skinning and its vertices skinned exactly.
func (f *smplxFit) figure(fig Figure) (Figure, error) {
	p, err := f.params(fig.Pose)
	if err != nil {
		return Figure{}, err
	}
	s := f.shaped.Skinning(&p)
	fig.Body, fig.Skin = f.shaped.Mesh(), &s
	fig.Posed = make([]mgl64.Vec3, len(f.shaped.Vertices))
	f.shaped.Skin(&p, fig.Posed)
	return fig, nil
}
