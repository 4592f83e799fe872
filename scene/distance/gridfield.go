package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// How a DepthField measures a scene's occupancy grid (scene.Grid) beside its meshes.
//
// The grid is one more solid, GridSolid ("room", "occupancy grid"), whose depth at p is
// max(0, −GridSDF(p)). Where a closed mesh and the grid describe the same thing, the mesh wins:
// before the distance transform, every occupied voxel whose centre lies within gridOwnReach
// (a voxel plus half its diagonal, 3.73 cm at 2 cm voxels) of a closed mesh solid's surface is
// counted free, and so is every voxel whose centre lies within a voxel of the floor (y = 0) or
// below it: the grid's floor layer, if it has one (TRUMANS' grids start at y = 0, so that is their
// bottom row), since the DepthField measures the floor exactly. What is left of the grid is what no closed mesh explains: walls
// and furniture whose meshes are missing, open (broken meshes have no inside) or misplaced.
//
// Why that reach: a point of a kept voxel lies at least one voxel from every closed mesh
// surface, so the grid adds nothing within a voxel outside a closed mesh (a body resting on a
// seat reads the seat's exact depth, not its 2 cm voxels), and inside a closed mesh at depth δ the
// grid's depth is at most δ − voxel + GridErrorBound < δ: the mesh's depth is always the larger,
// so the scene's depth there is the mesh's, exactly. The floor's row is one voxel only, so that
// what only the grid holds loses no more than its bottom voxel (2 cm): a grid whose floor layer
// is thicker would read the rest as depth under every foot. Taking the larger of the two everywhere
// instead would add up to a voxel of false penetration wherever a body touches a mesh; taking the
// mesh alone would lose whatever only the grid knows. Below the grid's box is the floor's, not the
// grid's, even when the grid counts outside points occupied.

// GridSolid stands for the scene's occupancy grid in Depth's and Probe's results.
const GridSolid Solid = -2

// Names SolidPart gives GridSolid.
const (
	GridObject = "room"
	GridPart   = "occupancy grid"
)

// gridSlack absorbs the rounding of the grid's float32 corner values (metres).
const gridSlack = 1e-6

// gridOwnReach returns how near (metres) a closed mesh's surface or the floor a voxel's centre
// may lie for the voxel to be theirs rather than the grid's: a voxel plus half its diagonal.
func gridOwnReach(voxel float64) float64 { return voxel * (1 + math.Sqrt(3)/2) }

// NewDepthField prepares a scene for penetration queries: its meshes and floor, and its
// occupancy grid when it has one (see GridSolid for how the two share the room).
func NewDepthField(s *scene.Scene) *DepthField {
	e := NewExact(s)
	f := e.DepthField()
	if s.Grid != nil {
		f.grid = newGridSDF(s.Grid, gridOwned(s.Grid, e), true)
	}
	return f
}

// Grid returns the field's occupancy grid distance, nil when the scene has none.
func (f *DepthField) Grid() *GridSDF { return f.grid }

// gridOwned returns, per voxel of g, whether a closed mesh solid of e or the floor owns it (see
// GridSolid): whether its centre lies within gridOwnReach of a closed mesh's surface, or within a
// voxel of the floor (y = 0) or below it. Only occupied voxels are tested, each solid's within its
// box grown by the reach, with a search that stops at it.
func gridOwned(g *scene.Grid, e *Exact) []bool {
	if !gridOK(g) {
		return nil
	}
	h := gridOwnReach(g.Voxel)
	owned := make([]bool, len(g.Occupied))
	for j := 0; j < g.Dims[1] && e.floor && voxelCenter(g, 0, j, 0).Y() < g.Voxel; j++ {
		for i := 0; i < g.Dims[0]; i++ {
			for k := 0; k < g.Dims[2]; k++ {
				owned[g.Index(i, j, k)] = true
			}
		}
	}
	for si := range e.solids {
		if s := &e.solids[si]; s.closed {
			ownNear(g, s, h, owned)
		}
	}
	return owned
}

