package smplx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// lbsAffine is an affine transform x ↦ R·x + T.
type lbsAffine struct {
	R mgl64.Mat3
	T mgl64.Vec3
}

// then returns a∘b: b applied first.
func (a lbsAffine) then(b lbsAffine) lbsAffine {
	return lbsAffine{R: a.R.Mul3(b.R), T: a.R.Mul3x1(b.T).Add(a.T)}
}

// apply returns R·x + T.
func (a lbsAffine) apply(x mgl64.Vec3) mgl64.Vec3 { return a.R.Mul3x1(x).Add(a.T) }

// lbsFrame is one pose's transforms of the 22 body joints: the local rotations R_j and A_j, which
// carries a rest position to its posed place (translation not added).
type lbsFrame struct {
	rot [motion.NumJoints]mgl64.Mat3
	a   [motion.NumJoints]lbsAffine
}

// transforms computes A_j as a chain of rotations about the rest joints: A_0 = [R_0 | (I − R_0)·J_0],
// A_j = A_parent · [R_j | (I − R_j)·J_j]. This equals lbs.py's G_j − [0 | G_j·(J_j, 0)] and is exactly
// the identity wherever the pose is zero.
func (s *Shaped) transforms(p *Params) *lbsFrame {
	f := new(lbsFrame)
	f.rot[0] = lbsRotation(p.Orient)
	for j := 1; j < motion.NumJoints; j++ {
		f.rot[j] = lbsRotation(p.Body[j-1])
	}
	for j := range motion.NumJoints {
		var rest mgl64.Vec3
		if j < len(s.Joints) {
			rest = s.Joints[j]
		}
		local := lbsAffine{R: f.rot[j], T: mgl64.Ident3().Sub(f.rot[j]).Mul3x1(rest)}
		if j == 0 {
			f.a[0] = local
			continue
		}
		f.a[j] = f.a[motion.Parent(motion.Joint(j))].then(local)
	}
	return f
}

// lbsRotation returns the rotation matrix of an axis-angle vector (Rodrigues' formula), the
// identity exactly for the zero vector.
func lbsRotation(v mgl64.Vec3) mgl64.Mat3 {
	angle := v.Len()
	if angle == 0 {
		return mgl64.Ident3()
	}
	k := v.Mul(1 / angle)
	sin, cos := math.Sincos(angle)
	cross := mgl64.Mat3{0, k[2], -k[1], -k[2], 0, k[0], k[1], -k[0], 0} // column-major [k]×
	return mgl64.Ident3().Add(cross.Mul(sin)).Add(cross.Mul3(cross).Mul(1 - cos))
}

// skinning returns the frame's transforms with trans added, as 4×4 matrices.
func (f *lbsFrame) skinning(trans mgl64.Vec3) body.Skinning {
	var out body.Skinning
	for j, a := range f.a {
		r, t := a.R, a.T.Add(trans)
		out[j] = mgl64.Mat4{r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0, t[0], t[1], t[2], 1}
	}
	return out
}

// joints returns where the frame puts the 22 rest joints, trans added.
func (f *lbsFrame) joints(rest []mgl64.Vec3, trans mgl64.Vec3) motion.Pose {
	var out motion.Pose
	for j := range out {
		if j < len(rest) {
			out[j] = f.a[j].apply(rest[j]).Add(trans)
		}
	}
	return out
}

// poseFeatures returns the 189 pose features vec(R_j − I) of body joints 1 to 21 (row-major entries
// of each joint in turn), padded with zeros to poseStride.
func (f *lbsFrame) poseFeatures() [poseStride]float32 {
	var out [poseStride]float32
	for j := 1; j < motion.NumJoints; j++ {
		d := f.rot[j].Sub(mgl64.Ident3())
		for r := range 3 {
			for c := range 3 {
				out[(j-1)*9+r*3+c] = float32(d.At(r, c))
			}
		}
	}
	return out
}
