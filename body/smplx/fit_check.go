package smplx

import (
	"errors"
	"fmt"

	"interactagent/body"
	"interactagent/geom"
	"interactagent/motion"
)

// shapedSkeleton checks that s is an SMPL-family body the fit can drive (its first 22 joints our
// skeleton, in its order and tree, finite, no bone shorter than body.MinBone) and returns what the
// fit reads of it.
func shapedSkeleton(s *Shaped) (*skeleton, error) {
	if s == nil || s.Model == nil {
		return nil, errors.New("smplx: no shaped model, want one from Model.Shape")
	}
	m := s.Model
	if len(s.Joints) < motion.NumJoints || len(m.Parents) < motion.NumJoints {
		return nil, fmt.Errorf("smplx: model %q has %d rest joints and %d parents, want at least %d of each",
			m.Name, len(s.Joints), len(m.Parents), motion.NumJoints)
	}
	for j := range motion.NumJoints {
		if want := motion.Parent(motion.Joint(j)); m.Parents[j] != int(want) {
			return nil, fmt.Errorf("smplx: model %q: joint %d (%s) has parent %d, want %d: not an SMPL-family body",
				m.Name, j, motion.Joint(j), m.Parents[j], want)
		}
	}
	var rest motion.Pose
	copy(rest[:], s.Joints)
	if err := checkPose(rest); err != nil {
		return nil, fmt.Errorf("smplx: model %q rest joints: %w", m.Name, err)
	}
	return newSkeleton(rest), nil
}

// checkClip reports the first problem that keeps c from being fitted: no frames, a rate that
// motion.CheckFPS refuses, or a frame that checkPose refuses, naming the frame and the joint.
func checkClip(c *motion.Clip) error {
	if c == nil || len(c.Frames) == 0 {
		return errors.New("smplx: the clip has no frames, want at least one pose to fit")
	}
	if err := motion.CheckFPS(c.FPS); err != nil {
		return fmt.Errorf("smplx: the clip's rate: %w", err)
	}
	for t, p := range c.Frames {
		if err := checkPose(p); err != nil {
			return fmt.Errorf("smplx: frame %d: %w", t, err)
		}
	}
	return nil
}

// checkPose reports the first joint of p that cannot be fitted: one that is not finite or lies
// beyond ±geom.MaxCoord, or one closer than body.MinBone to its parent (a bone with no direction).
func checkPose(p motion.Pose) error {
	for j := range motion.NumJoints {
		if !geom.InWorldVec(p[j]) {
			return fmt.Errorf("joint %s is at %v, want finite coordinates within ±%g m", motion.Joint(j), p[j], geom.MaxCoord)
		}
	}
	for j := 1; j < motion.NumJoints; j++ {
		par := motion.Parent(motion.Joint(j))
		if l := p[j].Sub(p[par]).Len(); !(l >= body.MinBone) {
			return fmt.Errorf("joint %s is %.3g m from its parent %s, want a bone of at least %g m", motion.Joint(j), l, par, body.MinBone)
		}
	}
	return nil
}
