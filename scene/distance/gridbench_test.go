package distance

import (
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
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
