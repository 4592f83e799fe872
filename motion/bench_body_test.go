package motion

import (
	"math/rand/v2"
	"testing"
)

// benchPose is a fixed, arbitrary pose with the skeleton's bone lengths.
func benchPose() Pose {
	root, rot := randomRotations(rand.New(rand.NewPCG(11, 12)))
	return FK(root, rot)
}

func BenchmarkBodyPoints(b *testing.B) {
	body, p := NewBody(), benchPose()
	buf := body.Points(p, nil)
	b.ReportAllocs()
	for b.Loop() {
		buf = body.Points(p, buf)
	}
}

func BenchmarkBodyMesh(b *testing.B) {
	body, p := NewBody(), benchPose()
	b.ReportAllocs()
	for b.Loop() {
		body.Mesh(p)
	}
}

func BenchmarkFK(b *testing.B) {
	root, rot := randomRotations(rand.New(rand.NewPCG(13, 14)))
	b.ReportAllocs()
	for b.Loop() {
		FK(root, rot)
	}
}

func BenchmarkIK(b *testing.B) {
	p := benchPose()
	b.ReportAllocs()
	for b.Loop() {
		IK(p)
	}
}

func BenchmarkBodyPlace(b *testing.B) {
	body, p := NewBody(), benchPose()
	b.ReportAllocs()
	for b.Loop() {
		body.Place(p)
	}
}
