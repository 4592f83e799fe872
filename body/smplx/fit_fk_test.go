package smplx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// fitNaiveJoints is REFERENCE §8's chain written as it reads, with 4×4 matrices: G_0 = [R_0 | J_0],
// G_j = G_parent·[R_j | J_j − J_parent], joint j at G_j's translation plus transl.
func fitNaiveJoints(rest []mgl64.Vec3, p *Params) motion.Pose {
	var g [motion.NumJoints]mgl64.Mat4
	var out motion.Pose
	for j := range motion.NumJoints {
		aa, t := p.Orient, rest[0]
		if j > 0 {
			aa, t = p.Body[j-1], rest[j].Sub(rest[motion.Parent(motion.Joint(j))])
		}
		local := mgl64.Translate3D(t[0], t[1], t[2]).Mul4(fitRodrigues4(aa))
		if j == 0 {
			g[j] = local
		} else {
			g[j] = g[motion.Parent(motion.Joint(j))].Mul4(local)
		}
		out[j] = g[j].Col(3).Vec3().Add(p.Trans)
	}
	return out
}

// fitRodrigues4 is mathgl's rotation by |v| about v's direction.
func fitRodrigues4(v mgl64.Vec3) mgl64.Mat4 {
	if v.Len() == 0 {
		return mgl64.Ident4()
	}
	return mgl64.HomogRotate3D(v.Len(), v.Normalize())
}

// TestForwardAgainstNaiveChain: the fit's forward kinematics is REFERENCE §8's chain.
func TestForwardAgainstNaiveChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	s := fitTPose(fitRandomScales(rng, 0.1))
	sk := fitSkeleton(t, s)
	for range 200 {
		p := fitRandomParams(rng)
		got, want := sk.joints(&p), fitNaiveJoints(s.Joints, &p)
		for j := range got {
			if d := got[j].Sub(want[j]).Len(); d > 1e-12 {
				t.Fatalf("joint %s: forward %v, naive chain %v", motion.Joint(j), got[j], want[j])
			}
		}
	}
}

// TestJacobianAgainstFiniteDifferences: each block of the analytic Jacobian is the central
// difference of the joints when a joint's global rotation is turned by Exp(±h) (see step).
func TestJacobianAgainstFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	sk := fitSkeleton(t, fitTPose(nil))
	const h = 1e-6
	for range 20 {
		prm := fitRandomParams(rng)
		p := poseOf(&prm)
		pos := sk.forward(&p)
		for k := range motion.NumJoints {
			path := sk.path[k]
			for i := range len(path) - 1 {
				fitCheckJacobianBlock(t, sk, &p, &pos, motion.Joint(k), path[i], path[i+1], h)
			}
		}
	}
}

// fitCheckJacobianBlock compares jacobian(pos, a, b) with central differences of joint k.
func fitCheckJacobianBlock(t *testing.T, sk *skeleton, p *pose, pos *motion.Pose, k, a, b motion.Joint, h float64) {
	t.Helper()
	jac := jacobian(pos, a, b)
	for c := range 3 {
		d := make([]float64, sk.unknowns)
		d[sk.col[a]+c] = h
		plus := sk.step(p, d)
		d[sk.col[a]+c] = -h
		minus := sk.step(p, d)
		fd := sk.forward(&plus)[k].Sub(sk.forward(&minus)[k]).Mul(1 / (2 * h))
		if diff := fd.Sub(jac.Col(c)).Len(); diff > 1e-7 {
			t.Fatalf("∂%s/∂ω_%s column %d: analytic %v, finite differences %v", k, a, c, jac.Col(c), fd)
		}
	}
}

