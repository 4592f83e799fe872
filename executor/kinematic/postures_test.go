package kinematic

import (
	"math"
	"strings"
	"testing"

	"interactagent/motion"
)

func TestSitRestsThePelvisOnTheSeat(t *testing.T) {
	tests := []struct {
		text string
		seat float64
	}{
		{"A person sits down", Ideal().SeatHeight},
		{"a person SITS DOWN.", Ideal().SeatHeight},
		{"A person sits on the sofa", Ideal().SeatHeight},
		{"A person takes a seat", Ideal().SeatHeight},
		{"A person sits down on a 0.5 meter high seat", 0.5},
		{"A person sits on a chair 40 cm high", 0.4},
		{"A person sits down on a 0.7 m stool", 0.7},
		{"A person sits on the floor", 0},
	}
	for _, tt := range tests {
		for _, p := range []Profile{Ideal(), MotionLLM()} {
			c := run(t, p, 3, tt.text)
			above := c.Frames[c.Len()-1][motion.Pelvis].Y() - tt.seat
			if above < 0.08 || above > 0.14 {
				t.Errorf("%s %q: pelvis ends %.3f m above the %.2f m seat, want 0.08–0.14", p.Name, tt.text, above, tt.seat)
			}
		}
	}
}

func TestSitMovesThePelvisBackOverPlantedFeet(t *testing.T) {
	c := run(t, Ideal(), 0, "A person sits down")
	first, last := c.Frames[0], c.Frames[c.Len()-1]
	back := first[motion.Pelvis].Z() - last[motion.Pelvis].Z()
	if back < 0.25 || back > 0.6 {
		t.Errorf("pelvis moved %.3f m back while sitting, want 0.25–0.6 (onto a seat behind)", back)
	}
	for s := 0; s < 2; s++ {
		if d := last[ankleJ[s]].Sub(first[ankleJ[s]]).Len(); d > 1e-6 {
			t.Errorf("ankle %d moved %.4f m while sitting, want it planted", s, d)
		}
		// Seated: the knees are in front of the hips and above the ankles' height.
		if last[kneeJ[s]].Z() <= last[hipJ[s]].Z() {
			t.Errorf("seated knee %d is not in front of the hip", s)
		}
	}
}

func TestLieDownRestsOnTheSurface(t *testing.T) {
	tests := []struct {
		text         string
		surface      float64
		minAb, maxAb float64 // pelvis above the surface
	}{
		{"A person lies down", Ideal().BedHeight, 0.08, 0.14},
		{"A person lies down on the bed on his back", Ideal().BedHeight, 0.08, 0.14},
		{"A person lies down on a 0.4 m high bed", 0.4, 0.08, 0.14},
		{"A person lies on the floor", 0, 0.08, 0.14},
		{"A person lies down on the left side", Ideal().BedHeight, 0.15, 0.25},
		{"A person lies down on her right side", Ideal().BedHeight, 0.15, 0.25},
		{"A person lies face down", Ideal().BedHeight, 0.08, 0.14},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 0, tt.text)
		last := c.Frames[c.Len()-1]
		if ab := last[motion.Pelvis].Y() - tt.surface; ab < tt.minAb || ab > tt.maxAb {
			t.Errorf("%q: pelvis %.3f m above the surface, want %.2f–%.2f", tt.text, ab, tt.minAb, tt.maxAb)
		}
		// Lying: every joint within a body's thickness of the pelvis height, none below the surface.
		for j, v := range last {
			if d := v.Y() - last[motion.Pelvis].Y(); math.Abs(d) > 0.3 {
				t.Errorf("%q: %v is %.2f m off the pelvis height, want the body flat", tt.text, motion.Joint(j), d)
			}
			if v.Y() < tt.surface-0.01 {
				t.Errorf("%q: %v at %.3f m, below the %.2f m surface", tt.text, motion.Joint(j), v.Y(), tt.surface)
			}
		}
	}
}

