package trumans

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/geom"
	"interactagent/motion"
)

// Clip returns frames [from, to) of the recording as a clip at 30 fps, Y up, metres, reading only
// those rows. With a model it poses the SMPL-X parameters on it (smplx.ReadTRUMANS, then
// Sequence.Clip: betas 0, as TRUMANS fits its capture on the male model); without one it takes
// the first 22 joints of human_joints.npy. At most motion.MaxFrames frames.
func (r *Recording) Clip(from, to int, model *smplx.Model) (*motion.Clip, error) {
	if from < 0 || to <= from || to > r.Frames {
		return nil, fmt.Errorf("trumans: %s: frames [%d, %d), want 0 ≤ from < to ≤ %d (the arrays' rows)", r.Dir, from, to, r.Frames)
	}
	if to-from > motion.MaxFrames {
		return nil, fmt.Errorf("trumans: %s: frames [%d, %d) are %d frames, want at most %d", r.Dir, from, to, to-from, motion.MaxFrames)
	}
	if model != nil {
		return r.paramsClip(from, to, model)
	}
	return r.jointsClip(from, to)
}

// paramsClip poses the SMPL-X parameters of frames [from, to) on model.
func (r *Recording) paramsClip(from, to int, model *smplx.Model) (*motion.Clip, error) {
	if !r.HasParams {
		return nil, fmt.Errorf("trumans: %s has no SMPL-X parameters (%s…) to pose on %s; open it without a model to use %s", r.Dir, smplx.TRUMANSOrient, model.Name, JointsFile)
	}
	q, err := smplx.ReadTRUMANS(r.Dir, from, to)
	if err != nil {
		return nil, err
	}
	return q.Clip(model)
}

// jointsClip reads frames [from, to) of human_joints.npy, its first 22 joints of each.
func (r *Recording) jointsClip(from, to int) (*motion.Clip, error) {
	if !r.HasJoints {
		return nil, fmt.Errorf("trumans: %s has no %s: give an SMPL-X model file to pose its parameters", r.Dir, JointsFile)
	}
	a, err := openArray(r.Dir, JointsFile)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	vals, err := a.floats(from, to)
	if err != nil {
		return nil, err
	}
	c := &motion.Clip{FPS: FPS, Frames: make([]motion.Pose, to-from)}
	for t := range c.Frames {
		row := vals[t*a.rowLen:]
		for j := range NumJoints {
			p := mgl64.Vec3{row[3*j], row[3*j+1], row[3*j+2]}
			if !geom.InWorldVec(p) {
				return nil, a.formatErr(fmt.Sprintf("row %d", from+t), "joint %d at %v, want coordinates within ±%g m", j, p, geom.MaxCoord)
			}
			c.Frames[t][j] = p
		}
	}
	return c, nil
}

// ActionClip returns an action's frames as a clip (Clip) with one segment, the action's text.
func (r *Recording) ActionClip(a Action, model *smplx.Model) (*motion.Clip, error) {
	c, err := r.Clip(a.Start, a.End, model)
	if err != nil {
		return nil, err
	}
	c.Segments = []motion.Segment{{Action: a.Text, Start: 0, End: c.Len()}}
	return c, nil
}
