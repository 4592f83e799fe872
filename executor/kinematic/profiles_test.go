package kinematic

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// predictOne returns the outcomes of actions from the origin.
func predictOne(t *testing.T, p Profile, seed uint64, actions ...string) []Outcome {
	t.Helper()
	out, err := New(Options{Profile: p, Seed: seed}).Predict(context.Background(), motion.State{}, actions)
	if err != nil {
		t.Fatalf("Predict(%q): %v", actions, err)
	}
	return out
}

func TestMotionLLMWalkErrorsStayInsideTheirBounds(t *testing.T) {
	p := MotionLLM()
	for _, tt := range []struct {
		text string
		dist float64
		dir  mgl64.Vec3
	}{
		{"A person walks forward 2 meters", 2, mgl64.Vec3{0, 0, 1}},
		{"A person walks forward about 5 meters", 5, mgl64.Vec3{0, 0, 1}},
		{"A person walks backward 1 meter", 1, mgl64.Vec3{0, 0, -1}},
		{"A person sidesteps left 0.5 meters", 0.5, mgl64.Vec3{1, 0, 0}},
	} {
		maxErr, sumErr := 0.0, 0.0
		for seed := uint64(0); seed < 1000; seed++ {
			out := predictOne(t, p, seed, tt.text)
			end := out[0].End
			walked := p.DistanceError + 1 // the largest path length, relative
			drift := mgl64.DegToRad(p.DriftDegPerMetre) * tt.dist * walked
			// A drifting path is an arc: its chord is shorter than its length by at most sinc(drift/2).
			chord := end.Root.Len()
			lo := tt.dist * (1 - p.DistanceError) * sinc(drift/2)
			if chord < lo-1e-9 || chord > tt.dist*walked+1e-9 {
				t.Fatalf("%q seed %d: moved %.3f m, want %.3f–%.3f", tt.text, seed, chord, lo, tt.dist*walked)
			}
			if h := math.Abs(geom.WrapAngle(end.Heading)); h > drift+1e-9 {
				t.Fatalf("%q seed %d: drifted %.2f°, want at most %.2f°", tt.text, seed, mgl64.RadToDeg(h), mgl64.RadToDeg(drift))
			}
			if along := end.Root.Normalize().Dot(tt.dir); along < math.Cos(drift)-1e-9 {
				t.Fatalf("%q seed %d: ended at %v, off the asked direction by more than the drift", tt.text, seed, end.Root)
			}
			if out[0].Frames%p.FrameGranularity != 1 { // +1: the start frame
				t.Fatalf("%q seed %d: %d frames, want a multiple of %d plus the start frame", tt.text, seed, out[0].Frames, p.FrameGranularity)
			}
			e := chord/tt.dist - 1
			maxErr = math.Max(maxErr, math.Abs(e))
			sumErr += e
		}
		if maxErr < 0.6*p.DistanceError {
			t.Errorf("%q: largest distance error %.1f%% over 1000 seeds, want errors spread up to ±%.0f%%", tt.text, 100*maxErr, 100*p.DistanceError)
		}
		if mean := sumErr / 1000; math.Abs(mean) > 0.03 {
			t.Errorf("%q: mean distance error %.1f%%, want unbiased", tt.text, 100*mean)
		}
	}
}

func TestMotionLLMTurnErrorsStayInsideTheirBounds(t *testing.T) {
	p := MotionLLM()
	for _, tt := range []struct {
		text string
		deg  float64
	}{
		{"A person turns left by 90 degrees", 90},
		{"A person turns right by about 20 degrees", -20},
		{"A person turns around", 180},
		{"A person turns left 45 degrees", 45},
	} {
		maxErr := 0.0
		for seed := uint64(0); seed < 1000; seed++ {
			end := predictOne(t, p, seed, tt.text)[0].End
			bound := p.TurnError*math.Abs(tt.deg) + p.TurnOffsetDeg
			got := mgl64.RadToDeg(end.Heading)
			errDeg := mgl64.RadToDeg(geom.WrapAngle(mgl64.DegToRad(got - tt.deg)))
			if math.Abs(errDeg) > bound+1e-6 {
				t.Fatalf("%q seed %d: turned to %.2f°, error %.2f°, want within ±%.2f°", tt.text, seed, got, errDeg, bound)
			}
			if d := end.Root.Len(); d > p.PositionJitter+1e-9 {
				t.Fatalf("%q seed %d: wandered %.3f m, want at most %.3f", tt.text, seed, d, p.PositionJitter)
			}
			maxErr = math.Max(maxErr, math.Abs(errDeg)/bound)
		}
		if maxErr < 0.6 {
			t.Errorf("%q: largest turn error %.0f%% of the bound over 1000 seeds, want errors spread out", tt.text, 100*maxErr)
		}
	}
}

