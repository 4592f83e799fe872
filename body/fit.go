package body

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Fitter poses a Model from a clip's 22 joint positions (docs/body.md):
//
//   - the limbs land exactly: each bone of a leg or an arm (hip → knee → ankle → toe, collar →
//     shoulder → elbow → wrist) starts where its parent put the mesh's joint, turns by the shortest
//     arc from its rest direction (carried by its parent's rotation) to the clip's, and is scaled
//     along itself to reach the clip's joint, so knees, ankles, toes, shoulders, elbows and wrists
//     are where the clip says;
//   - the torso keeps the mesh's shape, scaled uniformly by the clip's torso size: the pelvis is
//     placed by the hip centre and turned by its frame (up toward the spine, across the hips), the
//     two lower spine bones follow the clip's spine at the same fractions of its length, the chest
//     turns by its frame (up to the neck, across the collars) and the neck follows the clip's neck →
//     head direction; all of these are measured against a standing frame of the clip (see
//     calibration), where the mesh's own trunk stands;
//   - the leaves (head, toes, hands) turn with their parents;
//   - the feet's depth is scaled, about the ankle → toe bone and the toe joint, so that the
//     standing frame's soles rest on the floor (see feet).
//
// A Fitter is read-only after NewFitter, so one may serve several goroutines.
type Fitter struct {
	m       *Model
	frac    [3]float64 // the mesh's spine1, spine2, spine3 along its spine, as fractions of its length
	meshHip mgl64.Vec3 // the mesh's rest hip centre
	cal     calibration
	joints  meshJoints
	footUp  [motion.NumJoints]mgl64.Vec3 // the rest axis of each foot bone's depth (see footUp); zero elsewhere
}

// limbChild names the joint each limb bone reaches for; leaves have none.
var limbChild = map[motion.Joint]motion.Joint{
	motion.LeftHip: motion.LeftKnee, motion.RightHip: motion.RightKnee,
	motion.LeftKnee: motion.LeftAnkle, motion.RightKnee: motion.RightAnkle,
	motion.LeftAnkle: motion.LeftFoot, motion.RightAnkle: motion.RightFoot,
	motion.LeftCollar: motion.LeftShoulder, motion.RightCollar: motion.RightShoulder,
	motion.LeftShoulder: motion.LeftElbow, motion.RightShoulder: motion.RightElbow,
	motion.LeftElbow: motion.LeftWrist, motion.RightElbow: motion.RightWrist,
}

// NewFitter checks every frame of c and calibrates the fit from c's most upright standing frame
// (motion.RestPose stands in when no frame stands): the torso, and the feet's depth that rests
// that frame's soles on the floor. It refuses a clip with a joint that is not finite or a bone
// shorter than MinBone, naming the frame and the joint, and a model whose bones are that short.
func NewFitter(m *Model, c *motion.Clip) (*Fitter, error) {
	if m == nil {
		return nil, errors.New("body: no model to fit, want one from Human or Decode")
	}
	if err := checkPose(m.Joints); err != nil {
		return nil, fmt.Errorf("body: model %q: %w", m.Name, err)
	}
	if err := checkClip(c); err != nil {
		return nil, err
	}
	f := &Fitter{m: m, frac: spineFractions(spinePoints(m.Joints)), meshHip: hipCentre(m.Joints)}
	for _, j := range []motion.Joint{motion.LeftAnkle, motion.RightAnkle, motion.LeftFoot, motion.RightFoot} {
		f.footUp[j] = footUp(m, j)
	}
	var stand motion.Pose
	f.cal, stand = calibrate(m, f.frac, c)
	pl := f.place(stand)
	f.joints = f.calibrateJoints(stand, &pl)
	f.cal.feet = f.calibrateFeet(stand)
	return f, nil
}

// FootScales returns the depth scales of the feet that the fit calibrated: of the heel and arch
// (the ankle bones' geometry) and of the toes, each 1 where the mesh's foot is kept (docs/body.md).
func (f *Fitter) FootScales() (ankle, toe float64) { return f.cal.feet.ankle, f.cal.feet.toe }

// StandingFrame returns the index of the clip's frame the fit was calibrated on, or -1 when no frame
// stood and motion.RestPose stood in.
func (f *Fitter) StandingFrame() int { return f.cal.frame }

// Frame returns the skinning matrices that pose the model as p. It refuses a pose that NewFitter
// would refuse, naming the joint.
func (f *Fitter) Frame(p motion.Pose) (Skinning, error) {
	var s Skinning
	if err := checkPose(p); err != nil {
		return s, fmt.Errorf("body: pose: %w", err)
	}
	return f.skinning(p), nil
}

// skinning returns the skinning matrices of a pose that checkPose accepts.
func (f *Fitter) skinning(p motion.Pose) Skinning {
	var s Skinning
	pl := f.place(p)
	for j := range s {
		s[j] = pl[j].matrix(f.m.Joints[j])
	}
	return s
}

// placement is where one bone of the mesh goes: its joint moves to start, and the bone's rest
// geometry around the joint is mapped by lin (its rotation rot, then a scale).
type placement struct {
	start    mgl64.Vec3
	rot, lin mgl64.Mat3
}

// matrix returns the bone's skinning matrix T(start)·lin·T(−joint).
func (pl placement) matrix(joint mgl64.Vec3) mgl64.Mat4 {
	m := pl.lin.Mat4()
	t := pl.start.Sub(pl.lin.Mul3x1(joint))
	m[12], m[13], m[14] = t[0], t[1], t[2]
	return m
}
