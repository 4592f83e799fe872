package scene

import (
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

// ExactSDF is the exact signed distance to a scene: the minimum, over every closed piece of every
// part and over the solid below the floor, of the signed distance to it (the scene contract:
// a point inside any part is inside the scene). Distances to triangles are exact (closest point
// on triangle); the sign comes from angle-weighted pseudonormals and is right for closed,
// consistently wound pieces. Open pieces (not closed) count as surfaces without an inside.
//
// Two levels of bounding volume hierarchy answer a query: one over the pieces' boxes, searched in
// order of their signed box distance (a lower bound of the piece's signed distance), and one per
// piece over its triangles. For a convex piece (all procedural furniture) the largest face-plane
// distance decides inside or outside without a search and is the exact signed distance inside.
// ExactSDF is immutable and safe for concurrent use.
type ExactSDF struct {
	solids []sdfSolid
	top    []bvhNode // over the solids' boxes; leaves index solids, which are in leaf order
	floor  bool
	bounds Box
	names  [][2]string // object id and part name of each mesh, indexed by sdfSolid.part
}

// NewSceneSDF builds the exact signed distance of a scene, floor included (everything below
// y = 0 is inside). Parts are prepared in parallel on all CPUs.
func NewSceneSDF(s *Scene) *ExactSDF {
	var meshes []*Mesh
	var names [][2]string
	for _, o := range s.Objects {
		for _, p := range o.Parts {
			if p.Mesh != nil {
				meshes = append(meshes, p.Mesh)
				names = append(names, [2]string{o.ID, p.Name})
			}
		}
	}
	e := NewMeshesSDF(meshes, true)
	e.names = names
	return e
}

// NewMeshesSDF builds the exact signed distance of the union of the given closed meshes, with the
// solid below y = 0 included when floor is true.
func NewMeshesSDF(meshes []*Mesh, floor bool) *ExactSDF {
	perMesh := make([][]sdfSolid, len(meshes))
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
	var solids []sdfSolid
	for _, ss := range perMesh {
		solids = append(solids, ss...)
	}
	e := &ExactSDF{floor: floor, bounds: EmptyBox()}
	boxes := make([]bvhBox, len(solids))
	for i := range solids {
		b := solids[i].box
		boxes[i] = bvhBox{lo: b.Lo, hi: b.Hi}
		e.bounds = e.bounds.Union(b)
	}
	var order []int32
	e.top, order = buildBVH(boxes, 2)
	e.solids = make([]sdfSolid, len(solids))
	for i, j := range order {
		e.solids[i] = solids[j]
	}
	e.compact()
	return e
}

// compact moves every solid's nodes, triangles and normals into shared arrays in the solids' leaf
// order, so that pieces near each other in space are near each other in memory: a query that
// visits a few neighbouring pieces then touches a few cache lines instead of scattered ones.
func (e *ExactSDF) compact() {
	var nn, nt, nv, ne int
	for i := range e.solids {
		s := &e.solids[i]
		nn, nt, nv, ne = nn+len(s.bvh.nodes), nt+len(s.bvh.tris), nv+len(s.vn), ne+len(s.en)
	}
	nodes, tris, norms := make([]bvhNode, 0, nn), make([]bvhTri, 0, nt), make([]triNormals, 0, nt)
	vn, en := make([]mgl64.Vec3, 0, nv), make([]mgl64.Vec3, 0, ne)
	for i := range e.solids {
		s := &e.solids[i]
		s.bvh.nodes, nodes = sdfMove(nodes, s.bvh.nodes)
		s.bvh.tris, tris = sdfMove(tris, s.bvh.tris)
		s.norms, norms = sdfMove(norms, s.norms)
		s.vn, vn = sdfMove(vn, s.vn)
		s.en, en = sdfMove(en, s.en)
	}
}

// sdfMove appends src to the shared array dst (which has room for it) and returns the copy as a
// slice of dst that cannot grow into its neighbour, and dst.
func sdfMove[T any](dst, src []T) ([]T, []T) {
	start := len(dst)
	dst = append(dst, src...)
	return dst[start:len(dst):len(dst)], dst
}

// Bounds implements SDF: the box around the scene's surfaces (the floor's half-space is not in
// it; below y = 0 is inside whatever the box says).
func (e *ExactSDF) Bounds() Box { return e.bounds }

// NumSolids returns the number of closed pieces the parts were split into.
func (e *ExactSDF) NumSolids() int { return len(e.solids) }

// Distance implements SDF: the exact signed distance from p to the scene.
func (e *ExactSDF) Distance(p mgl64.Vec3) float64 {
	d, _ := e.distance(p)
	return d
}

// distance returns the signed distance and the solid that gives it (−1: the floor or nothing).
// The search keeps the best distance so far and visits a box only when its lower bound
// (boxBound) is below it, nearer boxes first.
func (e *ExactSDF) distance(p mgl64.Vec3) (float64, int32) {
	best, who := math.Inf(1), int32(-1)
	if e.floor {
		best = p.Y()
	}
	if len(e.top) == 0 {
		return best, who
	}
	var stack [bvhStackDepth]int32
	sp := 1
	for sp > 0 {
		sp--
		n := &e.top[stack[sp]]
		if n.count > 0 {
			for si := n.first; si < n.first+n.count; si++ {
				s := &e.solids[si]
				if k := boxBound(p, &s.box.Lo, &s.box.Hi); !boundBelow(k, best) {
					continue
				}
				if d := s.distance(p, best); d < best {
					best, who = d, si
				}
			}
			continue
		}
		l, r := n.first, n.first+1
		kl, kr := boxBound(p, &e.top[l].lo, &e.top[l].hi), boxBound(p, &e.top[r].lo, &e.top[r].hi)
		if kl > kr {
			l, r, kl, kr = r, l, kr, kl
		}
		if boundBelow(kr, best) {
			stack[sp] = r
			sp++
		}
		if boundBelow(kl, best) {
			stack[sp] = l
			sp++
		}
	}
	return best, who
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

// boundBelow reports whether a box with boxBound key k can hold something nearer than best.
func boundBelow(k, best float64) bool {
	if k > 0 {
		return best > 0 && k < best*best
	}
	return k < best
}

// SolidPart returns the object id and part name of solid i (empty strings for meshes given
// without a scene, or i < 0, which stands for the floor).
func (e *ExactSDF) SolidPart(i int) (object, part string) {
	if i < 0 || i >= len(e.solids) || e.names == nil {
		return "", ""
	}
	n := e.names[e.solids[i].part]
	return n[0], n[1]
}
