package action

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestTokenizeKeepsNumeralsWhole(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"1e9m", []string{"1e9", "m"}},
		{"2.5E1 meters", []string{"2.5e1", "meters"}},
		{"5.e3 mm", []string{"5.e3", "mm"}},
		{"by -30°", []string{"by", "-30", "degrees"}},
		{"by −30 degrees", []string{"by", "-30", "degrees"}}, // the unicode minus
		{"+3 m", []string{"+3", "m"}},
		{"1,000 m", []string{"1000", "m"}},
		{"12,345,678.5", []string{"12345678.5"}},
		{"1,5 m", []string{"1.5", "m"}},
		{"0,500 m", []string{"0.500", "m"}},
		{"1_000 cm", []string{"1000", "cm"}},
		{"1.5.2 m", []string{"1.5.2", "m"}},
		{"5e meters", []string{"5e", "meters"}},
		{"5e-", []string{"5e-"}},
		{"5em", []string{"5", "em"}},
		{"2-3 m", []string{"2", "3", "m"}}, // a range, not 2 and −3
		{"walks 2 m. then", []string{"walks", "2", "m", sep, "then"}},
	}
	for _, tt := range tests {
		if got := tokenize(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tokenize(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestParseReadsNumeralsOrWarns covers the numbers a hostile user tried: each is read exactly as
// written, or read otherwise with a warning that says so; none is silently changed.
func TestParseReadsNumeralsOrWarns(t *testing.T) {
	deg := math.Pi / 180
	dist := func(a Action) float64 { return a.Distance }
	angle := func(a Action) float64 { return a.Angle / deg }
	height := func(a Action) float64 { return a.Height }
	secs := func(a Action) float64 { return a.Seconds }
	reps := func(a Action) float64 { return float64(a.Repeat) }
	steps := func(a Action) float64 { return float64(a.Steps) }
	huge := "1" + strings.Repeat("0", 400)
	tests := []struct {
		text string
		got  func(Action) float64
		want float64
		warn string // "" for no warning at all
	}{
		// Exponents: one token, not "1", "e", "9".
		{"A person walks forward 1e9 meters", dist, maxDistance, "distance 1e+09 m is beyond what the executor does; used 50 m"},
		{"A person walks forward 2.5e1 meters", dist, 25, ""},
		{"A person walks forward 2.5E1 meters", dist, 25, ""},
		{"A person walks forward 5.e-1 meters", dist, 0.5, ""},
		{"A person walks forward 25e1 cm", dist, 2.5, ""},
		// Signs: the magnitude, with a warning.
		{"A person walks forward -5 meters", dist, 5, "distance -5 meters is negative; read as 5 meters forward"},
		{"A person walks forward −5 meters", dist, 5, "distance -5 meters is negative; read as 5 meters forward"},
		{"A person walks backward -1 m", dist, 1, "distance -1 m is negative; read as 1 m backward"},
		{"A person walks forward +3 meters", dist, 3, ""},
		{"A person walks forward -2 and a half meters", dist, 2.5, "distance -2 and a half meters is negative"},
		{"A person takes -3 steps forward", steps, 3, "distance -3 steps is negative; read as 3 steps forward"},
		{"A person walks forward -5", dist, 5, "distance -5 is negative; read as 5 forward"},
		{"A person turns left by -30 degrees", angle, 30, "angle -30 degrees is negative; read as 30 degrees left"},
		{"A person turns left by −30 degrees", angle, 30, "angle -30 degrees is negative; read as 30 degrees left"},
		{"A person turns right by -30 degrees", angle, -30, "angle -30 degrees is negative; read as 30 degrees right"},
		{"A person walks forward 3 meters curving right by -45 degrees", angle, -45, "angle -45 degrees is negative; read as 45 degrees right"},
		{"A person sits on a -0.5 m seat", height, 0.5, "height -0.5 m is negative; read as 0.5 m"},
		{"A person reaches up at -1.5 m", height, 1.5, "height -1.5 m is negative; read as 1.5 m"},
		{"A person jumps backward -1 m", dist, -1, "jump length -1 m is negative; read as 1 m backward"},
		{"A person waits -3 seconds", secs, 3, "duration -3 seconds is negative; read as 3 seconds"},
		{"A person waits -3", secs, 3, "duration -3 is negative; read as 3 seconds"},
		{"A person waves -2 times", reps, 2, "repetitions -2 times is negative; read as 2 times"},
		// Commas: thousands when grouped in threes, else a decimal comma.
		{"A person walks forward 1,000 meters", dist, maxDistance, "distance 1000 m is beyond what the executor does; used 50 m"},
		{"A person walks forward 1,000 cm", dist, 10, ""},
		{"A person walks forward 1,000.5 cm", dist, 10.005, ""},
		{"A person walks forward 1,5 meters", dist, 1.5, ""},
		{"A person walks forward 0,500 meters", dist, 0.5, ""},
		{"A person walks forward 1_000 cm", dist, 10, ""},
		// Malformed numerals are ignored with a warning; the default applies.
		{"A person walks forward 1.5.2 meters", dist, DefaultWalk, `ignored "1.5.2": not a number`},
		{"A person walks forward 1,5,3 meters", dist, DefaultWalk, `ignored "1,5,3": not a number`},
		{"A person walks forward 5e meters", dist, DefaultWalk, `ignored "5e": not a number`},
		{"A person walks forward 1e5.5 meters", dist, DefaultWalk, `ignored "1e5.5": not a number`},
		{"A person walks forward ５ meters", dist, DefaultWalk, `ignored "５": not a number`},
		// Beyond float64, in either direction.
		{"A person walks forward 1e-400 meters", dist, 0, "the number 1e-400 is below the smallest the executor can hold; read as 0"},
		{"A person walks forward 1e400 meters", dist, maxDistance, "the number 1e400 is beyond the largest the executor can hold"},
		{"A person walks forward " + huge + " meters", dist, maxDistance, "the number " + huge[:maxShown] + "… is beyond the largest"},
		{"A person turns left 1e308 turns", angle, maxAngle, "angle 1.798e+308 ° is beyond what the executor does"},
		// Words strconv would read as numbers.
		{"A person walks forward NaN meters", dist, DefaultWalk, `ignored "nan": an amount must be a finite number`},
		{"A person walks forward Inf meters", dist, DefaultWalk, `ignored "inf": an amount must be a finite number`},
		{"A person walks forward infinity meters", dist, DefaultWalk, `ignored "infinity": an amount must be a finite number`},
		// Numbers without a unit that cannot be the amount, and amounts below the least.
		{"A person walks forward 1e9", dist, DefaultWalk, "ignored the number 1e9: without a unit, only numbers in (0, 50] are read as metres"},
		{"A person turns left 1000", angle, defaultTurn, "ignored the number 1000: without a unit, only numbers in (0, 720] are read as degrees"},
		{"A person waits 0.1 seconds", secs, 0.2, "duration 0.1 s is below what the executor does; used 0.2 s"},
	}
	for _, tt := range tests {
		acts := Parse(tt.text)
		if len(acts) != 1 {
			t.Errorf("Parse(%q) gave %d actions, want 1: %+v", tt.text, len(acts), acts)
			continue
		}
		a := acts[0]
		if got := tt.got(a); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Parse(%q) amount %v, want %v (warnings %q)", tt.text, got, tt.want, a.Warnings)
		}
		if w := strings.Join(a.Warnings, "\n"); tt.warn == "" && w != "" || !strings.Contains(w, tt.warn) {
			t.Errorf("Parse(%q) warnings %q, want one saying %q", tt.text, a.Warnings, tt.warn)
		}
	}
}

func TestReadNumeral(t *testing.T) {
	tests := []struct {
		tok    string
		want   float64
		ok     bool
		noted  bool
		reason string
	}{
		{"2.6", 2.6, true, false, "plain"},
		{"-5", -5, true, false, "signs are the caller's to report"},
		{"1e9", 1e9, true, false, "exponent"},
		{"5e-324", 5e-324, true, false, "the smallest float64 is exact"},
		{"1e-400", 0, true, true, "underflow"},
		{"0e-400", 0, true, false, "zero is zero"},
		{"1e400", math.MaxFloat64, true, true, "overflow"},
		{"-1e400", -math.MaxFloat64, true, true, "negative overflow"},
		{"1.5.2", 0, false, true, "two points"},
		{"5e", 0, false, true, "dangling exponent"},
	}
	for _, tt := range tests {
		v, note, ok := readNumeral(tt.tok)
		if v != tt.want || ok != tt.ok || (note != "") != tt.noted {
			t.Errorf("readNumeral(%q) = %v, %q, %v; want %v, noted %v, %v (%s)", tt.tok, v, note, ok, tt.want, tt.noted, tt.ok, tt.reason)
		}
	}
}
