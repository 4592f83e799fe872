package body

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkPoseFrame poses one frame of the HumanML3D sample: the fit and the skinning of every
// vertex (the budget: 0.3 ms on one core).
func BenchmarkPoseFrame(b *testing.B) {
	m := humanModel(b)
	c := sampleClip(b)
	f, err := NewFitter(m, c)
	if err != nil {
		b.Fatal(err)
	}
	out := make([]mgl64.Vec3, len(m.Rest))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, err := f.Frame(c.Frames[i%c.Len()])
		if err != nil {
			b.Fatal(err)
		}
		m.Skin(&s, out)
	}
}

// BenchmarkFit is the fit alone: one frame's 22 matrices.
func BenchmarkFit(b *testing.B) {
	m := humanModel(b)
	c := sampleClip(b)
	f, err := NewFitter(m, c)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := f.Frame(c.Frames[i%c.Len()]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNormals computes the posed mesh's vertex normals.
func BenchmarkNormals(b *testing.B) {
	m := humanModel(b)
	out := make([]mgl64.Vec3, len(m.Rest))
	b.ReportAllocs()
	for b.Loop() {
		m.Normals(m.Rest, out)
	}
}

// BenchmarkDecodeHuman decodes the embedded asset.
func BenchmarkDecodeHuman(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeBytes(humanBytes(b)); err != nil {
			b.Fatal(err)
		}
	}
}
