package kinematic

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// The two sides of the body, indexing every per-limb array: 0 is the left, 1 the right.
const (
	left  = 0
	right = 1
)

var (
	hipJ      = [2]motion.Joint{motion.LeftHip, motion.RightHip}
	kneeJ     = [2]motion.Joint{motion.LeftKnee, motion.RightKnee}
	ankleJ    = [2]motion.Joint{motion.LeftAnkle, motion.RightAnkle}
	footJ     = [2]motion.Joint{motion.LeftFoot, motion.RightFoot}
	collarJ   = [2]motion.Joint{motion.LeftCollar, motion.RightCollar}
	shoulderJ = [2]motion.Joint{motion.LeftShoulder, motion.RightShoulder}
	elbowJ    = [2]motion.Joint{motion.LeftElbow, motion.RightElbow}
	wristJ    = [2]motion.Joint{motion.LeftWrist, motion.RightWrist}
	spineJ    = [4]motion.Joint{motion.Spine1, motion.Spine2, motion.Spine3, motion.Neck}
	// sideSign is +1 for the left side (+X in the body frame) and −1 for the right.
	sideSign = [2]float64{1, -1}
)

// template holds the standing rest pose in the body frame (facing +Z, root at the origin) and the
// quantities every generator derives from it.
type template struct {
	off      [motion.NumJoints]mgl64.Vec3 // parent → joint offsets at rest
	pelvisY  float64                      // standing pelvis height
	ankle    [2]mgl64.Vec3                // rest ankle positions relative to the root on the floor
	toe      [2]mgl64.Vec3                // rest ankle → toe unit directions
	legLocal [2]mgl64.Vec3                // rest ankle relative to the hip, body frame
	armLocal [2]mgl64.Vec3                // rest wrist relative to the shoulder, torso frame
	legLen   [2]float64                   // thigh + shin
	armLen   [2]float64                   // upper arm + forearm
}

// tpl is derived once from motion.RestPose, which faces exactly +Z, so that a rig built with zero
// bend and twist faces exactly its yaw: the clip's heading then equals the executor's state.
var tpl = newTemplate()

func newTemplate() template {
	p := motion.RestPose()
	var t template
	for j := motion.Joint(1); j < motion.NumJoints; j++ {
		t.off[j] = p[j].Sub(p[motion.Parent(j)])
	}
	t.pelvisY = p[motion.Pelvis].Y()
	for s := 0; s < 2; s++ {
		t.ankle[s] = p[ankleJ[s]]
		t.toe[s] = p[footJ[s]].Sub(p[ankleJ[s]]).Normalize()
		t.legLocal[s] = p[ankleJ[s]].Sub(p[hipJ[s]])
		t.armLocal[s] = p[wristJ[s]].Sub(p[shoulderJ[s]])
		t.legLen[s] = motion.BoneLength(kneeJ[s]) + motion.BoneLength(ankleJ[s])
		t.armLen[s] = motion.BoneLength(elbowJ[s]) + motion.BoneLength(wristJ[s])
	}
	return t
}

// limb says where a hand (wrist) or a foot (ankle) should be: a target fixed in the world, one
// carried by the body (relative to the hip or shoulder, in the body or torso frame), or a blend of
// the two (w = 0 carried, w = 1 world). Feet also carry the ankle → toe direction the same way.
type limb struct {
	world, local       mgl64.Vec3
	toeWorld, toeLocal mgl64.Vec3
	w                  float64
	pole               mgl64.Vec3 // bend hint in the body (legs) or torso (arms) frame; zero = default
	// over, for an arm, is how far above its world target the wrist passes on its way out: the hand
	// rises close to the body first and comes onto the target from above (reachPath); 0 swings the
	// arm straight out about the shoulder.
	over float64
}

// rig is one frame described by a few intuitive parameters; pose turns it into joint positions with
// every bone at its HumanML3D length, because every joint is placed as parent + unit direction ×
// bone length.
type rig struct {
	pelvis mgl64.Vec3 // world position of the pelvis joint
	body   mgl64.Quat // pelvis orientation; a pure yaw h faces heading h
	bend   float64    // spine flexion in radians (positive bends forward), spread over the spine
	twist  float64    // torso yaw relative to the pelvis (radians, positive to the left)
	nod    float64    // extra head pitch (radians, positive looks down)
	legs   [2]limb
	arms   [2]limb
	// handLift raises the hands (0: not at all, 1: fully) wherever they would dip below the surface
	// at height handFloor that the body lies on; see liftHand.
	handFloor, handLift float64
}