// fitDenseNormal is the slow obvious normal equations: the whole Jacobian of every residual (joints,
// then the rotation terms) by finite differences of the residuals under step, then JᵀJ and Jᵀr.
func fitDenseNormal(sk *skeleton, p *pose, tg *target) (h, g []float64) {
	n := sk.unknowns
	res := func(q *pose) []float64 {
		pos := sk.forward(q)
		var r []float64
		for k := range pos {
			d := pos[k].Sub(tg.joints[k])
			r = append(r, d[:]...)
		}
		for j := motion.Joint(0); j < motion.NumJoints; j++ {
			if !sk.isLeaf(j) {
				e := angleBetween(tg.prev.local(j), q.local(j)).Mul(tg.w.smooth)
				f := angleBetween(tg.start.local(j), q.local(j)).Mul(tg.w.prior)
				r = append(r, e[0], e[1], e[2], f[0], f[1], f[2])
			}
		}
		return r
	}
	r0 := res(p)
	jac := make([][]float64, n)
	const eps = 1e-6
	for i := range n {
		d := make([]float64, n)
		d[i] = eps
		qp := sk.step(p, d)
		d[i] = -eps
		qm := sk.step(p, d)
		rp, rm := res(&qp), res(&qm)
		jac[i] = make([]float64, len(r0))
		for k := range r0 {
			jac[i][k] = (rp[k] - rm[k]) / (2 * eps)
		}
	}
	h, g = make([]float64, n*n), make([]float64, n)
	for i := range n {
		for k := range r0 {
			g[i] += jac[i][k] * r0[k]
		}
		for j := range n {
			for k := range r0 {
				h[i*n+j] += jac[i][k] * jac[j][k]
			}
		}
	}
	return h, g
}

// TestNormalAgainstDense: the block-sparse normal equations equal those of the whole Jacobian,
// taken by finite differences of every residual.
func TestNormalAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	sk := fitSkeleton(t, fitTPose(nil))
	n := sk.unknowns
	for range 5 {
		a, b, c := fitRandomParams(rng), fitRandomParams(rng), fitRandomParams(rng)
		p, start, prev := poseOf(&a), poseOf(&b), poseOf(&c)
		var want motion.Pose
		for j := range want {
			want[j] = mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
		}
		tg := &target{joints: want, start: &start, prev: &prev, w: weights{smooth: 0.3, prior: 0.2}}
		h, g := make([]float64, n*n), make([]float64, n)
		sk.normal(&p, tg, h, g)
		dh, dg := fitDenseNormal(sk, &p, tg)
		for i := range h {
			if math.Abs(h[i]-dh[i]) > 1e-6 {
				t.Fatalf("JᵀJ[%d][%d] = %g, dense %g", i/n, i%n, h[i], dh[i])
			}
		}
		for i := range g {
			if math.Abs(g[i]-dg[i]) > 1e-6 {
				t.Fatalf("Jᵀr[%d] = %g, dense %g", i, g[i], dg[i])
			}
		}
	}
}

// TestCholSolveAgainstGaussianElimination: the solve agrees with elimination with partial pivoting
// on random symmetric positive definite systems, and refuses an indefinite one.
func TestCholSolveAgainstGaussianElimination(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{1, 3, 12, 54} {
		m := make([]float64, n*n)
		for i := range m {
			m[i] = rng.NormFloat64()
		}
		a := make([]float64, n*n)
		for i := range n {
			for j := range n {
				for k := range n {
					a[i*n+j] += m[i*n+k] * m[j*n+k]
				}
			}
			a[i*n+i] += 0.1
		}
		b := make([]float64, n)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		want := fitGauss(append([]float64(nil), a...), n, append([]float64(nil), b...))
		x := append([]float64(nil), b...)
		if !cholSolve(append([]float64(nil), a...), n, x) {
			t.Fatalf("n=%d: positive definite system refused", n)
		}
		for i := range x {
			if math.Abs(x[i]-want[i]) > 1e-8*(1+math.Abs(want[i])) {
				t.Fatalf("n=%d: x[%d] = %g, elimination %g", n, i, x[i], want[i])
			}
		}
	}
	if cholSolve([]float64{1, 2, 2, 1}, 2, []float64{1, 1}) {
		t.Error("an indefinite matrix was solved")
	}
}

// fitGauss solves a·x = b by elimination with partial pivoting.
func fitGauss(a []float64, n int, b []float64) []float64 {
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r*n+c]) > math.Abs(a[p*n+c]) {
				p = r
			}
		}
		for k := range n {
			a[c*n+k], a[p*n+k] = a[p*n+k], a[c*n+k]
		}
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r*n+c] / a[c*n+c]
			for k := c; k < n; k++ {
				a[r*n+k] -= f * a[c*n+k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r*n+k] * x[k]
		}
		x[r] = s / a[r*n+r]
	}
	return x
}
