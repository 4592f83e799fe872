package body

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// standingLows returns the lowest posed vertex of each standing frame of c under f.
func standingLows(t *testing.T, m *Model, f *Fitter, c *motion.Clip) []float64 {
	t.Helper()
	out := make([]mgl64.Vec3, len(m.Rest))
	var lows []float64
	for _, p := range c.Frames {
		if _, ok := standScore(p); !ok {
			continue
		}
		s, err := f.Frame(p)
		if err != nil {
			t.Fatal(err)
		}
		m.Skin(&s, out)
		lows = append(lows, lowest(out))
	}
	return lows
}

// lowest returns the least height of the points.
func lowest(ps []mgl64.Vec3) float64 {
	low := math.Inf(1)
	for _, p := range ps {
		low = math.Min(low, p.Y())
	}
	return low
}

// TestFeetOnTheFloorInBuiltinWalks: in every standing frame of the built-in executor's
// locomotion the soles rest on the floor, within [−floorBelow, +floorAbove] (before the feet were
// calibrated they sank 11.4 mm), and the ankles and toes still land.
func TestFeetOnTheFloorInBuiltinWalks(t *testing.T) {
	m := humanModel(t)
	for _, actions := range [][]string{
		{"A person walks forward 3 meters"}, {"A person runs forward 6 meters"},
		{"A person walks backward 1.5 meters"}, {"A person sidesteps left 1 meter"},
		{"A person turns around", "A person walks forward 4 meters while curving right by 120 degrees"},
	} {
		c := builtinClip(t, actions...)
		f, err := NewFitter(m, c)
		if err != nil {
			t.Fatal(err)
		}
		lows := standingLows(t, m, f, c)
		lo, hi := slicesMinMax(lows)
		t.Logf("%q: %d standing frames, lowest vertex %+.1f to %+.1f mm", actions, len(lows), 1000*lo, 1000*hi)
		if len(lows) == 0 || lo < -floorBelow || hi > floorAbove {
			t.Errorf("%q: %d standing frames' lowest vertices %+.4f to %+.4f m, want some, within [%g, %g] m",
				actions, len(lows), lo, hi, -floorBelow, floorAbove)
		}
		checkFeetLand(t, f, c)
	}
}

