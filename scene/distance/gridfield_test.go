package distance

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// The boxes of the grid room: a table with a closed mesh that the grid also holds, a cupboard only
// the grid holds, and a crate whose mesh is broken (open: no bottom).
var (
	gridTable    = [2]mgl64.Vec3{{0, 0, 0}, {1.2, 0.75, 0.8}}
	gridCupboard = [2]mgl64.Vec3{{-1.6, 0, -1.2}, {-0.9, 1.7, -0.6}}
	gridCrate    = [2]mgl64.Vec3{{1.6, 0, -1.2}, {2.1, 0.5, -0.7}}
)

// testGridRoom is a room of 4 cm voxels over x ∈ [−2, 2.8], y ∈ [0, 2], z ∈ [−1.6, 1.2], outside
// occupied, whose grid holds a floor layer, the three boxes and a ball in the air; its meshes are
// the table (closed), the crate (open) and the test field's spiky solid (not in the grid).
func testGridRoom() *scene.Scene {
	g := &scene.Grid{Lo: mgl64.Vec3{-2, 0, -1.6}, Voxel: 0.04, Dims: [3]int{120, 50, 70}, OutsideOccupied: true}
	g.Occupied = make([]bool, g.Dims[0]*g.Dims[1]*g.Dims[2])
	for i := 0; i < g.Dims[0]; i++ {
		for j := 0; j < g.Dims[1]; j++ {
			for k := 0; k < g.Dims[2]; k++ {
				p := voxelCenter(g, i, j, k)
				in := j == 0 || p.Sub(mgl64.Vec3{-1, 1.2, 0.6}).Len() < 0.3
				for _, b := range [][2]mgl64.Vec3{gridTable, gridCupboard, gridCrate} {
					in = in || pointBoxDistance(p, b[0], b[1]) == 0
				}
				g.Occupied[g.Index(i, j, k)] = in
			}
		}
	}
	crate := testBox(gridCrate[0], gridCrate[1])
	crate.Triangles = crate.Triangles[2:] // one face fewer: open
	return &scene.Scene{Name: "grid room", Grid: g, Objects: []*scene.Object{
		meshObject("table", testBox(gridTable[0], gridTable[1])),
		meshObject("crate", crate),
		meshObject("spiky", testSpiky(mgl64.Vec3{0.6, 1.4, -0.8}, 0.3)),
	}}
}

// meshObject returns an object of one part with the mesh.
func meshObject(id string, m *scene.Mesh) *scene.Object {
	return &scene.Object{ID: id, Parts: []scene.Part{{Name: "body", Kind: scene.PartBody, Mesh: m}}}
}

// boxDepth returns how deep p is inside the box lo–hi (0 outside).
func boxDepth(p mgl64.Vec3, b [2]mgl64.Vec3) float64 { return distanceToOutside(p, b[0], b[1]) }

func TestDepthFieldGridWhereMeshesAreNot(t *testing.T) {
	s := testGridRoom()
	f := NewDepthField(s)
	if f.Grid() == nil {
		t.Fatal("no grid in the field of a scene with one")
	}
	// Half a diagonal of interpolation, half a diagonal of voxelisation (4 cm voxels).
	bound := 0.04*math.Sqrt(3) + 1e-6
	rng := rand.New(rand.NewPCG(51, 52))
	for n := 0; n < 5000; n++ {
		// Inside the cupboard only the grid knows, and the crate whose mesh has no inside.
		b := []([2]mgl64.Vec3){gridCupboard, gridCrate}[n%2]
		p := randomIn(rng, geom.Box{Lo: b[0].Add(mgl64.Vec3{0, 0.05, 0}), Hi: b[1]})
		// The floor owns the grid's bottom row (4 cm), so the grid's boxes start above it.
		want := boxDepth(p, [2]mgl64.Vec3{{b[0][0], 0.04, b[0][2]}, b[1]})
		got, who := f.Depth(p)
		if math.Abs(got-want) > bound {
			t.Fatalf("in %v at %v: depth %.4f, want %.4f ± %.4f", b, p, got, want, bound)
		}
		if want > bound && who != GridSolid {
			t.Fatalf("at %v: deepest in solid %d, want the grid (%d)", p, who, GridSolid)
		}
	}
	if obj, part := f.SolidPart(GridSolid); obj != GridObject || part != GridPart {
		t.Errorf("SolidPart(GridSolid) = %q, %q, want %q, %q", obj, part, GridObject, GridPart)
	}
}

