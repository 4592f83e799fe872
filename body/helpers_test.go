package body

import (
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// samplePath is the executor project's public HumanML3D sample (199 × 263 float32, MIT).
const samplePath = "../../shared/testdata/humanml3d/motion_example.npy"

// needFile skips the test when path is missing on a developer's machine and fails it under CI.
func needFile(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test file missing under CI: %v", err)
		}
		t.Skipf("test file missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
}

// sampleClip decodes the real HumanML3D sample.
func sampleClip(t testing.TB) *motion.Clip {
	t.Helper()
	needFile(t, samplePath)
	c, _, err := motion.LoadMotion(samplePath, motion.HumanML3DFPS)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// humanModel returns the embedded body or fails the test.
func humanModel(t testing.TB) *Model {
	t.Helper()
	m, err := Human()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// segmentDistance returns the distance from p to the segment [a, b].
func segmentDistance(p, a, b mgl64.Vec3) float64 {
	ab := b.Sub(a)
	s := 0.0
	if l2 := ab.Dot(ab); l2 > 0 {
		s = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
	}
	return p.Sub(a.Add(ab.Mul(s))).Len()
}

// boneDistance returns the distance from p to the nearest of the pose's 21 bones.
func boneDistance(p mgl64.Vec3, pose motion.Pose) float64 {
	best := math.Inf(1)
	for j := 1; j < motion.NumJoints; j++ {
		best = math.Min(best, segmentDistance(p, pose[motion.Parent(motion.Joint(j))], pose[j]))
	}
	return best
}
