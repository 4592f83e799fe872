package distance

import (
	"fmt"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/furniture"
)

// benchGrid is a room the size of TRUMANS' grids, 300 × 100 × 400 voxels of 2 cm over x ∈ [−3, 3],
// y ∈ [0, 2], z ∈ [−4, 4], outside occupied: 10 cm walls, a floor layer, boxes of furniture on
// the floor and a sphere in the air.
var benchGrid = sync.OnceValue(func() *scene.Grid {
	g := &scene.Grid{Lo: mgl64.Vec3{-3, 0, -4}, Voxel: 0.02, Dims: [3]int{300, 100, 400}, OutsideOccupied: true}
	g.Occupied = make([]bool, 300*100*400)
	boxes := [][2]mgl64.Vec3{
		{{-1, 0, -1}, {0.6, 0.45, 0}}, {{1.2, 0, 2}, {2.4, 0.75, 3}}, {{-2.5, 0, 2.5}, {-1.8, 1.9, 3.5}},
		{{0.5, 0, -3.5}, {2.5, 0.5, -1.5}}, {{-2.9, 0, -3.9}, {-1.2, 0.9, -3.3}},
	}
	for i := 0; i < 300; i++ {
		for j := 0; j < 100; j++ {
			for k := 0; k < 400; k++ {
				p := voxelCenter(g, i, j, k)
				in := j == 0 || i < 5 || i >= 295 || k < 5 || k >= 395 || p.Sub(mgl64.Vec3{1, 1.4, 0.5}).Len() < 0.25
				for _, b := range boxes {
					in = in || pointBoxDistance(p, b[0], b[1]) == 0
				}
				g.Occupied[g.Index(i, j, k)] = in
			}
		}
	}
	return g
})

// BenchmarkGridSDF measures preparing a TRUMANS-sized occupancy grid's signed distance: the
// corners' classes and the exact distance transform over 301 × 101 × 401 corners.
func BenchmarkGridSDF(b *testing.B) {
	g := benchGrid()
	b.ReportAllocs()
	cpu := benchCPU()
	for b.Loop() {
		NewGridSDF(g)
	}
	b.ReportMetric(float64(benchCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkGridDepthField measures NewDepthField of a TRUMANS-sized room with both: the grid of
// BenchmarkGridSDF and, standing on its boxes, every kind of procedural furniture (closed meshes),
// so that the voxels near them are tested for ownership before the transform.
func BenchmarkGridDepthField(b *testing.B) {
	s := &scene.Scene{Name: "grid room", Grid: benchGrid()}
	spots := []mgl64.Vec3{{-0.2, 0, -0.5}, {1.8, 0, 2.5}, {-2.1, 0, 3}, {1.5, 0, -2.5}, {-2, 0, -3.6}}
	for i, k := range furniture.Kinds() {
		o, err := furniture.New(furniture.Spec{Kind: k, ID: fmt.Sprintf("%s_%d", k, i), Position: spots[i%len(spots)], Yaw: 0.4 * float64(i)})
		if err != nil {
			b.Fatal(err)
		}
		s.Objects = append(s.Objects, o)
	}
	b.ReportAllocs()
	cpu := benchCPU()
	for b.Loop() {
		NewDepthField(s)
	}
	b.ReportMetric(float64(benchCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(s.TriangleCount()), "triangles")
}

// BenchmarkGridDepthField300k is the dense case: 58 closed spheres of 5,120 triangles each (297k
// triangles) in the TRUMANS-sized room, each also voxelised into its grid, so that every voxel of
// their shells is tested for ownership by a nearest-triangle search.
func BenchmarkGridDepthField300k(b *testing.B) {
	base := benchGrid()
	g := *base
	g.Occupied = append([]bool(nil), base.Occupied...)
	s := &scene.Scene{Name: "grid room 300k", Grid: &g}
	for n := 0; n < 58; n++ {
		c := mgl64.Vec3{-2.4 + 0.8*float64(n%7), 0.3 + 0.6*float64(n/7%3), -3.2 + 0.8*float64(n/7)}
		s.Objects = append(s.Objects, &scene.Object{ID: fmt.Sprintf("ball_%d", n), Category: "ball",
			Parts: []scene.Part{{Name: "body", Kind: scene.PartBody, Mesh: testIcosphere(c, 0.25, 4)}}})
		voxeliseBall(&g, c, 0.25)
	}
	b.ReportAllocs()
	cpu := benchCPU()
	for b.Loop() {
		NewDepthField(s)
	}
	b.ReportMetric(float64(benchCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(s.TriangleCount()), "triangles")
}

// voxeliseBall marks occupied the voxels of g whose centres lie inside the ball.
func voxeliseBall(g *scene.Grid, c mgl64.Vec3, r float64) {
	var lo, hi [3]int
	for a := 0; a < 3; a++ {
		lo[a] = max(int((c[a]-r-g.Lo[a])/g.Voxel)-1, 0)
		hi[a] = min(int((c[a]+r-g.Lo[a])/g.Voxel)+1, g.Dims[a]-1)
	}
	for i := lo[0]; i <= hi[0]; i++ {
		for j := lo[1]; j <= hi[1]; j++ {
			for k := lo[2]; k <= hi[2]; k++ {
				if voxelCenter(g, i, j, k).Sub(c).Len() < r {
					g.Occupied[g.Index(i, j, k)] = true
				}
			}
		}
	}
}
