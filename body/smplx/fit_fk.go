package smplx

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// skeleton is what the fit reads of a shaped model: the 22 rest body joints, each one's offset
// from its parent, and where each rotation sits among the solve's unknowns. Forward kinematics of
// the body joints depends on nothing else (REFERENCE §8: G_0 = [R_0 | J_0],
// G_j = G_parent·[R_j | J_j − J_parent], translation added after).
type skeleton struct {
	rest     motion.Pose
	off      motion.Pose                      // J_j − J_parent; zero at the pelvis
	col      [motion.NumJoints]int            // first unknown of j's rotation; -1 for a leaf
	path     [motion.NumJoints][]motion.Joint // the joints from the pelvis to j, both included
	child    [motion.NumJoints]motion.Joint   // a joint's only child; -1 for a leaf or a joint with several
	pelvis   mgl64.Mat3                       // rest frame of the pelvis (see pelvisFrame)
	chest    mgl64.Mat3                       // rest frame of spine3 (see chestFrame)
	unknowns int                              // 3 per joint with a child, then 3 for the translation
	transCol int                              // first unknown of the translation
}

// newSkeleton reads the rest joints; they must already be checked (see checkPose).
func newSkeleton(rest motion.Pose) *skeleton {
	sk := &skeleton{rest: rest}
	sk.path[0] = []motion.Joint{motion.Pelvis}
	var children [motion.NumJoints]int
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		par := motion.Parent(j)
		sk.off[j] = rest[j].Sub(rest[par])
		sk.path[j] = append(append([]motion.Joint(nil), sk.path[par]...), j)
		children[par]++
		sk.child[par] = j
	}
	for j := range sk.col {
		sk.col[j] = -1
		if children[j] != 1 {
			sk.child[j] = -1
		}
		if children[j] > 0 {
			sk.col[j], sk.unknowns = sk.unknowns, sk.unknowns+3
		}
	}
	sk.transCol, sk.unknowns = sk.unknowns, sk.unknowns+3
	sk.pelvis, sk.chest = pelvisFrame(rest), chestFrame(rest)
	return sk
}

// isLeaf reports whether j's rotation moves no body joint (head, feet, wrists).
func (sk *skeleton) isLeaf(j motion.Joint) bool { return sk.col[j] < 0 }

// pose is one frame's state during the fit: each joint's global rotation (a leaf's is its
// parent's) and the translation. The solve turns global rotations, so that turning a bone about
// itself moves no joint at all.
type pose struct {
	glob  [motion.NumJoints]mgl64.Mat3
	trans mgl64.Vec3
}

// local returns joint j's rotation relative to its parent (the pelvis's: the global orientation).
func (p *pose) local(j motion.Joint) mgl64.Mat3 {
	if j == motion.Pelvis {
		return p.glob[j]
	}
	return p.glob[motion.Parent(j)].Transpose().Mul3(p.glob[j])
}

// forward returns the posed joints of p.
func (sk *skeleton) forward(p *pose) motion.Pose {
	var pos motion.Pose
	pos[0] = sk.rest[0].Add(p.trans)
	for j := 1; j < motion.NumJoints; j++ {
		par := motion.Parent(motion.Joint(j))
		pos[j] = pos[par].Add(p.glob[par].Mul3x1(sk.off[j]))
	}
	return pos
}

// jacobian returns the derivative of every joint beyond b (b's subtree) by a small rotation ω of
// b's parent a, applied on the left of a's global rotation (Exp(ω)·glob_a): it turns the bone a → b
// about a, so moves b and its subtree by ω × (pos_b − pos_a).
func jacobian(pos *motion.Pose, a, b motion.Joint) mgl64.Mat3 {
	return skew(pos[a].Sub(pos[b]))
}

// poseOf returns the pose of a frame's parameters.
func poseOf(p *Params) pose {
	q := pose{trans: p.Trans}
	q.glob[0] = expRot(p.Orient)
	for j := 1; j < motion.NumJoints; j++ {
		q.glob[j] = q.glob[motion.Parent(motion.Joint(j))].Mul3(expRot(p.Body[j-1]))
	}
	return q
}

// params returns p's parameters, each axis-angle the one nearest to ref's (see nearestAxisAngle);
// ref may be nil.
func (p *pose) params(ref *Params) Params {
	var out, zero Params
	if ref == nil {
		ref = &zero
	}
	out.Trans = p.trans
	out.Orient = nearestAxisAngle(logRot(p.local(0)), ref.Orient)
	for j := range out.Body {
		out.Body[j] = nearestAxisAngle(logRot(p.local(motion.Joint(j+1))), ref.Body[j])
	}
	return out
}
