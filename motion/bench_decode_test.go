package motion

import (
	"bytes"
	"fmt"
	"math"
	"testing"
)

// BenchmarkDecodeHumanML3D decodes a 199-frame (the sample's length, ~10 s) and a 1000-frame
// feature array to joint positions.
func BenchmarkDecodeHumanML3D(b *testing.B) {
	for _, frames := range []int{199, 1000} {
		feats := syntheticFeatures(frames, func(t int) float64 { return 0.02 * math.Sin(float64(t)/15) }, 0.05)
		b.Run(fmt.Sprintf("frames=%d", frames), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeHumanML3D(feats); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadNPYFeatures reads a 199 × 263 float32 .npy file from memory.
func BenchmarkReadNPYFeatures(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteNPY(&buf, &Array{Shape: []int{199, HumanML3DFeatures}, Data: seq(199 * HumanML3DFeatures)}, Float32); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		if _, err := ReadNPY(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClipJSON writes and reads a 199-frame clip JSON document.
func BenchmarkClipJSON(b *testing.B) {
	c, err := HumanML3DClip(syntheticFeatures(199, func(int) float64 { return 0.01 }, 0.05))
	if err != nil {
		b.Fatal(err)
	}
	var doc bytes.Buffer
	if err := WriteClipJSON(&doc, c); err != nil {
		b.Fatal(err)
	}
	b.Run("write", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var buf bytes.Buffer
			if err := WriteClipJSON(&buf, c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(doc.Len()))
		for b.Loop() {
			if _, err := ReadClipJSON(bytes.NewReader(doc.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
	})
}
