package kinematic

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

func TestWalkCoversTheAskedDistanceAlongTheFacing(t *testing.T) {
	tests := []struct {
		text          string
		forward, left float64 // expected displacement in the start frame (m)
	}{
		{"A person walks forward 2 meters", 2, 0},
		{"a person WALKS forward 2 meters.", 2, 0},
		{"3. A person walks forward about 2 meters!", 2, 0},
		{"walks forward, roughly 2 m", 2, 0},
		{"A person walks straightly forward approximately two meters", 2, 0},
		{"A person walks forward 200 cm", 2, 0},
		{"A person walks forward 0.3 meters", 0.3, 0},
		{"A person walks forward 7 meters", 7, 0},
		{"A person runs forward 5 meters", 5, 0},
		{"A person walks backward 1 meter", -1, 0},
		{"A person sidesteps left about 0.5 meters", 0, 0.5},
		{"A person sidesteps right 1.2 meters while facing forward", 0, -1.2},
		{"A person takes three steps forward", 3 * walkGait.maxStep, 0},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 1, tt.text)
		end := c.EndState()
		start := motion.State{}
		d := end.Root.Sub(start.Root)
		fwd, lft := d.Dot(start.Forward()), d.Dot(start.Left())
		if math.Abs(fwd-tt.forward) > 0.05 || math.Abs(lft-tt.left) > 0.05 {
			t.Errorf("%q moved %.3f m forward, %.3f m left; want %.2f, %.2f (±0.05)", tt.text, fwd, lft, tt.forward, tt.left)
		}
		if h := degreesBetween(0, end.Heading); math.Abs(h) > 2 {
			t.Errorf("%q ended turned by %.1f°, want 0", tt.text, h)
		}
	}
}

func TestWalkFollowsTheStartState(t *testing.T) {
	start := motion.State{Root: mgl64.Vec3{3, 0, -2}, Heading: mgl64.DegToRad(135)}
	c, err := New(Options{}).Execute(t.Context(), start, []string{"A person walks forward 2 meters"})
	if err != nil {
		t.Fatal(err)
	}
	if s := c.StartState(); s.Root.Sub(start.Root).Len() > 1e-9 || math.Abs(degreesBetween(start.Heading, s.Heading)) > 1e-6 {
		t.Errorf("first frame at %v, want the start state %v", s, start)
	}
	want := start.Root.Add(start.Forward().Mul(2))
	if got := c.EndState().Root; got.Sub(want).Len() > 0.05 {
		t.Errorf("walk from %v ended at %v, want %v", start, got, want)
	}
}

func TestTurnChangesHeadingByTheAskedAngle(t *testing.T) {
	tests := []struct {
		text string
		deg  float64
	}{
		{"A person turns left by 90 degrees", 90},
		{"a person TURNS LEFT BY 90 DEGREES.", 90},
		{"A person turns right by about 20 degrees", -20},
		{"A person turns ninety degrees to the right", -90},
		{"A person makes a quarter turn to the left", 90},
		{"A person turns slightly to the left", 20}, // "slightly": action's slight turn
		{"A person turns left 45°", 45},
		{"A person turns around", 180},
		{"A person turns to face right", -90},
		{"A person turns left by 135 degrees", 135},
		{"A person turns right 10 degrees", -10},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 1, tt.text)
		got := mgl64.RadToDeg(c.HeadingChange())
		if math.Abs(got-tt.deg) > 2 {
			t.Errorf("%q turned %.1f°, want %.0f° ± 2°", tt.text, got, tt.deg)
		}
		if moved := c.EndState().Root.Len(); moved > 0.05 {
			t.Errorf("%q moved the root %.3f m, want a turn on the spot", tt.text, moved)
		}
	}
}

func TestLeftTurnFacesPlusX(t *testing.T) {
	c := run(t, Ideal(), 0, "A person turns left by 90 degrees", "A person walks forward 1 meter")
	end := c.EndState().Root
	if math.Abs(end.X()-1) > 0.05 || math.Abs(end.Z()) > 0.05 {
		t.Errorf("after a left turn a forward walk ended at %v, want (1, 0, 0): left turns face +X", end)
	}
}

func TestCurvedWalkEndsOnTheArc(t *testing.T) {
	c := run(t, Ideal(), 0, "A person walks forward 3 meters while curving left by 90 degrees")
	r := 3 / (math.Pi / 2) // radius of a quarter circle 3 m long
	want := mgl64.Vec3{r, 0, r}
	if got := c.EndState().Root; got.Sub(want).Len() > 0.05 {
		t.Errorf("curved walk ended at %v, want %v", got, want)
	}
	if got := mgl64.RadToDeg(c.HeadingChange()); math.Abs(got-90) > 2 {
		t.Errorf("curved walk turned %.1f°, want 90°", got)
	}
}

func TestLocomotionKeepsFeetPlantedAndBonesRigid(t *testing.T) {
	for _, text := range []string{
		"A person walks forward 3 meters", "A person runs forward 6 meters", "A person walks backward 1.5 meters",
		"A person sidesteps left 1 meter", "A person sidesteps right 0.4 meters", "A person turns left by 90 degrees",
		"A person turns around", "A person turns right slightly",
		"A person walks forward 4 meters while curving right by 120 degrees", "A person walks in a circle",
	} {
		for _, p := range []Profile{Ideal(), MotionLLM()} {
			c := run(t, p, 7, text)
			if e := maxBoneError(c); e > 1e-3 {
				t.Errorf("%s %q: bone length off by %.2g m", p.Name, text, e)
			}
			if s := worstSliding(c); s > 0.02 {
				t.Errorf("%s %q: a planted foot slid %.3f m, want < 0.02", p.Name, text, s)
			}
			if lo := lowestJoint(c); lo < motion.ToeHeight-1e-6 {
				t.Errorf("%s %q: a joint went down to %.3f m, below the standing toe height", p.Name, text, lo)
			}
		}
	}
}