// ownNear marks in owned the occupied voxels of g whose centres lie within h of solid s's surface.
func ownNear(g *scene.Grid, s *shape, h float64, owned []bool) {
	var lo, hi [3]int
	for a := 0; a < 3; a++ {
		lo[a] = max(int(math.Ceil((s.box.Lo[a]-h-g.Lo[a])/g.Voxel-0.5)), 0)
		hi[a] = min(int(math.Floor((s.box.Hi[a]+h-g.Lo[a])/g.Voxel-0.5)), g.Dims[a]-1)
	}
	v := solidView{nodes: s.bvh.nodes, tris: s.bvh.tris, closed: s.closed}
	for i := lo[0]; i <= hi[0]; i++ {
		for j := lo[1]; j <= hi[1]; j++ {
			for k := lo[2]; k <= hi[2]; k++ {
				idx := g.Index(i, j, k)
				if !g.Occupied[idx] || owned[idx] {
					continue
				}
				// Treated as outside, the search returns the unsigned distance when below h.
				if d, _, _ := v.distance(voxelCenter(g, i, j, k), h, true); d <= h {
					owned[idx] = true
				}
			}
		}
	}
}

// voxelCenter returns the centre of voxel (i, j, k) of g.
func voxelCenter(g *scene.Grid, i, j, k int) mgl64.Vec3 {
	return g.Lo.Add(mgl64.Vec3{float64(i) + 0.5, float64(j) + 0.5, float64(k) + 0.5}.Mul(g.Voxel))
}

// gridDepth returns how deep p is inside the field's grid (0 without one).
func (f *DepthField) gridDepth(p mgl64.Vec3) float64 {
	if f.grid == nil {
		return 0
	}
	return max(0, -f.grid.Distance(p))
}

// nearCapsule reports whether the capsule (segment ab swept by r) may enter the grid's solid by
// more than tol. It samples the distance along the axis as capsuleAxis does: with e the error
// bound, a sample a's value v gives D(a) ≥ v − e, every point q of the capsule lies within R of a
// sample, D changes by at most the distance moved, and Distance(q) ≥ D(q) − e; so Distance ≥
// v − 2e − R over the capsule. A capsule reaching out of the box where outside is occupied may
// enter.
func (g *GridSDF) nearCapsule(a, b mgl64.Vec3, r, tol float64) bool {
	if g.leavesIntoOccupied(a, b, r) {
		return true
	}
	ab := b.Sub(a)
	m := min(max(int(math.Ceil(ab.Len()/max(r, 1e-3)))+1, 2), maxAxisSamples)
	delta := ab.Len() / float64(m-1)
	reach := math.Sqrt(r*r+delta*delta/4) + capsuleReach
	e := g.GridErrorBound() + gridSlack
	for i := 0; i < m; i++ {
		if g.lowerBound(a.Add(ab.Mul(float64(i)/float64(m-1))))-e-reach < -tol {
			return true
		}
	}
	return false
}

// leavesIntoOccupied reports whether the capsule's box reaches out of the grid's box into a
// region outside it that counts as occupied.
func (g *GridSDF) leavesIntoOccupied(a, b mgl64.Vec3, r float64) bool {
	if !g.outside {
		return false
	}
	for k := 0; k < 3; k++ {
		below := min(a[k], b[k])-r < g.box.Lo[k] && !(k == 1 && g.belowFree)
		if below || max(a[k], b[k])+r > g.box.Hi[k] {
			return true
		}
	}
	return false
}

// lowerBound returns a value no more than GridErrorBound above the true signed distance at p:
// Distance in the box, and outside it (where it is free) the distance to the region that holds
// every occupied point.
func (g *GridSDF) lowerBound(p mgl64.Vec3) float64 {
	c := g.clamp(p)
	if c == p {
		return g.Distance(p)
	}
	if g.outsideAt(p) {
		return math.Inf(-1)
	}
	if g.outside { // below the box, belowFree: everything occupied is at or above its bottom
		return g.box.Lo[1] - p[1]
	}
	return p.Sub(c).Len()
}
