package scene

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// BVH is a bounding volume hierarchy over a mesh's triangles that answers closest-point queries
// exactly (the same answer as testing every triangle). It is immutable after NewBVH and safe for
// concurrent use.
type BVH struct {
	nodes []bvhNode
	tris  []bvhTri // in leaf order: node leaves index this slice
}

// bvhTri is one triangle with its index in the source mesh.
type bvhTri struct {
	a, b, c mgl64.Vec3
	id      int32
}

// bvhNode is a box of the hierarchy. Children of an inner node sit next to each other, so one
// index finds both.
type bvhNode struct {
	lo, hi mgl64.Vec3
	first  int32 // leaf: first item in leaf order; inner: index of the left child (right = first+1)
	count  int32 // leaf: number of items (> 0); inner: 0
}

// bvhLeafSize is the most items a leaf holds. Four triangles per leaf keep the tree shallow
// without testing many triangles a tighter box would have skipped.
const bvhLeafSize = 4

// bvhStackDepth bounds the traversal stack; the builder's splits keep trees far shallower.
const bvhStackDepth = 96

// NewBVH builds the hierarchy over m's triangles (in m's world coordinates).
func NewBVH(m *Mesh) *BVH {
	tris := make([]bvhTri, len(m.Triangles))
	boxes := make([]bvhBox, len(m.Triangles))
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		tris[i] = bvhTri{a: a, b: b, c: c, id: int32(i)}
		boxes[i] = bvhEmpty().add(a).add(b).add(c)
	}
	nodes, order := buildBVH(boxes, bvhLeafSize)
	sorted := make([]bvhTri, len(tris))
	for i, j := range order {
		sorted[i] = tris[j]
	}
	return &BVH{nodes: nodes, tris: sorted}
}

// Len returns the number of triangles.
func (t *BVH) Len() int { return len(t.tris) }

// Bounds returns the box around every triangle; empty for an empty mesh.
func (t *BVH) Bounds() Box {
	if len(t.nodes) == 0 {
		return EmptyBox()
	}
	return Box{Lo: t.nodes[0].lo, Hi: t.nodes[0].hi}
}

// Closest returns the point of the mesh closest to p, its distance and the index of its triangle
// in the source mesh; ok is false for an empty mesh.
func (t *BVH) Closest(p mgl64.Vec3) (q mgl64.Vec3, dist float64, tri int, ok bool) {
	h := t.nearest(p, math.Inf(1))
	if h.tri < 0 {
		return mgl64.Vec3{}, math.Inf(1), -1, false
	}
	return h.q, math.Sqrt(h.d2), int(t.tris[h.tri].id), true
}

// bvhHit is the result of a nearest-triangle search: tri indexes BVH.tris (−1: nothing within
// the search radius), q is the closest point, f its feature and d2 the squared distance.
type bvhHit struct {
	tri int32
	f   triFeature
	d2  float64
	q   mgl64.Vec3
}

// nearest finds the triangle closest to p among those nearer than sqrt(maxD2), visiting the
// nearer child first and skipping every box no nearer than the best triangle so far.
func (t *BVH) nearest(p mgl64.Vec3, maxD2 float64) bvhHit {
	best := bvhHit{tri: -1, d2: maxD2}
	if len(t.nodes) == 0 || t.nodes[0].dist2(p) >= best.d2 {
		return best
	}
	var stack [bvhStackDepth]int32
	sp := 0
	stack[sp] = 0
	sp++
	for sp > 0 {
		sp--
		n := &t.nodes[stack[sp]]
		if n.count > 0 {
			t.nearestInLeaf(p, n, &best)
			continue
		}
		l, r := n.first, n.first+1
		dl, dr := t.nodes[l].dist2(p), t.nodes[r].dist2(p)
		if dl > dr {
			l, r, dl, dr = r, l, dr, dl
		}
		// Push the farther child first so the nearer one is searched first and tightens best.
		if dr < best.d2 && sp < bvhStackDepth {
			stack[sp] = r
			sp++
		}
		if dl < best.d2 && sp < bvhStackDepth {
			stack[sp] = l
			sp++
		}
	}
	return best
}

