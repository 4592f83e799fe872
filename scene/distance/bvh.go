package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// BVH is a bounding volume hierarchy over a mesh's triangles that answers closest-point queries
// exactly (the same answer as testing every triangle). It is immutable after NewBVH and safe for
// concurrent use.
//
// The layout is built for queries that miss the caches (a scene's arrays are tens of megabytes),
// where the time goes into the chain of node loads from the root: nodes are four-wide, so the
// chain is half as long as a binary tree's, and a node is 128 bytes (two cache lines, fetched
// together) holding its children's boxes in float32, rounded outward so that a box distance stays
// a lower bound and pruning stays exact. Triangles are stored in leaf order, so a leaf's
// triangles are one contiguous run.
type BVH struct {
	nodes []bvhNode // nodes[0] is the root
	tris  []bvhTri  // in leaf order: node leaves index this slice
	ids   []int32   // ids[i] is the index of tris[i] in the source mesh
	box   geom.Box  // exact bounds of every triangle
}

// bvhTri is one triangle's corners, in full precision: distances are exact.
type bvhTri struct{ a, b, c mgl64.Vec3 }

// bvhNode is a four-wide node: for each child slot its box (lo[axis][slot], hi[axis][slot]) and
// either a leaf, items first … first+count−1 in leaf order (count > 0), or the inner node first
// (count == 0). An unused slot has an empty box (lo +Inf, hi −Inf), which every key puts at +Inf.
type bvhNode struct {
	lo, hi [3][4]float32
	first  [4]int32
	count  [4]int32
}

// bvhLeafSize is the most items a leaf holds. Four triangles per leaf keep the tree shallow
// without testing many triangles a tighter box would have skipped.
const bvhLeafSize = 4

// bvhMaxDepth bounds the depth of a four-wide tree: below it, a subtree becomes one leaf holding
// all its items. It bounds the traversal stack (a traversal holds at most three pending siblings
// per level), which every query zeroes; real trees stay shallower (a balanced tree this deep
// would have 4^16 leaves).
const bvhMaxDepth = 16

// bvhStackSize is the traversal stack's capacity.
const bvhStackSize = 3*bvhMaxDepth + 1

// bvhEntry is a traversal stack entry: a child slot's leaf (count > 0) or inner node (count == 0)
// and its box's key (squared distance, or the signed key of bvhNode.keys), so that an entry the
// best hit has since beaten is dropped unread.
type bvhEntry struct {
	first, count int32
	key          float64
}

// NewBVH builds the hierarchy over m's triangles (in m's world coordinates).
func NewBVH(m *scene.Mesh) *BVH {
	boxes := make([]bvhBox, len(m.Triangles))
	all := bvhEmpty()
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		boxes[i] = bvhEmpty().add(a).add(b).add(c)
		all = all.union(boxes[i])
	}
	nodes, order := buildBVH(boxes, bvhLeafSize)
	t := &BVH{nodes: nodes, tris: make([]bvhTri, len(order)), ids: order, box: geom.EmptyBox()}
	if len(order) > 0 {
		t.box = geom.Box{Lo: all.lo, Hi: all.hi}
	}
	for i, j := range order {
		a, b, c := m.Triangle(int(j))
		t.tris[i] = bvhTri{a: a, b: b, c: c}
	}
	return t
}

// Len returns the number of triangles.
func (t *BVH) Len() int { return len(t.tris) }

// Bounds returns the box around every triangle; empty for an empty mesh.
func (t *BVH) Bounds() geom.Box { return t.box }

// Closest returns the point of the mesh closest to p, its distance and the index of its triangle
// in the source mesh; ok is false for an empty mesh.
func (t *BVH) Closest(p mgl64.Vec3) (q mgl64.Vec3, dist float64, tri int, ok bool) {
	h := bvhNearest(t.nodes, t.tris, p, math.Inf(1))
	if h.tri < 0 {
		return mgl64.Vec3{}, math.Inf(1), -1, false
	}
	return h.q, math.Sqrt(h.d2), int(t.ids[h.tri]), true
}

// bvhHit is the result of a nearest-triangle search: tri indexes the tree's triangles (−1:
// nothing within the search radius), q is the closest point, f its feature and d2 the squared
// distance.
type bvhHit struct {
	tri int32
	f   triFeature
	d2  float64
	q   mgl64.Vec3
}

// bvhNearest finds the triangle of the tree nodes/tris closest to p among those nearer than
// sqrt(maxD2), visiting nearer children first and skipping every box no nearer than the best
// triangle so far.
func bvhNearest(nodes []bvhNode, tris []bvhTri, p mgl64.Vec3, maxD2 float64) bvhHit {
	best := bvhHit{tri: -1, d2: maxD2}
	if len(nodes) == 0 {
		return best
	}
	px, py, pz := p[0], p[1], p[2]
	var stack [bvhStackSize]bvhEntry
	sp := 1
	for sp > 0 {
		sp--
		en := stack[sp]
		if en.key >= best.d2 {
			continue
		}
		if en.count > 0 {
			nearestInLeaf(tris[en.first:en.first+en.count], en.first, px, py, pz, &best)
			continue
		}
		ks := nodes[en.first].dist2s(px, py, pz)
		sp = nodes[en.first].push(&stack, sp, &ks, best.d2)
	}
	return best
}

