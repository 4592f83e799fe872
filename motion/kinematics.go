package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Rotations holds one local rotation per joint (unit quaternions).
//
// The convention: joint j's local rotation L[j] orients the bone from its parent to j, and with it
// everything below j. Global rotations compose down the tree, G[j] = G[parent]·L[j], with
// G[pelvis] = L[pelvis], the root orientation; a joint sits at
//
//	position[j] = position[parent] + G[j]·RestOffsets()[j].
//
// So a rotation lives on the bone it moves rather than on the bone's parent joint as in SMPL. The
// reason is inverse kinematics: in SMPL one rotation at the pelvis (or at spine3) must aim three
// child bones at once, which a pose with arbitrary joint positions generally does not allow, so the
// round trip is only approximate. Here every bone has its own rotation, so IK reproduces any pose
// whose bone lengths match the skeleton's exactly, joints with several children included. All
// identity rotations give the skeleton built straight from RestOffsets; RestPose is that skeleton
// turned a fraction of a degree about Y (to face exactly +Z) and moved to stand on the floor.
type Rotations [NumJoints]mgl64.Quat

// IdentityRotations returns rotations that leave every bone in its rest direction.
func IdentityRotations() Rotations {
	var r Rotations
	for j := range r {
		r[j] = mgl64.QuatIdent()
	}
	return r
}

// restOffsets caches RestOffsets: kinematics runs per frame and the offsets never change.
var restOffsets = RestOffsets()

// GlobalRotations composes local rotations down the tree: G[j] = G[parent]·L[j], G[pelvis] = L[pelvis].
func GlobalRotations(rot Rotations) [NumJoints]mgl64.Quat {
	var g [NumJoints]mgl64.Quat
	g[Pelvis] = rot[Pelvis]
	for j := 1; j < NumJoints; j++ {
		g[j] = quatMul(g[parents[j]], rot[j])
	}
	return g
}

// FK returns the joint positions of the skeleton with its pelvis at root (metres) and the given
// local rotations (see Rotations for the convention). Bone lengths are the skeleton's.
func FK(root mgl64.Vec3, rot Rotations) Pose {
	g := GlobalRotations(rot)
	var p Pose
	p[Pelvis] = root
	for j := 1; j < NumJoints; j++ {
		p[j] = p[parents[j]].Add(quatRotate(g[j], restOffsets[j]))
	}
	return p
}

// IK returns the pelvis position and local rotations that FK maps back to p. The root orientation
// comes from the pelvis frame (the hip-to-hip line and the pelvis-to-spine1 direction), so turning
// the body turns the root rather than twisting the hips; every other rotation is swing only, the
// shortest arc from the rest bone direction to the posed one in the parent's frame. FK(IK(p))
// equals p whenever p's bone lengths are the skeleton's; otherwise the bone directions are kept.
// Zero-length bones keep their rest direction relative to the parent.
func IK(p Pose) (root mgl64.Vec3, rot Rotations) {
	rot, _ = ikRotations(p)
	return p[Pelvis], rot
}

// ikRotations returns IK's local rotations and the global ones they compose to.
func ikRotations(p Pose) (rot Rotations, g [NumJoints]mgl64.Quat) {
	rot[Pelvis] = pelvisOrientation(p)
	g[Pelvis] = rot[Pelvis]
	for j := 1; j < NumJoints; j++ {
		par := parents[j]
		local := quatRotate(g[par].Conjugate(), p[j].Sub(p[par]))
		rot[j] = shortestArc(restOffsets[j], local)
		g[j] = quatMul(g[par], rot[j])
	}
	return rot, g
}

// restPelvisFrame is the pelvis frame of the rest skeleton (see pelvisFrame).
var restPelvisFrame = pelvisFrame(restOffsets[LeftHip].Sub(restOffsets[RightHip]), restOffsets[Spine1])

// pelvisOrientation returns the rotation that takes the rest pelvis frame to p's.
func pelvisOrientation(p Pose) mgl64.Quat {
	f := pelvisFrame(p[LeftHip].Sub(p[RightHip]), p[Spine1].Sub(p[Pelvis]))
	return mgl64.Mat4ToQuat(f.Mul3(restPelvisFrame.Transpose()).Mat4()).Normalize()
}

// pelvisFrame returns the orthonormal frame with its first axis along across (right hip to left
// hip) and its second toward up (pelvis to spine1), falling back to world axes when either is
// degenerate.
func pelvisFrame(across, up mgl64.Vec3) mgl64.Mat3 {
	x, ok := unitDir(across)
	if !ok {
		x = mgl64.Vec3{1, 0, 0}
	}
	y, ok := unitDir(rejectAxis(up, x))
	if !ok {
		y = geom.Perpendicular(x)
	}
	return mgl64.Mat3FromCols(x, y, x.Cross(y))
}