func TestMotionLLMKeepsDefaultSurfaces(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		c := run(t, MotionLLM(), seed, "A person sits on the high bar stool")
		if y := c.Frames[c.Len()-1][motion.Pelvis].Y(); math.Abs(y-MotionLLM().SeatHeight-seatClearance) > 1e-9 {
			t.Fatalf("seed %d: pelvis at %.3f m, want the fixed seat height %.2f + %.2f", seed, y, MotionLLM().SeatHeight, seatClearance)
		}
	}
}

func TestMotionLLMCutsLongActionsShort(t *testing.T) {
	maxFrames := MotionLLM().maxFrames()
	for _, text := range []string{"A person walks forward 20 meters", "A person turns left 720 degrees", "A person waits for 30 seconds", "A person runs forward 40 meters"} {
		out := predictOne(t, MotionLLM(), 1, text)
		if out[0].Frames-1 > maxFrames {
			t.Errorf("%q: %d frames, want at most %d (%.1f s)", text, out[0].Frames-1, maxFrames, MotionLLM().MaxSeconds)
		}
	}
	if d := predictOne(t, Ideal(), 1, "A person walks forward 20 meters")[0].End.Root.Len(); math.Abs(d-20) > 0.05 {
		t.Errorf("ideal walked %.2f of 20 m: the ideal profile has no time limit", d)
	}
}

func TestSameTextAndSeedGiveTheSameMotion(t *testing.T) {
	actions := []string{"A person walks forward 2 meters", "A person turns left 90 degrees", "A person sits down"}
	a := run(t, MotionLLM(), 42, actions...)
	b := run(t, MotionLLM(), 42, actions...)
	if a.Len() != b.Len() {
		t.Fatalf("lengths %d and %d", a.Len(), b.Len())
	}
	for i := range a.Frames {
		if a.Frames[i] != b.Frames[i] {
			t.Fatalf("frame %d differs between two runs with the same seed", i)
		}
	}
}

func TestChangingTextOrSeedChangesTheMotion(t *testing.T) {
	base := predictOne(t, MotionLLM(), 42, "A person walks forward 2 meters")[0].End
	for _, tt := range []struct {
		text string
		seed uint64
	}{
		{"A person walks forward 2 meters.", 42},
		{"A person walks forward about 2 meters", 42},
		{"a person walks forward 2 meters", 42},
		{"A person walks forward 2 meters", 43},
	} {
		end := predictOne(t, MotionLLM(), tt.seed, tt.text)[0].End
		if end.Root.Sub(base.Root).Len() < 1e-6 {
			t.Errorf("%q seed %d ends exactly where the original does (%v): a redo must change the result", tt.text, tt.seed, end)
		}
	}
	// The ideal profile follows the meaning only: rewording changes nothing of the end state.
	a := predictOne(t, Ideal(), 42, "A person walks forward 2 meters")[0].End
	b := predictOne(t, Ideal(), 7, "a person walks forward about 2 meters.")[0].End
	if a.Root.Sub(b.Root).Len() > 1e-9 {
		t.Errorf("ideal ends differ for the same meaning: %v vs %v", a, b)
	}
}

func TestProfilesValidate(t *testing.T) {
	for _, p := range Profiles() {
		if err := p.validate(); err != nil {
			t.Errorf("built-in profile %s: %v", p.Name, err)
		}
		got, err := ProfileByName(" " + strings.ToUpper(p.Name) + " ")
		if err != nil || got != p {
			t.Errorf("ProfileByName(%q) = %v, %v", p.Name, got.Name, err)
		}
	}
	if _, err := ProfileByName("gpt"); err == nil || !strings.Contains(err.Error(), `"gpt", want ideal or motionllm`) {
		t.Errorf("ProfileByName(gpt): %v, want an error naming the built-in profiles", err)
	}
	for _, bad := range []Profile{
		{Name: "neg", DistanceError: -0.1, FrameGranularity: 1},
		{Name: "nan", TurnError: math.NaN(), FrameGranularity: 1},
		{Name: "gran", FrameGranularity: 0},
		{Name: "dist", DistanceError: 1, FrameGranularity: 1},
		{Name: "seat", SeatHeight: 3, FrameGranularity: 1},
		{Name: "short", MaxSeconds: 0.5, FrameGranularity: 1},
	} {
		if err := bad.validate(); err == nil {
			t.Errorf("profile %+v validated", bad)
		}
		if _, err := New(Options{Profile: bad}).Execute(context.Background(), motion.State{}, []string{"walks"}); err == nil {
			t.Errorf("Execute with profile %s succeeded", bad.Name)
		}
	}
}

func TestTriangularDrawsStayInBounds(t *testing.T) {
	r := actionRand(1, 2, 3, "x")
	for i := 0; i < 10000; i++ {
		if v := triangular(r, 0.25); v < -0.25 || v > 0.25 {
			t.Fatalf("triangular draw %v outside ±0.25", v)
		}
	}
}
