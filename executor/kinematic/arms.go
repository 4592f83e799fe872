package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/motion"
)

// Arms: reaching, touching and grabbing place the wrist on a target by two-bone IK, bending the
// trunk (and, standing, the knees) just enough when the target is too low for the arm alone;
// picking up and putting down reach both hands to the floor (or a named height); waving and
// raising the hands move the wrists relative to the shoulders. They work standing, seated or
// lying, and the rest of the body keeps its posture.

const (
	reachSeconds = 1.8 // reach out, hold (st.Seconds, default defaultHold) and return take this plus the hold
	pickSeconds  = 3.6
	waveSeconds  = 2.6
	raiseSeconds = 2.2
	armSlack     = 0.97 // fraction of the arm length a reach may use

	defaultHold        = 0.8  // s, how long a reach or raised hands hold when the text says not
	reachForwardHeight = 1.25 // m, a forward reach with no height given
)

// uses reports whether the hand choice moves the arm of side s.
func uses(h action.Hand, s int) bool {
	return h == action.HandBoth || (h == action.HandLeft && s == left) || (h == action.HandRight && s == right)
}

// armMove plans reaching, waving and raising the hands in the body's current posture.
func armMove(b body, st step) move {
	switch st.Kind {
	case action.Wave:
		return wave(b, st)
	case action.RaiseHands:
		return raise(b, st)
	}
	return reach(b, st)
}

// armAction is an arm motion over the canonical rig of the body: it holds for the hold time in the
// middle of a motion of total seconds; f sets the arms (and trunk) at weight w of the way out.
func armAction(b body, moveSeconds, holdSeconds float64, f func(r *rig, w, u float64)) move {
	total := moveSeconds + holdSeconds
	in := moveSeconds / 2 / total
	base := b.rig()
	n := framesFor(total)
	return move{frames: n, end: b, render: func(dst []motion.Pose) []motion.Pose {
		return animate(dst, n, false, b.posture == standing, func(u float64) rig {
			r := base
			f(&r, hold(in, 1-in, u), u)
			return r
		})
	}}
}

func holdOr(seconds, fallback float64) float64 {
	if seconds > 0 {
		return seconds
	}
	return fallback
}

// reach moves the hand(s) to a target in front, above, below or to the side of the body.
func reach(b body, st step) move {
	base := b.rig()
	var targets [2]mgl64.Vec3
	var p motion.Pose
	base.trunk(&p)
	for s := 0; s < 2; s++ {
		targets[s] = reachTarget(b, st, p[shoulderJ[s]], s)
	}
	// How far the trunk must lower for the lowest hand target to come within reach (targets at
	// or above the shoulders are reached, or stretched towards, upright).
	k := 0.0
	for s := 0; s < 2; s++ {
		if uses(st.Hand, s) && targets[s].Y() < p[shoulderJ[s]].Y() {
			k = math.Max(k, lowerFor(base, b.posture == standing, s, targets[s]))
		}
	}
	return armAction(b, reachSeconds, holdOr(st.Seconds, defaultHold), func(r *rig, w, u float64) {
		lower(r, base, b.posture == standing, k*w)
		hangArms(r, k*w) // the free arm hangs rather than following the stooping trunk
		for s := 0; s < 2; s++ {
			if uses(st.Hand, s) {
				out := limb{world: targets[s], w: 1, pole: mgl64.Vec3{0.6 * sideSign[s], -0.6, -0.4}, over: overFor(targets[s], p[shoulderJ[s]])}
				r.arms[s] = lerpLimb(base.arms[s], out, w)
			}
		}
	})
}

// reachOver is how far above a reach's target the hand passes on its way out and back.
const reachOver = 0.08

// overFor returns how far above the target the wrist of a reach passes: reachOver for a target
// from the hanging hand's height up to just over the shoulder (the top of a table, a shelf, an
// armrest, which the hand must come onto from above), 0 for a reach up or down to the floor,
// which swings straight.
func overFor(target, shoulder mgl64.Vec3) float64 {
	if target.Y() > shoulder.Y()+0.15 || target.Y() < shoulder.Y()-0.75 {
		return 0
	}
	return reachOver
}

// reachTarget returns the world wrist target of side s for a reach from a shoulder at sh.
func reachTarget(b body, st step, sh mgl64.Vec3, s int) mgl64.Vec3 {
	fwd, lft := b.at.Forward(), b.at.Left()
	out := lft.Mul(0.12 * sideSign[s])
	switch st.Dir {
	case action.DirUp:
		if st.HasHeight {
			return mgl64.Vec3{sh.X(), st.Height, sh.Z()}.Add(fwd.Mul(0.2)).Add(lft.Mul(0.08 * sideSign[s]))
		}
		return sh.Add(mgl64.Vec3{0, 0.6, 0}).Add(fwd.Mul(0.12)).Add(lft.Mul(0.08 * sideSign[s]))
	case action.DirDown:
		h := 0.1
		if st.HasHeight {
			h = st.Height
		}
		return mgl64.Vec3{sh.X(), h, sh.Z()}.Add(fwd.Mul(0.4)).Add(out)
	case action.DirLeft, action.DirRight:
		dir := lft
		if st.Dir == action.DirRight {
			dir = lft.Mul(-1)
		}
		h := sh.Y() - 0.1
		if st.HasHeight {
			h = st.Height
		}
		return mgl64.Vec3{sh.X(), h, sh.Z()}.Add(dir.Mul(0.55)).Add(fwd.Mul(0.1))
	}
	h := reachForwardHeight
	if b.posture != standing {
		h = sh.Y() - 0.1
	}
	if st.HasHeight {
		h = st.Height
	}
	return mgl64.Vec3{sh.X(), h, sh.Z()}.Add(fwd.Mul(0.45)).Add(out.Mul(0.5))
}

