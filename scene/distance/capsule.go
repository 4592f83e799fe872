package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// How a DepthField tests the surface points of one body capsule against one solid. The capsule is
// the segment A–B swept by radius r; its points lie within r (plus rounding) of the segment.

// nearSolid is a solid a capsule may enter, with what decides the depth of that capsule's points
// cheaply: for a convex solid the few face planes that matter, for another closed solid lower
// bounds of its signed distance at samples along the capsule's axis.
type nearSolid struct {
	solid   Solid
	mode    nearMode
	nPlanes int8 // nearPlanes: how many of planes count
	planes  [maxCapsulePlanes]uint8
	// planeHi[j] bounds plane planes[j]'s distance over the capsule from above; they decrease
	// with j, so a point whose largest distance so far is at least planeHi[j] needs no more.
	planeHi [maxCapsulePlanes]float64
	nAxis   int8 // nearAxis: samples a + ab·i/(nAxis−1), i < nAxis
	a, ab   mgl64.Vec3
	axisD   [maxAxisSamples]float64 // lower bounds of the solid's signed distance at the samples
}

// nearMode says how a nearSolid's points are tested.
type nearMode uint8

const (
	nearPlanes    nearMode = iota // a convex solid: the listed planes decide
	nearAllPlanes                 // a convex solid with too many planes to list: box, then all
	nearAxis                      // another closed solid: axis-sample bounds, then the exact search
	nearGrid                      // the occupancy grid (GridSolid): its interpolated distance
)

// maxCapsulePlanes is the most face planes a nearSolid keeps; a capsule touching a box from one
// side needs one, at an edge two, in a corner of a bevelled box a handful, and one deep inside a
// bevelled box (26 planes) may need them all.
const maxCapsulePlanes = 32

// maxAxisSamples bounds the axis samples of a nearSolid; the longest body capsule (a thigh, 0.39
// m with radius 0.061) takes eight at one radius apart.
const maxAxisSamples = 16

// axisMargin is how far beyond what culling needs the axis samples' distances are computed
// exactly (metres); larger values cull more single points for more work per capsule.
const axisMargin = 0.05

// capsuleReach is how much farther than its radius a capsule's surface samples may lie from its
// axis through rounding; every bound below allows for it.
const capsuleReach = 1e-9

// capsuleSolids appends to dst the solids among candidates (from overlapping) that the capsule
// (segment ab swept by radius r) may enter by more than CullTolerance, and reports whether it may
// reach below the floor by more than that. The result is valid for points on that capsule only.
func (f *DepthField) capsuleSolids(a, b mgl64.Vec3, r float64, candidates []Solid, dst []nearSolid) ([]nearSolid, bool) {
	for _, si := range candidates {
		if n, ok := f.sdf.solids[si].nearCapsule(a, b, r, CullTolerance); ok {
			n.solid = si
			dst = append(dst, n)
		}
	}
	if f.grid != nil && f.grid.nearCapsule(a, b, r, CullTolerance) {
		dst = append(dst, nearSolid{solid: GridSolid, mode: nearGrid})
	}
	return dst, f.sdf.floor && min(a.Y(), b.Y())-r+CullTolerance < 0
}

// depthAmong returns how deep p is inside the given solids and, when floor is set, below the
// floor, with the deepest solid (−1: the floor, or nothing). It is Depth restricted to what
// capsuleSolids left for the capsule p lies on.
func (f *DepthField) depthAmong(p mgl64.Vec3, near []nearSolid, floor bool) (float64, Solid) {
	best, who := 0.0, FloorSolid
	if floor {
		best = max(0, -p.Y())
	}
	for i := range near {
		if d := f.nearDepth(&near[i], p); d > best {
			best, who = d, near[i].solid
		}
	}
	return best, who
}

// depths raises depth[k] to how deep ps[k] is inside solid n.solid where that is deeper, and sets
// who[k] to the solid there. ps must lie on the capsule capsuleSolids made n for; depth and who
// are as long as ps. Taking one solid at a time over a capsule's points keeps the loop tight.
func (f *DepthField) depths(n *nearSolid, ps []mgl64.Vec3, depth []float64, who []Solid) {
	if n.mode == nearPlanes {
		s := &f.sdf.solids[n.solid]
		s.depthsByPlanes(n.planes[:n.nPlanes], n.planeHi[:n.nPlanes], ps, depth, who, n.solid)
		return
	}
	for k, p := range ps {
		if d := f.nearDepth(n, p); d > depth[k] {
			depth[k], who[k] = d, n.solid
		}
	}
}

