package action

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"interactagent/motion"
)

// FuzzParse checks that any text parses into at least one action with bounded, finite amounts
// (executor/kinematic's FuzzPredict checks that the executor plans the same texts).
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
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || len(text) > motion.MaxActionBytes {
			return
		}
		acts := Parse(text)
		if len(acts) == 0 {
			t.Fatalf("Parse(%q) returned no action", text)
		}
		for _, a := range acts {
			checkBounded(t, text, a)
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

// decimalLiteral matches the numbers strconv.ParseFloat reads that people write: digits with an
// optional point and exponent, no hex, no underscores, no "Inf".
var decimalLiteral = regexp.MustCompile(`^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$`)

// FuzzNumber checks the action number parser. Any text in the place of a distance parses into
// bounded, finite actions; a decimal literal there is read as its value or changed with a warning;
// and every float64, written as strconv writes it, reads back as itself (as its magnitude with a
// warning when negative, as the clamp limit with a warning when beyond it).
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"1e9", "2.5e1", "-5", "−5", "1,000", "1,5", "1.5.2", "5e", "1e-400", "NaN", "Inf",
		"infinity", "+3", ".5", "5.e3", "1" + strings.Repeat("0", 400), "-2 and a half", "1_000", "٣"} {
		f.Add(s, 1.5)
	}
	for _, v := range []float64{0, math.Copysign(0, -1), 1e9, -5, 50, 50.000000000000001, 5e-324, math.MaxFloat64,
		-math.MaxFloat64, math.Inf(1), math.NaN(), 1e21, 1e-7} {
		f.Add("2", v)
	}
	f.Fuzz(func(t *testing.T, s string, v float64) {
		if utf8.ValidString(s) && len(s) <= 1000 {
			checkNumberText(t, s)
		}
		checkNumberRoundTrip(t, v)
	})
}

// checkNumberText parses s as a walk's distance: the actions are bounded, and when s is a decimal
// literal the walk covers its value exactly unless a warning says otherwise.
func checkNumberText(t *testing.T, s string) {
	t.Helper()
	text := "A person walks forward " + s + " meters"
	acts := Parse(text)
	for _, a := range acts {
		checkBounded(t, text, a)
	}
	want, err := strconv.ParseFloat(s, 64)
	if !decimalLiteral.MatchString(s) || err != nil || len(acts) != 1 {
		return
	}
	if a := acts[0]; a.Distance != math.Abs(want) && len(a.Warnings) == 0 {
		t.Fatalf("Parse(%q) walks %v m without a warning, want %v", text, a.Distance, math.Abs(want))
	}
}

// checkNumberRoundTrip writes v into a walk and checks what is read back.
func checkNumberRoundTrip(t *testing.T, v float64) {
	t.Helper()
	text := "A person walks forward " + strconv.FormatFloat(v, 'g', -1, 64) + " meters"
	acts := Parse(text)
	if len(acts) != 1 {
		t.Fatalf("Parse(%q) gave %d actions, want 1", text, len(acts))
	}
	a, warned := acts[0], strings.Join(acts[0].Warnings, "; ")
	want, wantWarn := math.Abs(v), ""
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		want, wantWarn = DefaultWalk, "an amount must be a finite number"
	case want > maxDistance:
		want, wantWarn = maxDistance, "beyond what the executor does"
	case v < 0:
		wantWarn = "is negative"
	}
	if a.Distance != want || !strings.Contains(warned, wantWarn) || wantWarn == "" && warned != "" {
		t.Fatalf("Parse(%q) walks %v m with warnings %q, want %v m and a warning saying %q",
			text, a.Distance, a.Warnings, want, wantWarn)
	}
	if v < 0 && !math.IsInf(v, 0) && !strings.Contains(warned, "is negative") {
		t.Fatalf("Parse(%q) dropped the sign without a warning: %q", text, a.Warnings)
	}
}
