package anim

import (
	"io"
	"testing"
)

// BenchmarkGLTF1000 builds and encodes the GLB of a 1,000-frame clip (50 s at 20 fps).
func BenchmarkGLTF1000(b *testing.B) {
	c := wildClip(1000, 1)
	b.ReportAllocs()
	for b.Loop() {
		doc, err := NewDocument([]Take{{Name: "bench", Clip: c}})
		if err != nil {
			b.Fatal(err)
		}
		if err := Encode(io.Discard, doc, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBVH1000 writes the BVH of a 1,000-frame clip.
func BenchmarkBVH1000(b *testing.B) {
	c := wildClip(1000, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteBVH(io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}