// lower bends the body of rig r (starting from base) by the amount k ∈ [0, 1]: standing, the hips
// go back and down and the trunk pitches forward (a squatting stoop at k = 1); seated, only the
// trunk leans forward.
func lower(r *rig, base rig, standing bool, k float64) {
	if k <= 0 {
		return
	}
	h := base.body
	if !standing {
		r.bend = base.bend + 0.8*k
		return
	}
	fwd := h.Rotate(mgl64.Vec3{0, 0, 1})
	r.pelvis = base.pelvis.Add(fwd.Mul(-0.2 * k)).Add(mgl64.Vec3{0, -0.45 * k, 0})
	r.body = h.Mul(pitchQuat(1.1 * k))
	r.bend = base.bend + 0.45*k
}

// lowerFor returns the least lowering that brings target within reach of the shoulder of side s
// (bisection; 1 when even the deepest stoop falls short).
func lowerFor(base rig, standing bool, s int, target mgl64.Vec3) float64 {
	reaches := func(k float64) bool {
		r := base
		lower(&r, base, standing, k)
		var p motion.Pose
		r.trunk(&p)
		return p[shoulderJ[s]].Sub(target).Len() <= armSlack*tpl.armLen[s]
	}
	if reaches(0) {
		return 0
	}
	if !reaches(1) {
		return 1
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < 20; i++ {
		mid := (lo + hi) / 2
		if reaches(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// pick bends down to reach both hands to a target in front (the floor unless a height was given),
// closes on it and rises carrying it at the belly, then lowers the hands. Putting down is the same
// motion backwards.
func pick(b body, st step) move {
	base := standRig(b.at)
	var p motion.Pose
	base.trunk(&p)
	var targets [2]mgl64.Vec3
	k := 0.0
	for s := 0; s < 2; s++ {
		sh := p[shoulderJ[s]]
		targets[s] = mgl64.Vec3{sh.X(), st.Height, sh.Z()}.Add(b.at.Forward().Mul(0.4)).
			Add(b.at.Left().Mul(-0.06 * sideSign[s]))
		k = math.Max(k, lowerFor(base, true, s, targets[s]))
	}
	n := framesFor(pickSeconds + st.Seconds)
	f := func(u float64) rig {
		r := base
		lower(&r, base, true, k*(ease(0.05, 0.4, u)-ease(0.5, 0.85, u)))
		grip := ease(0.1, 0.4, u) - ease(0.5, 0.7, u)
		carry := ease(0.5, 0.7, u) - ease(0.85, 1, u)
		for s := 0; s < 2; s++ {
			held := limb{local: mgl64.Vec3{-0.12 * sideSign[s], -0.3, 0.32}, pole: mgl64.Vec3{sideSign[s], -0.5, -0.5}}
			arm := lerpLimb(base.arms[s], held, carry)
			r.arms[s] = lerpLimb(arm, limb{world: targets[s], w: 1, pole: mgl64.Vec3{sideSign[s], 0, -1}}, grip)
		}
		return r
	}
	return move{frames: n, end: b, render: func(dst []motion.Pose) []motion.Pose {
		return animate(dst, n, st.Kind == action.PutDown, true, f)
	}}
}

// wave raises a hand beside the head and swings it from side to side (three times per repeat).
func wave(b body, st step) move {
	cycles := 3 * float64(st.Repeat)
	seconds := waveSeconds + 0.5*float64(st.Repeat-1)
	return armAction(b, 1.6, math.Max(0, holdOr(st.Seconds, seconds)-1.6), func(r *rig, w, u float64) {
		for s := 0; s < 2; s++ {
			if !uses(st.Hand, s) {
				continue
			}
			phase := math.Sin(2 * math.Pi * cycles * u)
			up := limb{local: mgl64.Vec3{sideSign[s] * (0.3 + 0.12*phase*w), 0.32, 0.12},
				pole: mgl64.Vec3{sideSign[s], -1, 0.2}}
			r.arms[s] = lerpLimb(r.arms[s], up, w)
		}
	})
}

// raise lifts the hand(s) straight overhead, holds, and lowers them.
func raise(b body, st step) move {
	return armAction(b, raiseSeconds, holdOr(st.Seconds, defaultHold), func(r *rig, w, u float64) {
		for s := 0; s < 2; s++ {
			if !uses(st.Hand, s) {
				continue
			}
			up := limb{local: mgl64.Vec3{0.1 * sideSign[s], 0.5, 0.06}, pole: mgl64.Vec3{sideSign[s], 0, -0.3}}
			r.arms[s] = lerpLimb(r.arms[s], up, w)
		}
	})
}