func TestEveryActionKeepsBonesRigidFeetPlantedAndMotionContinuous(t *testing.T) {
	actions := []string{
		"A person walks forward 2 meters", "A person turns left by 90 degrees", "A person sits down",
		"A person stands up", "A person lies down", "A person gets up", "A person squats",
		"A person bends forward", "A person leans forward", "A person leans back", "A person jumps forward",
		"A person jumps in place twice", "A person picks up the box", "A person puts down the box",
		"A person reaches forward with the right hand", "A person reaches up with both hands",
		"A person reaches down with the left hand", "A person reaches to the right with the right hand at 1 m",
		"A person touches the floor", "A person waves", "A person waves with both hands",
		"A person raises both hands", "A person raises his left hand", "A person waits for 2 seconds",
		"A person stands still", "A person does a backflip", "A person sits on the floor",
		"A person stands up", "A person lies on the bed on his left side", "A person sits up",
		"A person lies down on the right side", "A person stands up", "A person runs forward 3 meters",
		"A person sidesteps right 0.6 meters", "A person walks backward 1 meter",
	}
	for _, p := range []Profile{Ideal(), MotionLLM()} {
		c := run(t, p, 11, actions...)
		if e := maxBoneError(c); e > 1e-3 {
			t.Errorf("%s: bone length off by %.2g m", p.Name, e)
		}
		if s := worstSliding(c); s > 0.02 {
			t.Errorf("%s: a planted foot slid %.3f m during a contact, want < 0.02", p.Name, s)
		}
		if j := maxFrameJump(c); j > jumpGap {
			t.Errorf("%s: a joint jumped %.3f m between frames, want < %.2f", p.Name, j, jumpGap)
		}
		for i, s := range c.Segments[1:] {
			if g := maxJointGap(c.Frames[s.Start-1], c.Frames[s.Start]); g > 0.15 {
				t.Errorf("%s: %.3f m jump entering %q after %q", p.Name, g, s.Action, c.Segments[i].Action)
			}
		}
		if lo := lowestJoint(c); lo < 0 {
			t.Errorf("%s: a joint went %.3f m below the floor", p.Name, lo)
		}
		if len(c.Segments) != len(actions) {
			t.Errorf("%s: %d segments for %d single actions", p.Name, len(c.Segments), len(actions))
		}
	}
	// Each action alone, so a failure names it.
	for _, a := range actions {
		c := run(t, Ideal(), 0, a)
		if e := maxBoneError(c); e > 1e-3 {
			t.Errorf("%q: bone length off by %.2g m", a, e)
		}
		if s := worstSliding(c); s > 0.02 {
			t.Errorf("%q: a planted foot slid %.3f m", a, s)
		}
	}
}

func TestPostureChangesTheTextLeftOut(t *testing.T) {
	tests := []struct {
		actions []string
		warn    string // in the last segment
		endY    [2]float64
	}{
		{[]string{"A person sits down", "A person walks forward 1 meter"}, "stood up", [2]float64{0.9, 1}},
		{[]string{"A person lies down", "A person turns left"}, "stood up", [2]float64{0.9, 1}},
		{[]string{"A person lies down", "A person stands up"}, "", [2]float64{0.9, 1}},
		{[]string{"A person lies down", "A person sits up"}, "", [2]float64{0.6, 0.7}},    // on the bed's edge
		{[]string{"A person sits down", "A person lies down"}, "", [2]float64{0.5, 0.62}}, // on the seat
		{[]string{"A person sits down", "A person lies on a 0.7 m bed"}, "", [2]float64{0.76, 0.84}},
		{[]string{"A person sits down", "A person sits down"}, "already sitting", [2]float64{0.5, 0.62}},
		{[]string{"A person stands up"}, "already standing", [2]float64{0.9, 1}},
		{[]string{"A person sits down", "A person waves"}, "", [2]float64{0.5, 0.62}},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 0, tt.actions...)
		last := c.Segments[len(c.Segments)-1]
		got := strings.Join(last.Warnings, "; ")
		if (tt.warn == "") != (got == "") || !strings.Contains(got, tt.warn) {
			t.Errorf("%q: warnings %q, want %q", tt.actions, got, tt.warn)
		}
		if y := c.Frames[c.Len()-1][motion.Pelvis].Y(); y < tt.endY[0] || y > tt.endY[1] {
			t.Errorf("%q: pelvis ends at %.3f m, want %.2f–%.2f", tt.actions, y, tt.endY[0], tt.endY[1])
		}
	}
}

func TestStandUpReturnsToWhereTheBodySatDown(t *testing.T) {
	c := run(t, Ideal(), 0, "A person walks forward 1 meter", "A person sits down", "A person stands up")
	end := c.EndState()
	if d := end.Root.Sub(c.Frames[0].Root().Add(motion.State{}.Forward())).Len(); d > 0.02 {
		t.Errorf("after sitting and standing the root is %.3f m from where the walk ended", d)
	}
}

