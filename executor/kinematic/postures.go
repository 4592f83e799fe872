package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/motion"
)

// Postures: standing, sitting back onto a seat, standing up (sitting reversed), squatting, bending
// and leaning, jumping, and standing (or sitting, or lying) still. Every motion keeps its planted
// feet exactly in place and starts and ends in a canonical pose.

// Posture constants.
const (
	seatClearance = 0.11 // m, pelvis joint above the seat when seated (buttocks and thighs below it)
	sitSeconds    = 2.2
	squatSeconds  = 2.4
	bendSeconds   = 2.4
	jumpSeconds   = 1.9
)

// standRig returns the standing rest pose at s: feet planted, arms hanging.
func standRig(s motion.State) rig {
	r := rig{pelvis: s.Root.Add(mgl64.Vec3{0, tpl.pelvisY, 0}), body: yawQuat(s.Heading)}
	for side := 0; side < 2; side++ {
		p := plantAt(s, side)
		r.legs[side] = limb{world: p.ankle, toeWorld: yawQuat(p.yaw).Rotate(tpl.toe[side]), w: 1}
		r.arms[side] = limb{local: tpl.armLocal[side]}
	}
	return r
}

// sitBack returns how far behind the feet the pelvis sits on a seat of the given height: the
// knees bend at about a right angle over planted feet (more on low seats, less on high ones).
func sitBack(seat float64) float64 {
	hipBelow := -tpl.off[motion.LeftHip].Y()
	dy := seat + seatClearance - hipBelow - tpl.ankle[left].Y()
	thigh, shin := motion.BoneLength(motion.LeftKnee), motion.BoneLength(motion.LeftAnkle)
	square := thigh*thigh + shin*shin
	dz := math.Max(0.15, math.Sqrt(math.Max(0, square-dy*dy)))
	return dz - tpl.ankle[left].Z() + tpl.off[motion.LeftHip].Z()
}

// sitRig returns the seated pose for a seat of the given height behind feet standing at s: the
// pelvis seatClearance above the seat, the back slightly rounded, hands resting on the thighs.
func sitRig(s motion.State, seat float64) rig {
	r := standRig(s)
	r.pelvis = s.Apply(mgl64.Vec3{0, seat + seatClearance, -sitBack(seat)})
	r.bend = 0.12
	r.arms = handsOnThighs(&r, s, seat)
	return r
}

// handsOnThighs returns world hand targets resting on the thighs of rig r as its legs are now:
// 0.7 of the way from hip to knee (on a low seat the thighs rise steeply and the hands rest on the
// knees), resting on top of the thigh (the thigh's radius and the hand's, 0.061 + 0.035 m, above its
// bone line: any lower and the hand, which the body proxy extends along the forearm, sinks through
// the thigh and, on a seat above 0.45 m, into the seat) and a little outside it.
func handsOnThighs(r *rig, s motion.State, seat float64) [2]limb {
	var p motion.Pose
	along := 0.7
	if seat < 0.3 {
		along = 0.95
	}
	var arms [2]limb
	for side := 0; side < 2; side++ {
		p[hipJ[side]] = r.pelvis.Add(r.body.Rotate(tpl.off[hipJ[side]])) // as trunk places it
		r.leg(&p, side)
		thigh := lerpVec(p[hipJ[side]], p[kneeJ[side]], along)
		out := s.Left().Mul(0.03 * sideSign[side])
		arms[side] = limb{local: tpl.armLocal[side], world: thigh.Add(mgl64.Vec3{0, 0.1, 0}).Add(out), w: 1}
	}
	return arms
}

