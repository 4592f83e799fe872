package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// Transitions: easing curves that start and stop every channel smoothly, interpolation between
// rigs (the keyframes of the posture generators), the runner that turns a rig curve into frames,
// and a bone-direction blend between two poses that keeps bone lengths exact. The posture changes
// an action implies (standing up before walking) are planned in plan.go.

// ease returns 0 before a, 1 after b and a smoothstep in between, so a channel that moves during
// [a, b] of an action starts and stops with zero velocity.
func ease(a, b, u float64) float64 {
	if u <= a {
		return 0
	}
	if u >= b {
		return 1
	}
	x := (u - a) / (b - a)
	return x * x * (3 - 2*x)
}

// minJerk is the minimum-jerk profile 10x³ − 15x⁴ + 6x⁵ on [0, 1], zero velocity and acceleration
// at both ends; swing feet and reaching hands follow it, as human point-to-point movements do.
func minJerk(x float64) float64 {
	x = geom.Clamp(x, 0, 1)
	return x * x * x * (10 + x*(-15+6*x))
}

// bump rises from 0 to 1 over [a, m] and falls back to 0 over [m, b], smoothly.
func bump(a, m, b, u float64) float64 {
	return ease(a, m, u) - ease(m, b, u)
}

// lerpLimb interpolates two limb targets; carried targets swing around the limb's root (see swing).
// A target one side does not use (the world target of a
// carried limb, the carried target of a planted one) is not interpolated towards: it takes the
// other side's, so a hand moving from the thigh (world) to hanging (carried) never drifts towards
// the origin on the way.
func lerpLimb(a, b limb, w float64) limb {
	pick := func(x, y mgl64.Vec3, xUsed, yUsed bool) mgl64.Vec3 {
		switch {
		case !xUsed:
			return y
		case !yUsed:
			return x
		}
		return lerpVec(x, y, w)
	}
	local := b.local
	switch {
	case !(b.w < 1):
		local = a.local
	case a.w < 1:
		local = swing(a.local, b.local, w)
	}
	return limb{
		world:    pick(a.world, b.world, a.w > 0, b.w > 0),
		local:    local,
		toeWorld: pick(a.toeWorld, b.toeWorld, a.w > 0, b.w > 0),
		toeLocal: pick(a.toeLocal, b.toeLocal, a.w < 1, b.w < 1),
		w:        a.w + (b.w-a.w)*w,
		pole:     lerpVec(a.pole, b.pole, w),
		over:     math.Max(a.over, b.over),
	}
}

// swing interpolates two vectors from a limb's root by turning the direction and scaling the length,
// so a hand moving from hanging to overhead travels around the shoulder, never through it (where
// the elbow would flip).
func swing(a, b mgl64.Vec3, w float64) mgl64.Vec3 {
	la, lb := a.Len(), b.Len()
	if la < 1e-9 || lb < 1e-9 {
		return lerpVec(a, b, w)
	}
	return slerpDir(a.Mul(1/la), b.Mul(1/lb), w).Mul(la + (lb-la)*w)
}

// lerpRig interpolates every parameter of two rigs: positions linearly, the pelvis orientation by
// slerp. Because the pose is rebuilt from the result, bone lengths stay exact.
func lerpRig(a, b rig, w float64) rig {
	out := rig{
		pelvis: lerpVec(a.pelvis, b.pelvis, w),
		body:   mgl64.QuatSlerp(a.body, b.body, w),
		bend:   a.bend + (b.bend-a.bend)*w,
		twist:  a.twist + (b.twist-a.twist)*w,
		nod:    a.nod + (b.nod-a.nod)*w,
		// A floor only one side lifts the hands over is that side's.
		handFloor: b.handFloor,
		handLift:  a.handLift + (b.handLift-a.handLift)*w,
	}
	if b.handLift == 0 {
		out.handFloor = a.handFloor
	}
	for s := 0; s < 2; s++ {
		out.legs[s] = lerpLimb(a.legs[s], b.legs[s], w)
		out.arms[s] = lerpLimb(a.arms[s], b.arms[s], w)
	}
	return out
}