// shortestArc returns the smallest rotation taking direction from to direction to. Degenerate
// input gives no NaN: a zero vector gives the identity, opposite vectors a half turn about an axis
// perpendicular to from.
func shortestArc(from, to mgl64.Vec3) mgl64.Quat {
	lf, lt := from.Len(), to.Len()
	if lf < 1e-12 || lt < 1e-12 {
		return mgl64.QuatIdent()
	}
	cross, dot := from.Cross(to), from.Dot(to)
	if dot >= 0 { // the half-angle form is exact enough while the vectors are less than 90° apart
		q := mgl64.Quat{W: lf*lt + dot, V: cross}
		return q.Scale(1 / q.Len())
	}
	s := cross.Len()
	if s < 1e-14*lf*lt {
		return mgl64.Quat{W: 0, V: geom.Perpendicular(from.Mul(1 / lf))}
	}
	// Near a half turn lf·lt + dot cancels; the angle from atan2 keeps full precision.
	half := 0.5 * math.Atan2(s, dot)
	return mgl64.Quat{W: math.Cos(half), V: cross.Mul(math.Sin(half) / s)}
}

// TwoBoneIK places a two-bone chain (hip–knee–ankle, shoulder–elbow–wrist) so that its end reaches
// target: root stays fixed, the bones get lengths lenA (root–mid) and lenB (mid–end), and the chain
// bends in the plane through root, target and the pole point, with the middle joint on the pole's
// side (a knee's pole lies in front of the knee, an elbow's behind the elbow). A target out of reach
// is clamped: the end stops on the line toward it, at full stretch or at the shortest fold. Where
// the pole gives no plane (on the root–target line), the current mid joint's side is kept, and
// failing that any side. The current end is used only for a target at the root.
func TwoBoneIK(root, mid, end, target mgl64.Vec3, lenA, lenB float64, pole mgl64.Vec3) (newMid, newEnd mgl64.Vec3) {
	lenA, lenB = math.Abs(lenA), math.Abs(lenB)
	dir, ok := unitDir(target.Sub(root))
	if !ok {
		if dir, ok = unitDir(end.Sub(root)); !ok {
			dir = mgl64.Vec3{0, -1, 0}
		}
	}
	d := geom.Clamp(target.Sub(root).Len(), math.Abs(lenA-lenB), lenA+lenB)
	bend, ok := unitDir(rejectAxis(pole.Sub(root), dir))
	if !ok {
		if bend, ok = unitDir(rejectAxis(mid.Sub(root), dir)); !ok {
			bend = geom.Perpendicular(dir)
		}
	}
	cosA := 1.0 // law of cosines at the root; a zero-length side leaves the first bone on the line
	if lenA*d > 1e-12 {
		cosA = geom.Clamp((lenA*lenA+d*d-lenB*lenB)/(2*lenA*d), -1, 1)
	}
	sinA := math.Sqrt(1 - cosA*cosA)
	newMid = root.Add(dir.Mul(lenA * cosA)).Add(bend.Mul(lenA * sinA))
	return newMid, root.Add(dir.Mul(d))
}

// quatRotate turns v by the unit quaternion q (v + 2w(u×v) + 2u×(u×v)), written out because FK, IK
// and the body proxy call it per joint per frame.
func quatRotate(q mgl64.Quat, v mgl64.Vec3) mgl64.Vec3 {
	ux, uy, uz, w := q.V[0], q.V[1], q.V[2], q.W
	cx, cy, cz := 2*(uy*v[2]-uz*v[1]), 2*(uz*v[0]-ux*v[2]), 2*(ux*v[1]-uy*v[0])
	var r mgl64.Vec3
	r[0] = v[0] + w*cx + uy*cz - uz*cy
	r[1] = v[1] + w*cy + uz*cx - ux*cz
	r[2] = v[2] + w*cz + ux*cy - uy*cx
	return r
}

// quatMul returns the product a·b (b first, then a), written out because mathgl's version, built
// from vector helpers, is several times slower in FK's loop.
func quatMul(a, b mgl64.Quat) mgl64.Quat {
	var q mgl64.Quat
	q.W = a.W*b.W - a.V[0]*b.V[0] - a.V[1]*b.V[1] - a.V[2]*b.V[2]
	q.V[0] = a.W*b.V[0] + b.W*a.V[0] + a.V[1]*b.V[2] - a.V[2]*b.V[1]
	q.V[1] = a.W*b.V[1] + b.W*a.V[1] + a.V[2]*b.V[0] - a.V[0]*b.V[2]
	q.V[2] = a.W*b.V[2] + b.W*a.V[2] + a.V[0]*b.V[1] - a.V[1]*b.V[0]
	return q
}

// unitDir returns v normalised and whether v was long enough to have a direction.
func unitDir(v mgl64.Vec3) (mgl64.Vec3, bool) {
	l := v.Len()
	if l < 1e-12 || !geom.Finite(l) {
		return mgl64.Vec3{}, false
	}
	return v.Mul(1 / l), true
}

// rejectAxis returns v without its component along the unit vector axis.
func rejectAxis(v, axis mgl64.Vec3) mgl64.Vec3 {
	return v.Sub(axis.Mul(v.Dot(axis)))
}