// sitCurve describes sitting down over u ∈ [0, 1]: the hips travel back and down while the trunk
// leans forward to keep balance over the feet; every channel is still for the last 15 % so the
// motion settles. The arms swing a little forward and the hands go onto the thighs while the hips
// are still high, then ride down on them: a hand left hanging beside the hips would sink below the
// seat's top (into a sofa cushion) before the buttocks reach it.
func sitCurve(s motion.State, seat float64) func(u float64) rig {
	a, b := standRig(s), sitRig(s, seat)
	return func(u float64) rig {
		back, down := ease(0.02, 0.8, u), ease(0.1, 0.85, u)
		lean := bump(0.02, 0.4, 0.85, u)
		r := lerpRig(a, b, down)
		r.pelvis = lerpVec(a.pelvis, b.pelvis, back)
		r.pelvis[1] = a.pelvis.Y() + (b.pelvis.Y()-a.pelvis.Y())*down
		r.body = yawQuat(s.Heading).Mul(pitchQuat(0.5 * lean))
		r.bend += 0.3 * lean
		// The thighs the hands rest on are those of the frame animate will draw, whose pelvis it
		// caps where the legs cannot reach the planted feet.
		r.pelvis[1] = math.Min(r.pelvis[1], math.Min(r.maxPelvisY(left), r.maxPelvisY(right)))
		thighs := handsOnThighs(&r, s, seat)
		hands := ease(0.08, 0.45, u)
		for side := 0; side < 2; side++ {
			fwd := limb{local: pitchQuat(-0.7 * lean).Rotate(tpl.armLocal[side])}
			r.arms[side] = lerpLimb(fwd, thighs[side], hands)
		}
		return r
	}
}

// sitDown sits from standing at s onto a seat of the given height behind the body.
func sitDown(s motion.State, seat float64) move {
	n := framesFor(sitSeconds)
	curve := sitCurve(s, seat)
	return move{frames: n, end: body{at: s, posture: sitting, surface: seat},
		render: func(dst []motion.Pose) []motion.Pose { return animate(dst, n, false, true, curve) }}
}

// standUp stands up from sitting: sitting down played backwards.
func standUp(b body) move {
	n := framesFor(sitSeconds)
	curve := sitCurve(b.at, b.surface)
	return move{frames: n, end: body{at: b.at},
		render: func(dst []motion.Pose) []motion.Pose { return animate(dst, n, true, true, curve) }}
}

// hold returns the weight of a pose held in the middle of a motion: rising over [0, in],
// holding, falling over [out, 1].
func hold(in, out, u float64) float64 { return ease(0, in, u) - ease(out, 1, u) }

// inPlace plans a standing motion of the given length whose repetitions each follow f.
func inPlace(b body, seconds float64, repeat int, capped bool, f func(u float64) rig) move {
	n := framesFor(seconds)
	return move{frames: n * repeat, end: b, render: func(dst []motion.Pose) []motion.Pose {
		for k := 0; k < repeat; k++ {
			dst = animate(dst, n, false, capped, f)
		}
		return dst
	}}
}

// planInPlace plans the standing actions that end where they started.
func planInPlace(b body, st step) move {
	switch st.Kind {
	case action.Squat:
		return squat(b, st)
	case action.Bend:
		return bend(b, st)
	case action.Jump:
		return jump(b, st)
	}
	return pick(b, st)
}

// squat lowers the hips back and down over planted feet, arms forward for balance, and rises.
func squat(b body, st step) move {
	base := standRig(b.at)
	in := 0.35 * squatSeconds
	total := squatSeconds + st.Seconds
	return inPlace(b, total, st.Repeat, true, func(u float64) rig {
		d := hold(in/total, 1-in/total, u)
		r := base
		r.pelvis = b.at.Apply(mgl64.Vec3{0, tpl.pelvisY - 0.42*d, -0.12 * d})
		r.body = yawQuat(b.at.Heading).Mul(pitchQuat(0.35 * d))
		r.bend = 0.25 * d
		for s := 0; s < 2; s++ {
			r.arms[s].local = pitchQuat(-1.3 * d).Rotate(tpl.armLocal[s])
		}
		return r
	})
}

// bend hinges at the hips and rounds the back (a gentle lean when st.Small, backwards when the
// text said so), arms hanging, and straightens again.
func bend(b body, st step) move {
	base := standRig(b.at)
	pitch, spine, back := 0.9, 0.45, 0.1
	if st.Small {
		pitch, spine, back = 0.25, 0.2, 0.03
	}
	if st.Dir == action.DirBackward {
		pitch, spine, back = -0.12, -0.2, -0.03
	}
	in := 0.35 * bendSeconds
	total := bendSeconds + st.Seconds
	return inPlace(b, total, 1, true, func(u float64) rig {
		d := hold(in/total, 1-in/total, u)
		r := base
		r.pelvis = b.at.Apply(mgl64.Vec3{0, tpl.pelvisY - 0.03*d, -back * d})
		r.body = yawQuat(b.at.Heading).Mul(pitchQuat(pitch * d))
		r.bend = spine * d
		hangArms(&r, d)
		return r
	})
}

