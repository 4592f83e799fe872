package trumanstest

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/trumans"
)

// Voxelize returns TRUMANS' grid ((300, 100, 400) voxels of 2 cm from (−3, 0, −4)) with a voxel
// occupied when its centre lies inside a closed part of one of the objects: along each column's
// vertical line through the voxel centres, the crossings of a part's triangles, sorted, bound
// its inside in pairs.
func Voxelize(objects []*scene.Object) *scene.Grid {
	d := trumans.GridDims
	g := &scene.Grid{Lo: trumans.GridLo, Voxel: trumans.GridVoxel, Dims: d, Occupied: make([]bool, d[0]*d[1]*d[2]), OutsideOccupied: true}
	for _, o := range objects {
		for _, p := range o.Parts {
			fillPart(g, p.Mesh)
		}
	}
	return g
}

// fillPart marks the voxels whose centres lie inside the closed mesh m.
func fillPart(g *scene.Grid, m *scene.Mesh) {
	cross := map[int][]float64{}
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		crossings(g, a, b, c, cross)
	}
	for col, ys := range cross {
		sort.Float64s(ys)
		for n := 0; n+1 < len(ys); n += 2 {
			fillColumn(g, col/g.Dims[2], col%g.Dims[2], ys[n], ys[n+1])
		}
	}
}

// crossings adds, for each column whose vertical line meets triangle abc, the height it meets it.
func crossings(g *scene.Grid, a, b, c mgl64.Vec3, cross map[int][]float64) {
	lo, hi := columnRange(g, min(a.X(), b.X(), c.X()), max(a.X(), b.X(), c.X()), 0)
	klo, khi := columnRange(g, min(a.Z(), b.Z(), c.Z()), max(a.Z(), b.Z(), c.Z()), 2)
	for i := lo; i <= hi; i++ {
		for k := klo; k <= khi; k++ {
			x, z := centre(g, i, 0)+1e-7, centre(g, k, 2)+1.3e-7 // off the grid's round numbers
			if y, ok := verticalHit(a, b, c, x, z); ok {
				cross[i*g.Dims[2]+k] = append(cross[i*g.Dims[2]+k], y)
			}
		}
	}
}

// columnRange returns the voxel indices along axis whose centres may lie in [lo, hi].
func columnRange(g *scene.Grid, lo, hi float64, axis int) (int, int) {
	a := int(math.Floor((lo-g.Lo[axis])/g.Voxel - 0.5))
	b := int(math.Ceil((hi-g.Lo[axis])/g.Voxel - 0.5))
	return max(a, 0), min(b, g.Dims[axis]-1)
}

// centre returns the coordinate of voxel i's centre along axis.
func centre(g *scene.Grid, i, axis int) float64 { return g.Lo[axis] + (float64(i)+0.5)*g.Voxel }

// verticalHit returns the height at which the vertical line through (x, z) meets triangle abc.
func verticalHit(a, b, c mgl64.Vec3, x, z float64) (float64, bool) {
	d := (b.Z()-c.Z())*(a.X()-c.X()) + (c.X()-b.X())*(a.Z()-c.Z())
	if d == 0 {
		return 0, false
	}
	u := ((b.Z()-c.Z())*(x-c.X()) + (c.X()-b.X())*(z-c.Z())) / d
	v := ((c.Z()-a.Z())*(x-c.X()) + (a.X()-c.X())*(z-c.Z())) / d
	w := 1 - u - v
	if u < 0 || v < 0 || w < 0 {
		return 0, false
	}
	return u*a.Y() + v*b.Y() + w*c.Y(), true
}

// fillColumn marks voxels (i, j, k) whose centre height lies in [y0, y1].
func fillColumn(g *scene.Grid, i, k int, y0, y1 float64) {
	for j := 0; j < g.Dims[1]; j++ {
		if y := centre(g, j, 1); y >= y0 && y <= y1 {
			g.Occupied[g.Index(i, j, k)] = true
		}
	}
}
