package distance

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/furniture"
)

// benchScene is a synthetic scene of about 300k triangles, half low-poly procedural furniture
// (convex pieces: the common case) and half finely tessellated spheres (5,120 triangles each,
// too many faces for the plane test: the dense-mesh case a scanned room would be).
var benchScene = sync.OnceValue(func() *scene.Scene {
	s := &scene.Scene{Name: "bench-300k"}
	kinds := furniture.Kinds()
	n := 0
	for i := 0; s.TriangleCount() < 150_000; i++ {
		k := kinds[i%len(kinds)]
		x, z := float64(i%40)*2.5, float64(i/40)*2.5
		o, err := furniture.New(furniture.Spec{Kind: k, ID: fmt.Sprintf("%s_%d", k, i), Position: mgl64.Vec3{x, 0, z}, Yaw: 0.3 * float64(i%7)})
		if err != nil {
			panic(err) // a test helper: a furniture kind that cannot be built is a bug elsewhere
		}
		s.Objects = append(s.Objects, o)
		n++
	}
	for i := 0; s.TriangleCount() < 300_000; i++ {
		c := mgl64.Vec3{float64(i%6)*15 + 1.2, 0.6, float64(i/6)*6 + 1.2}
		s.Objects = append(s.Objects, &scene.Object{ID: fmt.Sprintf("ball_%d", i), Category: "ball",
			Parts: []scene.Part{{Name: "body", Kind: scene.PartBody, Mesh: testIcosphere(c, 0.5, 4)}}})
	}
	return s
})

// benchNearSurface returns n points within 5 cm of the scene's surfaces (inside and outside), in
// clusters of cluster consecutive points on the same piece of surface (like one body part's
// samples touching a seat); cluster 1 scatters every point over the whole scene.
func benchNearSurface(s *scene.Scene, n, cluster int) []mgl64.Vec3 {
	rng := rand.New(rand.NewPCG(21, 22))
	var meshes []*scene.Mesh
	for _, o := range s.Objects {
		for _, p := range o.Parts {
			meshes = append(meshes, p.Mesh)
		}
	}
	pts := make([]mgl64.Vec3, n)
	var m *scene.Mesh
	var around mgl64.Vec3
	for i := range pts {
		if i%cluster == 0 {
			m = meshes[rng.IntN(len(meshes))]
			around = randomOnMesh(rng, m)
		}
		q := randomOnMesh(rng, m)
		for k := 0; k < 8 && cluster > 1 && q.Sub(around).Len() > 0.2; k++ {
			q = randomOnMesh(rng, m) // stay near the cluster's first point when the part is large
		}
		off := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		pts[i] = q.Add(off.Mul(0.05 * rng.Float64()))
	}
	return pts
}

// randomOnMesh returns a random point on a random triangle of m.
func randomOnMesh(rng *rand.Rand, m *scene.Mesh) mgl64.Vec3 {
	a, b, c := m.Triangle(rng.IntN(len(m.Triangles)))
	u, v := rng.Float64(), rng.Float64()
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	return a.Add(b.Sub(a).Mul(u)).Add(c.Sub(a).Mul(v))
}

// BenchmarkSceneSDFBuild measures preparing the 300k-triangle scene for signed distance and
// penetration queries (NewDepthField = NewExact plus nothing): welding, pieces, pseudonormals,
// convexity and both levels of BVH.
func BenchmarkSceneSDFBuild(b *testing.B) {
	s := benchScene()
	b.ReportAllocs()
	cpu := benchCPU()
	for b.Loop() {
		NewDepthField(s)
	}
	b.ReportMetric(float64(benchCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(s.TriangleCount()), "triangles")
}

// benchCPU returns the CPU time the process has used, all threads together: on a machine shared
// with others it says what an operation costs where wall time also counts waiting.
func benchCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkExactSDFNearSurface measures one exact signed distance query within 5 cm of a surface
// of the 300k-triangle scene, the queries coming 64 at a time from one place, as a body's do.
func BenchmarkExactSDFNearSurface(b *testing.B) {
	benchExact(b, 64)
}

// BenchmarkExactSDFNearSurfaceScattered is the same with every query somewhere else in the scene:
// the worst case for caches (the scene's arrays are about 60 MB).
func BenchmarkExactSDFNearSurfaceScattered(b *testing.B) {
	benchExact(b, 1)
}

func benchExact(b *testing.B, cluster int) {
	s := benchScene()
	e := NewExact(s)
	pts := benchNearSurface(s, 1<<14, cluster)
	b.ReportAllocs()
	cpu := benchCPU()
	i := 0
	for b.Loop() {
		e.Distance(pts[i&(1<<14-1)])
		i++
	}
	b.ReportMetric(float64(benchCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkDepthNearSurface measures the fast path's depth at the clustered points.
func BenchmarkDepthNearSurface(b *testing.B) {
	s := benchScene()
	f := NewDepthField(s)
	pts := benchNearSurface(s, 1<<14, 64)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f.Depth(pts[i&(1<<14-1)])
		i++
	}
}