// yawQuat returns the rotation by angle radians about +Y (positive turns +Z toward +X).
func yawQuat(angle float64) mgl64.Quat { return mgl64.QuatRotate(angle, mgl64.Vec3{0, 1, 0}) }

// pitchQuat returns the rotation by angle radians about the body's left axis (+X); positive tips
// the body's up axis forward.
func pitchQuat(angle float64) mgl64.Quat { return mgl64.QuatRotate(angle, mgl64.Vec3{1, 0, 0}) }

// torso returns the orientation of the chest (the frame of the collars, shoulders and arms).
func (r *rig) torso() mgl64.Quat {
	return r.body.Mul(yawQuat(r.twist)).Mul(pitchQuat(r.bend))
}

// pose builds the joint positions.
func (r *rig) pose() motion.Pose {
	var p motion.Pose
	torso := r.trunk(&p)
	for s := 0; s < 2; s++ {
		r.leg(&p, s)
		r.arm(&p, s, torso)
	}
	return p
}

// trunk places the pelvis, hips, spine, neck, head, collars and shoulders, and returns the torso
// orientation.
func (r *rig) trunk(p *motion.Pose) mgl64.Quat {
	p[motion.Pelvis] = r.pelvis
	for s := 0; s < 2; s++ {
		p[hipJ[s]] = r.pelvis.Add(r.body.Rotate(tpl.off[hipJ[s]]))
	}
	for k, j := range spineJ {
		c := float64(k+1) / float64(len(spineJ))
		q := r.body.Mul(yawQuat(r.twist * c)).Mul(pitchQuat(r.bend * c))
		p[j] = p[motion.Parent(j)].Add(q.Rotate(tpl.off[j]))
	}
	torso := r.torso()
	p[motion.Head] = p[motion.Neck].Add(torso.Mul(pitchQuat(r.nod)).Rotate(tpl.off[motion.Head]))
	for s := 0; s < 2; s++ {
		p[collarJ[s]] = p[motion.Spine3].Add(torso.Rotate(tpl.off[collarJ[s]]))
		p[shoulderJ[s]] = p[collarJ[s]].Add(torso.Rotate(tpl.off[shoulderJ[s]]))
	}
	return torso
}

// legTarget returns the world ankle target and toe direction of side s, given the hip position.
func (r *rig) legTarget(hip mgl64.Vec3, s int) (ankle, toe mgl64.Vec3) {
	l := r.legs[s]
	carried := hip.Add(r.body.Rotate(l.local))
	ankle = lerpVec(carried, l.world, l.w)
	toe = lerpVec(r.body.Rotate(l.toeLocal), l.toeWorld, l.w)
	return ankle, toe
}

// leg places the knee, ankle and toe of side s by two-bone IK with the knee bending forward.
func (r *rig) leg(p *motion.Pose, s int) {
	hip := p[hipJ[s]]
	ankle, toe := r.legTarget(hip, s)
	p[kneeJ[s]], p[ankleJ[s]] = twoBone(hip, ankle, motion.BoneLength(kneeJ[s]),
		motion.BoneLength(ankleJ[s]), r.kneePole(s, toe))
	p[footJ[s]] = p[ankleJ[s]].Add(unitOr(toe, r.body.Rotate(tpl.toe[s])).Mul(motion.BoneLength(footJ[s])))
}

