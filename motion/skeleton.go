package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// NumJoints is the number of joints of the HumanML3D skeleton.
const NumJoints = 22

// Joint indexes one of the 22 joints (SMPL body order).
type Joint int

// The 22 joints in SMPL body order, as HumanML3D stores them.
const (
	Pelvis Joint = iota
	LeftHip
	RightHip
	Spine1
	LeftKnee
	RightKnee
	Spine2
	LeftAnkle
	RightAnkle
	Spine3
	LeftFoot
	RightFoot
	Neck
	LeftCollar
	RightCollar
	Head
	LeftShoulder
	RightShoulder
	LeftElbow
	RightElbow
	LeftWrist
	RightWrist
)

var jointNames = [NumJoints]string{
	"pelvis", "left_hip", "right_hip", "spine1", "left_knee", "right_knee", "spine2",
	"left_ankle", "right_ankle", "spine3", "left_foot", "right_foot", "neck", "left_collar",
	"right_collar", "head", "left_shoulder", "right_shoulder", "left_elbow", "right_elbow",
	"left_wrist", "right_wrist",
}

// String returns the joint's HumanML3D name, such as "left_knee".
func (j Joint) String() string {
	if j < 0 || j >= NumJoints {
		return "joint(?)"
	}
	return jointNames[j]
}

// JointByName returns the joint with the given HumanML3D name.
func JointByName(name string) (Joint, bool) {
	for i, n := range jointNames {
		if n == name {
			return Joint(i), true
		}
	}
	return 0, false
}

// The skeleton's tables are unexported arrays behind functions, so that no importer can change the
// skeleton every other package sees.

// parents holds each joint's parent; the pelvis (the root) has -1.
var parents = [NumJoints]Joint{-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19}

// Parent returns joint j's parent: -1 for the pelvis (the root) and for a joint out of range.
// Every other joint's parent has a smaller index, so a loop over the joints in order meets each
// parent before its children.
func Parent(j Joint) Joint {
	if j < 0 || j >= NumJoints {
		return -1
	}
	return parents[j]
}

// Chains returns the kinematic chains of HumanML3D, each starting at the pelvis or at spine3: the
// right leg, the left leg, the spine to the head, the right arm and the left arm. Each call returns
// new slices.
func Chains() [][]Joint {
	return [][]Joint{
		{Pelvis, RightHip, RightKnee, RightAnkle, RightFoot},
		{Pelvis, LeftHip, LeftKnee, LeftAnkle, LeftFoot},
		{Pelvis, Spine1, Spine2, Spine3, Neck, Head},
		{Spine3, RightCollar, RightShoulder, RightElbow, RightWrist},
		{Spine3, LeftCollar, LeftShoulder, LeftElbow, LeftWrist},
	}
}

// boneLengths holds, per joint, the length in metres of the bone from its parent to it (HumanML3D's
// target skeleton); the pelvis has 0.
var boneLengths = [NumJoints]float64{
	0, 0.1031, 0.1099, 0.1316, 0.3936, 0.3902, 0.1432, 0.4324, 0.4256, 0.0574, 0.1434,
	0.1494, 0.2194, 0.1375, 0.1434, 0.1030, 0.1316, 0.1230, 0.2568, 0.2631, 0.2660, 0.2699,
}

// BoneLength returns the length in metres of the bone from joint j's parent to j (HumanML3D's
// target skeleton): 0 for the pelvis, which has no bone, and for a joint out of range.
func BoneLength(j Joint) float64 {
	if j < 0 || j >= NumJoints {
		return 0
	}
	return boneLengths[j]
}

// restDirections are the bone directions of the natural standing rest pose (facing +Z, left at +X):
// hips out and down, a slightly forward-leaning spine, collars out and up, arms hanging a little
// away from the body, feet pointing forward and down to the toes.
var restDirections = [NumJoints]mgl64.Vec3{
	{0, 0, 0},
	{0.6, -0.78, -0.15}, {-0.6, -0.78, -0.15}, // hips
	{0, 1, -0.12},                       // spine1
	{0.02, -1, 0.02}, {-0.02, -1, 0.02}, // knees
	{0, 1, 0.05},                   // spine2
	{0, -1, -0.06}, {0, -1, -0.06}, // ankles
	{0, 1, 0.1},                // spine3
	{0, -0.3, 1}, {0, -0.3, 1}, // feet (toes)
	{0, 1, 0.12},                      // neck
	{1, 0.35, -0.1}, {-1, 0.35, -0.1}, // collars
	{0, 1, 0.25},                // head
	{1, -0.1, 0}, {-1, -0.1, 0}, // shoulders
	{0.12, -1, 0}, {-0.12, -1, 0}, // elbows
	{0.05, -1, 0.08}, {-0.05, -1, 0.08}, // wrists
}

// RestOffsets returns, per joint, the vector from its parent to it in the rest pose (metres); the
// pelvis has the zero vector.
func RestOffsets() [NumJoints]mgl64.Vec3 {
	var off [NumJoints]mgl64.Vec3
	for j := 1; j < NumJoints; j++ {
		off[j] = restDirections[j].Normalize().Mul(boneLengths[j])
	}
	return off
}

// RestPose returns the natural standing pose at the origin, facing +Z, with the lowest foot joint at
// ToeHeight above the floor.
func RestPose() Pose {
	off := RestOffsets()
	var p Pose
	for j := 1; j < NumJoints; j++ {
		p[j] = p[parents[j]].Add(off[j])
	}
	// The left and right bones differ slightly in length; turn so the pose faces exactly +Z.
	p = p.RotateY(-p.Heading())
	lowest := math.Min(p[LeftFoot].Y(), p[RightFoot].Y())
	return p.Translate(mgl64.Vec3{-p[Pelvis].X(), ToeHeight - lowest, -p[Pelvis].Z()})
}

// ToeHeight is the height of the foot (toe) joints above the floor when a person stands (metres);
// HumanML3D's foot joints sit a little above the sole.
const ToeHeight = 0.02
