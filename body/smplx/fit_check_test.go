package smplx

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// TestFitRefusesBadClips: an empty clip, a bad rate, a joint that is not finite or out of the
// world, and a bone of no length are refused, naming the frame and the joint.
func TestFitRefusesBadClips(t *testing.T) {
	s := fitTPose(nil)
	good := fitClipOf(t, s, make([]Params, 5), 20)
	for _, tc := range []struct {
		name  string
		edit  func(c *motion.Clip)
		wants []string
	}{
		{"empty", func(c *motion.Clip) { c.Frames = nil }, []string{"no frames"}},
		{"zero rate", func(c *motion.Clip) { c.FPS = 0 }, []string{"rate"}},
		{"NaN", func(c *motion.Clip) { c.Frames[3][motion.LeftKnee][1] = math.NaN() }, []string{"frame 3", "left_knee", "finite"}},
		{"infinite", func(c *motion.Clip) { c.Frames[0][motion.Pelvis][0] = math.Inf(1) }, []string{"frame 0", "pelvis"}},
		{"far", func(c *motion.Clip) { c.Frames[4][motion.Head][2] = 1e6 }, []string{"frame 4", "head"}},
		{"zero bone", func(c *motion.Clip) { c.Frames[2][motion.LeftWrist] = c.Frames[2][motion.LeftElbow] }, []string{"frame 2", "left_wrist", "left_elbow"}},
	} {
		c := good.Clone()
		tc.edit(c)
		_, err := Fit(s, c)
		fitCheckRefusal(t, tc.name, err, tc.wants)
	}
	if _, err := Fit(s, nil); err == nil {
		t.Error("a nil clip was fitted")
	}
}

// TestFitRefusesBadModels: a missing model, too few joints, a joint tree that is not our skeleton's
// and rest bones of no length are refused, naming what is wrong.
func TestFitRefusesBadModels(t *testing.T) {
	c := fitClipOf(t, fitTPose(nil), make([]Params, 2), 20)
	few := fitTPose(nil)
	few.Joints = few.Joints[:10]
	tree := fitTPose(nil)
	tree.Model.Parents[motion.LeftElbow] = int(motion.RightShoulder)
	short := fitTPose(nil)
	short.Joints[motion.Neck] = short.Joints[motion.Spine3].Add(mgl64.Vec3{0, 1e-4, 0})
	for _, tc := range []struct {
		name  string
		s     *Shaped
		wants []string
	}{
		{"nil", nil, []string{"no shaped model"}},
		{"no model", &Shaped{Joints: few.Joints}, []string{"no shaped model"}},
		{"few joints", few, []string{"10 rest joints"}},
		{"tree", tree, []string{"left_elbow", "parent"}},
		{"short bone", short, []string{"rest joints", "neck", "spine3"}},
	} {
		_, err := Fit(tc.s, c)
		fitCheckRefusal(t, tc.name, err, tc.wants)
	}
}

// fitCheckRefusal checks that err is an smplx error naming every one of wants.
func fitCheckRefusal(t *testing.T, name string, err error, wants []string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: fitted, want refused", name)
		return
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "smplx: ") {
		t.Errorf("%s: %q does not start with the package's name", name, msg)
	}
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: %q does not say %q", name, msg, w)
		}
	}
}

// TestMotionClipRefusesAnEmptyMotion: a motion with no frames or no model makes no clip.
func TestMotionClipRefusesAnEmptyMotion(t *testing.T) {
	if _, err := (&Motion{Shaped: fitTPose(nil), FPS: 20}).Clip(); err == nil {
		t.Error("a motion with no frames made a clip")
	}
	if _, err := (&Motion{FPS: 20, Frames: make([]Params, 1)}).Clip(); err == nil {
		t.Error("a motion with no model made a clip")
	}
}
