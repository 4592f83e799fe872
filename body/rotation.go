package body

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Frame returns the orthonormal frame (columns x, y, z) whose y axis points along up and whose x
// axis is across made perpendicular to up, so z = x × y points forward for a body whose across runs
// from its right to its left. Degenerate input falls back to world axes. Both fits (this package's
// and smplx's) build the pelvis and spine3 frames with it.
func Frame(up, across mgl64.Vec3) mgl64.Mat3 {
	y, ok := unit(up)
	if !ok {
		y = mgl64.Vec3{0, 1, 0}
	}
	x, ok := unit(across.Sub(y.Mul(across.Dot(y))))
	if !ok {
		x = geom.Perpendicular(y)
	}
	return mgl64.Mat3FromCols(x, y, x.Cross(y))
}

// swing returns the smallest rotation that turns direction from into direction to; a zero vector
// gives the identity and opposite directions a half turn about an axis perpendicular to from.
func swing(from, to mgl64.Vec3) mgl64.Mat3 {
	a, okA := unit(from)
	b, okB := unit(to)
	if !okA || !okB {
		return mgl64.Ident3()
	}
	axis, c := a.Cross(b), a.Dot(b)
	s := axis.Len()
	if s < 1e-12 {
		if c > 0 {
			return mgl64.Ident3()
		}
		return mgl64.HomogRotate3D(math.Pi, geom.Perpendicular(a)).Mat3()
	}
	return mgl64.HomogRotate3D(math.Atan2(s, c), axis.Mul(1/s)).Mat3()
}

// stretch returns the linear map that scales by k along the unit direction u and leaves every
// perpendicular direction alone: I + (k−1)·u·uᵀ.
func stretch(u mgl64.Vec3, k float64) mgl64.Mat3 {
	var m mgl64.Mat3
	for c := range 3 {
		for r := range 3 {
			m[c*3+r] = (k - 1) * u[r] * u[c]
		}
		m[c*3+c]++
	}
	return m
}

// heading returns the rotation about +Y that turns +Z into the horizontal direction f.
func heading(f mgl64.Vec3) mgl64.Mat3 {
	z, ok := unit(mgl64.Vec3{f.X(), 0, f.Z()})
	if !ok {
		return mgl64.Ident3()
	}
	return mgl64.Mat3FromCols(mgl64.Vec3{z.Z(), 0, -z.X()}, mgl64.Vec3{0, 1, 0}, z)
}

// unit returns v normalised and whether v had a direction.
func unit(v mgl64.Vec3) (mgl64.Vec3, bool) {
	l := v.Len()
	if !(l > 1e-12) || !geom.Finite(l) {
		return mgl64.Vec3{}, false
	}
	return v.Mul(1 / l), true
}
