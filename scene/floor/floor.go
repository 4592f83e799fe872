package floor

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Floor is the walkable floor of a scene: a grid of square cells over the floor plane (x, z) that
// says, for each cell, how far its centre is from the nearest obstacle. A cell is free when that
// distance is at least the clearance, so a body standing at a free cell's centre touches nothing.
//
// The grid is exact at cell centres: each obstacle triangle is clipped to the obstructing band,
// projected on the floor and measured with exact point–polygon distances, over every cell within
// the clearance of it. Between centres it is not: a point of a free cell may lie up to half a
// cell's diagonal (3.5 cm at 5 cm cells) nearer an obstacle than the clearance. Every query treats
// a point as being in the cell that contains it, and paths stay in free cells along their whole
// length, so a walk along a path keeps at least Clearance − Cell·√2/2 from every obstacle; ask
// for that much more clearance where the full distance matters.
//
// A Floor is never changed after New, so any number of goroutines may query it at once.
type Floor struct {
	opt    Options // defaults filled in
	x0, z0 float64 // the low corner of cell (0, 0)
	nx, nz int
	dist   []float64    // per cell: distance from its centre to the nearest obstacle; +Inf when none
	near   []mgl64.Vec2 // per cell: that nearest obstacle point (x, z)
	region []int32      // per cell: its set of connected free cells, or -1 when blocked

	searches sync.Pool // *searchState, reused by Path
}

// New builds the walkable floor of s. Obstacles are the triangles of every part of every
// object that is not a floor (walls included) within the height band, the columns of the scene's
// occupancy grid with an occupied voxel in the band (and, when the grid says so, everything
// outside its box; see eachGridPoly), and the inside of closed parts that span the whole band (a wardrobe whose top is above the band is solid, not a ring of
// walls). It fails on a nil scene, bad options, a mesh with an index out of range, or a grid of
// more than MaxCells cells.
func New(s *scene.Scene, opt Options) (*Floor, error) {
	if s == nil {
		return nil, errors.New("scene: floor: no scene (nil), want one")
	}
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := checkMeshes(s); err != nil {
		return nil, err
	}
	f, err := newGrid(extentOf(s, opt), opt)
	if err != nil {
		return nil, err
	}
	f.rasterise(s)
	f.fillSolids(s)
	f.propagate()
	f.labelRegions()
	return f, nil
}

// checkMeshes reports the first triangle whose vertex index is out of range, so that
// building never indexes past a mesh's vertices.
func checkMeshes(s *scene.Scene) error {
	for _, o := range s.Objects {
		if o == nil {
			continue
		}
		for _, p := range o.Parts {
			if err := checkMesh(p.Mesh); err != nil {
				return fmt.Errorf("scene: floor: object %s part %s: %w", o.ID, p.Name, err)
			}
		}
	}
	return nil
}

// checkMesh reports an index out of range in m (nil is an empty mesh).
func checkMesh(m *scene.Mesh) error {
	if m == nil {
		return nil
	}
	n := int32(len(m.Vertices))
	for i, t := range m.Triangles {
		for _, k := range t {
			if k < 0 || k >= n {
				return fmt.Errorf("triangle %d has vertex index %d, want 0 to %d", i, k, n-1)
			}
		}
	}
	return nil
}

// extentOf returns the area the grid covers: the options' Extent, or the box around the
// scene's obstacles, its occupancy grid's box, stand points and start, grown by the margin (a stand point may lie beyond
// every obstacle: UniHSI's reach targets). Non-finite points do not count.
func extentOf(s *scene.Scene, opt Options) geom.Box {
	if opt.Extent != (geom.Box{}) {
		return opt.Extent
	}
	b := geom.EmptyBox()
	if geom.FiniteVec(s.Start.Root) {
		b = b.AddPoint(s.Start.Root)
	}
	for _, o := range s.Objects {
		if o == nil || o.IsFloor() {
			continue
		}
		for _, p := range o.Parts {
			b = b.Union(finiteBounds(p.Mesh))
		}
		for _, sp := range o.StandPoints {
			if geom.FiniteVec(sp) {
				b = b.AddPoint(sp)
			}
		}
	}
	if g := s.Grid; gridUsable(g) {
		b = b.Union(geom.Box{Lo: g.Lo, Hi: g.Hi()})
	}
	if b.Empty() {
		b = geom.BoxAround(mgl64.Vec3{})
	}
	return b.Expand(opt.Margin)
}

// finiteBounds returns the box around m's finite vertices (nil is an empty mesh).
func finiteBounds(m *scene.Mesh) geom.Box {
	b := geom.EmptyBox()
	for _, v := range meshVertices(m) {
		if geom.FiniteVec(v) {
			b = b.AddPoint(v)
		}
	}
	return b
}

// meshVertices returns m's vertices, none for a nil mesh.
func meshVertices(m *scene.Mesh) []mgl64.Vec3 {
	if m == nil {
		return nil
	}
	return m.Vertices
}

