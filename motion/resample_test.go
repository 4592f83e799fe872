package motion

import (
	"math"
	"strings"
	"testing"
)

// TestResampleRefusesTooManyFrames: resampling a clip of a tiny rate to 20 fps asked for
// (T−1)·20/fps + 1 frames unchecked: 1e-300 fps panicked in makeslice and 0.002 fps on 100
// frames allocated gigabytes. Such counts are refused before anything is allocated, with the
// rates, the duration and the limit; a count at the limit is made.
func TestResampleRefusesTooManyFrames(t *testing.T) {
	refused := []struct {
		c    *Clip
		says string
	}{
		{strideClip(2, 1e-300), "resample 2 frames at 1e-300 fps (1e+300 s) to 20 fps: 2e+301 frames, want at most 100000"},
		{strideClip(100, 0.002), "resample 100 frames at 0.002 fps (4.95e+04 s) to 20 fps: 9.9e+05 frames, want at most 100000"},
		{strideClip(2, math.SmallestNonzeroFloat64), "+Inf frames, want at most 100000"},
		{strideClip(5001, 1), "resample 5001 frames at 1 fps (5000 s) to 20 fps: 1e+05 frames, want at most 100000"},
	}
	for _, c := range refused {
		r, err := c.c.Resample(HumanML3DFPS)
		if err == nil || !strings.HasPrefix(err.Error(), "motion: ") || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%d frames at %g fps: %v (%v), want an error saying %q", c.c.Len(), c.c.FPS, err, r != nil, c.says)
		}
	}
	for _, fps := range []float64{0, -1, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := strideClip(100, fps).Resample(HumanML3DFPS); err == nil || !strings.Contains(err.Error(), "clip fps") {
			t.Errorf("a clip at %v fps: %v, want the clip's rate refused", fps, err)
		}
	}
	r, err := strideClip(5000, 1).Resample(HumanML3DFPS)
	if err != nil || r.Len() != 4999*20+1 || r.Len() > MaxFrames {
		t.Fatalf("5000 frames at 1 fps to 20 fps: %v, want %d frames", err, 4999*20+1)
	}
}

// FuzzResample: no rate panics or allocates past the limit; every clip made is valid, at the rate
// asked for, and within MaxFrames.
func FuzzResample(f *testing.F) {
	f.Add(uint8(2), 1e-300, 20.0)
	f.Add(uint8(100), 0.002, 20.0)
	f.Add(uint8(21), 20.0, 30.0)
	f.Fuzz(func(t *testing.T, n uint8, fps, to float64) {
		r, err := strideClip(int(n)+1, fps).Resample(to)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil || r.FPS != to || r.Len() > MaxFrames {
			t.Fatalf("%d frames at %v fps to %v fps: %d frames at %v fps (%v)", int(n)+1, fps, to, r.Len(), r.FPS, err)
		}
	})
}
