package distance

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// refGrid is the slow reference for GridSDF: the signed distance to the union of a grid's occupied
// voxels (closed cubes) and, when the grid says so, everything outside its box, found by measuring
// every voxel: D(p) = dist(p, occupied) − dist(p, free), which is the distance outside the solid
// and minus the distance to the free space inside it. It shares no code with GridSDF.
func refGrid(g *scene.Grid, p mgl64.Vec3) float64 {
	occ, free := math.Inf(1), math.Inf(1)
	for i := 0; i < g.Dims[0]; i++ {
		for j := 0; j < g.Dims[1]; j++ {
			for k := 0; k < g.Dims[2]; k++ {
				lo := g.Lo.Add(mgl64.Vec3{float64(i), float64(j), float64(k)}.Mul(g.Voxel))
				d := pointBoxDistance(p, lo, lo.Add(mgl64.Vec3{g.Voxel, g.Voxel, g.Voxel}))
				if g.Occupied[(i*g.Dims[1]+j)*g.Dims[2]+k] {
					occ = min(occ, d)
				} else {
					free = min(free, d)
				}
			}
		}
	}
	out := distanceToOutside(p, g.Lo, g.Hi())
	if g.OutsideOccupied {
		occ = min(occ, out)
	} else {
		free = min(free, out)
	}
	return occ - free
}

// pointBoxDistance returns the distance from p to the closed box lo–hi (0 inside).
func pointBoxDistance(p, lo, hi mgl64.Vec3) float64 {
	s := 0.0
	for k := 0; k < 3; k++ {
		d := max(lo[k]-p[k], 0, p[k]-hi[k])
		s += d * d
	}
	return math.Sqrt(s)
}

// distanceToOutside returns the distance from p to the points outside the open box lo–hi (0
// outside it).
func distanceToOutside(p, lo, hi mgl64.Vec3) float64 {
	d := math.Inf(1)
	for k := 0; k < 3; k++ {
		d = min(d, p[k]-lo[k], hi[k]-p[k])
	}
	return max(d, 0)
}

// randomGrid returns a small grid of random size, place, fill and outside.
func randomGrid(rng *rand.Rand) *scene.Grid {
	g := &scene.Grid{Voxel: 0.05 + 0.1*rng.Float64(), OutsideOccupied: rng.IntN(2) == 0}
	g.Lo = mgl64.Vec3{rng.Float64() - 0.5, rng.Float64() - 0.5, rng.Float64() - 0.5}
	g.Dims = [3]int{1 + rng.IntN(7), 1 + rng.IntN(7), 1 + rng.IntN(7)}
	g.Occupied = make([]bool, g.Dims[0]*g.Dims[1]*g.Dims[2])
	fill := rng.Float64()
	for i := range g.Occupied {
		g.Occupied[i] = rng.Float64() < fill
	}
	return g
}

func TestGridSDFExactAtCorners(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for trial := 0; trial < 200; trial++ {
		g := randomGrid(rng)
		s := NewGridSDF(g)
		for i := 0; i <= g.Dims[0]; i++ {
			for j := 0; j <= g.Dims[1]; j++ {
				for k := 0; k <= g.Dims[2]; k++ {
					p := g.Lo.Add(mgl64.Vec3{float64(i), float64(j), float64(k)}.Mul(g.Voxel))
					if got, want := s.Distance(p), refGrid(g, p); !gridAgrees(g, got, want, 1e-5) {
						t.Fatalf("trial %d, dims %v, outside %v: corner %d,%d,%d: %g, want %g", trial, g.Dims, g.OutsideOccupied, i, j, k, got, want)
					}
				}
			}
		}
	}
}

func TestGridSDFWithinBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	worst := 0.0
	for trial := 0; trial < 300; trial++ {
		g := randomGrid(rng)
		s := NewGridSDF(g)
		e := s.GridErrorBound()
		box := geom.Box{Lo: g.Lo, Hi: g.Hi()}
		for n := 0; n < 50; n++ {
			p := randomIn(rng, box)
			got, want := s.Distance(p), refGrid(g, p)
			if !gridAgrees(g, got, want, e+1e-6) {
				t.Fatalf("trial %d, dims %v: at %v: %g, want %g ± %g", trial, g.Dims, p, got, want, e)
			}
			if !math.IsInf(want, 0) {
				worst = max(worst, math.Abs(got-want)/g.Voxel)
			}
		}
		// Around the box: never nearer than the truth by more than the bound where outside is free,
		// never shallower by more than it where outside is occupied.
		for n := 0; n < 20; n++ {
			p := randomIn(rng, box.Expand(0.3))
			got, want := s.Distance(p), refGrid(g, p)
			if math.IsInf(want, 0) {
				continue // an empty or full grid: checked inside the box
			}
			bad := got < want-e-1e-6
			if g.OutsideOccupied {
				bad = got > want+e+1e-6
			}
			if bad {
				t.Fatalf("trial %d, dims %v, outside %v: at %v: %g, want %g (bound %g)", trial, g.Dims, g.OutsideOccupied, p, got, want, e)
			}
		}
	}
	t.Logf("largest error inside the box: %.3f voxels (bound %.3f)", worst, math.Sqrt(3)/2)
}

