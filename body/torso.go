package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// The spine of either skeleton is the polyline pelvis → spine1 → spine2 → spine3 → neck.
var spineChain = [5]motion.Joint{motion.Pelvis, motion.Spine1, motion.Spine2, motion.Spine3, motion.Neck}

// torso is what the fit reads of one pose's trunk: frames at the pelvis and the chest, the
// directions the mesh's two lower spine bones follow, and the neck → head direction.
//
// The two skeletons place their spine joints differently (MakeHuman's pelvis → spine1 is 0.05 m,
// SMPL's 0.13 m; its spine2 → spine3 is 0.16 m, SMPL's 0.06 m), so the mesh's spine bones do not
// follow the clip's spine bones one to one: each follows the chord between the points of the
// clip's spine at the same fractions of its length as the mesh's joints along the mesh's spine.
type torso struct {
	pelvis, chest mgl64.Mat3    // frames (see frame): pelvis up toward the spine, across the hips; chest up to the neck, across the collars
	spine         [2]mgl64.Vec3 // directions for the mesh's spine1 and spine2 bones
	neck          mgl64.Vec3    // neck → head
}

// readTorso reads the trunk of pose p; frac holds the fractions along the spine at which the mesh
// has its spine1, spine2 and spine3 joints.
func readTorso(p motion.Pose, frac [3]float64) torso {
	pts := spinePoints(p)
	t1, t2, t3 := alongPolyline(pts, frac[0]), alongPolyline(pts, frac[1]), alongPolyline(pts, frac[2])
	return torso{
		pelvis: Frame(t1.Sub(p[motion.Pelvis]), p[motion.LeftHip].Sub(p[motion.RightHip])),
		chest:  Frame(p[motion.Neck].Sub(t3), p[motion.LeftCollar].Sub(p[motion.RightCollar])),
		spine:  [2]mgl64.Vec3{t2.Sub(t1), t3.Sub(t2)},
		neck:   p[motion.Head].Sub(p[motion.Neck]),
	}
}

// spinePoints returns the spine polyline of a pose (or of a model's rest joints).
func spinePoints(p [motion.NumJoints]mgl64.Vec3) [5]mgl64.Vec3 {
	var pts [5]mgl64.Vec3
	for i, j := range spineChain {
		pts[i] = p[j]
	}
	return pts
}

// spineFractions returns where spine1, spine2 and spine3 lie along a spine polyline, as fractions
// of its length.
func spineFractions(pts [5]mgl64.Vec3) [3]float64 {
	var acc [5]float64
	for i := 1; i < 5; i++ {
		acc[i] = acc[i-1] + pts[i].Sub(pts[i-1]).Len()
	}
	if !(acc[4] > 0) {
		return [3]float64{0.25, 0.5, 0.75}
	}
	return [3]float64{acc[1] / acc[4], acc[2] / acc[4], acc[3] / acc[4]}
}

// alongPolyline returns the point at fraction f (0..1) of a polyline's length.
func alongPolyline(pts [5]mgl64.Vec3, f float64) mgl64.Vec3 {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += pts[i].Sub(pts[i-1]).Len()
	}
	left := f * total
	for i := 1; i < len(pts); i++ {
		seg := pts[i].Sub(pts[i-1])
		if l := seg.Len(); left <= l && l > 0 {
			return pts[i-1].Add(seg.Mul(left / l))
		} else {
			left -= l
		}
	}
	return pts[len(pts)-1]
}

// hipCentre returns the midpoint of the hips.
func hipCentre(p [motion.NumJoints]mgl64.Vec3) mgl64.Vec3 {
	return p[motion.LeftHip].Add(p[motion.RightHip]).Mul(0.5)
}

// shoulderCentre returns the midpoint of the shoulders.
func shoulderCentre(p [motion.NumJoints]mgl64.Vec3) mgl64.Vec3 {
	return p[motion.LeftShoulder].Add(p[motion.RightShoulder]).Mul(0.5)
}
