package smplx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// normal writes the Gauss–Newton normal equations of tg's cost at p: h = JᵀJ (row-major, n×n over
// sk's unknowns) and g = Jᵀr, with J the residuals' derivatives by the step's unknowns (see step).
// A joint's position depends only on the rotations along its path from the pelvis and on the
// translation, so each joint adds blocks for pairs of that path only.
func (sk *skeleton) normal(p *pose, tg *target, h, g []float64) {
	clear(h)
	clear(g)
	pos := sk.forward(p)
	for k := range motion.NumJoints {
		sk.addJoint(&pos, motion.Joint(k), tg.joints[k], h, g)
	}
	for j := motion.Joint(0); j < motion.NumJoints; j++ {
		if sk.isLeaf(j) {
			continue
		}
		if tg.prev != nil {
			sk.addRotation(p, j, tg.prev.local(j), tg.w.smooth, h, g)
		}
		sk.addRotation(p, j, tg.start.local(j), tg.w.prior, h, g)
	}
}

// addJoint adds joint k's residual (its posed position minus want) to the normal equations: each
// bone a → b on k's path turns with a's unknowns (see jacobian).
func (sk *skeleton) addJoint(pos *motion.Pose, k motion.Joint, want mgl64.Vec3, h, g []float64) {
	n, t := sk.unknowns, sk.transCol
	r := pos[k].Sub(want)
	path := sk.path[k]
	var b [motion.NumJoints]mgl64.Mat3
	for i := range len(path) - 1 {
		a, ca := path[i], sk.col[path[i]]
		b[i] = jacobian(pos, a, path[i+1])
		bt := b[i].Transpose()
		addVec(g, ca, bt.Mul3x1(r))
		addBlock(h, n, ca, t, bt)
		addBlock(h, n, t, ca, b[i])
		for i2 := range i + 1 {
			m := bt.Mul3(b[i2])
			addBlock(h, n, ca, sk.col[path[i2]], m)
			if i2 != i {
				addBlock(h, n, sk.col[path[i2]], ca, m.Transpose())
			}
		}
	}
	addVec(g, t, r)
	addBlock(h, n, t, t, mgl64.Ident3())
}

// addRotation adds the residual w·Log(refᵀ·local_j) of joint j's local rotation, which turns with
// j's unknowns ω_j and against its parent's: its right-hand change is glob_jᵀ·(ω_j − ω_parent).
func (sk *skeleton) addRotation(p *pose, j motion.Joint, ref mgl64.Mat3, w float64, h, g []float64) {
	n, c := sk.unknowns, sk.col[j]
	e := angleBetween(ref, p.local(j))
	a := rightJacobianInv(e).Mul3(p.glob[j].Transpose())
	at := a.Transpose()
	grad, m := at.Mul3x1(e).Mul(w*w), at.Mul3(a).Mul(w*w)
	addVec(g, c, grad)
	addBlock(h, n, c, c, m)
	if j == motion.Pelvis {
		return
	}
	pc := sk.col[motion.Parent(j)]
	addVec(g, pc, grad.Mul(-1))
	addBlock(h, n, pc, pc, m)
	addBlock(h, n, c, pc, m.Mul(-1))
	addBlock(h, n, pc, c, m.Mul(-1))
}

// addBlock adds the 3×3 m to the n×n row-major h at rows r…r+2, columns c…c+2.
func addBlock(h []float64, n, r, c int, m mgl64.Mat3) {
	for i := range 3 {
		for j := range 3 {
			h[(r+i)*n+c+j] += m.At(i, j)
		}
	}
}

// addVec adds v to g at rows r…r+2.
func addVec(g []float64, r int, v mgl64.Vec3) {
	g[r], g[r+1], g[r+2] = g[r]+v[0], g[r+1]+v[1], g[r+2]+v[2]
}

// cholSolve solves a·x = b for a symmetric positive definite n×n matrix a (row-major), overwriting
// a with its Cholesky factor and b with x. It reports false, leaving a and b spoiled, when a is
// not positive definite.
func cholSolve(a []float64, n int, b []float64) bool {
	for j := range n {
		if !cholColumn(a, n, j) {
			return false
		}
	}
	for i := range n {
		s := b[i]
		for k := range i {
			s -= a[i*n+k] * b[k]
		}
		b[i] = s / a[i*n+i]
	}
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < n; k++ {
			s -= a[k*n+i] * b[k]
		}
		b[i] = s / a[i*n+i]
	}
	return true
}

// cholColumn computes column j of the lower Cholesky factor in place.
func cholColumn(a []float64, n, j int) bool {
	s := a[j*n+j]
	for k := range j {
		s -= a[j*n+k] * a[j*n+k]
	}
	if !(s > 0) {
		return false
	}
	d := math.Sqrt(s)
	a[j*n+j] = d
	for i := j + 1; i < n; i++ {
		s := a[i*n+j]
		for k := range j {
			s -= a[i*n+k] * a[j*n+k]
		}
		a[i*n+j] = s / d
	}
	return true
}
