package geometric

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// The joints the reasoner looks at.
const (
	pelvis    = motion.Pelvis
	head      = motion.Head
	leftHand  = motion.LeftWrist
	rightHand = motion.RightWrist
)

// seenPose is what the reasoner reads off one frame of a motion.
type seenPose struct {
	root    mgl64.Vec3 // the pelvis on the floor
	head    mgl64.Vec3 // the head on the floor
	pelvisY float64
	headY   float64
	heading float64
	hands   [2]mgl64.Vec3 // left, right
	posture posture
}

// kneeY is the knees' mean height.
func kneeY(p motion.Pose) float64 { return (p[motion.LeftKnee].Y() + p[motion.RightKnee].Y()) / 2 }

// see reads a frame: where the root is, which way it faces, how it stands.
func see(p motion.Pose) seenPose {
	s := seenPose{root: flat(p[pelvis]), head: flat(p[head]), pelvisY: p[pelvis].Y(), headY: p[head].Y(),
		heading: p.State().Heading, hands: [2]mgl64.Vec3{p[leftHand], p[rightHand]}}
	switch {
	case s.headY-s.pelvisY < 0.3:
		s.posture = lying
	case s.headY-s.pelvisY > 0.3 && (s.pelvisY < 0.75 || s.pelvisY < 0.85 && s.pelvisY-kneeY(p) < 0.35): // low, or perched (knees bent)
		s.posture = sitting
	default:
		s.posture = standing
	}
	return s
}
