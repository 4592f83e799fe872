package distance

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// gridTestScene is testFieldScene with a crowd of small cubes: more solids near one cell than a
// cell lists, so that queries there must walk the hierarchy.
func gridTestScene() []*scene.Mesh {
	meshes := testFieldScene()
	for i := 0; i < 2*cellMaxList; i++ {
		lo := mgl64.Vec3{3.1 + 0.04*float64(i%8), 0.2 + 0.04*float64(i/8), 1.1}
		meshes = append(meshes, testBox(lo, lo.Add(mgl64.Vec3{0.02, 0.02, 0.02})))
	}
	return meshes
}

// TestSDFGridAgreesWithHierarchy checks the cell lists against the hierarchy alone and against
// brute force, over points that take every path: answered by their cell, in a cell but farther
// than its reach (the hierarchy finishes), in a crowded cell that is not kept, and far away.
func TestSDFGridAgreesWithHierarchy(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	meshes := gridTestScene()
	e := NewExactMeshes(meshes, true)
	if e.grid == nil {
		t.Fatal("no grid for a room-sized scene")
	}
	bvhs := make([]*BVH, len(meshes))
	for i, m := range meshes {
		bvhs[i] = NewBVH(m)
	}
	box := e.Bounds().Expand(0.8)
	var answered, finished, crowded, none int
	for i := 0; i < 4000; i++ {
		p := randomIn(rng, box)
		if i%2 == 0 {
			// Near a surface: of the room's meshes mostly, of the crowd of cubes sometimes.
			m := rng.IntN(6)
			if i%8 == 0 {
				m = rng.IntN(len(meshes))
			}
			q, _, _, _ := bvhs[m].Closest(p)
			p = q.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.03))
		}
		got, _ := e.distance(p)
		tree, _ := e.distanceTree(p, p.Y(), -1)
		if math.Abs(got-tree) > 1e-12 {
			t.Fatalf("point %v: Distance %.15f, hierarchy alone %.15f", p, got, tree)
		}
		if i%8 == 0 {
			if want := bruteSDF(meshes, true, p); math.Abs(got-want) > 1e-9 {
				t.Fatalf("point %v: Distance %.12f, brute force %.12f", p, got, want)
			}
		}
		switch items := e.grid.lookup(p); {
		case items != nil && got <= cellReach:
			answered++
		case items != nil:
			finished++
		case got <= cellReach && p.Sub(mgl64.Vec3{3.25, 0.3, 1.11}).Len() < 0.4:
			crowded++
		default:
			none++
		}
	}
	if answered < 500 || finished == 0 || crowded == 0 || none == 0 {
		t.Fatalf("answered by the cell %d, finished by the hierarchy %d, in a crowded cell %d, in no cell %d: a path is not tested",
			answered, finished, crowded, none)
	}
}

// TestSDFGridSkipsHugeBoxes checks that a solid whose box would fill millions of cells (a slab
// two kilometres wide) leaves the scene without a grid, and exact.
func TestSDFGridSkipsHugeBoxes(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 40))
	meshes := append(testFieldScene(), testBox(mgl64.Vec3{-1000, 50, -1000}, mgl64.Vec3{1000, 60, 1000}))
	e := NewExactMeshes(meshes, true)
	if e.grid != nil {
		t.Fatalf("a grid of %d entries", len(e.grid.items))
	}
	box := NewExactMeshes(testFieldScene(), true).Bounds().Expand(0.2)
	for i := 0; i < 300; i++ {
		p := randomIn(rng, box)
		if got, want := e.Distance(p), bruteSDF(meshes, true, p); math.Abs(got-want) > 1e-9 {
			t.Fatalf("point %v: Distance %.12f, brute force %.12f", p, got, want)
		}
	}
}

// TestSDFLeavesOfSeveralSolids rebuilds a scene's hierarchy over solids with up to four solids
// per leaf (what the depth limit makes of degenerate scenes) and without the grid: distances
// must not change.
func TestSDFLeavesOfSeveralSolids(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	meshes := gridTestScene()
	e := NewExactMeshes(meshes, true)
	want := make(map[mgl64.Vec3]float64)
	box := e.Bounds().Expand(0.3)
	for i := 0; i < 1500; i++ {
		p := randomIn(rng, box)
		want[p] = e.Distance(p)
	}
	boxes := make([]bvhBox, len(e.solids))
	for i := range e.solids {
		boxes[i] = bvhBox{lo: e.solids[i].box.Lo, hi: e.solids[i].box.Hi}
	}
	top, order := buildBVH(boxes, 4)
	solids, refs := make([]shape, len(order)), make([]solidRef, len(order))
	for i, j := range order {
		solids[i], refs[i] = e.solids[j], e.refs[j]
	}
	e.top, e.solids, e.refs, e.grid = top, solids, refs, nil
	multi := 0
	for i := range e.top {
		for s := 0; s < 4; s++ {
			if e.top[i].count[s] > 1 {
				multi++
			}
		}
	}
	if multi == 0 {
		t.Fatal("no leaf holds several solids")
	}
	for p, w := range want {
		if got := e.Distance(p); math.Abs(got-w) > 1e-12 {
			t.Fatalf("point %v: Distance %.15f with several solids per leaf, %.15f with one", p, got, w)
		}
	}
}