// kneePole returns the direction the knee of side s bends towards: over a foot on the floor it
// follows the toes and rises (knees point where the feet point, however far the trunk pitches); a
// carried leg bends towards the body's front.
func (r *rig) kneePole(s int, toe mgl64.Vec3) mgl64.Vec3 {
	l := r.legs[s]
	if l.pole != (mgl64.Vec3{}) {
		return r.body.Rotate(l.pole)
	}
	carried := r.body.Rotate(mgl64.Vec3{0.1 * sideSign[s], 0, 1})
	flat := mgl64.Vec3{toe.X(), 0, toe.Z()}
	if flat.Len() < 1e-6 {
		return carried
	}
	// Up as much as forward: a straight-down leg ignores it (it lies along the leg), a seated or
	// floor-sitting leg raises its knee instead of folding it sideways or into the floor.
	planted := flat.Normalize().Add(mgl64.Vec3{0, 1, 0}).Add(r.body.Rotate(mgl64.Vec3{0.1 * sideSign[s], 0, 0}))
	return lerpVec(carried, planted, l.w)
}

// armTarget returns the world wrist target of side s, given the shoulder position and the torso
// orientation.
func (r *rig) armTarget(shoulder mgl64.Vec3, s int, torso mgl64.Quat) mgl64.Vec3 {
	a := r.arms[s]
	carried := torso.Rotate(a.local)
	if a.w <= 0 {
		return shoulder.Add(carried)
	}
	if a.over > 0 && a.w < 1 {
		return reachPath(shoulder, shoulder.Add(carried), a.world, a.over, a.w)
	}
	return shoulder.Add(swing(carried, a.world.Sub(shoulder), math.Min(a.w, 1)))
}

// reachIn is how far in front of the shoulder (horizontally) a reach's wrist rises before it
// goes out to its target.
const reachIn = 0.15

// reachPath returns the wrist at weight w of the way from the carried wrist to target along a
// quadratic Bézier curve whose control point stands reachIn in front of the shoulder, towards the
// target, and over above it. A straight swing about the shoulder carries the hand forward on an arc
// that meets the near face of what it reaches for before it clears the top; this curve lifts the
// hand near the body, so that it passes above the edge and lands on the target from above (and
// leaves the same way).
func reachPath(shoulder, carried, target mgl64.Vec3, over, w float64) mgl64.Vec3 {
	dir := mgl64.Vec3{target.X() - shoulder.X(), 0, target.Z() - shoulder.Z()}
	in := math.Min(reachIn, dir.Len())
	ctrl := shoulder.Add(unitOr(dir, mgl64.Vec3{}).Mul(in))
	ctrl[1] = target.Y() + over
	a, b, c := (1-w)*(1-w), 2*w*(1-w), w*w
	return carried.Mul(a).Add(ctrl.Mul(b)).Add(target.Mul(c))
}

// arm places the elbow and wrist of side s by two-bone IK with the elbow bending towards the arm's
// pole (back and out unless it says otherwise), resting a reaching hand on its target and lifting
// the hands over the rig's hand floor.
func (r *rig) arm(p *motion.Pose, s int, torso mgl64.Quat) {
	sh := p[shoulderJ[s]]
	target, pole := r.armTarget(sh, s, torso), torso.Rotate(r.arms[s].armPole(s))
	p[elbowJ[s]], p[wristJ[s]] = twoBone(sh, target, motion.BoneLength(elbowJ[s]), motion.BoneLength(wristJ[s]), pole)
	if a := r.arms[s]; a.over > 0 && a.w > 0 {
		target = liftHand(p, s, target, pole, a.world.Y()-handRadius, math.Min(a.w, 1))
	}
	if r.handLift > 0 {
		liftHand(p, s, target, pole, r.handFloor, r.handLift)
	}
}

// The hand as motion's body proxy (and so the penetration metric) sees it: a capsule of handRadius
// from the wrist to handReach past it along the forearm.
const (
	handRadius = 0.035
	handReach  = 0.10
)

