package remote

import (
	"math"
	"strings"
	"testing"

	"interactagent/motion"
)

// TestProtocolFPSBoundaries: a request may leave fps at 0 (the server's rate) or ask for any rate
// motion.CheckFPS accepts; a reply must carry one.
func TestProtocolFPSBoundaries(t *testing.T) {
	for _, tc := range []struct {
		fps              float64
		request, replied bool
	}{
		{0, true, false},
		{-1, false, false},
		{math.NaN(), false, false},
		{math.Inf(1), false, false},
		{math.Inf(-1), false, false},
		{motion.HumanML3DFPS, true, true},
		{motion.MaxFPS, true, true},
		{math.Nextafter(motion.MaxFPS, math.Inf(1)), false, false},
	} {
		req := Request{Actions: []string{"A person walks."}, FPS: tc.fps}
		if err := req.Validate(); (err == nil) != tc.request {
			t.Errorf("request at fps %v: %v, want valid %v", tc.fps, err, tc.request)
		} else if err != nil && !strings.Contains(err.Error(), "want 0 (default) to 1000") {
			t.Errorf("request at fps %v: %q, want the accepted range", tc.fps, err)
		}
		r := Reply{FPS: tc.fps, Joints: [][][]float64{restJoints()}}
		if _, err := r.clip(req.Actions); (err == nil) != tc.replied {
			t.Errorf("reply at fps %v: %v, want valid %v", tc.fps, err, tc.replied)
		}
	}
}

// restJoints returns the rest pose as one frame of a reply's joints.
func restJoints() [][]float64 {
	var f [][]float64
	for _, v := range motion.RestPose() {
		f = append(f, []float64{v[0], v[1], v[2]})
	}
	return f
}
