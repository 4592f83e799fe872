package motion

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// fpsBoundaries are the rates at and around the edges of (0, MaxFPS], with whether each is valid.
var fpsBoundaries = []struct {
	fps  float64
	want bool
}{
	{0, false},
	{math.Copysign(0, -1), false},
	{-1, false},
	{math.NaN(), false},
	{math.Inf(1), false},
	{math.Inf(-1), false},
	{math.SmallestNonzeroFloat64, true},
	{HumanML3DFPS, true},
	{MaxFPS, true},
	{math.Nextafter(MaxFPS, math.Inf(1)), false},
	{MaxFPS + 1, false},
}

func TestCheckFPSBoundaries(t *testing.T) {
	for _, tc := range fpsBoundaries {
		err := CheckFPS(tc.fps)
		if (err == nil) != tc.want {
			t.Errorf("CheckFPS(%v) = %v, want valid %v", tc.fps, err, tc.want)
		}
		if err == nil {
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "motion: fps ") || !strings.HasSuffix(msg, "want a rate in (0, 1000]") {
			t.Errorf("CheckFPS(%v) says %q, want the package, the rate and the range", tc.fps, msg)
		}
	}
}

// TestEveryFPSCheckAgrees: Validate, Resample, ClipFromArray and clip JSON reading accept exactly
// the rates CheckFPS accepts.
func TestEveryFPSCheckAgrees(t *testing.T) {
	arr := JointsArray(strideClip(2, 20))
	for _, tc := range fpsBoundaries {
		c := strideClip(2, tc.fps)
		if err := c.Validate(); (err == nil) != tc.want {
			t.Errorf("fps %v: Validate = %v, want valid %v", tc.fps, err, tc.want)
		}
		if _, err := strideClip(2, 20).Resample(tc.fps); (err == nil) != tc.want {
			t.Errorf("fps %v: Resample = %v, want valid %v", tc.fps, err, tc.want)
		}
		if _, _, err := ClipFromArray(arr, tc.fps); (err == nil) != tc.want {
			t.Errorf("fps %v: ClipFromArray = %v, want valid %v", tc.fps, err, tc.want)
		}
		c.FPS = 20
		var buf bytes.Buffer
		if err := WriteClipJSON(&buf, c); err != nil {
			t.Fatal(err)
		}
		doc := strings.Replace(buf.String(), `"fps": 20,`, `"fps": `+jsonNumber(tc.fps)+`,`, 1)
		if _, err := ReadClipJSON(strings.NewReader(doc)); (err == nil) != tc.want && jsonNumber(tc.fps) != "" {
			t.Errorf("fps %v: ReadClipJSON = %v, want valid %v", tc.fps, err, tc.want)
		}
	}
}

// jsonNumber writes fps as a JSON number, or "" when JSON has none for it (NaN, infinities).
func jsonNumber(fps float64) string {
	if math.IsNaN(fps) || math.IsInf(fps, 0) {
		return ""
	}
	return string(appendJSONFloat(nil, fps))
}
