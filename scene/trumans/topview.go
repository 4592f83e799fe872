package trumans

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// topView returns what is seen of a mesh from above, on cells of side cell: for each cell whose
// centre the mesh covers and whose highest triangle there faces up, that triangle's height at the
// centre. Cells topped by a triangle that does not face up are left out.
func topView(m *scene.Mesh) map[[2]int]float64 {
	top := map[[2]int]float64{}
	up := map[[2]int]bool{}
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		n := b.Sub(a).Cross(c.Sub(a))
		if n.Y() == 0 {
			continue // vertical: seen edge-on
		}
		facesUp := n.Y()/n.Len() >= flatNormal
		coverCells(a, b, c, func(k [2]int, y float64) {
			if old, ok := top[k]; !ok || y > old {
				top[k], up[k] = y, facesUp
			}
		})
	}
	for k := range top {
		if !up[k] {
			delete(top, k)
		}
	}
	return top
}

// coverCells calls f with every cell whose centre lies under triangle abc and the triangle's
// height there.
func coverCells(a, b, c mgl64.Vec3, f func([2]int, float64)) {
	i0, i1 := cellRange(min(a.X(), b.X(), c.X()), max(a.X(), b.X(), c.X()))
	k0, k1 := cellRange(min(a.Z(), b.Z(), c.Z()), max(a.Z(), b.Z(), c.Z()))
	for i := i0; i <= i1; i++ {
		for k := k0; k <= k1; k++ {
			if y, ok := heightAt(a, b, c, (float64(i)+0.5)*cell, (float64(k)+0.5)*cell); ok {
				f([2]int{i, k}, y)
			}
		}
	}
}

// cellRange returns the cells whose centres may lie in [lo, hi].
func cellRange(lo, hi float64) (int, int) {
	return int(math.Floor(lo/cell - 0.5)), int(math.Ceil(hi/cell - 0.5))
}

// heightAt returns the height of triangle abc above (x, z), and whether (x, z) lies under it.
func heightAt(a, b, c mgl64.Vec3, x, z float64) (float64, bool) {
	d := (b.Z()-c.Z())*(a.X()-c.X()) + (c.X()-b.X())*(a.Z()-c.Z())
	if d == 0 {
		return 0, false
	}
	u := ((b.Z()-c.Z())*(x-c.X()) + (c.X()-b.X())*(z-c.Z())) / d
	v := ((c.Z()-a.Z())*(x-c.X()) + (a.X()-c.X())*(z-c.Z())) / d
	if u < 0 || v < 0 || u+v > 1 {
		return 0, false
	}
	return u*a.Y() + v*b.Y() + (1-u-v)*c.Y(), true
}
