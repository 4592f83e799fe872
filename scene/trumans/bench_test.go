package trumans_test

import (
	"interactagent/scene/distance"
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

// BenchmarkOpenAndPrepareTRUMANS opens the TRUMANS-sized room and prepares what penetration
// measures it with (distance.NewDepthField: the meshes' BVHs and the grid's distance transform),
// the "opening a room and preparing its signed distance".
func BenchmarkOpenAndPrepareTRUMANS(b *testing.B) {
	dir := b.TempDir()
	if err := trumanstest.Write(dir, trumanstest.Options{Dense: true}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, err := trumans.Open(dir, "")
		if err != nil {
			b.Fatal(err)
		}
		if f := distance.NewDepthField(s); f.Grid() == nil {
			b.Fatal("the room's grid is not in its depth field")
		}
	}
}
