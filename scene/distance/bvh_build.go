package distance

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Building the hierarchies of bvh.go: a binary tree by the binned surface area heuristic,
// collapsed into four-wide nodes.

// bvhBins is the number of centroid bins the surface area heuristic tries per split.
const bvhBins = 12

// buildBVH builds a four-wide hierarchy over items given by their boxes and returns its nodes
// (the root first, every node before its children, depth first) and the item order its leaves
// refer to (leaf items are order[first : first+count]). With leafSize 1 every leaf holds exactly
// one item (unless items pile up at bvhMaxDepth), so a leaf's box is its item's box.
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
	b.nodes = make([]bvhBinNode, 1, 2*len(boxes)/max(1, leafSize)+1)
	b.split(0, 0, int32(len(boxes)), 0)
	wide := make([]bvhNode, 0, len(b.nodes)/3+1)
	widen(b.nodes, 0, 0, &wide)
	return wide, order
}

// bvhBinNode is a node of the binary tree the builder makes: its exact box, the items below it
// (first … first+count−1 in leaf order: a subtree's items are contiguous), and its children,
// nodes left and left+1 (left 0: a leaf; the root is node 0 and nobody's child).
type bvhBinNode struct {
	box          bvhBox
	first, count int32
	left         int32
}

// bvhBuildDepth bounds the binary tree's depth (a node that deep is a leaf), which keeps the
// build's recursion and cost bounded on degenerate input.
const bvhBuildDepth = 64

// widen appends to wide the four-wide node that stands for binary node bi at depth in the wide
// tree and, after it, the nodes below, and returns its index. The node's children are bi's
// children, then the inner child with the largest surface is replaced by its own two children
// while fewer than four: the boxes a query would have met over two or three binary levels, read
// in one step. At depth bvhMaxDepth−1 inner children become leaves holding all their items.
func widen(bin []bvhBinNode, bi int32, depth int, wide *[]bvhNode) int32 {
	kids, n := [4]int32{bi}, 1
	if bin[bi].left != 0 {
		kids, n = [4]int32{bin[bi].left, bin[bi].left + 1}, 2
	}
	for n < 4 {
		open, area := -1, -1.0
		for i := 0; i < n; i++ {
			if k := &bin[kids[i]]; k.left != 0 && k.box.area() > area {
				open, area = i, k.box.area()
			}
		}
		if open < 0 {
			break
		}
		c := bin[kids[open]].left
		kids[open], kids[n] = c, c+1
		n++
	}
	at := int32(len(*wide))
	*wide = append(*wide, bvhNode{})
	var w bvhNode
	for s := 0; s < 4; s++ {
		switch k := &bin[kids[min(s, n-1)]]; {
		case s >= n:
			w.setChild(s, bvhEmpty(), 0, 0)
		case k.left == 0 || depth+1 >= bvhMaxDepth:
			w.setChild(s, k.box, k.first, k.count)
		default:
			w.setChild(s, k.box, widen(bin, kids[s], depth+1, wide), 0)
		}
	}
	(*wide)[at] = w
	return at
}

type bvhBuilder struct {
	boxes    []bvhBox
	cent     []mgl64.Vec3
	bin      []uint8 // scratch: each item's bin in the split being tried
	order    []int32
	nodes    []bvhBinNode
	leafSize int
}

// split makes node ni cover items [s, e) and splits it further when that pays.
func (b *bvhBuilder) split(ni int, s, e int32, depth int) {
	box, cbox := bvhEmpty(), bvhEmpty()
	for _, i := range b.order[s:e] {
		box = box.union(b.boxes[i])
		cbox = cbox.add(b.cent[i])
	}
	b.nodes[ni] = bvhBinNode{box: box, first: s, count: e - s}
	n := int(e - s)
	if n <= b.leafSize || depth >= bvhBuildDepth {
		return
	}
	axis := cbox.longestAxis()
	mid, ok := b.sahSplit(s, e, axis, cbox, box)
	if !ok {
		if b.leafSize > 1 && n <= 4*b.leafSize && cbox.hi[axis] > cbox.lo[axis] {
			return // a small node the heuristic would not split is a fine leaf
		}
		mid = b.medianSplit(s, e, axis)
	}
	left := len(b.nodes)
	b.nodes = append(b.nodes, bvhBinNode{}, bvhBinNode{})
	b.nodes[ni].left = int32(left)
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