// hangArms lets the arms hang towards the floor by weight w instead of following the trunk.
func hangArms(r *rig, w float64) {
	var p motion.Pose
	r.trunk(&p)
	for s := 0; s < 2; s++ {
		down := mgl64.Vec3{0, -0.97 * tpl.armLen[s], 0}.Add(r.body.Rotate(mgl64.Vec3{0.04 * sideSign[s], 0, 0.05}))
		r.arms[s] = lerpLimb(r.arms[s], limb{world: p[shoulderJ[s]].Add(down), w: 1}, w)
	}
}

// jumpKnotsU and jumpKnotsY are the pelvis heights over one jump (relative to standing, at
// fractions of the jump): crouch, push off, flight, landing, recovery.
var (
	jumpKnotsU = []float64{0, 0.3, 0.42, 0.52, 0.62, 0.74, 1}
	jumpKnotsY = []float64{0, -0.15, 0.02, 0.2, 0.02, -0.15, 0}
)

// jump crouches, swings the arms and leaves the floor, travelling st.Distance (negative jumps go
// back) in the air, and lands on both feet. The legs are not capped: in the air the feet follow
// the stretched legs.
func jump(b body, st step) move {
	n := framesFor(jumpSeconds)
	hop := mgl64.Vec3{0, 0, st.Distance}
	end := body{at: motion.State{Root: b.at.Apply(hop), Heading: b.at.Heading}}
	return move{frames: n * st.Repeat, end: end, render: func(dst []motion.Pose) []motion.Pose {
		from := b.at
		for k := 0; k < st.Repeat; k++ {
			to := motion.State{Root: from.Apply(hop.Mul(1 / float64(st.Repeat))), Heading: from.Heading}
			dst = animate(dst, n, false, false, jumpCurve(from, to))
			from = to
		}
		return dst
	}}
}

// jumpCurve describes one jump from one standing state to another.
func jumpCurve(from, to motion.State) func(u float64) rig {
	a, b := standRig(from), standRig(to)
	return func(u float64) rig {
		travel := ease(0.36, 0.68, u)
		r := lerpRig(a, b, ease(0.42, 0.62, u))
		r.pelvis = lerpVec(a.pelvis, b.pelvis, travel)
		r.pelvis[1] += monotone(jumpKnotsU, jumpKnotsY, u)
		crouch := math.Max(0, -monotone(jumpKnotsU, jumpKnotsY, u)) / 0.15
		r.body = yawQuat(from.Heading).Mul(pitchQuat(0.3 * crouch))
		r.bend = 0.15 * crouch
		for s := 0; s < 2; s++ {
			r.legs[s].world[1] += 0.12 * bump(0.42, 0.52, 0.62, u)
			arm := -0.5*bump(0, 0.3, 0.42, u) + 1.0*bump(0.34, 0.52, 0.85, u)
			r.arms[s].local = pitchQuat(-arm).Rotate(tpl.armLocal[s])
		}
		return r
	}
}

// wait holds the body's posture for the given time, breathing and (standing) swaying a little.
func wait(b body, seconds float64) move {
	n := framesFor(seconds)
	base := b.rig()
	return move{frames: n, end: b, render: func(dst []motion.Pose) []motion.Pose {
		return animate(dst, n, false, b.posture == standing, func(u float64) rig {
			t := u * float64(n) / fps
			window := math.Sin(math.Pi * u)
			r := base
			r.bend += 0.012 * math.Sin(2*math.Pi*0.3*t) * window
			if b.posture == standing {
				r.pelvis = r.pelvis.Add(b.at.Left().Mul(0.008 * math.Sin(2*math.Pi*0.2*t) * window))
			}
			return r
		})
	}}
}
