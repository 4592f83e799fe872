package kinematic

import (
	"math"
	"testing"
)

// TestLeastRiseFindsTheThreshold compares leastRise with a plain scan in steps of a ten-thousandth
// of the guess, for thresholds below the guess, beyond it (found by doubling) and beyond eight
// times it (out of reach: the bracket's end).
func TestLeastRiseFindsTheThreshold(t *testing.T) {
	const guess = 0.04
	for _, threshold := range []float64{0, 0.013, 0.04, 0.0551, 0.2, 0.31, 0.5} {
		enough := func(dy float64) bool { return dy >= threshold }
		scan := 0.0
		for !enough(scan) && scan < 8*guess {
			scan += guess / 1e4
		}
		got := leastRise(enough, guess)
		if math.Abs(got-scan) > guess/1000 || (scan < 8*guess && !enough(got)) {
			t.Errorf("threshold %.4f: leastRise = %.5f, scan = %.5f", threshold, got, scan)
		}
	}
}