// liftHand raises the wrist target of side s, which the arm of p was just solved for, so that the
// lowest point of the hand's proxy rises the share lift of the way to handClear above floor (when
// it is below floor), solves the arm again and returns the target it solved for. Raising a wrist
// also flattens its forearm, so the rise is searched for rather than taken as the dip; a
// stretched arm rises only as far as it reaches. The hands of a body lying on a surface keep
// above it this way, and a hand that reaches onto a top rests on it (the proxy's hand goes on
// along the forearm: it has no wrist to bend flat) instead of poking its fingers in.
func liftHand(p *motion.Pose, s int, target, pole mgl64.Vec3, floor, lift float64) mgl64.Vec3 {
	sh, la, lb := p[shoulderJ[s]], motion.BoneLength(elbowJ[s]), motion.BoneLength(wristJ[s])
	low := handLowest(p[elbowJ[s]], p[wristJ[s]])
	if low >= floor {
		return target
	}
	floor = low + lift*(floor+handClear-low)
	raised := func(dy float64) mgl64.Vec3 { return target.Add(mgl64.Vec3{0, dy, 0}) }
	target = raised(leastRise(func(dy float64) bool {
		return handLowest(twoBone(sh, raised(dy), la, lb, pole)) >= floor
	}, floor-low))
	p[elbowJ[s]], p[wristJ[s]] = twoBone(sh, target, la, lb, pole)
	return target
}

// leastRise returns, to a thousandth of guess, the least rise for which enough holds: it brackets
// the rise from guess, doubling it up to three times when guess falls short (a forearm that
// steepens as its wrist rises needs more than the dip), and bisects.
func leastRise(enough func(float64) bool, guess float64) float64 {
	lo, hi := 0.0, guess
	for i := 0; i < 3 && !enough(hi); i++ {
		lo, hi = hi, 2*hi
	}
	for i := 0; i < 10; i++ {
		if mid := (lo + hi) / 2; enough(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// handClear is how far above its floor a lifted hand is placed: frames between solved poses sag
// by a few millimetres, and a hand resting a centimetre above a surface reads as resting on it.
const handClear = 0.01

// handLowest returns the height of the lowest point of the body proxy's hand on a forearm from
// elbow to wrist: a capsule of handRadius from the wrist to handReach along the forearm.
func handLowest(elbow, wrist mgl64.Vec3) float64 {
	along := unitOr(wrist.Sub(elbow), mgl64.Vec3{0, -1, 0})
	return wrist.Y() + math.Min(0, handReach*along.Y()) - handRadius
}

// armPole returns the direction the elbow of arm l (side s) bends towards in the torso frame: its
// own hint, or back and out.
func (l limb) armPole(s int) mgl64.Vec3 {
	if l.pole == (mgl64.Vec3{}) {
		return mgl64.Vec3{0.3 * sideSign[s], -0.2, -1}
	}
	return l.pole
}

// twoBone solves a two-bone chain from a towards target with bone lengths la and lb, bending
// towards the direction pole (motion.TwoBoneIK takes a pole point). The bones keep their lengths; an
// unreachable target stretches the chain straight towards it, a target too close folds it as far
// as the lengths allow.
func twoBone(a, target mgl64.Vec3, la, lb float64, pole mgl64.Vec3) (mid, end mgl64.Vec3) {
	return motion.TwoBoneIK(a, a, target, target, la, lb, a.Add(pole))
}

// unitOr returns v normalised, or fallback when v is (nearly) zero.
func unitOr(v, fallback mgl64.Vec3) mgl64.Vec3 {
	l := v.Len()
	if l < 1e-12 {
		return fallback
	}
	return v.Mul(1 / l)
}

func lerpVec(a, b mgl64.Vec3, w float64) mgl64.Vec3 {
	if w <= 0 {
		return a
	}
	if w >= 1 {
		return b
	}
	return a.Add(b.Sub(a).Mul(w))
}

// maxPelvisY returns the highest pelvis height at which the leg of side s still reaches its ankle
// target with a hair of slack (so that the IK lands exactly on it), for the rig's pelvis position on
// the floor and orientation. Generators cap the pelvis with it to keep planted feet planted.
func (r *rig) maxPelvisY(s int) float64 {
	hipOff := r.body.Rotate(tpl.off[hipJ[s]])
	l := r.legs[s]
	if l.w < 1 {
		return math.Inf(1) // a carried foot moves with the hip
	}
	reach := 0.9995 * tpl.legLen[s] // the rest pose uses 0.9992
	dx := r.pelvis.X() + hipOff.X() - l.world.X()
	dz := r.pelvis.Z() + hipOff.Z() - l.world.Z()
	h2 := reach*reach - dx*dx - dz*dz
	if h2 <= 0 {
		return l.world.Y() - hipOff.Y()
	}
	return l.world.Y() + math.Sqrt(h2) - hipOff.Y()
}
