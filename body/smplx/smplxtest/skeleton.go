package smplxtest

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/body/smplx"
	"interactagent/motion"
)

// skeleton is a stand-in's joint tree: SMPL's 22 body joints (the open body's), then per family
// SMPL's two hand joints, SMPL-H's 30 finger joints or SMPL-X's jaw, eyes and 30 finger joints.
type skeleton struct {
	family  smplx.Family
	parents []int
	joints  []mgl64.Vec3
	hands   [2]hand // left, right
	jaw     int     // -1 when the family has none
	eyes    [2]int  // left, right; -1 when none
}

// hand is one hand's frame, measured on the open body's vertices beyond the wrist.
type hand struct {
	wrist  int        // joint index (20 left, 21 right)
	origin mgl64.Vec3 // the wrist joint
	axis   mgl64.Vec3 // from the wrist towards the fingertips
	across mgl64.Vec3 // across the palm
	length float64    // wrist to the farthest hand vertex along axis, metres
	width  float64    // half the palm's width, metres
	first  int        // its first finger joint (or SMPL's hand joint)
	count  int        // 15 finger joints, or 1 hand joint for SMPL
}

// The joints of SMPL's body that the extra joints hang from.
const (
	headJoint  = int(motion.Head)
	leftWrist  = int(motion.LeftWrist)
	rightWrist = int(motion.RightWrist)
)

// newSkeleton places family's joints on the open body h.
func newSkeleton(h *body.Model, family smplx.Family) *skeleton {
	sk := &skeleton{family: family, jaw: -1, eyes: [2]int{-1, -1}}
	for j := range motion.NumJoints {
		sk.add(h.Joints[j], int(motion.Parent(motion.Joint(j))))
	}
	if family == smplx.SMPLX {
		sk.addFace(h)
	}
	for side, w := range []int{leftWrist, rightWrist} {
		sk.hands[side] = measureHand(h, w)
		sk.addHand(&sk.hands[side])
	}
	return sk
}

// add appends a joint and returns its index.
func (sk *skeleton) add(p mgl64.Vec3, parent int) int {
	sk.joints = append(sk.joints, p)
	sk.parents = append(sk.parents, parent)
	return len(sk.joints) - 1
}

// addFace adds SMPL-X's jaw and eyes (joints 22 to 24, children of the head) inside the head, in
// front of and below its joint.
func (sk *skeleton) addFace(h *body.Model) {
	hd := h.Joints[headJoint]
	front, top := hd.Z(), hd.Y()
	for v, p := range h.Rest {
		if dominant(h, v) == headJoint {
			front, top = math.Max(front, p.Z()), math.Max(top, p.Y())
		}
	}
	sk.jaw = sk.add(mgl64.Vec3{hd.X(), hd.Y() - 0.02, hd.Z() + 0.5*(front-hd.Z())}, headJoint)
	for side, x := range []float64{0.032, -0.032} { // left at +X
		eye := mgl64.Vec3{hd.X() + x, hd.Y() + 0.45*(top-hd.Y()), hd.Z() + 0.75*(front-hd.Z())}
		sk.eyes[side] = sk.add(eye, headJoint)
	}
}

// addHand adds one hand's joints: SMPL's hand joint, or 15 finger joints in SMPL-H's order
// (index, middle, pinky, ring, thumb; three each, from the palm out).
func (sk *skeleton) addHand(hd *hand) {
	hd.first = len(sk.joints)
	if sk.family == smplx.SMPL {
		hd.count = 1
		sk.add(hd.at(0.55, 0), hd.wrist)
		return
	}
	hd.count = 15
	across := [5]float64{0.3, 0.1, -0.3, -0.1, 0.55}
	for f := range 5 {
		along := [3]float64{0.5, 0.68, 0.84}
		if f == 4 { // the thumb starts near the wrist
			along = [3]float64{0.15, 0.3, 0.45}
		}
		parent := hd.wrist
		for k := range 3 {
			parent = sk.add(hd.at(along[k], across[f]), parent)
		}
	}
}

// at returns the point a fraction along of the hand's length towards the fingertips and across of
// its half-width across the palm.
func (hd *hand) at(along, across float64) mgl64.Vec3 {
	return hd.origin.Add(hd.axis.Mul(along * hd.length)).Add(hd.across.Mul(across * hd.width))
}

// measureHand finds the hand beyond wrist w: the vertices that follow the wrist most and lie past it
// along the forearm.
func measureHand(h *body.Model, w int) hand {
	origin := h.Joints[w]
	forearm := origin.Sub(h.Joints[motion.Parent(motion.Joint(w))]).Normalize()
	var pts []mgl64.Vec3
	for v, p := range h.Rest {
		if d := p.Sub(origin); dominant(h, v) == w && d.Dot(forearm) > 0 {
			pts = append(pts, d)
		}
	}
	hd := hand{wrist: w, origin: origin, axis: forearm}
	if len(pts) == 0 {
		hd.across, hd.length, hd.width = perpendicular(forearm), 0.15, 0.04
		return hd
	}
	var sum mgl64.Vec3
	for _, d := range pts {
		sum = sum.Add(d)
	}
	hd.axis = sum.Normalize()
	hd.across = principalAcross(pts, hd.axis)
	for _, d := range pts {
		hd.length = math.Max(hd.length, d.Dot(hd.axis))
		hd.width = math.Max(hd.width, 0.8*math.Abs(d.Dot(hd.across)))
	}
	return hd
}

// principalAcross returns the direction perpendicular to axis along which pts spread most (a few
// power iterations on their covariance), signed to point forward (+Z) or, failing that, up.
func principalAcross(pts []mgl64.Vec3, axis mgl64.Vec3) mgl64.Vec3 {
	var cov mgl64.Mat3
	for _, d := range pts {
		q := d.Sub(axis.Mul(d.Dot(axis)))
		cov = cov.Add(q.OuterProd3(q))
	}
	dir := perpendicular(axis)
	for range 50 {
		next := cov.Mul3x1(dir)
		next = next.Sub(axis.Mul(next.Dot(axis)))
		if next.Len() == 0 {
			break
		}
		dir = next.Normalize()
	}
	if dir.Z() < 0 || dir.Z() == 0 && dir.Y() < 0 {
		dir = dir.Mul(-1)
	}
	return dir
}

// perpendicular returns a unit vector perpendicular to the unit vector a.
func perpendicular(a mgl64.Vec3) mgl64.Vec3 {
	ref := mgl64.Vec3{0, 0, 1}
	if math.Abs(a.Z()) > 0.9 {
		ref = mgl64.Vec3{1, 0, 0}
	}
	return ref.Sub(a.Mul(ref.Dot(a))).Normalize()
}

// dominant returns the joint that weighs most on vertex v of the open body.
func dominant(h *body.Model, v int) int {
	best := 0
	for k := range body.MaxInfluences {
		if h.Weight[v][k] > h.Weight[v][best] {
			best = k
		}
	}
	return int(h.Influence[v][best])
}
