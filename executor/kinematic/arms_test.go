package kinematic

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/geom"
	"interactagent/motion"
)

// extreme returns the lowest and highest heights joint j reaches over the clip.
func extreme(c *motion.Clip, j motion.Joint) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range c.Frames {
		lo, hi = math.Min(lo, p[j].Y()), math.Max(hi, p[j].Y())
	}
	return lo, hi
}

func TestReachPutsTheHandAtTheAskedHeight(t *testing.T) {
	tests := []struct {
		text   string
		wrist  motion.Joint
		height float64
		tol    float64
	}{
		{"A person reaches forward with the right hand at a height of 1.2 meters", motion.RightWrist, 1.2, 0.02},
		{"A person touches something 1.5 m high with his left hand", motion.LeftWrist, 1.5, 0.02},
		{"A person reaches forward at chest height", motion.RightWrist, level("chest"), 0.02},
		{"A person touches the table", motion.RightWrist, level("table"), 0.02},
		{"A person reaches forward with the right hand at 0.4 meters", motion.RightWrist, 0.4, 0.05},
		{"A person reaches down to the floor with the left hand", motion.LeftWrist, level("floor"), 0.12},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 0, tt.text)
		// The hand holds its target in the middle of the action: the wrist at the height, or as
		// much above it as a downward forearm would carry the fingers below it.
		p := c.Frames[c.Len()/2]
		mid, low := p[tt.wrist].Y(), handLowest(p[motion.Parent(tt.wrist)], p[tt.wrist])
		rest := tt.height - handRadius + handClear // a level hand's lowest point, the wrist at the height
		resting := mid > tt.height && math.Abs(low-rest) < 0.005
		if math.Abs(mid-tt.height) > tt.tol && !resting {
			t.Errorf("%q: wrist at %.3f m mid-action (hand's lowest point %.3f m), want %.2f ± %.2f or the hand resting there",
				tt.text, mid, low, tt.height, tt.tol)
		}
		if s := worstSliding(c); s > 0.02 {
			t.Errorf("%q: a foot slid %.3f m", tt.text, s)
		}
	}
}

func TestReachUpAndRaiseHandsGoOverhead(t *testing.T) {
	for _, tt := range []struct {
		text   string
		raised []motion.Joint
		still  []motion.Joint
	}{
		{"A person reaches up with both hands", []motion.Joint{motion.LeftWrist, motion.RightWrist}, nil},
		{"A person raises both hands", []motion.Joint{motion.LeftWrist, motion.RightWrist}, nil},
		{"A person raises his left hand", []motion.Joint{motion.LeftWrist}, []motion.Joint{motion.RightWrist}},
		{"A person waves", []motion.Joint{motion.RightWrist}, []motion.Joint{motion.LeftWrist}},
	} {
		c := run(t, Ideal(), 0, tt.text)
		head := c.Frames[0][motion.Head].Y()
		shoulder := c.Frames[0][motion.RightShoulder].Y()
		for _, j := range tt.raised {
			if _, hi := extreme(c, j); hi < shoulder+0.1 {
				t.Errorf("%q: %v rose to %.2f m, want above the shoulder (%.2f)", tt.text, j, hi, shoulder)
			}
		}
		for _, j := range tt.still {
			if _, hi := extreme(c, j); hi > c.Frames[0][j].Y()+0.05 {
				t.Errorf("%q: %v rose to %.2f m, want it left hanging", tt.text, j, hi)
			}
		}
		if tt.text == "A person raises both hands" {
			if _, hi := extreme(c, motion.RightWrist); hi < head {
				t.Errorf("raised hands reach %.2f m, want above the head (%.2f)", hi, head)
			}
		}
	}
}

func TestWaveSwingsTheHandFromSideToSide(t *testing.T) {
	c := run(t, Ideal(), 0, "A person waves with the right hand")
	lo, hi, turns := math.Inf(1), math.Inf(-1), 0
	prevDir := 0.0
	for t := 1; t < c.Len(); t++ {
		x := c.Frames[t][motion.RightWrist].X()
		if c.Frames[t][motion.RightWrist].Y() > c.Frames[t][motion.RightShoulder].Y() {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
			dir := math.Copysign(1, x-c.Frames[t-1][motion.RightWrist].X())
			if prevDir != 0 && dir != prevDir {
				turns++
			}
			prevDir = dir
		}
	}
	if hi-lo < 0.1 || turns < 4 {
		t.Errorf("raised wrist swung %.2f m with %d reversals, want a wave (≥ 0.1 m, ≥ 4 reversals)", hi-lo, turns)
	}
}

func TestPickUpBringsBothHandsDown(t *testing.T) {
	for _, tt := range []struct {
		text   string
		height float64
	}{
		{"A person picks up the box", action.PickHeight},
		{"A person puts down the box", action.PickHeight},
		{"A person picks up a cup from the table", level("table")},
	} {
		c := run(t, Ideal(), 0, tt.text)
		for _, j := range []motion.Joint{motion.LeftWrist, motion.RightWrist} {
			if lo, _ := extreme(c, j); lo > tt.height+0.2 {
				t.Errorf("%q: %v went down to %.2f m, want near %.2f", tt.text, j, lo, tt.height)
			}
		}
		if s := worstSliding(c); s > 0.02 {
			t.Errorf("%q: a foot slid %.3f m", tt.text, s)
		}
	}
}

func TestSeatedArmActionsKeepTheSeat(t *testing.T) {
	c := run(t, Ideal(), 0, "A person sits down", "A person waves", "A person reaches forward with the left hand")
	seated := Ideal().SeatHeight + seatClearance
	for _, s := range c.Segments[1:] {
		for f := s.Start; f < s.End; f++ {
			if y := c.Frames[f][motion.Pelvis].Y(); math.Abs(y-seated) > 0.01 {
				t.Fatalf("%q frame %d: pelvis at %.3f m, want seated at %.3f", s.Action, f, y, seated)
			}
		}
	}
}

// TestAReachComesOntoATopFromAbove reaches onto the top of a box whose near face stands where the
// wrist ends (as the planner's touches place it), at heights below, near and at the shoulder: on
// the way out and back the forearm and the hand (the body proxy's capsules) stay out of the box
// instead of sweeping forward through its face before clearing its top.
func TestAReachComesOntoATopFromAbove(t *testing.T) {
	for _, h := range []float64{0.9, 1.2, 1.38} {
		text := fmt.Sprintf("A person reaches forward with the right hand at a height of %.2f meters", h)
		c := run(t, Ideal(), 0, text)
		end := c.Frames[c.Len()/2][motion.RightWrist]
		box := geom.Box{Lo: mgl64.Vec3{end.X() - 0.5, 0, end.Z() - 0.02}, Hi: mgl64.Vec3{end.X() + 0.5, h - 0.03, end.Z() + 0.5}}
		body, worst, at := motion.NewBody(), 0.0, 0
		var caps []motion.Capsule
		for i, p := range c.Frames {
			caps = body.Capsules(p, caps)
			for _, cp := range caps {
				if cp.Part != motion.PartRightForearm && cp.Part != motion.PartRightHand {
					continue
				}
				for k := 0; k <= 10; k++ {
					q := cp.A.Add(cp.B.Sub(cp.A).Mul(float64(k) / 10))
					if d := cp.Radius - box.SignedDistance(q); d > worst {
						worst, at = d, i
					}
				}
			}
		}
		if worst > 0.025 { // a forearm resting on the edge sinks a centimetre or two, no more
			t.Errorf("reach at %.2f m: the arm sinks %.3f m into the box it reaches onto (frame %d of %d)", h, worst, at, c.Len())
		}
	}
}