// newGrid makes an empty grid (no obstacles: every distance +Inf) over the extent.
func newGrid(ext geom.Box, opt Options) (*Floor, error) {
	w, d := ext.Hi.X()-ext.Lo.X(), ext.Hi.Z()-ext.Lo.Z()
	if !geom.Finite(w) || !geom.Finite(d) || !geom.FiniteVec(ext.Lo) || w <= 0 || d <= 0 {
		return nil, fmt.Errorf("scene: floor: extent x %g to %g, z %g to %g, want a finite area", ext.Lo.X(), ext.Hi.X(), ext.Lo.Z(), ext.Hi.Z())
	}
	cx, cz := math.Ceil(w/opt.Cell), math.Ceil(d/opt.Cell)
	if cx*cz > MaxCells {
		return nil, fmt.Errorf("scene: floor: %.0f × %.0f m at %g m cells is %.0f cells, want at most %d: use larger cells or a smaller extent", w, d, opt.Cell, cx*cz, MaxCells)
	}
	f := &Floor{opt: opt, x0: ext.Lo.X(), z0: ext.Lo.Z(), nx: int(cx), nz: int(cz)}
	n := f.nx * f.nz
	f.dist, f.near = make([]float64, n), make([]mgl64.Vec2, n)
	for i := range f.dist {
		f.dist[i] = math.Inf(1)
	}
	return f, nil
}

// Options returns the options the floor was built with, defaults filled in.
func (f *Floor) Options() Options { return f.opt }

// Dims returns the number of cells along x and along z.
func (f *Floor) Dims() (nx, nz int) { return f.nx, f.nz }

// Extent returns the floor area the grid covers (y from 0 to 0).
func (f *Floor) Extent() geom.Box {
	lo := mgl64.Vec3{f.x0, 0, f.z0}
	return geom.Box{Lo: lo, Hi: lo.Add(mgl64.Vec3{float64(f.nx) * f.opt.Cell, 0, float64(f.nz) * f.opt.Cell})}
}

// CellCenter returns the centre of cell (i, j) on the floor (y = 0); i counts along x, j along
// z. It does not check the range, so a caller may ask for centres beyond the grid.
func (f *Floor) CellCenter(i, j int) mgl64.Vec3 {
	return mgl64.Vec3{f.x0 + (float64(i)+0.5)*f.opt.Cell, 0, f.z0 + (float64(j)+0.5)*f.opt.Cell}
}

// Free reports whether p (y ignored) lies in a free cell: one whose centre is at least the
// clearance from every obstacle. Points outside the grid and non-finite points are not free.
func (f *Floor) Free(p mgl64.Vec3) bool {
	c, ok := f.cellOf(p)
	return ok && f.freeCell(c)
}

// Clearance returns the horizontal distance from p (y ignored) to the nearest obstacle, capped
// at MaxClearance: 0 inside an obstacle, outside the grid and for non-finite points. It is the
// distance to the obstacle point nearest the centre of p's cell, found at build time, so it is
// never less than the true distance and at most about a cell's diagonal more.
func (f *Floor) Clearance(p mgl64.Vec3) float64 {
	c, ok := f.cellOf(p)
	if !ok || f.dist[c] == 0 {
		return 0
	}
	if math.IsInf(f.dist[c], 1) {
		return f.opt.MaxClearance
	}
	return min(f.opt.MaxClearance, xz(p).Sub(f.near[c]).Len())
}

// cellOf returns the index of the cell containing p, and false when p is outside the grid or
// not finite. A point on a boundary between cells belongs to the cell above it in x and z.
func (f *Floor) cellOf(p mgl64.Vec3) (int, bool) {
	i, j, ok := f.cellIJ(p)
	return j*f.nx + i, ok
}

// cellIJ returns the column and row of the cell containing p.
func (f *Floor) cellIJ(p mgl64.Vec3) (int, int, bool) {
	u, v := (p.X()-f.x0)/f.opt.Cell, (p.Z()-f.z0)/f.opt.Cell
	if !(u >= 0 && v >= 0 && u < float64(f.nx) && v < float64(f.nz)) {
		return 0, 0, false // also NaN
	}
	return int(u), int(v), true
}

// freeCell reports whether cell c keeps the clearance at its centre.
func (f *Floor) freeCell(c int) bool { return f.dist[c] >= f.opt.Clearance }

// freeIJ reports whether cell (i, j) is inside the grid and free.
func (f *Floor) freeIJ(i, j int) bool {
	return i >= 0 && j >= 0 && i < f.nx && j < f.nz && f.freeCell(j*f.nx+i)
}

// center returns the centre of cell c as a 2D floor point (x, z).
func (f *Floor) center(c int) mgl64.Vec2 {
	return mgl64.Vec2{f.x0 + (float64(c%f.nx)+0.5)*f.opt.Cell, f.z0 + (float64(c/f.nx)+0.5)*f.opt.Cell}
}

// xz returns p's floor coordinates (x, z).
func xz(p mgl64.Vec3) mgl64.Vec2 { return mgl64.Vec2{p.X(), p.Z()} }

// fromXZ returns the floor point (y = 0) at 2D coordinates q = (x, z).
func fromXZ(q mgl64.Vec2) mgl64.Vec3 { return mgl64.Vec3{q.X(), 0, q.Y()} }