// nearestInLeaf tests the triangles of leaf n against the best hit so far.
func (t *BVH) nearestInLeaf(p mgl64.Vec3, n *bvhNode, best *bvhHit) {
	px, py, pz := p[0], p[1], p[2]
	for i := n.first; i < n.first+n.count; i++ {
		tr := &t.tris[i]
		x, y, z, f := closestOnTriangleXYZ(px, py, pz, tr.a[0], tr.a[1], tr.a[2], tr.b[0], tr.b[1], tr.b[2], tr.c[0], tr.c[1], tr.c[2])
		if f == featDegenerate {
			q, ff := closestOnTriangleEdges(p, tr.a, tr.b, tr.c)
			x, y, z, f = q[0], q[1], q[2], ff
		}
		dx, dy, dz := px-x, py-y, pz-z
		if d2 := dx*dx + dy*dy + dz*dz; d2 < best.d2 {
			*best = bvhHit{tri: i, f: f, d2: d2, q: mgl64.Vec3{x, y, z}}
		}
	}
}

// dist2 returns the squared distance from p to the node's box (0 inside).
func (n *bvhNode) dist2(p mgl64.Vec3) float64 {
	var d2 float64
	for k := 0; k < 3; k++ {
		if d := n.lo[k] - p[k]; d > 0 {
			d2 += d * d
		} else if d := p[k] - n.hi[k]; d > 0 {
			d2 += d * d
		}
	}
	return d2
}

// bvhBins is the number of centroid bins the surface area heuristic tries per split.
const bvhBins = 12

// buildBVH builds a hierarchy over items given by their boxes and returns its nodes and the
// item order its leaves refer to (leaf items are order[first : first+count]). Splits follow the
// binned surface area heuristic along the axis where the centroids spread most.
func buildBVH(boxes []bvhBox, leafSize int) ([]bvhNode, []int32) {
	order := make([]int32, len(boxes))
	for i := range order {
		order[i] = int32(i)
	}
	if len(boxes) == 0 {
		return nil, order
	}
	b := bvhBuilder{boxes: boxes, order: order, leafSize: leafSize}
	b.cent = make([]mgl64.Vec3, len(boxes))
	for i, bx := range boxes {
		for k := 0; k < 3; k++ {
			b.cent[i][k] = 0.5 * (bx.lo[k] + bx.hi[k])
		}
	}
	b.bin = make([]uint8, len(boxes))
	b.nodes = make([]bvhNode, 1, 2*len(boxes)/max(1, leafSize)+1)
	b.split(0, 0, int32(len(boxes)), 0)
	return b.nodes, order
}

type bvhBuilder struct {
	boxes    []bvhBox
	cent     []mgl64.Vec3
	bin      []uint8 // scratch: each item's bin in the split being tried
	order    []int32
	nodes    []bvhNode
	leafSize int
}

// split makes node ni cover items [s, e) and splits it further when that pays.
func (b *bvhBuilder) split(ni int, s, e int32, depth int) {
	box, cbox := bvhEmpty(), bvhEmpty()
	for _, i := range b.order[s:e] {
		box = box.union(b.boxes[i])
		cbox = cbox.add(b.cent[i])
	}
	b.nodes[ni] = bvhNode{lo: box.lo, hi: box.hi, first: s, count: e - s}
	n := int(e - s)
	if n <= b.leafSize || depth >= bvhStackDepth-4 {
		return
	}
	axis := cbox.longestAxis()
	mid, ok := b.sahSplit(s, e, axis, cbox, box)
	if !ok {
		if n <= 4*b.leafSize && cbox.hi[axis] > cbox.lo[axis] {
			return // a small node the heuristic would not split is a fine leaf
		}
		mid = b.medianSplit(s, e, axis)
	}
	left := len(b.nodes)
	b.nodes = append(b.nodes, bvhNode{}, bvhNode{})
	b.nodes[ni].first, b.nodes[ni].count = int32(left), 0
	b.split(left, s, mid, depth+1)
	b.split(left+1, mid, e, depth+1)
}

