package smplx

import (
	"github.com/go-gl/mathgl/mgl64"
	"interactagent/body"

	"interactagent/motion"
)

// pelvisFrame returns the pelvis's frame in joints p: up toward spine1, across from the right hip
// to the left.
func pelvisFrame(p motion.Pose) mgl64.Mat3 {
	return body.Frame(p[motion.Spine1].Sub(p[motion.Pelvis]), p[motion.LeftHip].Sub(p[motion.RightHip]))
}

// chestFrame returns spine3's frame in joints p: up toward the neck, across from the right collar
// to the left.
func chestFrame(p motion.Pose) mgl64.Mat3 {
	return body.Frame(p[motion.Neck].Sub(p[motion.Spine3]), p[motion.LeftCollar].Sub(p[motion.RightCollar]))
}

// start returns the analytic start of the fit to joints c: the pelvis and spine3 turned by their
// frames (from their rest frames to c's), every other bone with a child turned by the shortest arc
// from its rest direction (carried by its parent) to c's, so with no twist of its own, and the
// leaves (head, feet, wrists), whose rotations move no body joint, following their parents. The
// translation puts the pelvis on c's.
func (sk *skeleton) start(c motion.Pose) pose {
	var p pose
	p.glob[0] = pelvisFrame(c).Mul3(sk.pelvis.Transpose())
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		par := p.glob[motion.Parent(j)]
		switch k := sk.child[j]; {
		case j == motion.Spine3:
			p.glob[j] = chestFrame(c).Mul3(sk.chest.Transpose())
		case k >= 0:
			p.glob[j] = swing(par.Mul3x1(sk.off[k]), c[k].Sub(c[j])).Mul3(par)
		default:
			p.glob[j] = par
		}
	}
	p.trans = c[motion.Pelvis].Sub(sk.rest[motion.Pelvis])
	return p
}
