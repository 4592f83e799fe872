package smplx

import (
	"github.com/go-gl/mathgl/mgl64"
)

// The turns between a Z-up file's frame and ours: zToY is Rc, −90° about X, taking (x, y, z) to
// (x, z, −y), so that Z up becomes Y up with the same handedness (never a bare swap of y and z,
// which mirrors the body); yToZ is its inverse. Column-major, as mathgl stores matrices.
var (
	zToY = mgl64.Mat3{1, 0, 0, 0, 0, -1, 0, 1, 0}
	yToZ = zToY.Transpose()
)

// reframe returns p seen in a frame turned by r: the global orientation turned by r, and the
// translation that keeps every joint at r times where it was. Posed joint j lies at
// R0·(Jj − J0) + J0 + trans (R0 the orientation, the rest of the chain below it), so turning it
// by r gives (r·R0)·(Jj − J0) + J0 + trans' with trans' = r·(J0 + trans) − J0.
func reframe(p Params, r mgl64.Mat3, j0 mgl64.Vec3) Params {
	p.Orient = logRot(r.Mul3(expRot(p.Orient)))
	p.Trans = r.Mul3x1(j0.Add(p.Trans)).Sub(j0)
	return p
}
