package motion

import (
	"math"
	"testing"
)

func TestRestPoseHasHumanML3DBoneLengths(t *testing.T) {
	p := RestPose()
	for j := Joint(1); j < NumJoints; j++ {
		got := p[j].Sub(p[Parent(j)]).Len()
		if math.Abs(got-BoneLength(j)) > 1e-9 {
			t.Errorf("%v bone length %.4f, want %.4f", j, got, BoneLength(j))
		}
	}
}

func TestRestPoseStandsFacingPlusZWithLeftAtPlusX(t *testing.T) {
	p := RestPose()
	if h := p.Heading(); math.Abs(h) > 1e-9 {
		t.Errorf("rest heading %.4f rad, want 0 (facing +Z)", h)
	}
	if p[LeftHip].X() <= 0 || p[RightHip].X() >= 0 {
		t.Errorf("left hip at x=%.3f, right hip at x=%.3f: want left at +X", p[LeftHip].X(), p[RightHip].X())
	}
	if y := math.Min(p[LeftFoot].Y(), p[RightFoot].Y()); math.Abs(y-ToeHeight) > 1e-9 {
		t.Errorf("lowest toe at %.3f m, want %.3f", y, ToeHeight)
	}
	if y := p[Pelvis].Y(); y < 0.85 || y > 1.0 {
		t.Errorf("pelvis at %.3f m, want a standing height in [0.85, 1.0]", y)
	}
	if p[Head].Y() < 1.5 {
		t.Errorf("head at %.3f m, want above 1.5 m", p[Head].Y())
	}
}

func TestJointNamesRoundTrip(t *testing.T) {
	for j := Joint(0); j < NumJoints; j++ {
		got, ok := JointByName(j.String())
		if !ok || got != j {
			t.Errorf("JointByName(%q) = %v, %v", j.String(), got, ok)
		}
	}
	if _, ok := JointByName("tail"); ok {
		t.Error("JointByName(tail) found a joint")
	}
}

func TestChainsFollowParents(t *testing.T) {
	for _, ch := range Chains() {
		for i := 1; i < len(ch); i++ {
			if Parent(ch[i]) != ch[i-1] {
				t.Errorf("chain %v: parent of %v is %v", ch, ch[i], Parent(ch[i]))
			}
		}
	}
}

func TestSkeletonTablesRefuseBadJointsAndCannotBeChanged(t *testing.T) {
	for _, j := range []Joint{-1, NumJoints, 1000} {
		if Parent(j) != -1 || BoneLength(j) != 0 {
			t.Errorf("joint %d: parent %v, bone %v; want -1 and 0", j, Parent(j), BoneLength(j))
		}
	}
	if Parent(Pelvis) != -1 || BoneLength(Pelvis) != 0 {
		t.Errorf("pelvis: parent %v, bone %v; want the root with no bone", Parent(Pelvis), BoneLength(Pelvis))
	}
	for j := Joint(1); j < NumJoints; j++ {
		if p := Parent(j); p < 0 || p >= j || BoneLength(j) <= 0 {
			t.Errorf("%v: parent %v, bone %v; want an earlier joint and a positive length", j, p, BoneLength(j))
		}
	}
	mine := Chains()
	mine[0][1] = Head
	if Chains()[0][1] != RightHip {
		t.Error("changing the chains one caller got changed them for the next")
	}
}
