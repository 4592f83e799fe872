package eval

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// pointAbove is how far above the chest and head joints UniHSI's torso and head points lie
// (REFERENCE.md §6), along the spine and the neck.
const pointAbove = 0.15

// jointPoint computes one of UniHSI's joints from a pose.
type jointPoint func(p motion.Pose) mgl64.Vec3

// joints maps UniHSI's joint names (goal.JointNames) to points of our skeleton: feet are ankles, hands are wrists,
// torso and head are points above the chest and head joints.
var joints = map[string]jointPoint{
	"pelvis": at(motion.Pelvis), "left_hip": at(motion.LeftHip), "right_hip": at(motion.RightHip),
	"left_knee": at(motion.LeftKnee), "right_knee": at(motion.RightKnee),
	"left_foot": at(motion.LeftAnkle), "right_foot": at(motion.RightAnkle),
	"left_shoulder": at(motion.LeftShoulder), "right_shoulder": at(motion.RightShoulder),
	"left_elbow": at(motion.LeftElbow), "right_elbow": at(motion.RightElbow),
	"left_hand": at(motion.LeftWrist), "right_hand": at(motion.RightWrist),
	"torso": above(motion.Spine3, motion.Neck), "head": above(motion.Head, motion.Neck),
}

// at reads a joint.
func at(j motion.Joint) jointPoint { return func(p motion.Pose) mgl64.Vec3 { return p[j] } }

// above returns the point pointAbove beyond joint j, away from joint from (the torso point lies up
// the spine from the chest; the head point beyond the head joint, away from the neck).
func above(j, from motion.Joint) jointPoint {
	return func(p motion.Pose) mgl64.Vec3 {
		d := p[j].Sub(p[from])
		if j == motion.Spine3 {
			d = p[motion.Neck].Sub(p[j])
		}
		if l := d.Len(); l > 1e-9 {
			return p[j].Add(d.Mul(pointAbove / l))
		}
		return p[j].Add(mgl64.Vec3{0, pointAbove, 0})
	}
}

// directions maps UniHSI's contact directions (goal.DirectionNames) to our Y-up world: UniHSI's are the axes of its Z-up
// frame (up +z, left +y, front +x), turned by the same proper rotation its plans are loaded with
// ((x, y, z) → (x, z, −y)).
var directions = map[string]mgl64.Vec3{
	"up": {0, 1, 0}, "down": {0, -1, 0}, "left": {0, 0, -1}, "right": {0, 0, 1},
	"front": {1, 0, 0}, "back": {-1, 0, 0}, "none": {},
}
