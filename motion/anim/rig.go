package anim

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Node is one node of the rig: a transform that sits at a joint and turns with the global rotation
// (motion.GlobalRotations of motion.IK's rotations) of one joint's bone.
type Node struct {
	Name   string
	Parent int          // index of the parent node; -1 for the root, the pelvis
	At     motion.Joint // the joint where the node sits
	Turns  motion.Joint // the joint whose bone rotation the node carries
	// Rest is the node's translation from its parent in the rest skeleton (all rotations the
	// identity, motion.RestOffsets): a joint's rest offset, or zero for an intermediate node, which
	// sits at its parent's joint.
	Rest mgl64.Vec3
}

// Joint reports whether the node is one of the 22 joints (rather than an intermediate node), and
// which.
func (n Node) Joint() (motion.Joint, bool) {
	return n.At, n.Name == n.At.String()
}

// Nodes returns the rig, parents before children (depth first from the pelvis, children in joint
// order): 22 joint nodes and one intermediate node per child of the pelvis and of spine3, 28 in
// all. Each call returns a new slice.
func Nodes() []Node {
	kids := children()
	nodes := []Node{{Name: motion.Pelvis.String(), Parent: -1, At: motion.Pelvis, Turns: motion.Pelvis}}
	var add func(parent int)
	add = func(parent int) {
		j := nodes[parent].At
		for _, c := range kids[j] {
			p := parent
			if len(kids[j]) > 1 {
				nodes = append(nodes, Node{Name: j.String() + "_to_" + c.String(), Parent: parent, At: j, Turns: c})
				p = len(nodes) - 1
			}
			nodes = append(nodes, Node{Name: c.String(), Parent: p, At: c, Turns: carried(c, kids), Rest: restOffsets[c]})
			add(len(nodes) - 1)
		}
	}
	add(0)
	return nodes
}

// carried is the bone a joint's own node turns with: its only child's, else its own (a leaf, or a
// joint whose children have intermediate nodes).
func carried(j motion.Joint, kids [motion.NumJoints][]motion.Joint) motion.Joint {
	if len(kids[j]) == 1 {
		return kids[j][0]
	}
	return j
}

// children lists each joint's children in joint order.
func children() [motion.NumJoints][]motion.Joint {
	var kids [motion.NumJoints][]motion.Joint
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		p := motion.Parent(j)
		kids[p] = append(kids[p], j)
	}
	return kids
}

// restOffsets caches motion.RestOffsets.
var restOffsets = motion.RestOffsets()

// BindPose returns the pose the rig and the skinned mesh are bound in: the rest skeleton (every
// rotation the identity) with the pelvis at the height of motion.RestPose, above the origin.
func BindPose() motion.Pose {
	h := motion.RestPose()[motion.Pelvis].Y()
	return motion.FK(mgl64.Vec3{0, h, 0}, motion.IdentityRotations())
}