// nearDepth returns how deep p, a point of the capsule n was made for, is inside n's solid.
func (f *DepthField) nearDepth(n *nearSolid, p mgl64.Vec3) float64 {
	if n.mode == nearGrid {
		return f.gridDepth(p)
	}
	return f.sdf.solids[n.solid].nearDepth(n, p)
}

// nearDepth returns how deep p, a point of the capsule n was made for, is inside the solid.
func (s *shape) nearDepth(n *nearSolid, p mgl64.Vec3) float64 {
	switch n.mode {
	case nearPlanes:
		return s.depthByPlanes(p, n.planes[:n.nPlanes])
	case nearAxis:
		return s.depthNearAxis(n, p)
	}
	if !s.box.Contains(p) {
		return 0
	}
	return s.depth(p)
}

// nearCapsule decides how the capsule's points are tested against the solid; ok is false when the
// capsule certainly enters it by no more than tol: its box is apart from the solid's box by more
// than that, the solid is open (it has no inside), or the planes or axis samples prove it.
func (s *shape) nearCapsule(a, b mgl64.Vec3, r, tol float64) (n nearSolid, ok bool) {
	for k := 0; k < 3; k++ {
		if min(a[k], b[k])-r+tol > s.box.Hi[k] || max(a[k], b[k])+r-tol < s.box.Lo[k] {
			return n, false
		}
	}
	if !s.closed {
		return n, false
	}
	if s.planes != nil {
		clear, cnt := s.capsulePlanes(a, b, r, tol, &n.planes, &n.planeHi)
		n.mode, n.nPlanes = nearPlanes, int8(cnt)
		if cnt < 0 {
			n.mode, n.nPlanes = nearAllPlanes, 0
		}
		return n, !clear
	}
	n.mode = nearAxis
	return n, !s.capsuleAxis(a, b, r, tol, &n)
}

// capsulePlanes lists in planes the face planes of a convex solid that decide the points of the
// capsule and returns how many (−1: too many, use them all), unless one face plane has the whole
// capsule farther than −tol on its outer side (clear). With lo and hi the least and greatest
// distance to plane f over the capsule, a plane g whose hi is below the greatest lo never holds
// the maximum over planes at any point of the capsule, so the maximum over the listed planes is
// exactly the maximum over all of them: the solid's signed distance inside, positive outside.
// They are listed by hi, largest first, and his receives each one's hi: the outermost come first,
// so that a point outside the solid is usually found so by the first, and a point inside can stop
// at the first plane whose hi is no more than its largest distance so far.
func (s *shape) capsulePlanes(a, b mgl64.Vec3, r, tol float64, planes *[maxCapsulePlanes]uint8, his *[maxCapsulePlanes]float64) (clear bool, n int) {
	// The plane distance is affine, so its extremes over the segment are at its ends.
	lo := math.Inf(-1)
	for i := range s.planes {
		pl := &s.planes[i]
		da, db := pl.N.Dot(a)-pl.D, pl.N.Dot(b)-pl.D
		if min(da, db)-r+tol > 0 {
			return true, 0
		}
		lo = max(lo, min(da, db)-r-capsuleReach)
	}
	for i := range s.planes {
		pl := &s.planes[i]
		hi := max(pl.N.Dot(a), pl.N.Dot(b)) - pl.D + r + capsuleReach
		if hi < lo {
			continue
		}
		if n == maxCapsulePlanes {
			return false, -1
		}
		k := n
		for ; k > 0 && his[k-1] < hi; k-- {
			planes[k], his[k] = planes[k-1], his[k-1]
		}
		planes[k], his[k] = uint8(i), hi
		n++
	}
	return false, n
}