// sahSplit partitions [s, e) at the cheapest of the bin boundaries along axis; ok is false when
// no boundary beats keeping the node whole or all centroids share one bin.
func (b *bvhBuilder) sahSplit(s, e int32, axis int, cbox, box bvhBox) (int32, bool) {
	lo, ext := cbox.lo[axis], cbox.hi[axis]-cbox.lo[axis]
	if !(ext > 0) {
		return 0, false
	}
	scale := float64(bvhBins) / ext
	var counts [bvhBins]int
	var bins [bvhBins]bvhBox
	for k := range bins {
		bins[k] = bvhEmpty()
	}
	part := b.order[s:e]
	for _, i := range part {
		k := min(max(int((b.cent[i][axis]-lo)*scale), 0), bvhBins-1)
		b.bin[i] = uint8(k)
		counts[k]++
		bins[k] = bins[k].union(b.boxes[i])
	}
	// Right-to-left sweep gives the cost of every right side; the left sweep finds the best cut.
	var rightCost [bvhBins]float64
	acc, nr := bvhEmpty(), 0
	for k := bvhBins - 1; k > 0; k-- {
		acc = acc.union(bins[k])
		nr += counts[k]
		rightCost[k] = acc.area() * float64(nr)
	}
	bestCost, bestK := math.Inf(1), -1
	acc, nl := bvhEmpty(), 0
	for k := 0; k < bvhBins-1; k++ {
		acc = acc.union(bins[k])
		nl += counts[k]
		if nl == 0 || nl == len(part) {
			continue
		}
		if c := acc.area()*float64(nl) + rightCost[k+1]; c < bestCost {
			bestCost, bestK = c, k
		}
	}
	if bestK < 0 || bestCost >= box.area()*float64(len(part)) {
		return 0, false
	}
	m := 0
	for i := range part {
		if int(b.bin[part[i]]) <= bestK {
			part[i], part[m] = part[m], part[i]
			m++
		}
	}
	return s + int32(m), true
}

// medianSplit sorts [s, e) by centroid along axis and cuts it in half.
func (b *bvhBuilder) medianSplit(s, e int32, axis int) int32 {
	slices.SortFunc(b.order[s:e], func(i, j int32) int {
		ci, cj := b.cent[i][axis], b.cent[j][axis]
		switch {
		case ci < cj:
			return -1
		case ci > cj:
			return 1
		}
		return int(i - j)
	})
	return s + (e-s)/2
}

// bvhBox is the builder's box: plain arrays and the builtin min and max, which compile to single
// instructions where Box's math.Min calls do not (the build spends its time here).
type bvhBox struct{ lo, hi [3]float64 }

func bvhEmpty() bvhBox {
	inf := math.Inf(1)
	return bvhBox{lo: [3]float64{inf, inf, inf}, hi: [3]float64{-inf, -inf, -inf}}
}

func (a bvhBox) union(b bvhBox) bvhBox {
	for k := 0; k < 3; k++ {
		a.lo[k], a.hi[k] = min(a.lo[k], b.lo[k]), max(a.hi[k], b.hi[k])
	}
	return a
}

func (a bvhBox) add(p mgl64.Vec3) bvhBox {
	for k := 0; k < 3; k++ {
		a.lo[k], a.hi[k] = min(a.lo[k], p[k]), max(a.hi[k], p[k])
	}
	return a
}

// longestAxis returns the axis along which the box is longest.
func (a bvhBox) longestAxis() int {
	axis := 0
	for k := 1; k < 3; k++ {
		if a.hi[k]-a.lo[k] > a.hi[axis]-a.lo[axis] {
			axis = k
		}
	}
	return axis
}

// area returns half the box's surface area (the constant factor does not change a split).
func (a bvhBox) area() float64 {
	if a.lo[0] > a.hi[0] {
		return 0
	}
	dx, dy, dz := a.hi[0]-a.lo[0], a.hi[1]-a.lo[1], a.hi[2]-a.lo[2]
	return dx*dy + dy*dz + dz*dx
}
