package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// meshJoints are the points of the mesh that the fit follows the clip's joints with: the mesh's own
// joints for the limbs, and for the torso, where the rigs place their joints differently, the point
// of each torso bone that stood on the clip's joint in the calibration frame. Carrier names the
// bone (its skinning matrix) that moves each point.
type meshJoints struct {
	rest    [motion.NumJoints]mgl64.Vec3
	carrier [motion.NumJoints]motion.Joint
}

// torsoJoints are the clip's joints whose place on the mesh is calibrated.
var torsoJoints = []motion.Joint{motion.Pelvis, motion.LeftHip, motion.RightHip, motion.Spine1, motion.Spine2,
	motion.Spine3, motion.Neck, motion.LeftCollar, motion.RightCollar, motion.Head}

// calibrateJoints finds the mesh's torso points from the placements of the standing pose p.
func (f *Fitter) calibrateJoints(p motion.Pose, pl *[motion.NumJoints]placement) meshJoints {
	mj := meshJoints{rest: f.m.Joints}
	for j := range mj.carrier {
		mj.carrier[j] = motion.Joint(j)
	}
	clipFrac := spineFractions(spinePoints(p))
	for _, j := range torsoJoints {
		c := f.torsoCarrier(j, clipFrac)
		inv := pl[c].lin.Inv()
		mj.carrier[j] = c
		mj.rest[j] = f.m.Joints[c].Add(inv.Mul3x1(p[j].Sub(pl[c].start)))
	}
	return mj
}

// torsoCarrier returns the mesh bone that carries the clip's torso joint j: for a spine joint the
// mesh's spine bone at the same fraction of the spine (clipFrac: the clip's spine1, spine2 and
// spine3), for the hips the pelvis, for the collars the chest, and the neck and head themselves.
func (f *Fitter) torsoCarrier(j motion.Joint, clipFrac [3]float64) motion.Joint {
	switch j {
	case motion.LeftHip, motion.RightHip:
		return motion.Pelvis
	case motion.LeftCollar, motion.RightCollar:
		return motion.Spine3
	case motion.Spine1, motion.Spine2, motion.Spine3:
		return f.spineBoneAt(clipFrac[j/3-1])
	}
	return j
}

// spineBoneAt returns the mesh's spine bone that covers fraction x of the spine.
func (f *Fitter) spineBoneAt(x float64) motion.Joint {
	bone := motion.Pelvis
	for i, fr := range f.frac {
		if x >= fr {
			bone = spineChain[i+1]
		}
	}
	return bone
}

// Joints returns the posed mesh's joints under s, one per clip joint: for the limbs (knees, ankles,
// toes, shoulders, elbows, wrists) the mesh's own joints, which land on the clip's; for the torso
// the points of the mesh that stood on the clip's joints in the calibration frame (see Fitter).
// Comparing them with the pose that made s measures the fit.
func (f *Fitter) Joints(s *Skinning) [motion.NumJoints]mgl64.Vec3 {
	var out [motion.NumJoints]mgl64.Vec3
	for j := range out {
		out[j] = s[f.joints.carrier[j]].Mul4x1(f.joints.rest[j].Vec4(1)).Vec3()
	}
	return out
}
