package smplx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// The rotation maths of the fit: axis-angle vectors (the direction is the axis, the length the
// angle in radians, turning counter-clockwise about the axis) and rotation matrices.

// skew returns [v]×, the matrix whose product with w is v × w.
func skew(v mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Mat3{0, v[2], -v[1], -v[2], 0, v[0], v[1], -v[0], 0}
}

// expRot returns the rotation matrix of axis-angle v (Rodrigues: I + sinφ/φ·K + (1−cosφ)/φ²·K²,
// K = [v]×, φ = |v|).
func expRot(v mgl64.Vec3) mgl64.Mat3 {
	phi := v.Len()
	a, b := 1-phi*phi/6, 0.5-phi*phi/24
	if phi > 1e-4 {
		a, b = math.Sin(phi)/phi, (1-math.Cos(phi))/(phi*phi)
	}
	k := skew(v)
	return mgl64.Ident3().Add(k.Mul(a)).Add(k.Mul3(k).Mul(b))
}

// logRot returns the axis-angle of rotation matrix r with an angle in [0, π].
func logRot(r mgl64.Mat3) mgl64.Vec3 {
	q := mgl64.Mat4ToQuat(r.Mat4()).Normalize()
	if q.W < 0 {
		q = q.Scale(-1)
	}
	s := q.V.Len()
	if s < 1e-8 {
		return q.V.Mul(2 / q.W)
	}
	return q.V.Mul(2 * math.Atan2(s, q.W) / s)
}

// rightJacobianInv returns Jr⁻¹(e), which maps a small rotation δ applied on the right of
// Exp(e) to the change of its axis-angle: Log(Exp(e)·Exp(δ)) ≈ e + Jr⁻¹(e)·δ. Near a half turn
// (where Log jumps) it is held at its value for an angle of π − 0.01.
func rightJacobianInv(e mgl64.Vec3) mgl64.Mat3 {
	phi := math.Min(e.Len(), math.Pi-0.01)
	c := 1.0/12 + phi*phi/720
	if phi > 1e-3 {
		c = 1/(phi*phi) - (1+math.Cos(phi))/(2*phi*math.Sin(phi))
	}
	k := skew(e)
	return mgl64.Ident3().Add(k.Mul(0.5)).Add(k.Mul3(k).Mul(c))
}

// swing returns the smallest rotation that turns direction from into direction to; a zero vector
// gives the identity and opposite directions a half turn about an axis perpendicular to from.
func swing(from, to mgl64.Vec3) mgl64.Mat3 {
	a, okA := unit(from)
	b, okB := unit(to)
	if !okA || !okB {
		return mgl64.Ident3()
	}
	axis := a.Cross(b)
	s := axis.Len()
	if s < 1e-12 {
		if a.Dot(b) > 0 {
			return mgl64.Ident3()
		}
		return expRot(geom.Perpendicular(a).Mul(math.Pi))
	}
	return expRot(axis.Mul(math.Atan2(s, a.Dot(b)) / s))
}

// unit returns v normalised and whether v had a direction.
func unit(v mgl64.Vec3) (mgl64.Vec3, bool) {
	l := v.Len()
	if !(l > 1e-12) || !geom.Finite(l) {
		return mgl64.Vec3{}, false
	}
	return v.Mul(1 / l), true
}

// nearestAxisAngle returns the axis-angle of the same rotation as v that lies nearest to ref:
// v's axis with its angle changed by a whole number of turns (v itself when ref is far from every
// other). Choosing it frame after frame keeps a motion's axis-angles continuous through a half
// turn, where Log's own answer flips its axis.
func nearestAxisAngle(v, ref mgl64.Vec3) mgl64.Vec3 {
	phi := v.Len()
	axis, ok := unit(v)
	if !ok {
		if axis, ok = unit(ref); !ok {
			return v
		}
	}
	best := v
	for k := -2; k <= 2; k++ {
		c := axis.Mul(phi + 2*math.Pi*float64(k))
		if c.Sub(ref).Len() < best.Sub(ref).Len() {
			best = c
		}
	}
	return best
}
