package floor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// NearestFree returns the centre of the free cell nearest p (y ignored; the result has y = 0),
// and false when p is outside the grid or not finite, or no cell is free. For a p in a free cell
// that is its own cell's centre. It is how a start or stand point just inside the clearance of
// something (a cell whose centre is a little too near) finds where a body can stand.
func (f *Floor) NearestFree(p mgl64.Vec3) (mgl64.Vec3, bool) {
	return f.nearestFree(p, math.Inf(1))
}

// nearestFree is NearestFree for cells whose centre lies within limit of p.
func (f *Floor) nearestFree(p mgl64.Vec3, limit float64) (mgl64.Vec3, bool) {
	i, j, ok := f.cellIJ(p)
	if !ok {
		return mgl64.Vec3{}, false
	}
	q, best, bestD2 := xz(p), -1, math.Inf(1)
	for r := 0; r <= max(f.nx, f.nz); r++ {
		// Every centre of ring r lies at least r−½ cells from p along one axis.
		if lb := (float64(r) - 0.5) * f.opt.Cell; r > 0 && (lb > limit || lb*lb >= bestD2) {
			break
		}
		best, bestD2 = f.ringNearest(i, j, r, q, best, bestD2)
	}
	if best < 0 || bestD2 > limit*limit {
		return mgl64.Vec3{}, false
	}
	return fromXZ(f.center(best)), true
}

// ringNearest returns the free cell nearest q among best and the cells at ring r around (i, j)
// (those r steps away along x or z, whichever is more), and its squared distance.
func (f *Floor) ringNearest(i, j, r int, q mgl64.Vec2, best int, bestD2 float64) (int, float64) {
	try := func(a, b int) {
		if !f.freeIJ(a, b) {
			return
		}
		if d2 := f.center(b*f.nx + a).Sub(q).LenSqr(); d2 < bestD2 {
			best, bestD2 = b*f.nx+a, d2
		}
	}
	if r == 0 {
		try(i, j)
		return best, bestD2
	}
	for a := max(i-r, 0); a <= min(i+r, f.nx-1); a++ {
		try(a, j-r)
		try(a, j+r)
	}
	for b := max(j-r+1, 0); b <= min(j+r-1, f.nz-1); b++ {
		try(i-r, b)
		try(i+r, b)
	}
	return best, bestD2
}
