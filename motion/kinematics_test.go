package motion

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// randomQuat returns a uniformly distributed unit quaternion.
func randomQuat(rng *rand.Rand) mgl64.Quat {
	q := mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}
	return q.Normalize()
}

// randomRotations returns arbitrary local rotations and a root within a few metres of the origin.
func randomRotations(rng *rand.Rand) (mgl64.Vec3, Rotations) {
	var r Rotations
	for j := range r {
		r[j] = randomQuat(rng)
	}
	return mgl64.Vec3{rng.Float64()*6 - 3, rng.Float64() * 2, rng.Float64()*6 - 3}, r
}

// maxJointError returns the largest distance between corresponding joints.
func maxJointError(a, b Pose) float64 {
	worst := 0.0
	for j := range a {
		worst = math.Max(worst, a[j].Sub(b[j]).Len())
	}
	return worst
}

func TestFKWithIdentityRotationsBuildsRestOffsets(t *testing.T) {
	root := mgl64.Vec3{1, 2, 3}
	p := FK(root, IdentityRotations())
	if p[Pelvis] != root {
		t.Errorf("pelvis at %v, want the root %v", p[Pelvis], root)
	}
	off := RestOffsets()
	for j := Joint(1); j < NumJoints; j++ {
		if d := p[j].Sub(p[Parent(j)]).Sub(off[j]).Len(); d > 1e-12 {
			t.Errorf("%v bone differs from its rest offset by %g m", Joint(j), d)
		}
	}
}

func TestFKIKRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rest := RestPose()
	tilted := FK(mgl64.Vec3{0.3, 0.4, -2}, func() Rotations {
		r := IdentityRotations()
		r[Pelvis] = mgl64.QuatRotate(1.9, mgl64.Vec3{1, 2, -0.5}.Normalize())
		return r
	}())
	folded := IdentityRotations() // shins and forearms folded back onto their parents: antiparallel bones
	folded[LeftAnkle] = mgl64.QuatRotate(math.Pi, mgl64.Vec3{1, 0, 0})
	folded[RightElbow] = mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 0, 1})
	folded[RightWrist] = mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 0, 1})
	cases := []struct {
		name string
		pose Pose
	}{
		{"rest", rest},
		{"rest facing 143 degrees, moved", rest.RotateY(2.5).Translate(mgl64.Vec3{4, 0, -7})},
		{"rest facing backwards", rest.RotateY(math.Pi)},
		{"root tilted and turned", tilted},
		{"folded limbs", FK(mgl64.Vec3{}, folded)},
	}
	for i := 0; i < 20; i++ {
		root, rot := randomRotations(rng)
		cases = append(cases, struct {
			name string
			pose Pose
		}{"random", FK(root, rot)})
	}
	for _, c := range cases {
		root, rot := IK(c.pose)
		got := FK(root, rot)
		if e := maxJointError(got, c.pose); e > 1e-9 || math.IsNaN(e) {
			t.Errorf("%s: FK(IK(p)) is %.3g m off, want exact (1 mm allowed by the issue)", c.name, e)
		}
	}
}

func TestIKReproducesBoneDirections(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	off := RestOffsets()
	for i := 0; i < 20; i++ {
		root, rot := randomRotations(rng)
		_, back := IK(FK(root, rot))
		want, got := GlobalRotations(rot), GlobalRotations(back)
		for j := 1; j < NumJoints; j++ {
			w, g := quatRotate(want[j], off[j]), quatRotate(got[j], off[j])
			if d := w.Sub(g).Len(); d > 1e-9 {
				t.Fatalf("pose %d: %v bone direction differs by %g m", i, Joint(j), d)
			}
		}
	}
}

func TestIKTakesRootOrientationFromThePelvis(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 10; i++ {
		rot := IdentityRotations()
		rot[Pelvis] = randomQuat(rng)
		_, back := IK(FK(mgl64.Vec3{}, rot))
		if !back[Pelvis].OrientationEqualThreshold(rot[Pelvis], 1e-9) {
			t.Errorf("root orientation %v, want %v", back[Pelvis], rot[Pelvis])
		}
		for j := 1; j < NumJoints; j++ {
			if !back[j].OrientationEqualThreshold(mgl64.QuatIdent(), 1e-9) {
				t.Errorf("%v local rotation %v, want identity (the whole body turned rigidly)", Joint(j), back[j])
			}
		}
	}
}

func TestIKDegeneratePosesGiveNoNaN(t *testing.T) {
	collapsed := Pose{}
	stretched := RestPose()
	for j := range stretched {
		stretched[j] = stretched[j].Mul(1.7)
	}
	sameHips := RestPose()
	sameHips[LeftHip], sameHips[Spine1] = sameHips[RightHip], sameHips[RightHip]
	cases := []struct {
		name string
		pose Pose
	}{{"all joints at one point", collapsed}, {"bones 1.7 times too long", stretched}, {"hips and spine1 coincide", sameHips}}
	for _, c := range cases {
		root, rot := IK(c.pose)
		got := FK(root, rot)
		if !got.Finite() {
			t.Fatalf("%s: FK(IK(p)) has NaN or Inf: %v", c.name, got)
		}
		for j := Joint(1); j < NumJoints; j++ {
			want, ok1 := unitDir(c.pose[j].Sub(c.pose[Parent(j)]))
			have, ok2 := unitDir(got[j].Sub(got[Parent(j)]))
			if ok1 && ok2 && want.Sub(have).Len() > 1e-9 {
				t.Errorf("%s: %v bone direction %v, want %v", c.name, Joint(j), have, want)
			}
		}
	}
}