// slicesMinMax returns the least and greatest of xs (±Inf for none).
func slicesMinMax(xs []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// checkFeetLand checks that the scaled feet keep the ankle and toe joints on the clip's in every
// frame.
func checkFeetLand(t *testing.T, f *Fitter, c *motion.Clip) {
	t.Helper()
	for i, p := range c.Frames {
		s, err := f.Frame(p)
		if err != nil {
			t.Fatal(err)
		}
		got := f.Joints(&s)
		for _, j := range []motion.Joint{motion.LeftAnkle, motion.RightAnkle, motion.LeftFoot, motion.RightFoot} {
			if d := got[j].Sub(p[j]).Len(); d > exactBound {
				t.Fatalf("frame %d: %s is %g m from the clip's, want within %g m", i, j, d, exactBound)
			}
		}
	}
}

// TestCalibrationFrameRestsOnTheFloor: in the frame the fit calibrated on, the lowest vertex of the
// heel and arch (those no toe moves) lies exactly soleClearance above the floor, which holds only
// if each vertex's height is linear in the scale as calibrateFeet assumes; on the built-in walk,
// whose toe joints sit 20 mm up, nothing of the foot lies lower.
func TestCalibrationFrameRestsOnTheFloor(t *testing.T) {
	m := humanModel(t)
	for name, c := range map[string]*motion.Clip{"sample": sampleClip(t), "walk": builtinClip(t, "A person walks forward 2 meters")} {
		f, err := NewFitter(m, c)
		if err != nil {
			t.Fatal(err)
		}
		ankle, toe := f.FootScales()
		s, err := f.Frame(c.Frames[f.StandingFrame()])
		if err != nil {
			t.Fatal(err)
		}
		out := make([]mgl64.Vec3, len(m.Rest))
		m.Skin(&s, out)
		heel := math.Inf(1)
		heels := m.footVertices().heel
		for _, v := range heels {
			heel = math.Min(heel, out[v].Y())
		}
		t.Logf("%s: feet scaled %.3f (heel and arch), %.3f (toes); lowest heel vertex %+.2f mm, lowest vertex %+.2f mm",
			name, ankle, toe, 1000*heel, 1000*lowest(out))
		if !(ankle > minFootScale && ankle < 1) || math.Abs(heel-soleClearance) > 1e-9 {
			t.Errorf("%s: ankle scale %v puts the heel at %v m, want a scale inside (%g, 1) and the heel at %g m",
				name, ankle, heel, minFootScale, soleClearance)
		}
		if name == "walk" && math.Abs(lowest(out)-soleClearance) > 1e-9 {
			t.Errorf("walk: the lowest vertex is at %v m, want the heel's %g m", lowest(out), soleClearance)
		}
	}
}

// TestFeetFollowTheFloor: the feet are calibrated against the floor, y = 0. A clip raised 0.2 m
// (a standing frame that floats) keeps the mesh's feet, so it poses as the clip on the floor
// without the scales, raised; a clip sunk 0.1 m scales the feet by minFootScale and no further.
func TestFeetFollowTheFloor(t *testing.T) {
	m := humanModel(t)
	c := builtinClip(t, "A person walks forward 2 meters")
	raised, err := NewFitter(m, transformed(c, mgl64.Translate3D(0, 0.2, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := raised.FootScales(); a != 1 || b != 1 {
		t.Errorf("a floating clip scales its feet by %v, %v; want 1, 1", a, b)
	}
	ground, err := NewFitter(m, c)
	if err != nil {
		t.Fatal(err)
	}
	up := mgl64.Vec3{0, 0.2, 0}
	p := c.Frames[c.Len()/2]
	want, got := ground.withFeet(feet{1, 1}).skinning(p), raised.skinning(p.Translate(up))
	for j := range want {
		want[j] = mgl64.Translate3D(0, 0.2, 0).Mul4(want[j])
		if !got[j].ApproxEqualThreshold(want[j], 1e-9) {
			t.Fatalf("%s: raised %v, want the unscaled fit raised %v", motion.Joint(j), got[j], want[j])
		}
	}
	sunk, err := NewFitter(m, transformed(c, mgl64.Translate3D(0, -0.1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := sunk.FootScales(); a != minFootScale || b != minFootScale {
		t.Errorf("a clip sunk 0.1 m scales its feet by %v, %v; want %g, %g", a, b, minFootScale, minFootScale)
	}
}

// TestFeetOfABuiltModel: a Model built without Decode finds its foot vertices on each fit and
// calibrates as the decoded one does; a vertex with an influence beyond the 22 joints (which
// Validate refuses) is left out rather than read past the skinning matrices.
func TestFeetOfABuiltModel(t *testing.T) {
	m := humanModel(t)
	c := builtinClip(t, "A person walks forward 2 meters")
	built := &Model{Name: m.Name, Rest: m.Rest, Faces: m.Faces, Joints: m.Joints, Influence: m.Influence, Weight: m.Weight}
	fits := [2]*Fitter{}
	for i, model := range []*Model{m, built} {
		f, err := NewFitter(model, c)
		if err != nil {
			t.Fatal(err)
		}
		fits[i] = f
	}
	if fits[0].cal.feet != fits[1].cal.feet {
		t.Errorf("decoded feet %+v, built %+v; want the same", fits[0].cal.feet, fits[1].cal.feet)
	}
	bad := *built
	bad.Influence = append([][MaxInfluences]uint8(nil), m.Influence...)
	toe := m.footVertices().toes[0]
	bad.Influence[toe][0] = 200
	if got := bad.findFeet(); len(got.toes) != len(m.footVertices().toes)-1 || got.toes[0] == toe {
		t.Errorf("a vertex with influence 200 was kept among the toes")
	}
	if _, err := NewFitter(&bad, c); err != nil {
		t.Error(err)
	}
}
