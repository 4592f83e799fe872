package motion

import (
	"math"
	"strings"
	"testing"
)

func TestParseState(t *testing.T) {
	good := map[string]State{
		"0,0,0":          {},
		" 1.5 , -2 , 90": {Root: [3]float64{1.5, 0, -2}, Heading: math.Pi / 2},
		"3,4,-180":       {Root: [3]float64{3, 0, 4}, Heading: -math.Pi},
	}
	for in, want := range good {
		got, err := ParseState(in)
		if err != nil || got.Root != want.Root || math.Abs(got.Heading-want.Heading) > 1e-15 {
			t.Errorf("ParseState(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, msg := range map[string]string{
		"": "want x,z,heading", "1,2": "want x,z,heading", "1,2,3,4": "want x,z,heading",
		"1,x,3": `"x" is not a finite number`, "1,NaN,3": "not a finite number", "Inf,0,0": "not a finite number",
		"1,,3": "not a finite number",
	} {
		if _, err := ParseState(in); err == nil || !strings.Contains(err.Error(), msg) || !strings.HasPrefix(err.Error(), "motion: ") {
			t.Errorf("ParseState(%q) error %v, want one containing %q", in, err, msg)
		}
	}
}
