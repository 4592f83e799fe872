package distance

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// DepthField is the fast path for penetration metrics: it answers how deep a point is inside the
// scene, max(0, −SDF(p)), and which body capsules can be inside at all. Nearly every body point is
// far outside every object, so the work goes into proving that cheaply:
//
//  1. Per frame and per capsule, the solids whose boxes meet the capsule's box are found through
//     the hierarchy over solid boxes; a convex solid is dropped as well when one of its face planes
//     has the whole capsule on its outer side (the plane distance is affine along the axis, so two
//     dot products decide). The floor is dropped when the capsule stays above y = 0. A capsule with
//     nothing left needs none of its surface points.
//  2. For each remaining capsule and convex solid, only the face planes that can decide a point of
//     that capsule are kept: a plane whose greatest distance over the capsule is below another
//     plane's least distance never holds the maximum, so usually one to three planes remain. A
//     point's depth is then 0 as soon as one kept plane is positive, else −(the largest plane
//     distance), which is exactly the distance to the surface from inside a convex polytope. The
//     planes are tried greatest bound first, so a point stops at the first plane whose bound over
//     the capsule is no more than its largest distance so far. Every piece of procedural
//     furniture is convex (boxes, bevelled boxes, frusta, ellipsoids).
//  3. Other closed pieces (loaded meshes) get the piece's exact signed distance at a few samples
//     along the capsule's axis, one radius apart: since a signed distance changes by at most the
//     distance moved, those values bound every point of the capsule from below, cull the capsule
//     when they are all larger than its reach, and clear single points; the rest take the exact
//     BVH query. Open pieces have no inside and are skipped.
//
// So wherever the scene's SDF is negative, the depth agrees with Exact to rounding, except that
// a capsule entering a solid or the floor by less than CullTolerance is not sampled (its points'
// depths are below that tolerance, far inside the metric's 1 mm promise); this keeps feet that rest
// exactly on the floor from costing a whole frame of surface points.
//
// There is no dense grid to fill: preparation is the exact SDF's build (welding, pseudonormals,
// convexity, BVHs, and its sparse cell lists near surfaces), so it scales with triangles and
// surfaces, not with room volume. A DepthField is immutable and safe for concurrent use.
//
// A scene with an occupancy grid (scene.Grid) has one more solid, GridSolid: see GridSolid for
// what of the grid counts beside the meshes and how capsules are culled against it.
type DepthField struct {
	sdf  *Exact
	grid *GridSDF // nil: the scene has no grid
}

// CullTolerance is how far (metres) a capsule may reach into a solid or below the floor and still
// be culled; see DepthField.
const CullTolerance = 1e-4

// DepthField returns the depth field over an exact SDF already built (without the scene's grid:
// NewDepthField adds that).
func (e *Exact) DepthField() *DepthField { return &DepthField{sdf: e} }

// Exact returns the exact signed distance the field is built on.
func (f *DepthField) Exact() *Exact { return f.sdf }

// Depth returns how deep p is inside the scene, max(0, −SDF(p)), and the solid that is deepest
// (FloorSolid for the floor or when p is outside, GridSolid for the occupancy grid).
func (f *DepthField) Depth(p mgl64.Vec3) (float64, Solid) {
	best, who := 0.0, FloorSolid
	if f.sdf.floor {
		best = max(0, -p.Y())
	}
	f.sdf.walkTop(func(n *bvhNode, s int) bool { return n.contains(s, p) }, func(si Solid) {
		if d := f.solidDepth(si, p); d > best {
			best, who = d, si
		}
	})
	if d := f.gridDepth(p); d > best {
		best, who = d, GridSolid
	}
	return best, who
}

// solidDepth returns how deep p is inside solid si (0 outside its box).
func (f *DepthField) solidDepth(si Solid, p mgl64.Vec3) float64 {
	s := &f.sdf.solids[si]
	if !s.box.Contains(p) {
		return 0
	}
	return s.depth(p)
}

// overlapping appends to dst[:0] the solids whose boxes meet box b grown by CullTolerance.
func (f *DepthField) overlapping(b geom.Box, dst []Solid) []Solid {
	dst = dst[:0]
	if b.Empty() {
		return dst
	}
	b = b.Expand(CullTolerance)
	f.sdf.walkTop(func(n *bvhNode, s int) bool { return n.meets(s, b) }, func(si Solid) {
		if sb := &f.sdf.solids[si].box; boxesMeet(b, sb.Lo, sb.Hi) {
			dst = append(dst, si)
		}
	})
	return dst
}

// walkTop visits the top tree over the solids: it descends into every child slot for which enter
// is true and calls leaf for each solid of the leaves it reaches.
func (e *Exact) walkTop(enter func(n *bvhNode, s int) bool, leaf func(si Solid)) {
	if len(e.top) == 0 {
		return
	}
	var stack [bvhStackSize]int32
	sp := 1
	for sp > 0 {
		sp--
		n := &e.top[stack[sp]]
		for s := 0; s < 4; s++ {
			if !enter(n, s) {
				continue
			}
			if n.count[s] == 0 {
				stack[sp] = n.first[s]
				sp++
				continue
			}
			for si := n.first[s]; si < n.first[s]+n.count[s]; si++ {
				leaf(Solid(si))
			}
		}
	}
}

// SolidPart returns the object id and part name of solid s (empty for FloorSolid; GridObject
// and GridPart for GridSolid).
func (f *DepthField) SolidPart(s Solid) (object, part string) {
	if s == GridSolid && f.grid != nil {
		return GridObject, GridPart
	}
	return f.sdf.SolidPart(int(s))
}

// Solid names one closed piece of the scene that a point can be inside: an index into the exact
// SDF's pieces, or FloorSolid for the solid below the floor (and for a point inside nothing).
type Solid int32

// FloorSolid stands for the floor, or for nothing when a depth is 0.
const FloorSolid Solid = -1

// boxesMeet reports whether box b and the box lo–hi overlap (touching counts).
func boxesMeet(b geom.Box, lo, hi mgl64.Vec3) bool {
	return b.Lo[0] <= hi[0] && b.Hi[0] >= lo[0] && b.Lo[1] <= hi[1] && b.Hi[1] >= lo[1] &&
		b.Lo[2] <= hi[2] && b.Hi[2] >= lo[2]
}