// TestGridErrorBoundAtCellCentre shows the error is real: a lone occupied voxel's corners are all
// on its surface, so the interpolant reads 0 at its centre, which lies half a voxel deep.
func TestGridErrorBoundAtCellCentre(t *testing.T) {
	g := &scene.Grid{Voxel: 1, Dims: [3]int{3, 3, 3}, Occupied: make([]bool, 27)}
	g.Occupied[g.Index(1, 1, 1)] = true
	s := NewGridSDF(g)
	// The cell of corners (1..2)³ is the occupied voxel: its corners are all on the surface (0),
	// while its centre is half a voxel deep.
	p := mgl64.Vec3{1.5, 1.5, 1.5}
	if got, want := s.Distance(p), refGrid(g, p); !closeTo(got, 0, 1e-9) || !closeTo(want, -0.5, 1e-9) {
		t.Fatalf("at the voxel's centre: %g, reference %g", got, want)
	}
}

func TestGridSDFVoxelisedSphere(t *testing.T) {
	const voxel, radius = 0.02, 0.3
	c := mgl64.Vec3{0.5, 0.5, 0.5}
	g := voxelSphere(c, radius, voxel, 50)
	s := NewGridSDF(g)
	// Voxelising moves the surface by at most half a diagonal (a voxel is occupied when its centre
	// is inside), and the interpolant is within half a diagonal of the voxelised solid's distance.
	bound := voxel*math.Sqrt(3) + 1e-6
	rng := rand.New(rand.NewPCG(45, 46))
	for n := 0; n < 20000; n++ {
		p := randomIn(rng, geom.Box{Lo: c.Sub(mgl64.Vec3{0.4, 0.4, 0.4}), Hi: c.Add(mgl64.Vec3{0.4, 0.4, 0.4})})
		want := max(0, radius-p.Sub(c).Len())
		if got := max(0, -s.Distance(p)); math.Abs(got-want) > bound {
			t.Fatalf("at %v: depth %g, want %g ± %g", p, got, want, bound)
		}
	}
}

// voxelSphere returns an n³ grid of the given voxel from the origin with the voxels whose centres
// lie inside the sphere occupied.
func voxelSphere(c mgl64.Vec3, r, voxel float64, n int) *scene.Grid {
	g := &scene.Grid{Voxel: voxel, Dims: [3]int{n, n, n}, Occupied: make([]bool, n*n*n)}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			for k := 0; k < n; k++ {
				q := mgl64.Vec3{float64(i) + 0.5, float64(j) + 0.5, float64(k) + 0.5}.Mul(voxel)
				g.Occupied[g.Index(i, j, k)] = q.Sub(c).Len() < r
			}
		}
	}
	return g
}

func TestNewGridSDFRefusesBadGrids(t *testing.T) {
	bad := []*scene.Grid{
		nil,
		{Voxel: 0, Dims: [3]int{1, 1, 1}, Occupied: []bool{true}},
		{Voxel: 1, Dims: [3]int{2, 1, 1}, Occupied: []bool{true}},
		{Voxel: 1, Dims: [3]int{0, 1, 1}},
	}
	for i, g := range bad {
		if NewGridSDF(g) != nil {
			t.Errorf("grid %d: built, want nil", i)
		}
	}
}

// closeTo reports whether a and b agree within tol.
func closeTo(a, b, tol float64) bool { return a == b || math.Abs(a-b) <= tol }

// gridAgrees reports whether GridSDF's got agrees with the reference's want within tol; where the
// reference is infinite (no occupied voxel, or no free one), got must have its sign and be at
// least the box's diagonal.
func gridAgrees(g *scene.Grid, got, want, tol float64) bool {
	if math.IsInf(want, 0) {
		return math.Abs(got) >= g.Hi().Sub(g.Lo).Len() && (got > 0) == (want > 0)
	}
	return closeTo(got, want, tol)
}
