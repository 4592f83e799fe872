package smplx

import "interactagent/motion"

// Motion is SMPL-family motion on a shaped model: one Params per frame at FPS, in our frame (Y up).
type Motion struct {
	Shaped *Shaped
	FPS    float64
	Frames []Params
	Fit    *FitError // how far the fit's joints are from the clip it was fitted to; nil when not fitted
}

// FitError is how far a fitted motion's 22 joints lie from the clip's, in millimetres.
type FitError struct {
	MeanMM     float64                   // over every joint of every frame
	MaxMM      float64                   // the largest
	JointMM    [motion.NumJoints]float64 // mean per joint
	WorstFrame int                       // where MaxMM is
	WorstJoint motion.Joint
}

// Fit fits s to a clip's 22 joints: per frame the global orientation, 21 body rotations and the
// translation, betas fixed (s's), hands flat, jaw and eyes zero.
func Fit(s *Shaped, clip *motion.Clip) (*Motion, error) { return nil, errTODO }

// Clip returns the motion's 22 joints per frame (forward kinematics) as a clip at mo.FPS.
func (mo *Motion) Clip() (*motion.Clip, error) { return nil, errTODO }
