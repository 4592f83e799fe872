package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/geom"
	"interactagent/motion"
)

// arcPath is where the root goes during one locomotion: it travels length metres in a fixed
// direction of the body frame (forward, backward, sideways) while the heading changes uniformly by
// turn radians, which traces a circular arc (a straight line when turn is 0, a turn on the spot when
// length is 0). Heading drift of a learned executor is a small extra turn.
type arcPath struct {
	start  motion.State
	dir    mgl64.Vec3 // unit travel direction in the body frame, horizontal
	length float64
	turn   float64
}

// at returns the root state at the fraction u ∈ [0, 1] of the path. The heading is not wrapped,
// so that it interpolates continuously through ±π.
func (a arcPath) at(u float64) motion.State {
	half := a.turn * u / 2
	mid := a.start.Heading + half
	sc := sinc(half)
	c := u * math.Cos(mid) * sc // ∫₀ᵘ cos(h₀ + turn·q) dq
	s := u * math.Sin(mid) * sc // ∫₀ᵘ sin(h₀ + turn·q) dq
	x, z := a.dir.X(), a.dir.Z()
	d := mgl64.Vec3{a.length * (x*c + z*s), 0, a.length * (-x*s + z*c)}
	return motion.State{Root: a.start.Root.Add(d), Heading: a.start.Heading + a.turn*u}
}

// end returns the root state at the end of the path, heading wrapped to (−π, π].
func (a arcPath) end() motion.State {
	s := a.at(1)
	s.Heading = geom.WrapAngle(s.Heading)
	return s
}

func sinc(x float64) float64 {
	if math.Abs(x) < 1e-6 {
		return 1 - x*x/6
	}
	return math.Sin(x) / x
}

// gait is the stepping pattern of one kind of locomotion.
type gait struct {
	maxStep    float64 // longest root advance between two footholds (m)
	maxTurn    float64 // largest heading change between two footholds (rad)
	stepFrames int     // frames per step: one swing plus the double support around it
	swing      float64 // fraction of a step the swing foot is off the floor
	lift       float64 // swing foot clearance at mid-swing (m)
	paired     bool    // the trail foot closes beside the lead foot (sidesteps, turns on the spot)
	dip        float64 // pelvis lowering while moving (m)
	bob        float64 // pelvis rise during single support (m)
	lean       float64 // spine lean while moving (rad)
	armSwing   float64 // arm swing in radians per metre of foot separation along the facing
	run        bool    // arms bent at the elbows
}

// The gaits: speeds close to HumanML3D's (walking ≈ 1.2 m/s, jogging ≈ 2.4 m/s, turning 90° in
// about 1.6 s).
var (
	walkGait = gait{maxStep: action.StepForward, maxTurn: mgl64.DegToRad(25), stepFrames: 10, swing: 0.75, lift: 0.07,
		dip: 0.02, bob: 0.012, lean: 0.06, armSwing: 0.55}
	runGait = gait{maxStep: 0.85, maxTurn: mgl64.DegToRad(20), stepFrames: 7, swing: 0.9, lift: 0.14,
		dip: 0.06, bob: 0.02, lean: 0.2, armSwing: 0.9, run: true}
	backGait = gait{maxStep: action.StepBackward, maxTurn: mgl64.DegToRad(20), stepFrames: 11, swing: 0.7, lift: 0.05,
		dip: 0.02, bob: 0.008, lean: -0.02, armSwing: 0.35}
	sideGait = gait{maxStep: action.StepSideways, maxTurn: mgl64.DegToRad(20), stepFrames: 9, swing: 0.7, lift: 0.05,
		paired: true, dip: 0.015, bob: 0.006}
	turnGait = gait{maxStep: 0.3, maxTurn: mgl64.DegToRad(50), stepFrames: 8, swing: 0.7, lift: 0.05,
		paired: true, dip: 0.015, bob: 0.006, armSwing: 0.2}
)

// settleFrames are the still frames that end every locomotion, so the pelvis smoothing window
// (radius 2) sees only the final standing height and the last frame is exactly the standing pose.
const settleFrames = 5

// chooseGait picks the gait for travelling in the body-frame direction dir over length metres.
func chooseGait(dir mgl64.Vec3, length float64, running bool) gait {
	switch {
	case length < 0.05:
		return turnGait
	case math.Abs(dir.X()) > math.Abs(dir.Z()):
		return sideGait
	case dir.Z() < 0:
		return backGait
	case running:
		return runGait
	}
	return walkGait
}