// capsuleAxis samples the solid's signed distance along the capsule's axis, about one radius
// apart, into n, and reports whether the samples prove the capsule enters the solid by no more
// than tol: every point of the capsule lies within R = √(r² + (δ/2)²) of a sample (δ the sample
// spacing), and the signed distance changes by at most the distance moved.
func (s *shape) capsuleAxis(a, b mgl64.Vec3, r, tol float64, n *nearSolid) (clear bool) {
	ab := b.Sub(a)
	l := ab.Len()
	m := min(max(int(math.Ceil(l/max(r, 1e-3)))+1, 2), maxAxisSamples)
	delta := l / float64(m-1)
	reach := math.Sqrt(r*r+delta*delta/4) + capsuleReach
	n.nAxis, n.a, n.ab = int8(m), a, ab
	clear = true
	for i := 0; i < m; i++ {
		// Distances at or beyond limit come back as limit: still a lower bound.
		limit := reach + axisMargin
		d := min(s.distance(a.Add(ab.Mul(float64(i)/float64(m-1))), limit), limit)
		n.axisD[i] = d
		if d-reach < -tol {
			clear = false
		}
	}
	return clear
}

// depthNearAxis returns how deep p, a point of the capsule n was made for, is inside the
// (non-convex) solid: 0 when the nearest axis sample's distance bound proves it outside, else by
// the exact search.
func (s *shape) depthNearAxis(n *nearSolid, p mgl64.Vec3) float64 {
	m := int(n.nAxis)
	t := 0.0
	if l2 := n.ab.LenSqr(); l2 > 0 {
		t = p.Sub(n.a).Dot(n.ab) / l2
	}
	i := min(max(int(math.Round(t*float64(m-1))), 0), m-1)
	ai := n.a.Add(n.ab.Mul(float64(i) / float64(m-1)))
	if n.axisD[i]-p.Sub(ai).Len() > 0 || !s.box.Contains(p) {
		return 0
	}
	return s.depth(p)
}

// depthsByPlanes raises depth[k] to how deep ps[k] is inside the convex solid where that is
// deeper, and sets who[k] to id there; planes and their bounds his come from capsulePlanes for the
// capsule the points lie on. One plane (a capsule meeting one face) gets a loop of its own: the
// depth is then minus that plane's distance.
func (s *shape) depthsByPlanes(planes []uint8, his []float64, ps []mgl64.Vec3, depth []float64, who []Solid, id Solid) {
	if len(planes) == 1 {
		pl := &s.planes[planes[0]]
		nx, ny, nz, d0 := pl.N[0], pl.N[1], pl.N[2], pl.D
		for k := range ps {
			p := &ps[k]
			if d := d0 - (nx*p[0] + ny*p[1] + nz*p[2]); d > depth[k] {
				depth[k], who[k] = d, id
			}
		}
		return
	}
	// The planes are copied next to each other once, with their bounds, so the loop over points
	// reads no indices.
	var buf [maxCapsulePlanes][5]float64
	pls := buf[:len(planes)]
	for j, i := range planes {
		pls[j] = [5]float64{s.planes[i].N[0], s.planes[i].N[1], s.planes[i].N[2], s.planes[i].D, his[j]}
	}
	for k := range ps {
		x, y, z := ps[k][0], ps[k][1], ps[k][2]
		m, outside := math.Inf(-1), false
		for j := range pls {
			pl := &pls[j]
			if pl[4] <= m {
				break // this plane and every later one stay at or below m on the whole capsule
			}
			d := pl[0]*x + pl[1]*y + pl[2]*z - pl[3]
			if d >= 0 {
				outside = true
				break
			}
			if d > m {
				m = d
			}
		}
		if !outside && -m > depth[k] {
			depth[k], who[k] = -m, id
		}
	}
}

// depthByPlanes returns how deep p is inside a convex solid, looking only at the listed planes
// (from capsulePlanes for a capsule p lies on).
func (s *shape) depthByPlanes(p mgl64.Vec3, planes []uint8) float64 {
	px, py, pz := p[0], p[1], p[2]
	m := math.Inf(-1)
	for _, i := range planes {
		pl := &s.planes[i]
		d := pl.N[0]*px + pl.N[1]*py + pl.N[2]*pz - pl.D
		if d >= 0 {
			return 0
		}
		m = max(m, d)
	}
	return -m
}