func TestJumpLeavesTheFloorAndLands(t *testing.T) {
	c := run(t, Ideal(), 0, "A person jumps forward 1 meter")
	airborne := false
	for _, p := range c.Frames {
		if math.Min(p[motion.LeftFoot].Y(), p[motion.RightFoot].Y()) > motion.ToeHeight+0.1 {
			airborne = true
		}
	}
	if !airborne {
		t.Error("both feet never left the floor by 10 cm during a jump")
	}
	if d := c.EndState().Root.Z(); math.Abs(d-1) > 0.05 {
		t.Errorf("jump landed %.3f m forward, want 1", d)
	}
}

// TestHandsStayAboveTheSupport checks the hands against the surface the body sits or lies on, as the
// penetration metric sees them: each hand is the body proxy's capsule (radius 0.035 m, from the
// wrist to 0.1 m past it along the forearm), not only the wrist joint, whose capsule reaches up to
// 13.5 cm lower. The surface is a slab of the given height, unbounded sideways and backwards (a
// sofa, a bench, a bed) and ending in front where the seated body says a real seat must end: 0.1 m
// behind the knees, or sooner where the thighs slope down below the surface height (a seat reaching
// further would cut through them; a high stool ends under the buttocks). The floor is everywhere.
// While any part of a hand is over the surface, its lowest point stays at or above it (5 mm
// tolerance) in every frame: a hand that hangs beside the hips while they descend onto a sofa
// cushion sinks into it, and so does one whose forearm points down at it.
func TestHandsStayAboveTheSupport(t *testing.T) {
	tests := []struct {
		actions []string
		surface float64
	}{
		{[]string{"A person sits down"}, Ideal().SeatHeight},
		{[]string{"A person sits down on a 0.4 m seat"}, 0.4},
		{[]string{"A person sits down on a 0.5 m seat"}, 0.5},
		{[]string{"A person sits down on a 0.7 m stool"}, 0.7},
		{[]string{"A person sits down", "A person stands up"}, Ideal().SeatHeight},
		{[]string{"A person sits on the floor", "A person stands up"}, 0},
		{[]string{"A person lies down", "A person gets up"}, Ideal().BedHeight},
		{[]string{"A person lies down on a 0.4 m high bed"}, 0.4},
		{[]string{"A person lies down on the left side", "A person sits up"}, Ideal().BedHeight},
		{[]string{"A person lies down on her right side"}, Ideal().BedHeight},
		{[]string{"A person lies face down"}, Ideal().BedHeight},
		{[]string{"A person lies on the floor", "A person gets up"}, 0},
	}
	const tolerance = 0.005
	body := motion.NewBody()
	var caps []motion.Capsule
	for _, tt := range tests {
		edge := seatEdge(tt.surface)
		c := run(t, Ideal(), 0, tt.actions...)
		worst, at, part := math.Inf(1), -1, ""
		for f, pose := range c.Frames {
			caps = body.Capsules(pose, caps)
			for _, cp := range caps {
				if cp.Part != motion.PartLeftHand && cp.Part != motion.PartRightHand {
					continue
				}
				if tt.surface > 0 && math.Min(cp.A.Z(), cp.B.Z())-cp.Radius >= edge {
					continue // in front of the seat's edge: the hand may hang lower there
				}
				if lo := math.Min(cp.A.Y(), cp.B.Y()) - cp.Radius - tt.surface; lo < worst {
					worst, at, part = lo, f, cp.Part.String()
				}
			}
		}
		if worst < -tolerance {
			t.Errorf("%q: %s %.3f m below the %.2f m surface at frame %d of %d", tt.actions, part, -worst, tt.surface, at, c.Len())
		}
	}
}

// seatEdge returns how far forward (z, for a body that sat down facing +Z from the origin) a seat of
// the given height can reach under the executor's seated body: 0.1 m behind the knees, and no
// further than where a thigh's bone line drops below the seat height.
func seatEdge(surface float64) float64 {
	r := sitRig(motion.State{}, surface)
	p := r.pose()
	edge := math.Inf(1)
	for s := 0; s < 2; s++ {
		hip, knee := p[hipJ[s]], p[kneeJ[s]]
		edge = math.Min(edge, knee.Z()-0.1)
		switch {
		case hip.Y() <= surface:
			edge = math.Min(edge, hip.Z())
		case knee.Y() < surface:
			f := (hip.Y() - surface) / (hip.Y() - knee.Y())
			edge = math.Min(edge, hip.Z()+f*(knee.Z()-hip.Z()))
		}
	}
	return edge
}