// blendPoses returns a pose between a (w = 0) and b (w = 1): the pelvis moves linearly and every
// bone turns from its direction in a to its direction in b, so the result keeps b's bone lengths
// whatever w is. It joins two motions that do not meet exactly.
func blendPoses(a, b motion.Pose, w float64) motion.Pose {
	var out motion.Pose
	out[motion.Pelvis] = lerpVec(a[motion.Pelvis], b[motion.Pelvis], w)
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		par := motion.Parent(j)
		da := unitOr(a[j].Sub(a[par]), mgl64.Vec3{0, 1, 0})
		db := unitOr(b[j].Sub(b[par]), mgl64.Vec3{0, 1, 0})
		out[j] = out[par].Add(slerpDir(da, db, w).Mul(motion.BoneLength(j)))
	}
	return out
}

// slerpDir turns the unit vector a towards the unit vector b by the fraction w of the angle between
// them.
func slerpDir(a, b mgl64.Vec3, w float64) mgl64.Vec3 {
	cos := geom.Clamp(a.Dot(b), -1, 1)
	theta := math.Acos(cos)
	if theta < 1e-9 {
		return b
	}
	axis := a.Cross(b)
	if axis.Len() < 1e-12 {
		axis = geom.Perpendicular(a)
	}
	return mgl64.QuatRotate(theta*w, axis.Normalize()).Rotate(a)
}

// joinFrames makes frames continue from prev: when the first frame jumps away from prev (by more
// than jumpGap at some joint — moves are built to meet exactly, so this is a safety net), the first
// n frames are blended from prev towards the motion, the weight rising smoothly to 1.
func joinFrames(prev motion.Pose, frames []motion.Pose, n int) {
	if len(frames) == 0 || maxJointGap(prev, frames[0]) <= jumpGap {
		return
	}
	n = min(n, len(frames))
	for i := 0; i < n; i++ {
		frames[i] = blendPoses(prev, frames[i], ease(0, 1, float64(i+1)/float64(n+1)))
	}
}

// maxJointGap returns the largest distance between corresponding joints of two poses.
func maxJointGap(a, b motion.Pose) float64 {
	gap := 0.0
	for j := range a {
		gap = math.Max(gap, a[j].Sub(b[j]).Len())
	}
	return gap
}

// holdFrames appends n copies of p.
func holdFrames(dst []motion.Pose, p motion.Pose, n int) []motion.Pose {
	for i := 0; i < n; i++ {
		dst = append(dst, p)
	}
	return dst
}

// capPelvis lowers the pelvis heights ys where they exceed limits and smooths the result without
// ever rising above a limit: a moving minimum of radius r followed by a moving average of the same
// radius (each average takes only minima over windows containing its own frame, so it cannot
// exceed that frame's capped height). Both ends are padded with their own values, so a motion
// that starts and ends at rest keeps its first and last heights.
func capPelvis(ys, limits []float64, r int) {
	n, pad := len(ys), 2*r
	if n == 0 {
		return
	}
	capped := make([]float64, n+2*pad)
	for i := range capped {
		k := min(max(i-pad, 0), n-1)
		capped[i] = math.Min(ys[k], limits[k])
	}
	mins := make([]float64, len(capped))
	for i := range capped {
		m := capped[i]
		for k := max(0, i-r); k <= min(len(capped)-1, i+r); k++ {
			m = math.Min(m, capped[k])
		}
		mins[i] = m
	}
	for i := range ys {
		sum := 0.0
		for k := i + pad - r; k <= i+pad+r; k++ {
			sum += mins[k]
		}
		ys[i] = sum / float64(2*r+1)
	}
}

// animate appends n frames of the motion f describes over u ∈ (0, 1] (u = i/n; reversed, u runs
// from (n−1)/n down to 0, which plays a motion backwards: standing up is sitting down reversed).
// With capped set, the pelvis is lowered wherever a leg could not reach its planted foot, so feet
// on the floor stay exactly where they are.
func animate(dst []motion.Pose, n int, reverse, capped bool, f func(u float64) rig) []motion.Pose {
	for i := 1; i <= n; i++ {
		u := float64(i) / float64(n)
		if reverse {
			u = 1 - u
		}
		r := f(u)
		if capped {
			r.pelvis[1] = math.Min(r.pelvis[1], math.Min(r.maxPelvisY(left), r.maxPelvisY(right)))
		}
		dst = append(dst, r.pose())
	}
	return dst
}
