package smplx

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// weights are the fit's terms besides the joints, in metres per radian: a local rotation that
// differs by one radian costs as much as a joint this many metres off.
type weights struct {
	smooth float64 // change of each rotation from the previous frame's fit
	prior  float64 // difference of each rotation from the frame's analytic start
}

// target is what one frame's fit pulls toward: the clip's joints, the analytic start (prior) and
// the previous frame's fit (nil for the first frame).
type target struct {
	joints      motion.Pose
	start, prev *pose
	w           weights
}

// The solve stops after maxIterations steps, or when a step lowers the cost by less than costTol of
// itself plus costFloor (m²: 10⁻¹² mm², for fits that meet the joints exactly).
// Past that point the steps only turn the bones about themselves by the balance of terms far
// smaller than a millimetre (see docs/smplx.md).
const (
	maxIterations = 40
	costTol       = 1e-5
	costFloor     = 1e-18
)

// solver holds the scratch of one frame's Levenberg–Marquardt solve; a Fit reuses it frame after
// frame.
type solver struct {
	sk      *skeleton
	h, a    []float64 // the normal matrix JᵀJ and its damped copy, n×n row-major
	g, d    []float64 // the gradient Jᵀr and the step
	iters   int       // steps taken, over every frame solved
	damping float64   // the damping's last value, carried to the next frame
}

// newSolver returns a solver for sk.
func newSolver(sk *skeleton) *solver {
	n := sk.unknowns
	return &solver{sk: sk, h: make([]float64, n*n), a: make([]float64, n*n), g: make([]float64, n), d: make([]float64, n), damping: 1e-4}
}

// solve returns the pose that minimises tg's cost (see cost) by Levenberg–Marquardt steps, each a
// turn of every joint with a child plus a move of the translation (see step). It starts from the
// previous frame's rotations, so that it stays in their basin where bones that differ from the
// clip's leave more than one (the first frame starts from the analytic start), with the analytic
// start's translation.
func (s *solver) solve(tg *target) pose {
	p := *tg.start
	if tg.prev != nil {
		p.glob = tg.prev.glob
	}
	cost := s.sk.cost(&p, tg)
	for it := 0; it < maxIterations; it++ {
		s.sk.normal(&p, tg, s.h, s.g)
		q, c, ok := s.dampedStep(&p, tg, cost)
		if !ok {
			break
		}
		s.iters++
		done := cost-c < costTol*cost+costFloor
		p, cost = q, c
		if done {
			break
		}
	}
	return p
}

// dampedStep tries steps from p with growing damping until one lowers the cost; ok is false when
// none does (p is a minimum to the solver's precision).
func (s *solver) dampedStep(p *pose, tg *target, cost float64) (pose, float64, bool) {
	n := s.sk.unknowns
	for try := 0; try < 12; try++ {
		copy(s.a, s.h)
		for i := range n {
			s.a[i*n+i] += s.damping * (s.h[i*n+i] + 1e-12)
			s.d[i] = -s.g[i]
		}
		if cholSolve(s.a, n, s.d) {
			q := s.sk.step(p, s.d)
			if c := s.sk.cost(&q, tg); c < cost {
				s.damping = math.Max(s.damping/3, 1e-9)
				return q, c, true
			}
		}
		s.damping = math.Min(s.damping*4, 1e9)
	}
	return *p, cost, false
}

// cost is a frame's objective at p: the squared distances of the 22 joints from the clip's, plus
// for every joint with a child smooth² times the squared angle of its local rotation from the
// previous frame's and prior² times that from the analytic start.
func (sk *skeleton) cost(p *pose, tg *target) float64 {
	pos := sk.forward(p)
	sum := 0.0
	for k := range pos {
		sum += sqr(pos[k].Sub(tg.joints[k]))
	}
	for j := range motion.NumJoints {
		if sk.isLeaf(motion.Joint(j)) {
			continue
		}
		local := p.local(motion.Joint(j))
		if tg.prev != nil {
			sum += tg.w.smooth * tg.w.smooth * sqr(angleBetween(tg.prev.local(motion.Joint(j)), local))
		}
		sum += tg.w.prior * tg.w.prior * sqr(angleBetween(tg.start.local(motion.Joint(j)), local))
	}
	return sum
}

// angleBetween returns Log(refᵀ·r): the rotation from ref to r in ref's frame, as axis-angle.
func angleBetween(ref, r mgl64.Mat3) mgl64.Vec3 { return logRot(ref.Transpose().Mul3(r)) }

// sqr returns |v|².
func sqr(v mgl64.Vec3) float64 { return v.Dot(v) }

// step returns p moved by d: each joint with a child turned by Exp(d's three values) on the left
// of its global rotation, each leaf following its parent, the translation moved by the last three.
func (sk *skeleton) step(p *pose, d []float64) pose {
	q := *p
	for j, col := range sk.col {
		switch {
		case col >= 0:
			q.glob[j] = expRot(mgl64.Vec3{d[col], d[col+1], d[col+2]}).Mul3(p.glob[j])
		default:
			q.glob[j] = q.glob[motion.Parent(motion.Joint(j))]
		}
	}
	t := sk.transCol
	q.trans = p.trans.Add(mgl64.Vec3{d[t], d[t+1], d[t+2]})
	return q
}
