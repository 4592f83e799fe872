package body

import (
	"io"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/assets"
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
	return p.Sub(closestOnSegment(p, a, b)).Len()
}

// boneDistance returns the distance from p to the nearest of the pose's 21 bones.
func boneDistance(p mgl64.Vec3, pose motion.Pose) float64 {
	best := math.Inf(1)
	for j := 1; j < motion.NumJoints; j++ {
		best = math.Min(best, segmentDistance(p, pose[motion.Parent(motion.Joint(j))], pose[j]))
	}
	return best
}

// humanBytes returns the embedded asset's bytes.
func humanBytes(t testing.TB) []byte {
	t.Helper()
	b, err := io.ReadAll(assets.HumanBody())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// nearestOnSkeleton returns the point of the skeleton's 21 bones nearest to p.
func nearestOnSkeleton(p mgl64.Vec3, joints [motion.NumJoints]mgl64.Vec3) mgl64.Vec3 {
	best, bestD := joints[0], math.Inf(1)
	for j := 1; j < motion.NumJoints; j++ {
		a, b := joints[motion.Parent(motion.Joint(j))], joints[j]
		q := closestOnSegment(p, a, b)
		if d := p.Sub(q).Len(); d < bestD {
			best, bestD = q, d
		}
	}
	return best
}

// closestOnSegment returns the point of the segment [a, b] nearest to p.
func closestOnSegment(p, a, b mgl64.Vec3) mgl64.Vec3 {
	ab := b.Sub(a)
	s := 0.0
	if l2 := ab.Dot(ab); l2 > 0 {
		s = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
	}
	return a.Add(ab.Mul(s))
}