func TestDepthFieldMeshWinsOverGrid(t *testing.T) {
	s := testGridRoom()
	f, exact := NewDepthField(s), NewExact(s)
	rng := rand.New(rand.NewPCG(53, 54))
	// In and around the table (closed mesh, also in the grid) and just above the floor (whose
	// voxel layer the floor owns), the depth is the exact one: the grid adds nothing.
	regions := []geom.Box{
		{Lo: gridTable[0].Sub(mgl64.Vec3{0.1, 0.1, 0.1}), Hi: gridTable[1].Add(mgl64.Vec3{0.1, 0.1, 0.1})},
		{Lo: mgl64.Vec3{-2, -0.05, -1.6}, Hi: mgl64.Vec3{2.8, 0.06, 1.2}},
	}
	for n := 0; n < 20000; n++ {
		p := randomIn(rng, regions[n%2])
		if pointBoxDistance(p, gridCupboard[0], gridCupboard[1]) < 0.1 || pointBoxDistance(p, gridCrate[0], gridCrate[1]) < 0.1 {
			continue
		}
		want := max(0, -exact.Distance(p))
		if got, who := f.Depth(p); math.Abs(got-want) > 1e-9 || got > 0 && who == GridSolid {
			t.Fatalf("at %v: depth %.6f in solid %d, exact %.6f", p, got, who, want)
		}
	}
}

func TestProbeMatchesDepthWithGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	f := NewDepthField(testGridRoom())
	p := f.NewProbe()
	box := f.Grid().Bounds().Expand(0.15)
	reached, skipped, grid := 0, 0, 0
	pts := make([]mgl64.Vec3, 30)
	for frame := 0; frame < 600; frame++ {
		caps := randomCapsules(rng, box, 1+rng.IntN(6))
		anyReach := p.Frame(caps)
		for i, c := range caps {
			for k := range pts {
				pts[k] = capsuleSurfacePoint(rng, c.A, c.B, c.Radius)
			}
			if !p.Reaches(i) {
				skipped++
				for _, q := range pts {
					if d, _ := f.Depth(q); d > CullTolerance+1e-12 {
						t.Fatalf("frame %d capsule %d culled, but %v is %.6f deep", frame, i, q, d)
					}
				}
				continue
			}
			reached++
			if !anyReach {
				t.Fatalf("frame %d: Frame said nothing reaches, Reaches(%d) says it does", frame, i)
			}
			depth, who := p.Depths(i, pts)
			for k, q := range pts {
				want, _ := f.Depth(q)
				if math.Abs(depth[k]-want) > CullTolerance+1e-12 {
					t.Fatalf("frame %d capsule %d point %v: probe %.6f, Depth %.6f", frame, i, q, depth[k], want)
				}
				if who[k] == GridSolid {
					grid++
					if math.Abs(f.gridDepth(q)-depth[k]) > 1e-12 {
						t.Fatalf("point %v: the probe names the grid, which is not %.6f deep", q, depth[k])
					}
				}
			}
		}
	}
	if reached == 0 || skipped == 0 || grid == 0 {
		t.Fatalf("%d capsules reached, %d skipped, %d points in the grid: the test misses a case", reached, skipped, grid)
	}
}

// randomCapsules returns n capsules of body-like sizes with their first ends in box.
func randomCapsules(rng *rand.Rand, box geom.Box, n int) []geom.Capsule {
	caps := make([]geom.Capsule, n)
	for i := range caps {
		a := randomIn(rng, box)
		b := a.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.15))
		caps[i] = geom.Capsule{A: a, B: b, Radius: 0.03 + 0.07*rng.Float64()}
	}
	return caps
}

// TestProbeCullsFeetOnTheFloorOfAGridRoom checks that a foot resting on the floor, away from
// everything the grid holds, costs no grid test: the floor owns the grid's floor layer and the
// region below the box.
func TestProbeCullsFeetOnTheFloorOfAGridRoom(t *testing.T) {
	f := NewDepthField(testGridRoom())
	p := f.NewProbe()
	foot := geom.Capsule{A: mgl64.Vec3{0.5, 0.046, 1}, B: mgl64.Vec3{0.5, 0.05, 0.85}, Radius: 0.048}
	p.Frame([]geom.Capsule{foot})
	if !p.FloorOnly(0) {
		r := p.ranges[0]
		t.Fatalf("a foot on the floor keeps %d solids (%v), want only the floor", r[1]-r[0], fmt.Sprint(p.near[r[0]:r[1]]))
	}
}
