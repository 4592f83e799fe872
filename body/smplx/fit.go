package smplx

import (
	"fmt"
	"math"

	"interactagent/motion"
)

// Motion is SMPL-family motion on a shaped model: one Params per frame at FPS, in our frame (Y up).
// The axis-angles of a fitted motion are continuous from frame to frame: where a rotation passes a
// half turn its axis-angle keeps growing past π rather than flipping its axis.
type Motion struct {
	Shaped *Shaped
	FPS    float64
	Frames []Params
	Fit    *FitError // how far the fit's joints are from the clip it was fitted to; nil when not fitted
}

// FitError is how far a fitted motion's 22 joints lie from the clip's, in millimetres. The model's
// bones keep their own lengths (betas are fixed), so where they differ from the clip's the error
// cannot reach zero.
type FitError struct {
	MeanMM     float64                   // over every joint of every frame
	MaxMM      float64                   // the largest
	JointMM    [motion.NumJoints]float64 // mean per joint
	WorstFrame int                       // where MaxMM is
	WorstJoint motion.Joint
}

// String sums the error up in one line, such as "mean 12.3 mm, max 45.6 mm (frame 7, left_wrist)".
func (e *FitError) String() string {
	return fmt.Sprintf("mean %.1f mm, max %.1f mm (frame %d, %s)", e.MeanMM, e.MaxMM, e.WorstFrame, e.WorstJoint)
}

// fitWeights are the weights Fit uses (docs/smplx.md, "Fitting our joints").
var fitWeights = weights{smooth: 0.01, prior: 0.003}

// Fit fits s to a clip's 22 joints: per frame the global orientation, 21 body rotations and the
// translation, betas fixed (s's), hands flat, jaw and eyes zero, at the clip's own rate.
//
// Each frame has an analytic pose (the pelvis and spine3 turned by their frames, every other bone
// by the shortest arc toward the clip's, the head, feet and wrists following their parents) and is
// fitted by Levenberg–Marquardt on the squared distances of the 22 joints, starting from the
// previous frame's fit (the first frame from its analytic pose), with small penalties on each
// rotation's change from the previous frame's and on its difference from the analytic pose (which
// fixes the twists the joints do not determine). The leaves' rotations, which move no body joint,
// stay at zero. The error the fit reaches is in Motion.Fit.
//
// Fit refuses a model whose first 22 joints are not our skeleton, and a clip that is empty, has a
// rate motion.CheckFPS refuses, a coordinate that is not finite or lies beyond ±geom.MaxCoord, or a
// bone shorter than body.MinBone, naming the frame and the joint.
func Fit(s *Shaped, clip *motion.Clip) (*Motion, error) {
	sk, err := shapedSkeleton(s)
	if err != nil {
		return nil, err
	}
	if err := checkClip(clip); err != nil {
		return nil, err
	}
	mo := &Motion{Shaped: s, FPS: clip.FPS, Frames: fitFrames(newSolver(sk), clip)}
	mo.Fit = measure(sk, mo.Frames, clip.Frames)
	return mo, nil
}

// fitFrames fits every frame of a checked clip in order, each pulled toward the one before.
func fitFrames(sv *solver, clip *motion.Clip) []Params {
	out := make([]Params, clip.Len())
	var prev *pose
	for t, joints := range clip.Frames {
		start := sv.sk.start(joints)
		p := sv.solve(&target{joints: joints, start: &start, prev: prev, w: fitWeights})
		out[t] = p.params(previous(out, t))
		q := poseOf(&out[t]) // exact rotations again, so nothing drifts over a long clip
		prev = &q
	}
	return out
}

// previous returns frame t−1 of frames, or nil for the first.
func previous(frames []Params, t int) *Params {
	if t == 0 {
		return nil
	}
	return &frames[t-1]
}

// Clip returns the motion's 22 joints per frame (forward kinematics, translation added) as a clip
// at mo.FPS. It refuses a motion whose model Fit would refuse or whose joints make no valid clip
// (no frames, a bad rate, a coordinate out of the world).
func (mo *Motion) Clip() (*motion.Clip, error) {
	sk, err := shapedSkeleton(mo.Shaped)
	if err != nil {
		return nil, err
	}
	c := &motion.Clip{FPS: mo.FPS, Frames: make([]motion.Pose, len(mo.Frames))}
	for t := range mo.Frames {
		c.Frames[t] = sk.joints(&mo.Frames[t])
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("smplx: the motion's joints: %w", err)
	}
	return c, nil
}

// joints returns the 22 posed joints of p.
func (sk *skeleton) joints(p *Params) motion.Pose {
	q := poseOf(p)
	return sk.forward(&q)
}

// measure returns how far the joints of frames lie from want's.
func measure(sk *skeleton, frames []Params, want []motion.Pose) *FitError {
	e := &FitError{}
	for t := range frames {
		got := sk.joints(&frames[t])
		for j := range got {
			d := 1000 * got[j].Sub(want[t][j]).Len()
			e.JointMM[j] += d
			if d > e.MaxMM || math.IsNaN(d) {
				e.MaxMM, e.WorstFrame, e.WorstJoint = d, t, motion.Joint(j)
			}
		}
	}
	for j := range e.JointMM {
		e.JointMM[j] /= float64(len(frames))
		e.MeanMM += e.JointMM[j] / motion.NumJoints
	}
	return e
}
