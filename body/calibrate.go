package body

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// calibration is what a Fitter learns from a standing frame of its clip: the torso of that frame
// with its heading removed, which the fit takes for the mesh's rest torso (so a person standing as
// in that frame gets the mesh's own trunk, neck and head, turned to face where the frame faces),
// the torso's scale and the feet's.
type calibration struct {
	rest  torso   // the standing torso, turned to face +Z
	scale float64 // the clip's hip-centre → shoulder-centre distance over the mesh's
	feet  feet    // the feet's depth scales (see Fitter.calibrateFeet)
	frame int     // the standing frame, or -1 when the clip has none and motion.RestPose stood in
}

// Standing means a trunk (hip centre → neck) within standUpright of vertical and legs (hip →
// ankle) stretched to at least standStraight of their bone lengths.
const (
	standUpright  = 20 * math.Pi / 180
	standStraight = 0.95
)

// calibrate learns the torso's calibration from the clip's most upright standing frame, or from
// motion.RestPose when no frame stands, and returns that pose; the feet keep the mesh's depth
// until Fitter.calibrateFeet has measured that pose.
func calibrate(m *Model, frac [3]float64, c *motion.Clip) (calibration, motion.Pose) {
	t, ok := standingFrame(c)
	p := motion.RestPose()
	if ok {
		p = c.Frames[t]
	} else {
		t = -1
	}
	return calibration{rest: unturned(readTorso(p, frac), p.Facing()), scale: torsoScale(m, p), feet: feet{1, 1}, frame: t}, p
}

// unturned returns a torso turned by the rotation about Y that brings facing to +Z.
func unturned(t torso, facing mgl64.Vec3) torso {
	back := heading(facing).Transpose()
	return torso{
		pelvis: back.Mul3(t.pelvis),
		chest:  back.Mul3(t.chest),
		spine:  [2]mgl64.Vec3{back.Mul3x1(t.spine[0]), back.Mul3x1(t.spine[1])},
		neck:   back.Mul3x1(t.neck),
	}
}

// torsoScale returns the clip's hip-centre → shoulder-centre distance over the mesh's.
func torsoScale(m *Model, p motion.Pose) float64 {
	clip := shoulderCentre(p).Sub(hipCentre(p)).Len()
	mesh := shoulderCentre(m.Joints).Sub(hipCentre(m.Joints)).Len()
	if !(clip > 0 && mesh > 0) {
		return 1
	}
	return clip / mesh
}

// standingFrame returns the clip's frame that stands best (see standUpright and standStraight):
// the most upright trunk plus the straightest legs. It reports false when no frame stands.
func standingFrame(c *motion.Clip) (int, bool) {
	best, bestScore := -1, math.Inf(-1)
	for t, p := range c.Frames {
		if s, ok := standScore(p); ok && s > bestScore {
			best, bestScore = t, s
		}
	}
	return best, best >= 0
}

// standScore scores how well p stands: the cosine of the trunk's angle from vertical plus the legs'
// straightness; ok is false when p does not stand.
func standScore(p motion.Pose) (float64, bool) {
	trunk, ok := unit(p[motion.Neck].Sub(hipCentre(p)))
	if !ok {
		return 0, false
	}
	straight := math.Min(legStraightness(p, motion.LeftHip, motion.LeftKnee, motion.LeftAnkle),
		legStraightness(p, motion.RightHip, motion.RightKnee, motion.RightAnkle))
	if trunk.Y() < math.Cos(standUpright) || straight < standStraight {
		return 0, false
	}
	return trunk.Y() + straight, true
}

// legStraightness returns the hip → ankle distance over the thigh and shin lengths.
func legStraightness(p motion.Pose, hip, knee, ankle motion.Joint) float64 {
	bones := p[knee].Sub(p[hip]).Len() + p[ankle].Sub(p[knee]).Len()
	if !(bones > 0) {
		return 0
	}
	return p[ankle].Sub(p[hip]).Len() / bones
}
