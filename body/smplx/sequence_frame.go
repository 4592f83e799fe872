package smplx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The turns between a Z-up file's frame and ours: zToY is Rc, −90° about X, taking (x, y, z) to
// (x, z, −y), so that Z up becomes Y up with the same handedness (never a bare swap of y and z,
// which mirrors the body); yToZ is its inverse.
var (
	zToY = mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{1, 0, 0})
	yToZ = zToY.Inverse()
)

// reframe returns p seen in a frame turned by q: the global orientation turned by q, and the
// translation that keeps every joint at q times where it was. Posed joint j lies at
// R0·(Jj − J0) + J0 + trans (R0 the orientation, the rest of the chain below it), so turning it
// by q gives (q·R0)·(Jj − J0) + J0 + trans' with trans' = q·(J0 + trans) − J0.
func reframe(p Params, q mgl64.Quat, j0 mgl64.Vec3) Params {
	p.Orient = quatAxisAngle(q.Mul(axisAngleQuat(p.Orient)))
	p.Trans = q.Rotate(j0.Add(p.Trans)).Sub(j0)
	return p
}

// axisAngleQuat returns the rotation of an axis-angle vector (axis times angle in radians).
func axisAngleQuat(v mgl64.Vec3) mgl64.Quat {
	angle := v.Len()
	if angle < 1e-300 {
		return mgl64.QuatIdent()
	}
	return mgl64.QuatRotate(angle, v.Mul(1/angle))
}

// quatAxisAngle returns q's rotation as an axis-angle vector with an angle in [0, π].
func quatAxisAngle(q mgl64.Quat) mgl64.Vec3 {
	q = q.Normalize()
	if q.W < 0 {
		q = q.Scale(-1)
	}
	s := q.V.Len()
	if s < 1e-12 { // sin(θ/2) ≈ θ/2: the vector is 2·V to within θ³
		return q.V.Mul(2 / q.W)
	}
	return q.V.Mul(2 * math.Atan2(s, q.W) / s)
}

// nearestTurn returns the axis-angle vector of v's rotation nearest to prev: the rotation by
// θ about u is also the rotation by θ + 2πk about u for every whole k (k = −1 is the turn the
// other way round, −u·(2π − θ)), so a sequence of them can stay continuous where one rotation
// passes a half turn, instead of flipping its axis.
func nearestTurn(v, prev mgl64.Vec3) mgl64.Vec3 {
	theta := v.Len()
	u := v.Mul(1 / theta)
	if theta < 1e-12 { // about any axis; prev's is the nearest
		if theta, u = 0, prev.Normalize(); prev.Len() < 1e-12 {
			return v
		}
	}
	k := math.Round((u.Dot(prev) - theta) / (2 * math.Pi))
	if k == 0 {
		return v
	}
	return u.Mul(theta + 2*math.Pi*k)
}
