package body

import (
	"math"
	"testing"

	"interactagent/motion"
)

// TestHuman: the embedded body is decoded once, is the MakeHuman skin in metres standing on the
// floor, facing +Z with its left at +X, wound outward, with area shares summing to 1, and its asset
// stays under 1 MB.
func TestHuman(t *testing.T) {
	m := humanModel(t)
	if again, _ := Human(); again != m {
		t.Error("Human decoded the asset twice, want one shared model")
	}
	if len(m.Rest) != 13380 || len(m.Faces) != 26756 {
		t.Errorf("%d vertices and %d triangles, want MakeHuman's 13,380 and 13,378 quads as 26,756 triangles", len(m.Rest), len(m.Faces))
	}
	if n := len(humanBytes(t)); n >= 1<<20 {
		t.Errorf("the asset is %d bytes, want under 1 MB", n)
	}
	low, high, vol := math.Inf(1), math.Inf(-1), 0.0
	for _, p := range m.Rest {
		low, high = math.Min(low, p.Y()), math.Max(high, p.Y())
	}
	for _, f := range m.Faces {
		vol += m.Rest[f[0]].Dot(m.Rest[f[1]].Cross(m.Rest[f[2]])) / 6
	}
	if low != 0 || high < 1.6 || high > 1.75 || vol <= 0 {
		t.Errorf("feet at %v m, crown at %v m, signed volume %v; want 0, a person's height and a positive volume", low, high, vol)
	}
	if l, r := m.Joints[motion.LeftHip], m.Joints[motion.RightHip]; l.X() <= r.X() {
		t.Errorf("left hip at x = %v, right at %v; want the left at +X", l.X(), r.X())
	}
	if toe, heel := m.Joints[motion.LeftFoot], m.Joints[motion.LeftAnkle]; toe.Z() <= heel.Z() {
		t.Errorf("toes at z = %v, ankle at %v; want the feet pointing +Z", toe.Z(), heel.Z())
	}
	if s := sum(m.Area); math.Abs(s-1) > 1e-9 {
		t.Errorf("area shares sum to %v, want 1", s)
	}
}