// TestBuildBVHStructure checks the four-wide trees the builder makes: every item in exactly one
// leaf, every child's box around the boxes of the items below it, no tree deeper than
// bvhMaxDepth (a chain of exponentially spaced boxes is far deeper as a binary tree, so its last
// leaves gather many items).
func TestBuildBVHStructure(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	random := func(n int) []bvhBox {
		bs := make([]bvhBox, n)
		for i := range bs {
			c := mgl64.Vec3{rng.Float64() * 10, rng.Float64() * 3, rng.Float64() * 10}
			bs[i] = bvhEmpty().add(c).add(c.Add(mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}.Mul(0.3)))
		}
		return bs
	}
	chain := make([]bvhBox, 80)
	for i := range chain {
		x := math.Pow(2, float64(i))
		chain[i] = bvhBox{lo: [3]float64{x, 0, 0}, hi: [3]float64{1.25 * x, 0.4, 0.4}}
	}
	same := make([]bvhBox, 50)
	for i := range same {
		same[i] = bvhBox{lo: [3]float64{1, 1, 1}, hi: [3]float64{2, 2, 2}}
	}
	tests := []struct {
		name     string
		boxes    []bvhBox
		leafSize int
		maxLeaf  int // most items a leaf may hold; −1: some leaf must hold more than leafSize
	}{
		{"random, four per leaf", random(3000), 4, 16}, // the heuristic may keep a small node whole
		{"random, one per leaf", random(500), 1, 1},
		{"one box", random(1), 4, 1},
		{"identical boxes", same, 1, 1},
		{"exponential chain", chain, 1, -1},
	}
	for _, tc := range tests {
		nodes, order := buildBVH(tc.boxes, tc.leafSize)
		seen := make([]int, len(tc.boxes))
		depth, biggest := 0, 0
		var walk func(ni int32, d int)
		walk = func(ni int32, d int) {
			depth = max(depth, d)
			n := &nodes[ni]
			for s := 0; s < 4; s++ {
				if math.IsInf(float64(n.lo[0][s]), 1) {
					continue // unused slot
				}
				var items []int32
				if n.count[s] > 0 {
					items = order[n.first[s] : n.first[s]+n.count[s]]
					biggest = max(biggest, len(items))
				} else {
					walk(n.first[s], d+1)
				}
				for _, it := range items {
					seen[it]++
					for k := 0; k < 3; k++ {
						if float64(n.lo[k][s]) > tc.boxes[it].lo[k] || float64(n.hi[k][s]) < tc.boxes[it].hi[k] {
							t.Fatalf("%s: item %d sticks out of its leaf's box", tc.name, it)
						}
					}
				}
			}
		}
		walk(0, 1)
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("%s: item %d is in %d leaves", tc.name, i, c)
			}
		}
		if depth > bvhMaxDepth {
			t.Errorf("%s: depth %d > %d", tc.name, depth, bvhMaxDepth)
		}
		if tc.maxLeaf >= 0 && biggest > tc.maxLeaf || tc.maxLeaf < 0 && biggest <= tc.leafSize {
			t.Errorf("%s: largest leaf %d items (leaf size %d)", tc.name, biggest, tc.leafSize)
		}
	}
}

func TestRoundOutward32(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	xs := []float64{0, 1, -1, 0.1, -0.1, 1e-40, -1e-40, 1e39, -1e39, math.MaxFloat32, -math.MaxFloat32,
		math.Inf(1), math.Inf(-1), float64(float32(0.3)), 123456.789}
	for i := 0; i < 2000; i++ {
		xs = append(xs, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(20)-10)))
	}
	up, down := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, x := range xs {
		lo, hi := roundDown32(x), roundUp32(x)
		if !(float64(lo) <= x) || !(float64(math.Nextafter32(lo, up)) > x || math.IsInf(float64(lo), 1)) {
			t.Errorf("roundDown32(%g) = %g: not the largest float32 at or below", x, lo)
		}
		if !(float64(hi) >= x) || !(float64(math.Nextafter32(hi, down)) < x || math.IsInf(float64(hi), -1)) {
			t.Errorf("roundUp32(%g) = %g: not the smallest float32 at or above", x, hi)
		}
	}
}
