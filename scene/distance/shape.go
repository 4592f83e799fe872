package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// shape is one closed component of a part: its triangles in a BVH, the angle-weighted
// pseudonormals that sign distances to it (Bærentzen & Aanæs 2005), and its face planes when it is
// convex. A part made of several disjoint pieces (four legs) becomes several solids; the part's
// signed distance is the minimum over its solids, because a point inside one piece is nearer to
// that piece's surface than to any disjoint other.
type shape struct {
	bvh    BVH
	box    geom.Box
	norms  []triNormals // per BVH triangle (leaf order)
	vn, en []mgl64.Vec3 // vertex and edge pseudonormals (not normalised: only their direction counts)
	// planes are the outward face planes of a convex solid, nil otherwise: inside a convex solid
	// the depth is −max over planes of the signed plane distance, exactly.
	planes []facePlane
	closed bool  // every edge has exactly two faces of opposite direction: the sign is meaningful
	part   int32 // index of the mesh (scene part) it came from
}

// triNormals indexes the pseudonormals of one triangle's corners and edges (edge k joins corner k
// and corner k+1).
type triNormals struct {
	v [3]int32
	e [3]int32
}

// facePlane is the plane {x : N·x = D} with unit outward normal N.
type facePlane struct {
	N mgl64.Vec3
	D float64
}

// maxPlanes bounds the face planes kept for the convex fast path: every procedural primitive
// (a bevelled box has 26, an icosphere 80, a 32-sided cylinder 34) fits, and a test against more
// would cost as much as the exact query it replaces.
const maxPlanes = 256

// convexTol is how far (metres) a vertex may stand outside a face plane for the solid to still
// count as convex: far below the 1 mm the penetration metric promises.
const convexTol = 1e-6

// signed returns the distance d from p to the solid's nearest-triangle hit h, negative when the
// pseudonormal of the feature h landed on says p is inside.
func (s *shape) signed(p mgl64.Vec3, h bvhHit, d float64) float64 {
	if p.Sub(h.q).Dot(s.pseudonormal(h)) < 0 {
		return -d
	}
	return d
}

// pseudonormal returns the outward pseudonormal of the feature h landed on.
func (s *shape) pseudonormal(h bvhHit) mgl64.Vec3 {
	tn := &s.norms[h.tri]
	switch h.f {
	case featEdgeAB, featEdgeBC, featEdgeCA:
		return s.en[tn.e[h.f-featEdgeAB]]
	case featVertA, featVertB, featVertC:
		return s.vn[tn.v[h.f-featVertA]]
	}
	t := &s.bvh.tris[h.tri]
	return t.b.Sub(t.a).Cross(t.c.Sub(t.a))
}

// distance returns the solid's signed distance at p when it is below limit, and a value at least
// limit otherwise (so a caller taking the minimum over solids can skip the rest of the search).
func (s *shape) distance(p mgl64.Vec3, limit float64) float64 {
	v := solidView{nodes: s.bvh.nodes, tris: s.bvh.tris, planes: s.planes, closed: s.closed}
	d, h, sign := v.distance(p, limit, !s.box.Contains(p))
	if sign {
		return s.signed(p, h, d)
	}
	return d
}

// solidView is what the distance query of one solid reads: its tree, its triangles in leaf order,
// its face planes when it is convex, and whether it is closed.
type solidView struct {
	nodes  []bvhNode
	tris   []bvhTri
	planes []facePlane
	closed bool
}

// distance returns the solid's signed distance at p when it is below limit, and a value at least
// limit otherwise. outside says p lies outside the solid's box (false is always safe). When sign
// is true, d is the unsigned distance to hit h and only the pseudonormal of h can sign it.
func (v *solidView) distance(p mgl64.Vec3, limit float64, outside bool) (d float64, h bvhHit, sign bool) {
	if outside || !v.closed {
		// Outside the box is outside the solid, and an open solid has no inside: only a surface
		// nearer than limit matters, and its distance is positive.
		if limit <= 0 {
			return math.Inf(1), h, false
		}
		if h = bvhNearest(v.nodes, v.tris, p, limit*limit); h.tri < 0 {
			return math.Inf(1), h, false
		}
		return math.Sqrt(h.d2), h, false
	}
	if len(v.planes) > 0 {
		// A convex solid: the largest face-plane distance is the signed distance inside and a
		// lower bound of it outside.
		m := maxPlaneDistance(v.planes, p)
		if m <= 0 || m >= limit {
			return m, h, false
		}
		if h = bvhNearest(v.nodes, v.tris, p, limit*limit); h.tri < 0 {
			return math.Inf(1), h, false
		}
		// Every corner lies within convexTol of the inner side of every face plane, so the
		// solid does too: beyond that, p is outside and the distance positive.
		return math.Sqrt(h.d2), h, m <= convexTol
	}
	// Inside the box the point may be deep inside: the sign needs the true nearest triangle.
	h = bvhNearest(v.nodes, v.tris, p, math.Inf(1))
	return math.Sqrt(h.d2), h, true
}

// maxPlaneDistance returns the largest signed distance from p to the face planes of a convex
// solid.
func maxPlaneDistance(planes []facePlane, p mgl64.Vec3) float64 {
	px, py, pz := p[0], p[1], p[2]
	m := math.Inf(-1)
	for i := range planes {
		pl := &planes[i]
		if d := pl.N[0]*px + pl.N[1]*py + pl.N[2]*pz - pl.D; d > m {
			m = d
		}
	}
	return m
}

// depth returns how far p is inside the solid (0 outside), by the face planes of a convex solid
// and by the exact search otherwise. The caller has checked that p is inside the solid's box.
func (s *shape) depth(p mgl64.Vec3) float64 {
	if s.planes == nil {
		return max(0, -s.distance(p, 0))
	}
	px, py, pz := p[0], p[1], p[2]
	m := math.Inf(-1)
	for i := range s.planes {
		pl := &s.planes[i]
		d := pl.N[0]*px + pl.N[1]*py + pl.N[2]*pz - pl.D
		if d >= 0 {
			return 0 // outside one face plane is outside a convex solid
		}
		m = max(m, d)
	}
	return -m
}
