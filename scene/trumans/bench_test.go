package trumans_test

import (
	"testing"

	"interactagent/scene/trumans"
	"interactagent/scene/trumans/trumanstest"
)

// BenchmarkOpenTRUMANS opens a room of TRUMANS' size: a (300, 100, 400) grid and a room mesh of
// about 200,000 triangles, with its three labelled objects.
func BenchmarkOpenTRUMANS(b *testing.B) {
	dir := b.TempDir()
	if err := trumanstest.Write(dir, trumanstest.Options{Dense: true}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, err := trumans.Open(dir, "")
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.TriangleCount()), "triangles")
	}
}
