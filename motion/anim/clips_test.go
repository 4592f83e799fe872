package anim

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// sampleFeaturesPath is the executor project's public HumanML3D sample (199 × 263 float32, MIT).
const sampleFeaturesPath = "../../../shared/testdata/humanml3d/motion_example.npy"

// sampleClip decodes the real HumanML3D sample; it skips on a developer box without it and fails
// under CI.
func sampleClip(t testing.TB) *motion.Clip {
	t.Helper()
	if _, err := os.Stat(sampleFeaturesPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test file missing under CI: %v", err)
		}
		t.Skipf("test file missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
	c, _, err := motion.LoadMotion(sampleFeaturesPath, motion.HumanML3DFPS)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wildClip is n frames of random but smoothly varying rotations of every joint (up to about 80°
// from rest), turning through more than a full circle while the root wanders: every joint and
// every intermediate node moves.
func wildClip(n int, seed uint64) *motion.Clip {
	rng := rand.New(rand.NewPCG(seed, 1))
	var axes [motion.NumJoints]mgl64.Vec3
	var rates, phases [motion.NumJoints]float64
	for j := range axes {
		axes[j] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		rates[j], phases[j] = 0.05+0.2*rng.Float64(), 6*rng.Float64()
	}
	c := &motion.Clip{FPS: 30}
	for f := range n {
		rot := motion.IdentityRotations()
		for j := range rot {
			rot[j] = mgl64.QuatRotate(1.4*math.Sin(rates[j]*float64(f)+phases[j]), axes[j])
		}
		yaw := mgl64.QuatRotate(0.09*float64(f), mgl64.Vec3{0, 1, 0})
		rot[motion.Pelvis] = yaw.Mul(rot[motion.Pelvis])
		root := mgl64.Vec3{2 + math.Sin(0.03*float64(f)), 0.9 + 0.1*math.Cos(0.1*float64(f)), -1 + 0.02*float64(f)}
		c.Frames = append(c.Frames, motion.FK(root, rot))
	}
	return c
}

// stretchedClip is wildClip with every bone 0–20 % longer or shorter, changing over time: the
// joints no longer fit the skeleton, so nodes need translation keys.
func stretchedClip(n int) *motion.Clip {
	c := wildClip(n, 9)
	for f, p := range c.Frames {
		out := p
		for j := motion.Joint(1); j < motion.NumJoints; j++ {
			par := motion.Parent(j)
			s := 1 + 0.2*math.Sin(0.07*float64(f)+float64(j))
			out[j] = out[par].Add(p[j].Sub(p[par]).Mul(s))
		}
		c.Frames[f] = out
	}
	return c
}

// testClips are the clips every writer is checked on.
func testClips(t *testing.T) map[string]*motion.Clip {
	return map[string]*motion.Clip{
		"humanml3d sample": sampleClip(t),
		"wild":             wildClip(240, 3),
		"stretched":        stretchedClip(90),
		"one frame":        {FPS: 20, Frames: []motion.Pose{motion.RestPose().Translate(mgl64.Vec3{1, 0, 1})}},
	}
}

// maxJointError returns the largest distance between the joints of got and want, frame by frame.
func maxJointError(t *testing.T, got []motion.Pose, want *motion.Clip) float64 {
	t.Helper()
	if len(got) != want.Len() {
		t.Fatalf("%d frames, want %d", len(got), want.Len())
	}
	worst := 0.0
	for f := range got {
		for j := range motion.NumJoints {
			worst = math.Max(worst, got[f][j].Sub(want.Frames[f][j]).Len())
		}
	}
	return worst
}
