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
	pelvisY float64
	headY   float64
	heading float64
	hands   [2]mgl64.Vec3 // left, right
	posture posture
}

// see reads a frame: where the root is, which way it faces, how it stands.
func see(p motion.Pose) seenPose {
	s := seenPose{root: flat(p[pelvis]), pelvisY: p[pelvis].Y(), headY: p[head].Y(),
		heading: p.State().Heading, hands: [2]mgl64.Vec3{p[leftHand], p[rightHand]}}
	switch {
	case s.headY-s.pelvisY < 0.3:
		s.posture = lying
	case s.pelvisY < 0.75 && s.headY-s.pelvisY > 0.3:
		s.posture = sitting
	default:
		s.posture = standing
	}
	return s
}
