package distance

import (
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Exact is the exact signed distance to a scene: the minimum, over every closed piece of every
// part and over the solid below the floor, of the signed distance to it (the scene contract:
// a point inside any part is inside the scene). Distances to triangles are exact (closest point
// on triangle); the sign comes from angle-weighted pseudonormals and is right for closed,
// consistently wound pieces. Open pieces (not closed) count as surfaces without an inside.
//
// A query near a surface starts from the sparse grid of cellGrid, which lists the few pieces near
// its cell; elsewhere, or when they are not near enough to settle it, a four-wide bounding volume
// hierarchy over the pieces' boxes is searched in order of their signed box distance (a lower
// bound of the piece's signed distance). Each piece has its own hierarchy over its triangles. For
// a convex piece (all procedural furniture) the largest face-plane distance decides inside or
// outside without a search and is the exact signed distance inside. The layout is made for
// queries that miss the caches: what a query reads first about a piece is 16 bytes, and each
// piece's nodes, triangles and planes are contiguous runs in arrays shared by all pieces.
// Exact is immutable and safe for concurrent use.
type Exact struct {
	top   []bvhNode  // over the solids' boxes, one solid per leaf; leaves index solids
	refs  []solidRef // per solid, where its data lies in the shared arrays below
	nodes []bvhNode  // every solid's BVH nodes, solid after solid in the solids' order
	tris  []bvhTri   // every solid's triangles, likewise
	// planes holds every convex solid's face planes, likewise.
	planes []facePlane
	// solids holds everything else about a solid (pseudonormals, exact box, part), needed only
	// where the fast path cannot decide; their slices share the arrays above.
	solids []shape
	grid   *cellGrid // nil: no solids
	floor  bool
	bounds geom.Box
	names  [][2]string // object id and part name of each mesh, indexed by shape.part
}

// solidRef is the part of a solid a query reads first, in 16 bytes: where its nodes, triangles
// and planes start in the shared arrays (node and triangle indices inside a solid's tree are
// relative to those starts).
type solidRef struct {
	node, tri, plane int32
	nPlanes          uint16 // 0: not convex
	closed           bool
}

// NewExact builds the exact signed distance of a scene, floor included (everything below
// y = 0 is inside). Parts are prepared in parallel on all CPUs.
func NewExact(s *scene.Scene) *Exact {
	var meshes []*scene.Mesh
	var names [][2]string
	for _, o := range s.Objects {
		for _, p := range o.Parts {
			if p.Mesh != nil {
				meshes = append(meshes, p.Mesh)
				names = append(names, [2]string{o.ID, p.Name})
			}
		}
	}
	e := NewExactMeshes(meshes, true)
	e.names = names
	return e
}

// NewExactMeshes builds the exact signed distance of the union of the given closed meshes, with the
// solid below y = 0 included when floor is true.
func NewExactMeshes(meshes []*scene.Mesh, floor bool) *Exact {
	perMesh := make([][]shape, len(meshes))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				perMesh[i] = buildSolids(meshes[i], int32(i))
			}
		}()
	}
	for i := range meshes {
		next <- i
	}
	close(next)
	wg.Wait()
	var solids []shape
	for _, ss := range perMesh {
		solids = append(solids, ss...)
	}
	e := &Exact{floor: floor, bounds: geom.EmptyBox()}
	boxes := make([]bvhBox, len(solids))
	for i := range solids {
		b := solids[i].box
		boxes[i] = bvhBox{lo: b.Lo, hi: b.Hi}
		e.bounds = e.bounds.Union(b)
	}
	var order []int32
	e.top, order = buildBVH(boxes, 1)
	e.solids = make([]shape, len(solids))
	for i, j := range order {
		e.solids[i] = solids[j]
	}
	e.compact()
	e.grid = newCellGrid(e.solids, e.bounds)
	return e
}

// compact moves every solid's nodes, triangles, planes and normals into shared arrays in the
// solids' leaf order, so that pieces near each other in space are near each other in memory and
// one piece's data is a few contiguous runs, and records where each solid's data starts.
func (e *Exact) compact() {
	var nn, nt, np, nv, ne int
	for i := range e.solids {
		s := &e.solids[i]
		nn, nt, np = nn+len(s.bvh.nodes), nt+len(s.bvh.tris), np+len(s.planes)
		nv, ne = nv+len(s.vn), ne+len(s.en)
	}
	e.nodes, e.tris, e.planes = make([]bvhNode, 0, nn), make([]bvhTri, 0, nt), make([]facePlane, 0, np)
	norms := make([]triNormals, 0, nt)
	vn, en := make([]mgl64.Vec3, 0, nv), make([]mgl64.Vec3, 0, ne)
	e.refs = make([]solidRef, len(e.solids))
	for i := range e.solids {
		s := &e.solids[i]
		e.refs[i] = solidRef{node: int32(len(e.nodes)), tri: int32(len(e.tris)), plane: int32(len(e.planes)),
			nPlanes: uint16(len(s.planes)), closed: s.closed}
		s.bvh.nodes, e.nodes = moveInto(e.nodes, s.bvh.nodes)
		s.bvh.tris, e.tris = moveInto(e.tris, s.bvh.tris)
		if s.planes != nil {
			s.planes, e.planes = moveInto(e.planes, s.planes)
		}
		s.norms, norms = moveInto(norms, s.norms)
		s.vn, vn = moveInto(vn, s.vn)
		s.en, en = moveInto(en, s.en)
		s.bvh.ids = nil // only Closest reads them; a solid answers through its pseudonormals
	}
}

// moveInto appends src to the shared array dst (which has room for it) and returns the copy as a
// slice of dst that cannot grow into its neighbour, and dst.
func moveInto[T any](dst, src []T) ([]T, []T) {
	start := len(dst)
	dst = append(dst, src...)
	return dst[start:len(dst):len(dst)], dst
}

