package floor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// TestGridColumnsMatchBoxes checks the grid's obstacles against the obvious slow construction: one
// closed box mesh, spanning the band, over every column with an occupied voxel that overlaps the
// band (found voxel by voxel). Within the clearance, where distances are exact and decide which
// cells are free, both floors must agree.
func TestGridColumnsMatchBoxes(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for trial := 0; trial < 20; trial++ {
		g := &scene.Grid{Lo: mgl64.Vec3{rng.Float64() - 1, -0.03, rng.Float64() - 1}, Voxel: 0.03 + 0.05*rng.Float64()}
		g.Dims = [3]int{5 + rng.IntN(30), 1 + rng.IntN(50), 5 + rng.IntN(30)}
		g.Occupied = make([]bool, g.Dims[0]*g.Dims[1]*g.Dims[2])
		fill := 0.02 * rng.Float64()
		for i := range g.Occupied {
			g.Occupied[i] = rng.Float64() < fill
		}
		ext := geom.Box{Lo: g.Lo.Sub(mgl64.Vec3{0.5, 0, 0.5}), Hi: g.Hi().Add(mgl64.Vec3{0.5, 0, 0.5})}
		opt := Options{Extent: ext}
		fg, err := New(&scene.Scene{Grid: g}, opt)
		if err != nil {
			t.Fatal(err)
		}
		fb, err := New(&scene.Scene{Objects: columnBoxes(g)}, opt)
		if err != nil {
			t.Fatal(err)
		}
		for c := range fg.dist {
			if (fg.dist[c] < fg.opt.Clearance || fb.dist[c] < fb.opt.Clearance) && math.Abs(fg.dist[c]-fb.dist[c]) > 1e-9 {
				t.Fatalf("trial %d, cell %d: %.6f from the grid, %.6f from boxes", trial, c, fg.dist[c], fb.dist[c])
			}
		}
	}
}

// columnBoxes returns a box object from y = −1 to 3 over every column of g with an occupied voxel
// whose heights overlap the default band.
func columnBoxes(g *scene.Grid) []*scene.Object {
	var objs []*scene.Object
	for i := 0; i < g.Dims[0]; i++ {
		for k := 0; k < g.Dims[2]; k++ {
			blocked := false
			for j := 0; j < g.Dims[1]; j++ {
				y0 := g.Lo.Y() + float64(j)*g.Voxel
				blocked = blocked || g.Occupied[(i*g.Dims[1]+j)*g.Dims[2]+k] && y0+g.Voxel > BandLow && y0 < BandHigh
			}
			if blocked {
				lo := g.Lo.Add(mgl64.Vec3{float64(i), 0, float64(k)}.Mul(g.Voxel))
				lo[1] = -1
				objs = append(objs, obj("column", "box", boxMesh(lo, mgl64.Vec3{lo.X() + g.Voxel, 3, lo.Z() + g.Voxel})))
			}
		}
	}
	return objs
}
