package body

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// TestFitRefuses: a clip that cannot be fitted is refused before any drawing, with the frame and
// the joint named; Frame refuses the same poses.
func TestFitRefuses(t *testing.T) {
	m := humanModel(t)
	good := motion.RestPose()
	nan, zero, far := good, good, good
	nan[motion.LeftElbow] = mgl64.Vec3{math.NaN(), 1, 0}
	zero[motion.RightKnee] = zero[motion.RightHip]
	far[motion.Head] = mgl64.Vec3{1e9, 0, 0}
	for _, tc := range []struct {
		name string
		pose motion.Pose
		want string
	}{
		{"NaN", nan, "frame 2: joint left_elbow is at"},
		{"zero-length bone", zero, "frame 2: joint right_knee is 0 m from its parent right_hip"},
		{"far away", far, "frame 2: joint head is at"},
	} {
		c := &motion.Clip{FPS: 20, Frames: []motion.Pose{good, good, tc.pose, good}}
		_, err := NewFitter(m, c)
		if err == nil || !strings.HasPrefix(err.Error(), "body: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: NewFitter says %v, want an error saying %q", tc.name, err, tc.want)
		}
		f, err := NewFitter(m, &motion.Clip{FPS: 20, Frames: []motion.Pose{good}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Frame(tc.pose); err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(tc.want, "frame 2: ")) {
			t.Errorf("%s: Frame says %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := NewFitter(m, &motion.Clip{FPS: 20}); err == nil {
		t.Error("a clip without frames was accepted")
	}
	if _, err := NewFitter(nil, &motion.Clip{FPS: 20, Frames: []motion.Pose{good}}); err == nil {
		t.Error("a missing model was accepted")
	}
}

// TestFitFollowsTheBody: turning the whole clip about the vertical and moving it along the floor
// turns and moves the posed mesh with it, and a clip with no standing frame is calibrated on
// motion.RestPose. (Raising or sinking it changes the feet: TestFeetFollowTheFloor.)
func TestFitFollowsTheBody(t *testing.T) {
	m := humanModel(t)
	c := builtinClip(t, "A person sits down")
	move := mgl64.Translate3D(1.5, 0, -3).Mul4(mgl64.HomogRotate3DY(2.1))
	moved := transformed(c, move)
	last := c.Len() - 1
	a, b := posed(t, m, c, last), posed(t, m, moved, last)
	for v := range a {
		if d := move.Mul4x1(a[v].Vec4(1)).Vec3().Sub(b[v]).Len(); d > 1e-6 {
			t.Fatalf("vertex %d is %g m from where the moved clip should put it", v, d)
		}
	}
	seated := &motion.Clip{FPS: 20, Frames: c.Frames[last:]}
	f, err := NewFitter(m, seated)
	if err != nil {
		t.Fatal(err)
	}
	if f.StandingFrame() != -1 {
		t.Errorf("a seated clip calibrated on frame %d, want -1 (motion.RestPose)", f.StandingFrame())
	}
}

// TestStandingFrameKeepsTheTorso: in the calibration frame every torso bone turns by the frame's
// heading alone, so the mesh's trunk, neck and head stand as they rest.
func TestStandingFrameKeepsTheTorso(t *testing.T) {
	m := humanModel(t)
	c := sampleClip(t)
	f, err := NewFitter(m, c)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Frames[f.StandingFrame()]
	want := heading(p.Facing())
	pl := f.place(p)
	for _, j := range []motion.Joint{motion.Pelvis, motion.Spine1, motion.Spine2, motion.Spine3, motion.Neck, motion.Head} {
		if !pl[j].rot.ApproxEqualThreshold(want, 1e-6) {
			t.Errorf("%s turns by %v in the standing frame, want the heading %v", j, pl[j].rot, want)
		}
	}
}

// transformed returns a copy of c with every joint moved by the affine matrix move.
func transformed(c *motion.Clip, move mgl64.Mat4) *motion.Clip {
	moved := c.Clone()
	for i, p := range moved.Frames {
		for j := range p {
			p[j] = move.Mul4x1(p[j].Vec4(1)).Vec3()
		}
		moved.Frames[i] = p
	}
	return moved
}