func TestShortestArc(t *testing.T) {
	cases := []struct {
		name     string
		from, to mgl64.Vec3
	}{
		{"same", mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 2, 0}},
		{"perpendicular", mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 3}},
		{"opposite along x", mgl64.Vec3{1, 0, 0}, mgl64.Vec3{-1, 0, 0}},
		{"opposite along y", mgl64.Vec3{0, 0.3, 0}, mgl64.Vec3{0, -5, 0}},
		{"opposite oblique", mgl64.Vec3{1, 2, 3}, mgl64.Vec3{-2, -4, -6}},
		{"almost opposite", mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1e-7, -1, 0}},
		{"oblique", mgl64.Vec3{0.2, -0.9, 0.1}, mgl64.Vec3{-0.5, 0.3, 0.8}},
	}
	for _, c := range cases {
		q := shortestArc(c.from, c.to)
		if math.Abs(q.Len()-1) > 1e-12 {
			t.Errorf("%s: |q| = %v, want a unit quaternion", c.name, q.Len())
		}
		got := quatRotate(q, c.from).Normalize()
		if d := got.Sub(c.to.Normalize()).Len(); d > 1e-9 || math.IsNaN(d) {
			t.Errorf("%s: rotates from onto %v, want %v", c.name, got, c.to.Normalize())
		}
	}
	for _, zero := range [][2]mgl64.Vec3{{{}, {1, 0, 0}}, {{1, 0, 0}, {}}} {
		if q := shortestArc(zero[0], zero[1]); q != mgl64.QuatIdent() {
			t.Errorf("shortestArc(%v, %v) = %v, want identity", zero[0], zero[1], q)
		}
	}
}

func TestQuatRotateMatchesMathgl(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 50; i++ {
		q, v := randomQuat(rng), mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if d := quatRotate(q, v).Sub(q.Rotate(v)).Len(); d > 1e-12 {
			t.Fatalf("quatRotate(%v, %v) differs from mathgl by %g", q, v, d)
		}
	}
}

func TestTwoBoneIK(t *testing.T) {
	root := mgl64.Vec3{0.1, 0.9, 0}
	mid, end := root.Add(mgl64.Vec3{0, -0.4, 0}), root.Add(mgl64.Vec3{0, -0.8, 0})
	forward := root.Add(mgl64.Vec3{0, -0.4, 1}) // a knee's pole: in front of the knee
	cases := []struct {
		name          string
		target, pole  mgl64.Vec3
		lenA, lenB    float64
		reach         float64 // distance from root the end must reach along the target direction
		checkPoleSide bool
	}{
		{"crouch", root.Add(mgl64.Vec3{0, -0.5, 0.1}), forward, 0.4, 0.4, -1, true},
		{"step forward", root.Add(mgl64.Vec3{0.05, -0.7, 0.3}), forward, 0.39, 0.43, -1, true},
		{"reach sideways", root.Add(mgl64.Vec3{0.4, 0.1, 0.2}), root.Add(mgl64.Vec3{0, 0, -1}), 0.26, 0.27, -1, true},
		{"too far", root.Add(mgl64.Vec3{0, -2, 0}), forward, 0.4, 0.4, 0.8, false},
		{"too close", root.Add(mgl64.Vec3{0, -0.01, 0}), forward, 0.4, 0.3, 0.1, false},
		{"pole on the line", root.Add(mgl64.Vec3{0, -0.6, 0}), root.Add(mgl64.Vec3{0, -2, 0}), 0.4, 0.4, -1, false},
		{"target at root", root, forward, 0.4, 0.4, 0, false},
	}
	for _, c := range cases {
		m, e := TwoBoneIK(root, mid, end, c.target, c.lenA, c.lenB, c.pole)
		if !(Pose{m, e}).Finite() {
			t.Fatalf("%s: non-finite result %v %v", c.name, m, e)
		}
		if d := m.Sub(root).Len(); math.Abs(d-c.lenA) > 1e-9 {
			t.Errorf("%s: first bone %.9f m, want %.9f", c.name, d, c.lenA)
		}
		if d := e.Sub(m).Len(); math.Abs(d-c.lenB) > 1e-9 {
			t.Errorf("%s: second bone %.9f m, want %.9f", c.name, d, c.lenB)
		}
		if c.reach < 0 {
			if d := e.Sub(c.target).Len(); d > 1e-6 {
				t.Errorf("%s: end %.3g m from a reachable target", c.name, d)
			}
		} else if dir, ok := unitDir(c.target.Sub(root)); ok {
			if want := root.Add(dir.Mul(c.reach)); e.Sub(want).Len() > 1e-9 {
				t.Errorf("%s: end at %v, want clamped to %v", c.name, e, want)
			}
		}
		if c.checkPoleSide {
			axis, _ := unitDir(e.Sub(root))
			if rejectAxis(m.Sub(root), axis).Dot(rejectAxis(c.pole.Sub(root), axis)) <= 0 {
				t.Errorf("%s: middle joint bends away from the pole", c.name)
			}
		}
	}
}
