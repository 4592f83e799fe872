package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// GridSDF is the signed distance to an occupancy grid's solid: the union of its occupied voxels
// (closed cubes), together with everything outside the grid's box when the grid says points there
// are occupied. It is exact at the voxels' corners and trilinearly interpolated between them:
//
//   - At a corner, the voxelised solid's surface is made of voxel faces, whose nearest point to
//     a corner is itself a corner, so the distance from a corner none of whose eight voxels is
//     occupied to the solid is its distance to the nearest corner with an occupied voxel and a
//     free one (a surface corner); likewise inside. One exact Euclidean distance transform over the
//     corner lattice (Felzenszwalb and Huttenlocher's separable lower envelope of parabolas, one
//     axis after another) gives both.
//   - Between corners, Distance interpolates the eight corners of the point's cell. The true signed
//     distance D changes by at most the distance moved, so the interpolant is within
//     Σ wᵢ·|cᵢ − p| ≤ √3/2 voxels of D (half a voxel's diagonal: 1.73 cm for TRUMANS' 2 cm
//     voxels), attained at a cell's centre and nowhere beyond it: GridErrorBound.
//   - Outside the box, Distance is the value at the nearest point c of the box plus the distance
//     a to it where outside is free (never below D − GridErrorBound there, and ≥ 0), minus it where
//     outside is occupied (a depth of a plus the depth at c: never less deep than the truth by more
//     than the bound).
//
// A GridSDF is immutable and safe for concurrent use. It holds one float32 per corner: 49 MB for
// TRUMANS' 300 × 100 × 400 voxels.
type GridSDF struct {
	lo    mgl64.Vec3
	voxel float64
	n     [3]int    // corners along each axis: the voxel counts plus one
	d     []float32 // signed distance at each corner, metres, x slowest, z fastest
	// outside says whether points outside the box count as occupied; belowFree makes the points
	// below the box free whatever outside says (a DepthField's floor measures those).
	outside, belowFree bool
	box                geom.Box
}

// GridErrorBound returns how far (metres) Distance may be from the true signed distance to the
// voxelised solid at points inside the grid's box: half a voxel's diagonal.
func (g *GridSDF) GridErrorBound() float64 { return g.voxel * math.Sqrt(3) / 2 }

// NewGridSDF returns the signed distance of an occupancy grid. It returns nil for a nil grid or
// one whose Occupied does not hold Dims[0]·Dims[1]·Dims[2] voxels or whose voxel is not positive.
func NewGridSDF(g *scene.Grid) *GridSDF { return newGridSDF(g, nil, false) }

// gridOK reports whether g is a grid whose fields agree.
func gridOK(g *scene.Grid) bool {
	if g == nil || !(g.Voxel > 0) || !geom.FiniteVec(g.Lo) || math.IsInf(g.Voxel, 1) {
		return false
	}
	n := 1
	for _, k := range g.Dims {
		if k <= 0 {
			return false
		}
		n *= k
	}
	return n == len(g.Occupied)
}

// newGridSDF builds the signed distance of g with the voxels for which cleared is true counted
// free (nil: none); belowFree counts everything below the box free.
func newGridSDF(g *scene.Grid, cleared []bool, belowFree bool) *GridSDF {
	if !gridOK(g) {
		return nil
	}
	s := &GridSDF{lo: g.Lo, voxel: g.Voxel, outside: g.OutsideOccupied, belowFree: belowFree,
		box: geom.Box{Lo: g.Lo, Hi: g.Hi()}}
	s.n = [3]int{g.Dims[0] + 1, g.Dims[1] + 1, g.Dims[2] + 1}
	class := s.cornerClasses(g, cleared)
	d2 := make([]float32, len(class))
	for i, c := range class {
		d2[i] = float32(math.Inf(1))
		if c == cornerSurface {
			d2[i] = 0
		}
	}
	for axis := 0; axis < 3; axis++ {
		s.transform(d2, axis)
	}
	s.d = d2
	s.sign(class)
	return s
}

// The classes of a lattice corner by its eight voxels: bit cornerOcc when one is occupied,
// cornerFree when one is free; a surface corner has both.
const (
	cornerOcc     uint8 = 1
	cornerFree    uint8 = 2
	cornerSurface       = cornerOcc | cornerFree
)

// outsideVoxel returns the class bit of a voxel outside the box whose y index is j.
func (s *GridSDF) outsideVoxel(j int) uint8 {
	if s.outside && !(s.belowFree && j < 0) {
		return cornerOcc
	}
	return cornerFree
}

