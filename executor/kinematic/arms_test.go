package kinematic

import (
	"math"
	"testing"

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
		{"A person reaches forward at chest height", motion.RightWrist, levels["chest"], 0.02},
		{"A person touches the table", motion.RightWrist, levels["table"], 0.02},
		{"A person reaches forward with the right hand at 0.4 meters", motion.RightWrist, 0.4, 0.05},
		{"A person reaches down to the floor with the left hand", motion.LeftWrist, levels["floor"], 0.12},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 0, tt.text)
		// The hand holds its target in the middle of the action.
		mid := c.Frames[c.Len()/2][tt.wrist].Y()
		if math.Abs(mid-tt.height) > tt.tol {
			t.Errorf("%q: wrist at %.3f m mid-action, want %.2f ± %.2f", tt.text, mid, tt.height, tt.tol)
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
		{"A person picks up the box", pickHeight},
		{"A person puts down the box", pickHeight},
		{"A person picks up a cup from the table", levels["table"]},
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
