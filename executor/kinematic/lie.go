package kinematic

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/motion"
)

// Lying down: the body sits on the edge of the surface behind it, lies back while turning a
// quarter turn, and swings its legs up onto the surface, ending stretched out along it with the
// head towards its former left. Sitting up is the same motion backwards.

const (
	reclineSeconds = 2.6
	lieSlide       = 0.15 // m, how much further back than the seated pelvis the lying pelvis rests
	lieHeadShift   = 0.1  // m, the pelvis moves this far towards the head side while lying back
	backClearance  = 0.11 // m, pelvis joint above the surface lying on the back or front
	sideClearance  = 0.2  // m, pelvis joint above the surface lying on a side (half the hip width)
	sideTwist      = -0.9 // rad, chest roll towards the front when lying on the left side
)

// lieBasis returns where the body's left, up and forward axes point when lying on side, in the
// frame of the standing anchor (facing +Z, left +X): the head always points to +X.
func lieBasis(side action.LieSide) (x, y, z mgl64.Vec3) {
	y = mgl64.Vec3{1, 0, 0}
	switch side {
	case action.OnLeftSide:
		return mgl64.Vec3{0, -1, 0}, y, mgl64.Vec3{0, 0, 1}
	case action.OnRightSide:
		return mgl64.Vec3{0, 1, 0}, y, mgl64.Vec3{0, 0, -1}
	case action.OnFront:
		return mgl64.Vec3{0, 0, -1}, y, mgl64.Vec3{0, -1, 0}
	}
	return mgl64.Vec3{0, 0, 1}, y, mgl64.Vec3{0, 1, 0}
}

// lieRig returns the lying pose on a surface of the given height behind feet that stood at s.
func lieRig(s motion.State, surface float64, side action.LieSide) rig {
	x, y, z := lieBasis(side)
	orient := mgl64.Mat4ToQuat(mgl64.Mat3FromCols(x, y, z).Mat4()).Normalize()
	clearance := backClearance
	if side == action.OnLeftSide || side == action.OnRightSide {
		clearance = sideClearance
	}
	r := rig{
		pelvis: s.Apply(mgl64.Vec3{lieHeadShift, surface + clearance, -sitBack(surface) - lieSlide}),
		body:   yawQuat(s.Heading).Mul(orient),
	}
	for k := 0; k < 2; k++ {
		r.legs[k] = limb{local: tpl.legLocal[k], toeLocal: tpl.toe[k]}
		r.arms[k] = limb{local: tpl.armLocal[k]}
	}
	if side == action.OnLeftSide || side == action.OnRightSide {
		// Knees a little bent and the lower arm in front of the chest, as people lie on a side.
		down := left
		if side == action.OnRightSide {
			down = right
		}
		for k := 0; k < 2; k++ {
			r.legs[k].local = tpl.legLocal[k].Add(mgl64.Vec3{0, 0.12, -0.22})
		}
		// The chest rolls half towards the front, which lifts the lower shoulder (a quarter metre
		// out from the spine) off the surface, and the lower arm lies on the surface in front of
		// the chest.
		r.twist = sideTwist * sideSign[down]
		var p motion.Pose
		r.trunk(&p)
		rest := yawQuat(s.Heading).Rotate(y.Mul(0.1).Add(z.Mul(0.3)))
		feet := yawQuat(s.Heading).Rotate(y.Mul(-1))
		r.arms[down] = limb{world: p[shoulderJ[down]].Add(rest), w: 1, pole: r.torso().Conjugate().Rotate(feet)}
	}
	// The elbows bend out and away from the surface rather than back into it (which matters while
	// lying back, when the hands come close to the shoulders).
	away := r.torso().Conjugate().Rotate(mgl64.Vec3{0, 1, 0})
	for k := 0; k < 2; k++ {
		if r.arms[k].pole == (mgl64.Vec3{}) {
			r.arms[k].pole = mgl64.Vec3{sideSign[k], 0, 0}.Add(away.Mul(0.5))
		}
	}
	// Lying, the hands stay on the surface, not in it (the lower hand lying on a side would rest a
	// few millimetres inside, a hand reaching down would go through).
	r.handFloor, r.handLift = surface, 1
	return r
}

// reclineCurve describes lying down from sitting: the trunk lies back and turns while the legs
// first lift over the edge and then swing onto the surface. The hands move from the thighs to
// their lying place in the frame of the pelvis, so they stay on and beside the body as it turns
// rather than sweeping around the shoulders through the surface the body lies back onto.
func reclineCurve(s motion.State, surface float64, side action.LieSide) func(u float64) rig {
	a, z := sitRig(s, surface), lieRig(s, surface, side)
	start, end := a.pose(), z.pose()
	var lifted, lain [2]mgl64.Vec3
	var toe [2]mgl64.Vec3
	var handFrom, handTo [2]mgl64.Vec3 // wrists in the pelvis frame, seated and lying
	for k := 0; k < 2; k++ {
		lifted[k] = a.legs[k].world.Add(mgl64.Vec3{0, surface + 0.2, 0}).Add(s.Forward().Mul(0.05))
		lain[k] = end[ankleJ[k]]
		toe[k] = end[footJ[k]].Sub(end[ankleJ[k]]).Normalize()
		handFrom[k] = a.body.Conjugate().Rotate(start[wristJ[k]].Sub(a.pelvis))
		handTo[k] = z.body.Conjugate().Rotate(end[wristJ[k]].Sub(z.pelvis))
	}
	return func(u float64) rig {
		trunk := ease(0.05, 0.8, u)
		r := lerpRig(a, z, trunk)
		arms := ease(0.05, 0.8, u)
		for k := 0; k < 2; k++ {
			r.arms[k] = limb{world: r.pelvis.Add(r.body.Rotate(lerpVec(handFrom[k], handTo[k], arms))), w: 1,
				pole: lerpVec(a.arms[k].armPole(k), z.arms[k].armPole(k), arms)}
		}
		// Rolling onto the front or a side turns the hands' side of the body towards the
		// surface; they stay on it. Seated, a hand on a high bed's edge may rest on the thigh
		// below the mattress top, in front of it, so the lift comes in as the trunk goes back.
		r.handLift = ease(0, 0.2, u)
		for k := 0; k < 2; k++ {
			if u >= 0.95 {
				r.legs[k] = z.legs[k]
				continue
			}
			lift, across := ease(0.25, 0.55, u), ease(0.5, 0.95, u)
			p := lerpVec(lerpVec(a.legs[k].world, lifted[k], lift), lain[k], across)
			r.legs[k] = limb{world: p, toeWorld: lerpVec(a.legs[k].toeWorld, toe[k], across), w: 1}
		}
		return r
	}
}

// recline lies down from sitting.
func recline(b body, side action.LieSide) move {
	n := framesFor(reclineSeconds)
	curve := reclineCurve(b.at, b.surface, side)
	end := body{at: b.at, posture: lying, surface: b.surface, side: side}
	return move{frames: n, end: end,
		render: func(dst []motion.Pose) []motion.Pose { return animate(dst, n, false, false, curve) }}
}

// sitUp sits up from lying: lying down played backwards.
func sitUp(b body) move {
	n := framesFor(reclineSeconds)
	curve := reclineCurve(b.at, b.surface, b.side)
	end := body{at: b.at, posture: sitting, surface: b.surface}
	return move{frames: n, end: end,
		render: func(dst []motion.Pose) []motion.Pose { return animate(dst, n, true, false, curve) }}
}
