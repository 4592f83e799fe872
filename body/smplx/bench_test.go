package smplx_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
)

// benchModel is the layout the benchmarks read: the full stand-in (13,380 vertices) as the 2020
// SMPL-X files are, float32, Fortran order, 400 shapedirs columns (300 shape kept).
var benchModel = smplxtest.Options{ShapeColumns: 400, Fortran: true}

// BenchmarkSkinFrame skins every vertex of the full stand-in at a random pose (13,380 vertices;
// SMPL-X's 10,475 take about 10,475/13,380 of the time).
func BenchmarkSkinFrame(b *testing.B) {
	s, p := benchShaped(b)
	out := make([]mgl64.Vec3, len(s.Vertices))
	b.ReportAllocs()
	for b.Loop() {
		s.Skin(&p, out)
	}
}

// BenchmarkCorrectivesFrame computes the pose correctives alone, the float32 product of
// 3·13,380 rows by 192 that dominates Skin.
func BenchmarkCorrectivesFrame(b *testing.B) {
	s, p := benchShaped(b)
	out := make([]mgl64.Vec3, len(s.Vertices))
	b.ReportAllocs()
	for b.Loop() {
		s.Correctives(&p, out)
	}
}

// benchShaped loads the benchmark model and shapes it with ten betas.
func benchShaped(b *testing.B) (*smplx.Shaped, smplx.Params) {
	m, _ := loadStandIn(b, benchModel)
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := m.Shape(randomBetas(rng, 10))
	if err != nil {
		b.Fatal(err)
	}
	return s, randomParams(rng)
}

// BenchmarkLoad reads the benchmark model's file (122 MB) and reports the heap the Model keeps
// (HeapInuse after a collection, before and after).
func BenchmarkLoad(b *testing.B) {
	path, _ := standIn(b, benchModel)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := smplx.Load(path); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(retainedMB(b, path), "retained-MB")
}

// retainedMB loads path once and returns the growth of the heap in use that the model accounts for.
func retainedMB(tb testing.TB, path string) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := smplx.Load(path)
	if err != nil {
		tb.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(m)
	return float64(int64(after.HeapInuse)-int64(before.HeapInuse)) / 1e6
}

// TestLoadRetainedMemory logs the heap a loaded model of the benchmark layout keeps.
func TestLoadRetainedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 122 MB file")
	}
	path, _ := standIn(t, benchModel)
	t.Logf("a loaded 13,380-vertex stand-in with 400 shapedirs columns (float32) keeps %.1f MB of heap", retainedMB(t, path))
}
