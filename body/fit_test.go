package body

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// exactJoints land on the clip's joints by construction: the limbs' joints, whose bones are scaled
// to the clip's lengths. The other ten are the torso's calibrated points (see Fitter.Joints).
var exactJoints = []motion.Joint{motion.LeftKnee, motion.RightKnee,
	motion.LeftAnkle, motion.RightAnkle, motion.LeftFoot, motion.RightFoot, motion.LeftShoulder, motion.RightShoulder,
	motion.LeftElbow, motion.RightElbow, motion.LeftWrist, motion.RightWrist}

// Bounds the fit is held to (docs/body.md gives the measured values).
const (
	exactBound = 1e-6  // m, joints that land by construction
	torsoBound = 0.06  // m, the calibrated torso points (pelvis, hips, spine, neck, collars, head)
	floorBelow = 0.002 // m, the lowest vertex of a standing frame below the floor, at most
	floorAbove = 0.015 // m, the lowest vertex of a standing frame above the floor, at most
	boneBound  = 0.25  // m, any vertex from the nearest of the clip's bones
)

// fitStats is what posing every frame of a clip measures.
type fitStats struct {
	maxErr, meanErr  [motion.NumJoints]float64 // per joint, metres
	floorLo, floorHi float64                   // lowest and highest of the standing frames' lowest vertices
	standing         int                       // how many frames stand
	bone             float64                   // farthest vertex from its nearest bone
}

// measure poses every frame of c.
func measure(t testing.TB, m *Model, c *motion.Clip) fitStats {
	t.Helper()
	f, err := NewFitter(m, c)
	if err != nil {
		t.Fatal(err)
	}
	st := fitStats{floorLo: math.Inf(1), floorHi: math.Inf(-1)}
	out := make([]mgl64.Vec3, len(m.Rest))
	for _, p := range c.Frames {
		s, err := f.Frame(p)
		if err != nil {
			t.Fatal(err)
		}
		st.addJoints(f.Joints(&s), p, c.Len())
		m.Skin(&s, out)
		st.addVertices(out, p)
	}
	return st
}

// addJoints adds one frame's joint errors.
func (st *fitStats) addJoints(got [motion.NumJoints]mgl64.Vec3, p motion.Pose, frames int) {
	for j := range got {
		e := got[j].Sub(p[j]).Len()
		st.maxErr[j] = math.Max(st.maxErr[j], e)
		st.meanErr[j] += e / float64(frames)
	}
}

// addVertices adds one frame's floor and bone distances.
func (st *fitStats) addVertices(out []mgl64.Vec3, p motion.Pose) {
	low := math.Inf(1)
	for _, v := range out {
		low = math.Min(low, v.Y())
		st.bone = math.Max(st.bone, boneDistance(v, p))
	}
	if _, ok := standScore(p); ok {
		st.floorLo, st.floorHi, st.standing = math.Min(st.floorLo, low), math.Max(st.floorHi, low), st.standing+1
	}
}

// String prints the per-joint errors in millimetres.
func (st *fitStats) String() string {
	var b strings.Builder
	for j := range st.maxErr {
		fmt.Fprintf(&b, "%-15s max %6.1f mm  mean %6.1f mm\n", motion.Joint(j), 1000*st.maxErr[j], 1000*st.meanErr[j])
	}
	fmt.Fprintf(&b, "standing frames %d, lowest vertex %+.1f to %+.1f mm from the floor; farthest vertex %.0f mm from its bone",
		st.standing, 1000*st.floorLo, 1000*st.floorHi, 1000*st.bone)
	return b.String()
}

// check holds the stats to the bounds.
func (st *fitStats) check(t *testing.T, name string) {
	t.Helper()
	for j := range st.maxErr {
		bound := torsoBound
		for _, e := range exactJoints {
			if e == motion.Joint(j) {
				bound = exactBound
			}
		}
		if st.maxErr[j] > bound {
			t.Errorf("%s: %s is up to %.4f m from the clip's, want within %g m", name, motion.Joint(j), st.maxErr[j], bound)
		}
	}
	if st.standing > 0 && (st.floorLo < -floorBelow || st.floorHi > floorAbove) {
		t.Errorf("%s: the standing frames' lowest vertices are %+.4f to %+.4f m from the floor, want within [%g, %g] m",
			name, st.floorLo, st.floorHi, -floorBelow, floorAbove)
	}
	if st.bone > boneBound {
		t.Errorf("%s: a vertex is %.3f m from the nearest bone, want within %g m", name, st.bone, boneBound)
	}
}

// TestFitHumanML3DSample poses every frame of the real HumanML3D sample and holds the joints, the
// floor and the vertices to the bounds.
func TestFitHumanML3DSample(t *testing.T) {
	st := measure(t, humanModel(t), sampleClip(t))
	t.Logf("HumanML3D sample:\n%s", &st)
	if st.standing == 0 {
		t.Error("no frame of the sample stands")
	}
	st.check(t, "sample")
}

// TestFitBuiltinExecutor poses the built-in executor's walk, sit and lie.
func TestFitBuiltinExecutor(t *testing.T) {
	m := humanModel(t)
	for _, action := range []string{"A person walks forward 2 meters", "A person sits down", "A person lies down"} {
		st := measure(t, m, builtinClip(t, action))
		t.Logf("%s:\n%s", action, &st)
		st.check(t, action)
	}
}

// TestRestSkeletonDistance: the bone bound holds the rest mesh against its own skeleton with room
// to spare, so it catches vertices the fit throws away rather than the shape of the body.
func TestRestSkeletonDistance(t *testing.T) {
	m := humanModel(t)
	far := 0.0
	for _, v := range m.Rest {
		far = math.Max(far, boneDistance(v, m.Joints))
	}
	t.Logf("rest mesh: farthest vertex %.0f mm from its skeleton", 1000*far)
	if far > boneBound*0.9 {
		t.Errorf("the rest mesh reaches %.3f m from its skeleton, want well within %g m", far, boneBound)
	}
}
