package export

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// walkClip is n frames of a body stepping forward at fps.
func walkClip(n int, fps float64) *motion.Clip {
	c := &motion.Clip{FPS: fps}
	for i := 0; i < n; i++ {
		c.Frames = append(c.Frames, motion.RestPose().Translate(mgl64.Vec3{0, 0, 0.02 * float64(i)}))
	}
	return c
}

// TestH3DOfATooSlowClipIsRefused: HumanML3D features are 20 fps, and resampling a clip of a tiny
// rate to them made (T−1)·20/fps + 1 frames unchecked (1e-300 fps: a makeslice panic; 0.002 fps
// on 100 frames: gigabytes). Such exports are refused with the rate, the duration and the limit,
// and write nothing; a rate that is no rate is refused as one.
func TestH3DOfATooSlowClipIsRefused(t *testing.T) {
	dir := t.TempDir()
	source := func(name string, c *motion.Clip) string {
		p := filepath.Join(dir, name)
		var err error
		if strings.HasSuffix(name, ".npy") {
			err = motion.SaveJointsNPY(p, c, motion.Float32)
		} else {
			err = motion.SaveClipJSON(p, c)
		}
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tiny, slow := source("tiny.json", walkClip(2, 1e-300)), source("slow.json", walkClip(100, 0.002))
	joints := source("joints.npy", walkClip(100, 20))
	for _, tc := range []struct {
		name string
		req  Request
		says []string
	}{
		{"clip at 1e-300 fps", Request{Source: tiny}, []string{"1e-300 fps", "1e+300 s", "want at most 100000"}},
		{"100 frames at 0.002 fps", Request{Source: slow}, []string{"0.002 fps", "4.95e+04 s", "9.9e+05 frames", "want at most 100000"}},
		{"npy read at 1e-300 fps", Request{Source: joints, FPS: 1e-300}, []string{"1e-300 fps", "want at most 100000"}},
		{"npy read at 0.002 fps", Request{Source: joints, FPS: 0.002}, []string{"0.002 fps", "9.9e+05 frames"}},
		{"npy read at NaN fps", Request{Source: joints, FPS: math.NaN()}, []string{"NaN"}},
		{"npy read at +Inf fps", Request{Source: joints, FPS: math.Inf(1)}, []string{"+Inf"}},
		{"npy read at -20 fps", Request{Source: joints, FPS: -20}, []string{"-20"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req
			req.Format, req.Out = H3D, filepath.Join(dir, "out.npy")
			_, err := Do(context.Background(), req)
			if err == nil {
				t.Fatal("exported")
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %q", err, s)
				}
			}
			if _, err := os.Stat(req.Out); !os.IsNotExist(err) {
				t.Errorf("%s was written (%v)", req.Out, err)
			}
		})
	}
}
