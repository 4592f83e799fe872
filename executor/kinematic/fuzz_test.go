package kinematic

import (
	"context"
	"math"
	"testing"
	"unicode/utf8"

	"interactagent/motion"
)

// FuzzParse checks that any text parses into at least one action with bounded, finite amounts,
// and that the executor plans it without error.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"A person walks forward about 1.5 meters.", "3. a person TURNS left by ninety degrees!",
		"A person turns around and sits down", "A person sidesteps left 0.5 m while facing forward",
		"A person walks in a circle", "A person lies down on the bed on his left side",
		"A person reaches up with both hands at 2 m", "A person waits for two and a half seconds",
		"A person jumps forward one hundred and eighty meters", "", "and and then ,,,;", "1e309 meters",
	} {
		f.Add(s)
	}
	e := New(Options{Profile: MotionLLM()})
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || len(text) > 2000 {
			return
		}
		acts := Parse(text)
		if len(acts) == 0 {
			t.Fatalf("Parse(%q) returned no action", text)
		}
		for _, a := range acts {
			checkBounded(t, text, a)
		}
		if _, err := e.Predict(context.Background(), motion.State{}, []string{text}); err != nil {
			t.Fatalf("Predict(%q): %v", text, err)
		}
	})
}

func checkBounded(t *testing.T, text string, a Action) {
	t.Helper()
	for _, v := range []float64{a.Distance, a.Angle, a.Height, a.Seconds} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("Parse(%q) gave a non-finite amount: %+v", text, a)
		}
	}
	switch {
	case a.Distance < -maxJump || a.Distance > maxDistance,
		math.Abs(a.Angle) > maxAngle*math.Pi/180+1e-9,
		a.Height < 0 || a.Height > maxReach,
		a.Seconds < 0 || a.Seconds > maxSeconds,
		a.Repeat < 1 || a.Repeat > maxRepeat,
		a.Steps < 0 || a.Steps > 200,
		a.Kind < Wait || a.Kind > RaiseHands:
		t.Fatalf("Parse(%q) gave an amount out of bounds: %+v", text, a)
	}
}