// waypoints returns how many footholds the path needs: enough that no step is longer than the
// gait's maxStep nor turns more than its maxTurn, and at least steps when the text counted them.
func (g gait) waypoints(p arcPath, steps int) int {
	n := max(steps, 1)
	n = max(n, int(math.Ceil(p.length/g.maxStep-1e-9)))
	return max(n, int(math.Ceil(math.Abs(p.turn)/g.maxTurn-1e-9)))
}

// stepCount returns the number of swings for n waypoints: alternating gaits step to each waypoint
// and close the trailing foot at the end, paired gaits step twice per waypoint.
func (g gait) stepCount(n int) int {
	if g.paired {
		return 2 * n
	}
	return n + 1
}

// frames returns the number of frames a locomotion over n waypoints takes.
func (g gait) frames(n int) int { return g.stepCount(n)*g.stepFrames + settleFrames }

// plant is a foot on the floor: the ankle position and the foot's yaw.
type plant struct {
	ankle mgl64.Vec3
	yaw   float64
}

// plantAt returns where the foot of side s stands when the root is at w.
func plantAt(w motion.State, s int) plant {
	return plant{ankle: w.Apply(tpl.ankle[s]), yaw: w.Heading}
}

// footstep is one swing: side s moves from one plant to another during frames [t0, t1].
type footstep struct {
	side     int
	from, to plant
	t0, t1   float64
}

// stepPlan is the footstep and root timing of one locomotion.
type stepPlan struct {
	steps        []footstep
	knotT, knotU []float64 // root path parameter u at each step boundary (frames)
}

// planSteps lays out footsteps over n waypoints of the path, starting with the lead foot.
func (g gait) planSteps(p arcPath, n, lead int) stepPlan {
	w := func(i int) motion.State { return p.at(float64(i) / float64(n)) }
	feet := [2]plant{plantAt(p.start, left), plantAt(p.start, right)}
	var sp stepPlan
	sp.knotT, sp.knotU = []float64{0}, []float64{0}
	add := func(side int, to plant, u float64) {
		k := len(sp.steps)
		t0 := float64(k) * float64(g.stepFrames)
		pad := (1 - g.swing) / 2 * float64(g.stepFrames)
		sp.steps = append(sp.steps, footstep{side: side, from: feet[side], to: to,
			t0: t0 + pad, t1: t0 + float64(g.stepFrames) - pad})
		feet[side] = to
		sp.knotT = append(sp.knotT, t0+float64(g.stepFrames))
		sp.knotU = append(sp.knotU, u)
	}
	for i := 1; i <= n; i++ {
		half := (float64(i) - 0.5) / float64(n)
		if g.paired {
			add(lead, plantAt(w(i), lead), half)
			add(1-lead, plantAt(w(i), 1-lead), float64(i)/float64(n))
			continue
		}
		side := lead
		if i%2 == 0 {
			side = 1 - lead
		}
		add(side, plantAt(w(i), side), half)
	}
	if !g.paired {
		side := lead
		if n%2 == 1 {
			side = 1 - lead
		}
		add(side, plantAt(w(n), side), 1)
	}
	return sp
}

// monotone evaluates the monotone cubic (Fritsch–Carlson) through the knots (xs, ys) at x, with
// zero slope at both ends: the root eases in and out and never steps back.
func monotone(xs, ys []float64, x float64) float64 {
	n := len(xs)
	if x <= xs[0] {
		return ys[0]
	}
	if x >= xs[n-1] {
		return ys[n-1]
	}
	i := 0
	for i < n-2 && x > xs[i+1] {
		i++
	}
	h := xs[i+1] - xs[i]
	m0, m1 := knotSlope(xs, ys, i), knotSlope(xs, ys, i+1)
	t := (x - xs[i]) / h
	t2, t3 := t*t, t*t*t
	return (2*t3-3*t2+1)*ys[i] + (t3-2*t2+t)*h*m0 + (-2*t3+3*t2)*ys[i+1] + (t3-t2)*h*m1
}

// knotSlope returns the Fritsch–Carlson slope at knot i (zero at the ends and at local extrema).
func knotSlope(xs, ys []float64, i int) float64 {
	if i == 0 || i == len(xs)-1 {
		return 0
	}
	d0 := (ys[i] - ys[i-1]) / (xs[i] - xs[i-1])
	d1 := (ys[i+1] - ys[i]) / (xs[i+1] - xs[i])
	if d0*d1 <= 0 {
		return 0
	}
	// The weighted harmonic mean keeps the cubic monotone on both sides.
	return 2 / (1/d0 + 1/d1)
}
