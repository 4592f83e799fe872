package app

import "testing"

func TestClockAdvance(t *testing.T) {
	c := Clock{Duration: 10, FPS: 20, Playing: true}
	if got := c.Advance(0.5).T; got != 0.5 {
		t.Errorf("advance 0.5 s at speed 1: t = %v", got)
	}
	c.Speed = 2
	if got := c.Advance(0.5).T; got != 1 {
		t.Errorf("advance 0.5 s at speed 2: t = %v", got)
	}
	c.T = 9.8
	end := c.Advance(0.5)
	if end.T != 10 || end.Playing {
		t.Errorf("past the end without loop: %+v, want stopped at 10", end)
	}
	c.Loop = true
	if got := c.Advance(0.5); !got.Playing || got.T < 0.79 || got.T > 0.81 {
		t.Errorf("past the end with loop: %+v, want playing at 0.8", got)
	}
	paused := Clock{Duration: 10, T: 3}
	if got := paused.Advance(1); got.T != 3 {
		t.Errorf("a paused clock moved to %v", got.T)
	}
}

func TestClockStepsLandOnFrames(t *testing.T) {
	c := Clock{Duration: 2, FPS: 20, Playing: true}.Seek(0.52) // within frame 10
	if c.Frame() != 10 {
		t.Fatalf("frame at 0.52 s, 20 fps: %d, want 10", c.Frame())
	}
	next := c.Step(1)
	if next.Frame() != 11 || next.T != 11.0/20 || next.Playing {
		t.Errorf("step +1: %+v frame %d, want stopped at frame 11 (0.55 s)", next, next.Frame())
	}
	if prev := c.Step(-1); prev.Frame() != 9 {
		t.Errorf("step −1: frame %d, want 9", prev.Frame())
	}
	if first := c.Step(-100); first.T != 0 {
		t.Errorf("step before the start: t = %v, want 0", first.T)
	}
	if last := c.Step(1000); last.T != 2 || last.Frame() != 40 {
		t.Errorf("step past the end: t = %v frame %d, want 2 s, frame 40", last.T, last.Frame())
	}
	if c.Home().T != 0 || c.End().T != 2 || c.End().Playing {
		t.Errorf("home/end: %v/%v", c.Home().T, c.End().T)
	}
}

func TestClockToggleRestartsAtEnd(t *testing.T) {
	c := Clock{Duration: 5}.End()
	if got := c.Toggle(); !got.Playing || got.T != 0 {
		t.Errorf("play at the end: %+v, want playing from 0", got)
	}
	if got := (Clock{Duration: 5, T: 2}).Toggle().Toggle(); got.Playing || got.T != 2 {
		t.Errorf("toggle twice: %+v", got)
	}
}

func TestFrameOfHoldsLastFrame(t *testing.T) {
	for _, tc := range []struct {
		t    float64
		n    int
		want int
	}{{0, 10, 0}, {0.049, 10, 0}, {0.05, 10, 1}, {0.45, 10, 9}, {3, 10, 9}, {-1, 10, 0}, {1, 0, 0}} {
		if got := FrameOf(tc.t, 20, tc.n); got != tc.want {
			t.Errorf("FrameOf(%v, 20, %d) = %d, want %d", tc.t, tc.n, got, tc.want)
		}
	}
}
