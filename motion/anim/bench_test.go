package anim

import (
	"io"
	"testing"

	"interactagent/body"
)

// BenchmarkGLTF1000 builds and encodes the GLB of a 1,000-frame clip (50 s at 20 fps) with the
// body proxy and with the open human body, and reports the file's size.
func BenchmarkGLTF1000(b *testing.B) {
	c := wildClip(1000, 1)
	for name, model := range map[string]*body.Model{"proxy": nil, "human": humanModel(b)} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for b.Loop() {
				doc, err := NewDocument([]Take{{Name: "bench", Clip: c}}, model)
				if err != nil {
					b.Fatal(err)
				}
				var buf countingWriter
				if err := Encode(&buf, doc, true); err != nil {
					b.Fatal(err)
				}
				size = int(buf)
			}
			b.ReportMetric(float64(size), "bytes/file")
		})
	}
}

// countingWriter counts the bytes written to it.
type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
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