// Bounds implements SDF: the box around the scene's surfaces (the floor's half-space is not in
// it; below y = 0 is inside whatever the box says).
func (e *Exact) Bounds() geom.Box { return e.bounds }

// NumSolids returns the number of closed pieces the parts were split into.
func (e *Exact) NumSolids() int { return len(e.solids) }

// Distance implements SDF: the exact signed distance from p to the scene.
func (e *Exact) Distance(p mgl64.Vec3) float64 {
	d, _ := e.distance(p)
	return d
}

// distance returns the signed distance and the solid that gives it (−1: the floor or nothing).
// The search keeps the best distance so far and visits a box only when its lower bound (the box
// key of bvhNode.keys) is below it, nearer boxes first: among the solids p's grid cell lists,
// then, unless that settled it, through the hierarchy.
func (e *Exact) distance(p mgl64.Vec3) (float64, int32) {
	best, who := math.Inf(1), int32(-1)
	if e.floor {
		best = p.Y()
	}
	if len(e.top) == 0 {
		return best, who
	}
	if items := e.grid.lookup(p); items != nil {
		if best, who = e.distanceAmong(items, p, best, who); best <= cellReach {
			return best, who
		}
	}
	return e.distanceTree(p, best, who)
}

// distanceAmong lowers best (with who, its solid) to the signed distance of the listed solids
// where that is smaller, visiting them nearest box first.
func (e *Exact) distanceAmong(items []cellItem, p mgl64.Vec3, best float64, who int32) (float64, int32) {
	px, py, pz := p[0], p[1], p[2]
	var keys [cellMaxList]float64
	var order [cellMaxList]int32
	n := 0
	for i := range items {
		k := items[i].key(px, py, pz)
		j := n
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], order[j] = keys[j-1], order[j-1]
		}
		keys[j], order[j] = k, int32(i)
		n++
	}
	limit := boundLimit(best)
	for i := 0; i < n && keys[i] < limit; i++ {
		si := items[order[i]].solid
		if d := e.solidDistance(si, p, best, keys[i] > 0); d < best {
			best, who, limit = d, si, boundLimit(d)
		}
	}
	return best, who
}

// distanceTree lowers best (with who, its solid) to the scene's signed distance at p where that
// is smaller, by the hierarchy over solids; with best the floor's distance it is the whole
// query.
func (e *Exact) distanceTree(p mgl64.Vec3, best float64, who int32) (float64, int32) {
	px, py, pz := p[0], p[1], p[2]
	limit := boundLimit(best)
	var stack [bvhStackSize]bvhEntry
	stack[0] = bvhEntry{key: math.Inf(-1)}
	sp := 1
	for sp > 0 {
		sp--
		en := stack[sp]
		if !(en.key < limit) {
			continue
		}
		switch {
		case en.count == 1:
			// The leaf's box is its solid's box: outside it is outside the solid.
			if d := e.solidDistance(en.first, p, best, en.key > 0); d < best {
				best, who, limit = d, en.first, boundLimit(d)
			}
		case en.count > 1:
			for si := en.first; si < en.first+en.count; si++ {
				s := &e.solids[si]
				if k := boxBound(p, &s.box.Lo, &s.box.Hi); k < limit {
					if d := e.solidDistance(si, p, best, k > 0); d < best {
						best, who, limit = d, si, boundLimit(d)
					}
				}
			}
		default:
			ks := e.top[en.first].keys(px, py, pz)
			sp = e.top[en.first].push(&stack, sp, &ks, limit)
		}
	}
	return best, who
}

// solidDistance is shape.distance for solid si through the shared arrays; outside says that p
// lies outside the solid's box.
func (e *Exact) solidDistance(si int32, p mgl64.Vec3, limit float64, outside bool) float64 {
	r := &e.refs[si]
	v := solidView{nodes: e.nodes[r.node:], tris: e.tris[r.tri:], planes: e.planes[r.plane : r.plane+int32(r.nPlanes)], closed: r.closed}
	d, h, sign := v.distance(p, limit, outside)
	if sign {
		return e.solids[si].signed(p, h, d)
	}
	return d
}

// boxBound returns an ordering key for the box lo–hi seen from p that needs no square root: the
// squared distance to the box when p is outside (positive), minus the distance to the nearest face
// when p is inside (zero or negative). The box's signed distance, a lower bound of the signed
// distance of anything inside it, grows with the key.
func boxBound(p mgl64.Vec3, lo, hi *mgl64.Vec3) float64 {
	var out2 float64
	in := math.Inf(-1)
	for k := 0; k < 3; k++ {
		d := max(lo[k]-p[k], p[k]-hi[k])
		if d > 0 {
			out2 += d * d
		} else {
			in = max(in, d)
		}
	}
	if out2 > 0 {
		return out2
	}
	return in
}

// boundLimit returns the limit a box's boxBound key must be below for the box to hold something
// nearer than best: best² when best is positive (the key is then a squared distance outside and
// negative inside), best otherwise (only a box p is inside can do, and only by being deep enough).
func boundLimit(best float64) float64 {
	if best > 0 {
		// A positive best whose square underflows still admits every box p is inside.
		return max(best*best, math.SmallestNonzeroFloat64)
	}
	return best
}

// SolidPart returns the object id and part name of solid i (empty strings for meshes given
// without a scene, or i < 0, which stands for the floor).
func (e *Exact) SolidPart(i int) (object, part string) {
	if i < 0 || i >= len(e.solids) || e.names == nil {
		return "", ""
	}
	n := e.names[e.solids[i].part]
	return n[0], n[1]
}