// cornerClasses returns each corner's class: the OR of its eight voxels' bits, found one axis at
// a time (a corner's voxels along an axis are the voxel before it and the one after). The y pass
// comes last, so that only it meets voxels below or above the box, the only outside voxels whose
// class may differ from the others'.
func (s *GridSDF) cornerClasses(g *scene.Grid, cleared []bool) []uint8 {
	d := g.Dims
	vox := make([]uint8, len(g.Occupied))
	for i, o := range g.Occupied {
		vox[i] = cornerFree
		if o && (cleared == nil || !cleared[i]) {
			vox[i] = cornerOcc
		}
	}
	a := orPass(vox, [3]int{d[0], d[1], d[2]}, 2, s.outsideVoxel)
	a = orPass(a, [3]int{d[0], d[1], d[2] + 1}, 0, s.outsideVoxel)
	return orPass(a, [3]int{d[0] + 1, d[1], d[2] + 1}, 1, s.outsideVoxel)
}

// orPass returns the array of dims widened by one along axis whose element at index t along the
// axis is in[t−1] | in[t], with out(y index) for the voxels beyond either end.
func orPass(in []uint8, dims [3]int, axis int, out func(j int) uint8) []uint8 {
	od := dims
	od[axis]++
	res := make([]uint8, od[0]*od[1]*od[2])
	inS := [3]int{dims[1] * dims[2], dims[2], 1}
	n, r := dims[axis], 0
	for i := 0; i < od[0]; i++ {
		for j := 0; j < od[1]; j++ {
			prevJ := j
			if axis == 1 {
				prevJ = j - 1
			}
			for k := 0; k < od[2]; k++ {
				q := [3]int{i, j, k}
				t, at := q[axis], i*inS[0]+j*inS[1]+k*inS[2]
				var v uint8
				if t > 0 {
					v = in[at-inS[axis]]
				} else {
					v = out(prevJ)
				}
				if t < n {
					v |= in[at]
				} else {
					v |= out(j)
				}
				res[r] = v
				r++
			}
		}
	}
	return res
}

// sign turns the squared distances (in voxels²) into signed metres: negative at corners all of
// whose voxels are occupied. Corners with no surface anywhere (a grid all free or all occupied)
// get ±(the box's diagonal plus a voxel), farther than anything the box holds.
func (s *GridSDF) sign(class []uint8) {
	far := s.box.Size().Len() + s.voxel
	for i, c := range class {
		v := math.Sqrt(float64(s.d[i])) * s.voxel
		v = min(v, far)
		if c == cornerOcc {
			v = -v
		}
		s.d[i] = float32(v)
	}
}

// Bounds implements SDF: the grid's box.
func (s *GridSDF) Bounds() geom.Box { return s.box }

// Voxel returns the side of a voxel, metres.
func (s *GridSDF) Voxel() float64 { return s.voxel }

// Distance implements SDF: the signed distance from p to the grid's solid, interpolated
// trilinearly between the voxels' corners (see GridSDF).
func (s *GridSDF) Distance(p mgl64.Vec3) float64 {
	c := s.clamp(p)
	v := s.lerp(c)
	if c == p {
		return v
	}
	a := p.Sub(c).Len()
	if s.outsideAt(p) {
		return v - a
	}
	return v + a
}

// clamp returns the point of the box nearest p.
func (s *GridSDF) clamp(p mgl64.Vec3) mgl64.Vec3 {
	for k := 0; k < 3; k++ {
		p[k] = min(max(p[k], s.box.Lo[k]), s.box.Hi[k])
	}
	return p
}

// outsideAt reports whether p, outside the box, lies where outside counts as occupied.
func (s *GridSDF) outsideAt(p mgl64.Vec3) bool {
	return s.outside && !(s.belowFree && p[1] < s.box.Lo[1])
}

// lerp interpolates the corner values trilinearly at p, which lies in the box.
func (s *GridSDF) lerp(p mgl64.Vec3) float64 {
	var i [3]int
	var t [3]float64
	for k := 0; k < 3; k++ {
		u := (p[k] - s.lo[k]) / s.voxel
		i[k] = min(max(int(u), 0), s.n[k]-2)
		t[k] = min(max(u-float64(i[k]), 0), 1)
	}
	ny, nz := s.n[1], s.n[2]
	base := (i[0]*ny+i[1])*nz + i[2]
	c := s.d[base : base+ny*nz+nz+2 : base+ny*nz+nz+2]
	x0 := lerp2(c[0], c[1], c[nz], c[nz+1], t[1], t[2])
	x1 := lerp2(c[ny*nz], c[ny*nz+1], c[ny*nz+nz], c[ny*nz+nz+1], t[1], t[2])
	return x0 + (x1-x0)*t[0]
}

// lerp2 interpolates bilinearly between a (0, 0), b (0, 1), c (1, 0) and d (1, 1) at (u, v).
func lerp2(a, b, c, d float32, u, v float64) float64 {
	lo := float64(a) + (float64(b)-float64(a))*v
	hi := float64(c) + (float64(d)-float64(c))*v
	return lo + (hi-lo)*u
}
