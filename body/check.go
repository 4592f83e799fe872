package body

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// MinBone is the shortest bone, in metres, that the fit accepts: a shorter one has no direction to
// turn the mesh's bone toward.
const MinBone = 1e-3

// checkPose reports the first joint of p that cannot be fitted: one that is not finite or lies
// beyond ±geom.MaxCoord, or one closer than MinBone to its parent.
func checkPose(p [motion.NumJoints]mgl64.Vec3) error {
	for j := range motion.NumJoints {
		if !geom.InWorldVec(p[j]) {
			return fmt.Errorf("joint %s is at %v, want finite coordinates within ±%g m", motion.Joint(j), p[j], geom.MaxCoord)
		}
	}
	for j := 1; j < motion.NumJoints; j++ {
		par := motion.Parent(motion.Joint(j))
		if l := p[j].Sub(p[par]).Len(); !(l >= MinBone) {
			return fmt.Errorf("joint %s is %.3g m from its parent %s, want a bone of at least %g m", motion.Joint(j), l, par, MinBone)
		}
	}
	return nil
}

// checkClip reports the first frame of c that cannot be fitted, naming the frame and the joint.
func checkClip(c *motion.Clip) error {
	if c == nil || len(c.Frames) == 0 {
		return errors.New("body: the clip has no frames, want at least one pose to fit")
	}
	for t, p := range c.Frames {
		if err := checkPose(p); err != nil {
			return fmt.Errorf("body: frame %d: %w", t, err)
		}
	}
	return nil
}