func TestLocomotionStepsAndSwingsArms(t *testing.T) {
	tests := []struct {
		text     string
		minLifts int // times a foot leaves the floor
		armSwing float64
	}{
		{"A person walks forward 3 meters", 5, 0.1},
		{"A person turns left by 90 degrees", 3, 0},
		{"A person turns around", 5, 0},
		{"A person sidesteps left 1 meter", 6, 0},
	}
	for _, tt := range tests {
		c := run(t, Ideal(), 0, tt.text)
		lifts, swing := 0, 0.0
		for s := 0; s < 2; s++ {
			down := true
			for _, p := range c.Frames {
				up := p[footJ[s]].Y() > motion.ToeHeight+0.02
				if up && down {
					lifts++
				}
				down = !up
				// The wrist relative to the pelvis along the facing.
				rel := p[wristJ[s]].Sub(p[motion.Pelvis]).Dot(p.State().Forward())
				swing = math.Max(swing, math.Abs(rel-restWristForward(s)))
			}
		}
		if lifts < tt.minLifts {
			t.Errorf("%q: feet left the floor %d times, want at least %d (stepping)", tt.text, lifts, tt.minLifts)
		}
		if swing < tt.armSwing {
			t.Errorf("%q: wrists swung %.3f m, want at least %.2f", tt.text, swing, tt.armSwing)
		}
	}
}

func restWristForward(s int) float64 {
	p := standRig(motion.State{})
	pose := p.pose()
	return pose[wristJ[s]].Sub(pose[motion.Pelvis]).Z()
}

func TestWalkStartsAndStopsSmoothly(t *testing.T) {
	c := run(t, Ideal(), 0, "A person walks forward 4 meters")
	root := c.RootTrajectory()
	speed := func(t int) float64 { return root[t].Sub(root[t-1]).Len() * fps }
	if v := speed(1); v > 0.3 {
		t.Errorf("root speed %.2f m/s in the first frame, want an eased start", v)
	}
	if v := speed(len(root) - 1); v > 0.05 {
		t.Errorf("root speed %.2f m/s in the last frame, want an eased stop", v)
	}
	top := 0.0
	for i := 1; i < len(root); i++ {
		top = math.Max(top, speed(i))
	}
	if top < 0.9 || top > 1.8 {
		t.Errorf("top walking speed %.2f m/s, want a human 0.9–1.8 m/s", top)
	}
}

func TestArcPathMatchesNumericIntegration(t *testing.T) {
	for _, p := range []arcPath{
		{start: motion.State{Heading: 0.3}, dir: mgl64.Vec3{0, 0, 1}, length: 3, turn: 1.2},
		{start: motion.State{Root: mgl64.Vec3{1, 0, 2}, Heading: -2}, dir: mgl64.Vec3{1, 0, 0}, length: 1, turn: -0.4},
		{start: motion.State{}, dir: mgl64.Vec3{0, 0, -1}, length: 2, turn: 0},
		{start: motion.State{}, dir: mgl64.Vec3{0, 0, 1}, length: 0, turn: math.Pi},
	} {
		// Slow path: walk the path in many small straight pieces.
		const n = 20000
		pos, h := p.start.Root, p.start.Heading
		for i := 0; i < n; i++ {
			mid := h + p.turn/n/2
			pos = pos.Add(mgl64.Rotate3DY(mid).Mul3x1(p.dir).Mul(p.length / n))
			h += p.turn / n
		}
		got := p.at(1)
		if got.Root.Sub(pos).Len() > 1e-6 || math.Abs(got.Heading-h) > 1e-9 {
			t.Errorf("arc %+v ends at %v, numeric integration %v %.4f", p, got, pos, h)
		}
	}
}

func TestMonotoneInterpolationPassesKnotsAndNeverStepsBack(t *testing.T) {
	xs := []float64{0, 10, 20, 25, 40, 50}
	ys := []float64{0, 0.1, 0.5, 0.5, 0.9, 1}
	for i := range xs {
		if got := monotone(xs, ys, xs[i]); math.Abs(got-ys[i]) > 1e-12 {
			t.Errorf("monotone at knot %v = %v, want %v", xs[i], got, ys[i])
		}
	}
	prev := -1.0
	for x := -1.0; x <= 51; x += 0.05 {
		v := monotone(xs, ys, x)
		if v < prev-1e-12 {
			t.Fatalf("monotone steps back at x=%.2f: %v < %v", x, v, prev)
		}
		prev = v
	}
}

func TestCapPelvisNeverExceedsLimits(t *testing.T) {
	ys := make([]float64, 60)
	limits := make([]float64, 60)
	for i := range ys {
		ys[i] = 1
		limits[i] = 0.95 + 0.05*math.Abs(math.Sin(float64(i)*0.4)) + 0.03*float64(i%7)/7
	}
	out := append([]float64(nil), ys...)
	capPelvis(out, limits, 2)
	for i := range out {
		if out[i] > math.Min(ys[i], limits[i])+1e-12 {
			t.Errorf("frame %d: capped %.4f above min(%.4f, %.4f)", i, out[i], ys[i], limits[i])
		}
	}
	flat := []float64{0.9, 0.9, 0.9, 0.9}
	capPelvis(flat, []float64{2, 2, 2, 2}, 2)
	for _, v := range flat {
		if v != 0.9 {
			t.Errorf("a free constant height changed to %v", v)
		}
	}
}
