package smplx

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Family is the kind of body model a file holds, told by its number of joints.
type Family int

// The families: SMPL (24 joints), SMPL-H (52: SMPL's body and two 15-joint hands) and SMPL-X (55:
// SMPL-H with jaw and eyes). The first 22 joints of each are our skeleton's, in its order.
const (
	SMPL Family = iota + 1
	SMPLH
	SMPLX
)

// String returns the family's usual spelling: "SMPL", "SMPL-H" or "SMPL-X".
func (f Family) String() string {
	switch f {
	case SMPL:
		return "SMPL"
	case SMPLH:
		return "SMPL-H"
	case SMPLX:
		return "SMPL-X"
	}
	return fmt.Sprintf("Family(%d)", int(f))
}

// NumBodyPose is the number of body rotations a frame carries besides the global orientation:
// joints 1 to 21 (left_hip … right_wrist).
const NumBodyPose = motion.NumJoints - 1

// Model is an SMPL-family body model read from the user's file (Load): the template mesh, its
// faces and kinematic tree, and what posing needs, kept in memory as docs/smplx.md states. A Model
// is immutable once loaded and may be shared by goroutines.
type Model struct {
	Path     string       // the file as the user named it
	Name     string       // the file's base name, such as "SMPLX_NEUTRAL.npz"
	Hash     string       // "sha256:" and the hex SHA-256 of the file's bytes
	Family   Family       // told by the number of joints
	Template []mgl64.Vec3 // v_template, metres, Y up, facing +Z, left at +X
	Faces    [][3]uint32  // triangles
	Parents  []int        // each joint's parent, Parents[0] = -1; len is the number of joints
	NumBetas int          // the shape components kept: the file's first ones, at most MaxBetas (expressions never)

	model // the arrays posing reads; see core.go
}

// Params is one frame's pose as the project drives an SMPL-family model: the global orientation
// and the 21 body rotations (axis-angle, radians, each relative to its parent, the orientation
// about the rest pelvis joint) and the translation added to every vertex and joint after skinning.
// Jaw, eyes and hands are zero (flat hands).
type Params struct {
	Orient mgl64.Vec3
	Body   [NumBodyPose]mgl64.Vec3
	Trans  mgl64.Vec3
}
