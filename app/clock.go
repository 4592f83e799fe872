package app

import "math"

// Clock is the one time every pane plays at: the rounds of a run side by side all show the same
// instant. It is a value in seconds like motion.Clip's time; the panes turn it into frames at
// their own clip's rate. The zero Clock is stopped at 0 with nothing to play.
type Clock struct {
	T        float64 // the current time in seconds, within [0, Duration]
	Duration float64 // the longest pane's length in seconds
	FPS      float64 // the rate frame steps move by (the clips' rate; 20 when unknown)
	Speed    float64 // playback speed (1 when 0)
	Playing  bool
	Loop     bool
}

// The playback speeds offered, slowest first.
var speeds = []float64{0.25, 0.5, 1, 2, 4}

// Speeds returns the playback speeds offered, slowest first.
func Speeds() []float64 { return append([]float64(nil), speeds...) }

// fps returns the clock's frame rate for frame steps.
func (c Clock) fps() float64 {
	if c.FPS <= 0 {
		return 20
	}
	return c.FPS
}

// speed returns the playback speed.
func (c Clock) speed() float64 {
	if c.Speed <= 0 {
		return 1
	}
	return c.Speed
}

// Advance returns the clock dt seconds of wall time later: moved by dt × speed when playing; at
// the end it wraps to the start when looping and stops otherwise.
func (c Clock) Advance(dt float64) Clock {
	if !c.Playing || dt <= 0 || c.Duration <= 0 {
		return c
	}
	c.T += dt * c.speed()
	if c.T <= c.Duration {
		return c
	}
	if c.Loop {
		c.T = math.Mod(c.T, c.Duration)
		return c
	}
	c.T, c.Playing = c.Duration, false
	return c
}

// Seek returns the clock at time t, clamped to [0, Duration].
func (c Clock) Seek(t float64) Clock {
	c.T = math.Max(0, math.Min(t, c.Duration))
	if math.IsNaN(t) {
		c.T = 0
	}
	return c
}

// Frame returns the index of the frame the clock shows, at its own rate.
func (c Clock) Frame() int { return int(math.Floor(c.T*c.fps() + 1e-9)) }

// Step returns the clock n frames later (earlier when n < 0), stopped, landing on a frame's time.
func (c Clock) Step(n int) Clock {
	c.Playing = false
	return c.Seek(float64(c.Frame()+n) / c.fps())
}

// Home returns the clock stopped at the start; End stopped at the end.
func (c Clock) Home() Clock { c.Playing = false; return c.Seek(0) }

// End returns the clock stopped at the end.
func (c Clock) End() Clock { c.Playing = false; return c.Seek(c.Duration) }

// Toggle returns the clock playing when it was paused and paused when it was playing; playing from
// the end starts again from the start.
func (c Clock) Toggle() Clock {
	c.Playing = !c.Playing
	if c.Playing && c.T >= c.Duration {
		c.T = 0
	}
	return c
}

// FrameOf returns the frame a clip of n frames at fps shows at time t: the clip holds its last
// frame after it ends, so a short round waits at its end while a longer one plays on.
func FrameOf(t, fps float64, n int) int {
	if n <= 0 {
		return 0
	}
	i := int(math.Floor(t*fps + 1e-9))
	return max(0, min(i, n-1))
}
