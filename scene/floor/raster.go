package floor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// rasterise measures, for every cell within reach of an obstacle, the distance from its centre to
// the nearest obstacle point. The reach is the clearance, so every cell whose centre is nearer
// an obstacle than the clearance gets its exact distance (that alone decides which cells are
// free), but at least a cell, so that every obstacle on the grid, however thin, leaves its mark
// on some cell for the distance transform to spread. Each triangle visits only the cells within
// reach of its own box on the floor: building is linear in the triangles.
//
// It goes over the triangles twice. The first time it marks only the cells whose centres they
// cover; the second time it skips every triangle buried in covered cells (see buried), which
// in a dense mesh is many of them: the small triangles in the middle of a smooth sofa's top
// cost a few dozen cells each instead of a few hundred (a quarter off building a room of
// 300,000 triangles).
//
// The scene's occupancy grid, when it has one, adds its blocked columns (see eachGridPoly).
func (f *Floor) rasterise(s *scene.Scene) {
	f.eachObstacle(s, func(p poly) { f.rasterisePoly(&p, 0) })
	reach := max(f.opt.Clearance, f.opt.Cell)
	f.eachObstacle(s, func(p poly) {
		if !f.buried(&p) {
			f.rasterisePoly(&p, reach)
		}
	})
}

// eachObstacle calls fn with every obstacle polygon: the meshes' (eachPoly) and the grid's
// (eachGridPoly).
func (f *Floor) eachObstacle(s *scene.Scene, fn func(poly)) {
	f.eachPoly(s, fn)
	f.eachGridPoly(s.Grid, fn)
}

// eachPoly calls fn with the part within the band of every triangle of every object that is not
// a floor.
func (f *Floor) eachPoly(s *scene.Scene, fn func(poly)) {
	for _, o := range s.Objects {
		if o == nil || o.IsFloor() {
			continue
		}
		for _, part := range o.Parts {
			m := part.Mesh
			for i := range meshTriangles(m) {
				a, b, c := m.Triangle(i)
				if poly, ok := clipToBand(a, b, c, f.opt.BandLow, f.opt.BandHigh); ok {
					fn(poly)
				}
			}
		}
	}
}

// meshTriangles returns m's triangles, none for a nil mesh.
func meshTriangles(m *scene.Mesh) [][3]int32 {
	if m == nil {
		return nil
	}
	return m.Triangles
}

// buried reports whether every cell centre within two cells of the polygon's box lies inside an
// obstacle. Then the polygon is nobody's nearest obstacle: were it nearest to some free centre c,
// the disc around c through that nearest point would hold no obstacle, and so would the disc of
// radius 1¼ cells inside it next to the polygon; a disc that wide holds a cell centre, within two
// cells of the polygon and free, which contradicts the premise. Skipping it changes no distance.
func (f *Floor) buried(p *poly) bool {
	m := 2 * f.opt.Cell
	i0, i1 := f.span(p.lo[0]-m, p.hi[0]+m, f.x0, f.nx)
	j0, j1 := f.span(p.lo[1]-m, p.hi[1]+m, f.z0, f.nz)
	if i0 == 0 || j0 == 0 || i1 == f.nx-1 || j1 == f.nz-1 {
		return false // the disc's centre might lie off the grid, where nothing is known
	}
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			if f.dist[j*f.nx+i] != 0 {
				return false
			}
		}
	}
	return true
}

// rasterisePoly lowers the distance of every cell within reach of the polygon that is nearer
// it than to what was measured before. Each row visits only the cells whose centres are within
// reach of the polygon's box, and a cell is skipped when the box alone is already farther than
// the cell's distance so far (inside another polygon, 0).
func (f *Floor) rasterisePoly(p *poly, reach float64) {
	lo, hi := p.lo, p.hi
	j0, j1 := f.span(lo[1]-reach, hi[1]+reach, f.z0, f.nz)
	for j := j0; j <= j1; j++ {
		cz := f.z0 + (float64(j)+0.5)*f.opt.Cell
		dz := max(0, lo[1]-cz, cz-hi[1])
		w := math.Sqrt(max(0, reach*reach-dz*dz))
		i0, i1 := f.span(lo[0]-w, hi[0]+w, f.x0, f.nx)
		for i := i0; i <= i1; i++ {
			cx := f.x0 + (float64(i)+0.5)*f.opt.Cell
			dx := max(0, lo[0]-cx, cx-hi[0])
			if c := j*f.nx + i; dx*dx+dz*dz < f.dist[c]*f.dist[c] {
				if q, d := p.closest(mgl64.Vec2{cx, cz}); d < f.dist[c] {
					f.dist[c], f.near[c] = d, q
				}
			}
		}
	}
}

// span returns the first and last index of the cells, along one axis with origin o and n cells,
// whose centres lie in [a, b]; first > last when there are none.
func (f *Floor) span(a, b, o float64, n int) (int, int) {
	lo := math.Ceil((a-o)/f.opt.Cell - 0.5)
	hi := math.Floor((b-o)/f.opt.Cell - 0.5)
	lo, hi = max(lo, 0), min(hi, float64(n-1))
	if !(lo <= hi) {
		return 1, 0
	}
	return int(lo), int(hi)
}