// push pushes the node's children whose keys ks are below limit onto stack (above sp), farthest
// first so that the nearest is searched first and tightens the bound the others must beat, and
// returns the new top. Usually one or two children pass, so they are picked before they are
// sorted.
func (n *bvhNode) push(stack *[bvhStackSize]bvhEntry, sp int, ks *[4]float64, limit float64) int {
	var pass [4]int
	c := 0
	for s := 0; s < 4; s++ {
		if ks[s] < limit {
			pass[c] = s
			c++
		}
	}
	for i := 1; i < c; i++ {
		for j := i; j > 0 && ks[pass[j]] > ks[pass[j-1]]; j-- {
			pass[j], pass[j-1] = pass[j-1], pass[j]
		}
	}
	for _, s := range pass[:c] {
		stack[sp] = bvhEntry{first: n.first[s], count: n.count[s], key: ks[s]}
		sp++
	}
	return sp
}

// nearestInLeaf tests a leaf's triangles (the first of which is triangle first of the tree)
// against the best hit so far.
func nearestInLeaf(tris []bvhTri, first int32, px, py, pz float64, best *bvhHit) {
	for i := range tris {
		tr := &tris[i]
		x, y, z, f := closestOnTriangleXYZ(px, py, pz, tr.a[0], tr.a[1], tr.a[2], tr.b[0], tr.b[1], tr.b[2], tr.c[0], tr.c[1], tr.c[2])
		if f == featDegenerate {
			q, ff := closestOnTriangleEdges(mgl64.Vec3{px, py, pz}, tr.a, tr.b, tr.c)
			x, y, z, f = q[0], q[1], q[2], ff
		}
		dx, dy, dz := px-x, py-y, pz-z
		if d2 := dx*dx + dy*dy + dz*dz; d2 < best.d2 {
			*best = bvhHit{tri: first + int32(i), f: f, d2: d2, q: mgl64.Vec3{x, y, z}}
		}
	}
}

// The box distances below take the part of p outside the box along an axis as
// pos(lo − p) + pos(p − hi), with pos(x) = max(x, 0) = (x + |x|)/2 exactly (x + |x| is 2x or 0),
// at most one of the two being positive: no data-dependent branch, and none of the float min and
// max sequences Go compiles for NaN semantics. The sums are of doubled distances, scaled back by
// the exact factor 1/4.

// gaps returns, for child s's box, lo − p and p − hi along each axis: at most one of each pair is
// positive, and that one is how far p lies outside the box along the axis.
func (n *bvhNode) gaps(s int, px, py, pz float64) (ax, bx, ay, by, az, bz float64) {
	return float64(n.lo[0][s]) - px, px - float64(n.hi[0][s]),
		float64(n.lo[1][s]) - py, py - float64(n.hi[1][s]),
		float64(n.lo[2][s]) - pz, pz - float64(n.hi[2][s])
}

// gap2 is (2·pos)² of one axis' gaps, pos being how far outside the box p lies along the axis:
// a + |a| + b + |b| is 2·max(a, 0) + 2·max(b, 0). Small enough to inline on the hot path.
func gap2(a, b float64) float64 {
	o := a + math.Abs(a) + b + math.Abs(b)
	return o * o
}

// dist2s returns the squared distance from p to each child's box (0 inside, +Inf for an unused
// slot).
func (n *bvhNode) dist2s(px, py, pz float64) [4]float64 {
	var ks [4]float64
	for s := 0; s < 4; s++ {
		ax, bx, ay, by, az, bz := n.gaps(s, px, py, pz)
		ks[s] = 0.25 * (gap2(ax, bx) + gap2(ay, by) + gap2(az, bz))
	}
	return ks
}

// keys returns boxBound's ordering key for each child's box seen from p: the squared distance
// outside, minus the distance to the nearest face inside (+Inf for an unused slot).
func (n *bvhNode) keys(px, py, pz float64) [4]float64 {
	var ks [4]float64
	for s := 0; s < 4; s++ {
		ax, bx, ay, by, az, bz := n.gaps(s, px, py, pz)
		k := 0.25 * (gap2(ax, bx) + gap2(ay, by) + gap2(az, bz))
		if k == 0 {
			k = max(ax, bx, ay, by, az, bz) // inside (or on the boundary): 0 or negative
		}
		ks[s] = k
	}
	return ks
}

// contains reports whether p lies in child s's box (boundary included).
func (n *bvhNode) contains(s int, p mgl64.Vec3) bool {
	for k := 0; k < 3; k++ {
		if p[k] < float64(n.lo[k][s]) || p[k] > float64(n.hi[k][s]) {
			return false
		}
	}
	return true
}

// meets reports whether box b and child s's box overlap (touching counts).
func (n *bvhNode) meets(s int, b geom.Box) bool {
	for k := 0; k < 3; k++ {
		if b.Lo[k] > float64(n.hi[k][s]) || b.Hi[k] < float64(n.lo[k][s]) {
			return false
		}
	}
	return true
}

// setChild stores child s: box b rounded outward to float32, and the leaf or inner node it is.
func (n *bvhNode) setChild(s int, b bvhBox, first, count int32) {
	for k := 0; k < 3; k++ {
		n.lo[k][s], n.hi[k][s] = roundDown32(b.lo[k]), roundUp32(b.hi[k])
	}
	n.first[s], n.count[s] = first, count
}

// roundDown32 returns the largest float32 not above x.
func roundDown32(x float64) float32 {
	f := float32(x)
	if float64(f) > x {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// roundUp32 returns the smallest float32 not below x.
func roundUp32(x float64) float32 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}
