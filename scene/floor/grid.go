package floor

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// How the walkable floor reads a scene's occupancy grid (scene.Grid), beside its meshes: a column
// of voxels blocks walking where one of its occupied voxels reaches into the obstructing band
// (Options' BandLow to BandHigh, 5 cm to 1.9 m by default: the same band as the meshes', so a
// 2 cm floor layer, a rug or a threshold in the grid blocks nothing, and a table top does). The
// blocked columns are obstacles like the meshes' triangles: each run of them along z becomes one
// rectangle on the floor, measured with the same exact point–polygon distances. Where the grid
// counts points outside its box as occupied (TRUMANS' does), everything beyond its box blocks too.
//
// Grid and meshes are not weighed against each other here: a cell is blocked when either blocks
// it. Walking is where a false obstacle costs least (a detour of a few centimetres: a voxel's
// quantisation is 2 cm beside a 35 cm clearance) and a missed one most (a path through a wall only
// the grid knows), so the floor takes the union; penetration, which must not count a voxel's
// quantisation as depth, lets closed meshes win (see package distance).

// eachGridPoly calls fn with the floor footprint of the grid's obstacles within the band: a
// rectangle per run of blocked columns along z, and, when outside the box counts as occupied,
// four rectangles covering everything around the box within reach of the floor's extent.
func (f *Floor) eachGridPoly(g *scene.Grid, fn func(poly)) {
	if !gridUsable(g) {
		return
	}
	j0, j1 := f.bandRows(g)
	for i := 0; i < g.Dims[0]; i++ {
		x0 := g.Lo.X() + float64(i)*g.Voxel
		for k := 0; k < g.Dims[2]; {
			if !columnBlocked(g, i, k, j0, j1) {
				k++
				continue
			}
			k0 := k
			for k < g.Dims[2] && columnBlocked(g, i, k, j0, j1) {
				k++
			}
			z0 := g.Lo.Z() + float64(k0)*g.Voxel
			fn(rectPoly(x0, z0, x0+g.Voxel, g.Lo.Z()+float64(k)*g.Voxel))
		}
	}
	if g.OutsideOccupied {
		f.outsidePolys(g, fn)
	}
}

// gridUsable reports whether g is a grid whose fields agree (nil is not).
func gridUsable(g *scene.Grid) bool {
	if g == nil || !(g.Voxel > 0) || !geom.Finite(g.Voxel) || !geom.FiniteVec(g.Lo) {
		return false
	}
	n := 1
	for _, d := range g.Dims {
		if d <= 0 {
			return false
		}
		n *= d
	}
	return n == len(g.Occupied)
}

// bandRows returns the first and last row (y index) of g whose voxels reach into the band: a
// voxel from y to y + Voxel does when y + Voxel > BandLow and y < BandHigh.
func (f *Floor) bandRows(g *scene.Grid) (int, int) {
	j0, j1 := g.Dims[1], -1
	for j := 0; j < g.Dims[1]; j++ {
		y := g.Lo.Y() + float64(j)*g.Voxel
		if y+g.Voxel > f.opt.BandLow && y < f.opt.BandHigh {
			j0, j1 = min(j0, j), j
		}
	}
	return j0, j1
}

// columnBlocked reports whether column (i, k) of g has an occupied voxel in rows j0 to j1.
func columnBlocked(g *scene.Grid, i, k, j0, j1 int) bool {
	for j := j0; j <= j1; j++ {
		if g.Occupied[g.Index(i, j, k)] {
			return true
		}
	}
	return false
}

// outsidePolys calls fn with four rectangles that cover the floor's extent, and a cell beyond it,
// outside the grid's box.
func (f *Floor) outsidePolys(g *scene.Grid, fn func(poly)) {
	lo, hi := g.Lo, g.Hi()
	ext := f.Extent()
	m := f.opt.Cell + f.opt.Clearance
	ex0, ez0 := min(ext.Lo.X(), lo.X())-m, min(ext.Lo.Z(), lo.Z())-m
	ex1, ez1 := max(ext.Hi.X(), hi.X())+m, max(ext.Hi.Z(), hi.Z())+m
	fn(rectPoly(ex0, ez0, lo.X(), ez1))
	fn(rectPoly(hi.X(), ez0, ex1, ez1))
	fn(rectPoly(lo.X(), ez0, hi.X(), lo.Z()))
	fn(rectPoly(lo.X(), hi.Z(), hi.X(), ez1))
}

// rectPoly returns the rectangle x0–x1 × z0–z1 on the floor as a polygon, counter-clockwise.
func rectPoly(x0, z0, x1, z1 float64) poly {
	p := poly{n: 4}
	p.v[0], p.v[1], p.v[2], p.v[3] = mgl64.Vec2{x0, z0}, mgl64.Vec2{x1, z0}, mgl64.Vec2{x1, z1}, mgl64.Vec2{x0, z1}
	p.sign = p.orientation()
	p.lo, p.hi = p.bounds()
	return p
}
