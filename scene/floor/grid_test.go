package floor_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/floor"
)

// gridOnlyRoom is a room of 2 cm voxels over x ∈ [−2, 2], y ∈ [0, 2], z ∈ [−1.5, 1.5] with no mesh
// at all: its grid holds a floor layer (the bottom row), a 2 cm rug (the next row) across the
// room, and a block from x = −0.5 to 0.5, z = −1.5 to 0.6, 1 m tall, that leaves a passage
// only beyond z = 0.6. Outside the box is occupied.
func gridOnlyRoom() *scene.Scene {
	g := &scene.Grid{Lo: mgl64.Vec3{-2, 0, -1.5}, Voxel: 0.02, Dims: [3]int{200, 100, 150}, OutsideOccupied: true}
	g.Occupied = make([]bool, 200*100*150)
	for i := 0; i < 200; i++ {
		for j := 0; j < 100; j++ {
			for k := 0; k < 150; k++ {
				x, y, z := -2+(float64(i)+0.5)*0.02, (float64(j)+0.5)*0.02, -1.5+(float64(k)+0.5)*0.02
				block := math.Abs(x) < 0.5 && z < 0.6 && y < 1
				g.Occupied[g.Index(i, j, k)] = j < 2 || block
			}
		}
	}
	return &scene.Scene{Name: "grid only", Grid: g, Start: motion.State{Root: mgl64.Vec3{-1.2, 0, -0.8}}}
}

func TestFloorWalksAroundWhatOnlyTheGridHolds(t *testing.T) {
	s := gridOnlyRoom()
	f, err := floor.New(s, floor.Options{})
	if err != nil {
		t.Fatal(err)
	}
	from, to := mgl64.Vec3{-1.2, 0, -0.8}, mgl64.Vec3{1.2, 0, -0.8}
	for _, p := range []mgl64.Vec3{from, to} {
		if !f.Free(p) {
			t.Fatalf("%v is blocked: the grid's floor layer and rug (below the band) must not block", p)
		}
	}
	if f.Free(mgl64.Vec3{0, 0, -0.8}) || f.Free(mgl64.Vec3{-2.1, 0, 0}) {
		t.Fatal("the block, or beyond the grid's box (outside occupied), is free")
	}
	path, err := f.Path(from, to)
	if err != nil {
		t.Fatalf("no path around the block: %v", err)
	}
	// Every point of the path keeps the clearance from the block (less half a cell's diagonal),
	// so it goes round beyond z = 0.6.
	keep := floor.BodyClearance - floor.Cell*math.Sqrt2/2 - 1e-9
	passed := false
	for i := 1; i < len(path); i++ {
		for t0 := 0.0; t0 <= 1; t0 += 0.05 {
			p := path[i-1].Add(path[i].Sub(path[i-1]).Mul(t0))
			dx, dz := max(math.Abs(p.X())-0.5, 0), max(p.Z()-0.6, 0)
			if d := math.Hypot(dx, dz); d < keep {
				t.Fatalf("path point %v is %.3f m from the block, want at least %.3f", p, d, keep)
			}
			passed = passed || p.Z() > 0.6
		}
	}
	if !passed {
		t.Fatalf("the path %v never passes beyond the block", path)
	}
}

// BenchmarkNewGridOnly measures building the walkable floor of a room known only by its grid
// (200 × 100 × 150 voxels of 2 cm): the columns, their runs, and the usual distances.
func BenchmarkNewGridOnly(b *testing.B) {
	s := gridOnlyRoom()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := floor.New(s, floor.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
