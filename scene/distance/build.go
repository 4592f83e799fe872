package distance

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// weldStep is the grid (metres) on which vertices are welded before adjacency is read:
// loaders often repeat a corner once per face (for flat normals), and the pseudonormals and the
// split into closed pieces need corners shared. 0.1 µm is far below any real feature and far above
// the rounding of coordinates computed two ways.
const weldStep = 1e-7

// buildSolids splits a part's mesh into its closed pieces (triangles joined through shared edges
// after welding) and prepares each for signed distance queries.
func buildSolids(m *scene.Mesh, part int32) []shape {
	pos, tris := weldMesh(m)
	if len(tris) == 0 {
		return nil
	}
	comps := components(tris)
	out := make([]shape, 0, len(comps))
	scratch := make([]int32, len(pos))
	for i := range scratch {
		scratch[i] = -1
	}
	for _, c := range comps {
		s := newSolid(pos, c, scratch)
		s.part = part
		out = append(out, s)
	}
	return out
}

// weldMesh returns the mesh's corners welded on the weldStep grid and its triangles over them,
// without triangles that lose a corner to the weld (they have no area, and their points lie on
// their neighbours' edges).
func weldMesh(m *scene.Mesh) ([]mgl64.Vec3, [][3]int32) {
	ids := make(map[[3]int64]int32, len(m.Vertices))
	remap := make([]int32, len(m.Vertices))
	var pos []mgl64.Vec3
	for i, v := range m.Vertices {
		key := [3]int64{int64(math.Round(v[0] / weldStep)), int64(math.Round(v[1] / weldStep)), int64(math.Round(v[2] / weldStep))}
		id, ok := ids[key]
		if !ok {
			id = int32(len(pos))
			ids[key] = id
			pos = append(pos, v)
		}
		remap[i] = id
	}
	tris := make([][3]int32, 0, len(m.Triangles))
	for _, t := range m.Triangles {
		if t[0] < 0 || t[1] < 0 || t[2] < 0 || int(max(t[0], t[1], t[2])) >= len(remap) {
			continue // a malformed index names no corner; loaders reject these, skip defensively
		}
		w := [3]int32{remap[t[0]], remap[t[1]], remap[t[2]]}
		if w[0] != w[1] && w[1] != w[2] && w[2] != w[0] {
			tris = append(tris, w)
		}
	}
	return pos, tris
}

// edgeKey names the undirected edge between corners u and v.
func edgeKey(u, v int32) uint64 {
	if u > v {
		u, v = v, u
	}
	return uint64(u)<<32 | uint64(uint32(v))
}

// components groups triangles joined through shared edges (union–find) and returns each
// group's triangles. Pieces that only touch at a corner stay apart.
func components(tris [][3]int32) [][][3]int32 {
	parent := make([]int32, len(tris))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	first := make(map[uint64]int32, 3*len(tris)/2)
	for i, t := range tris {
		for k := 0; k < 3; k++ {
			key := edgeKey(t[k], t[(k+1)%3])
			if j, ok := first[key]; ok {
				if a, b := find(int32(i)), find(j); a != b {
					parent[a] = b
				}
			} else {
				first[key] = int32(i)
			}
		}
	}
	index := map[int32]int{}
	var comps [][][3]int32
	for i, t := range tris {
		r := find(int32(i))
		c, ok := index[r]
		if !ok {
			c = len(comps)
			index[r] = c
			comps = append(comps, nil)
		}
		comps[c] = append(comps[c], t)
	}
	return comps
}

// newSolid prepares one piece: its own corners, edges (closed or not), orientation,
// pseudonormals, convex planes and BVH. scratch maps welded corners to the piece's corners; it
// holds −1 everywhere on entry and on return.
func newSolid(pos []mgl64.Vec3, tris [][3]int32, scratch []int32) shape {
	local := &scene.Mesh{Triangles: make([][3]int32, len(tris))}
	for i, t := range tris {
		for k, v := range t {
			if scratch[v] < 0 {
				scratch[v] = int32(len(local.Vertices))
				local.Vertices = append(local.Vertices, pos[v])
			}
			local.Triangles[i][k] = scratch[v]
		}
	}
	for _, t := range tris {
		scratch[t[0]], scratch[t[1]], scratch[t[2]] = -1, -1, -1
	}
	edges, numEdges, closed := numberEdges(local.Triangles)
	if closed && signedVolume(local.Vertices, local.Triangles) < 0 {
		// Wound inside out: flip so that normals point away from the inside.
		for i, t := range local.Triangles {
			local.Triangles[i] = [3]int32{t[0], t[2], t[1]}
			edges[i] = [3]int32{edges[i][2], edges[i][1], edges[i][0]}
		}
	}
	s := shape{bvh: *NewBVH(local), box: local.Bounds(), closed: closed}
	s.norms, s.vn, s.en = pseudonormalsOf(local, edges, numEdges, &s.bvh)
	if closed {
		s.planes = convexPlanes(local)
	}
	return s
}

// numberEdges numbers the undirected edges of the triangles (edge k of a triangle joins corner k and
// corner k+1) and reports whether every edge has exactly two triangles that run along it in
// opposite directions: a closed, consistently wound surface.
func numberEdges(tris [][3]int32) (ids [][3]int32, n int, closed bool) {
	type use struct{ id, n, dir int32 }
	edges := make(map[uint64]use, 3*len(tris)/2)
	ids = make([][3]int32, len(tris))
	for i, t := range tris {
		for k := 0; k < 3; k++ {
			u, v := t[k], t[(k+1)%3]
			key := edgeKey(u, v)
			e, ok := edges[key]
			if !ok {
				e.id = int32(len(edges))
			}
			e.n++
			if u < v {
				e.dir++
			} else {
				e.dir--
			}
			edges[key] = e
			ids[i][k] = e.id
		}
	}
	closed = true
	for _, e := range edges {
		if e.n != 2 || e.dir != 0 {
			closed = false
		}
	}
	return ids, len(edges), closed
}

// signedVolume returns the signed volume enclosed by the triangles (positive when wound outward).
func signedVolume(pos []mgl64.Vec3, tris [][3]int32) float64 {
	var v float64
	for _, t := range tris {
		v += pos[t[0]].Dot(pos[t[1]].Cross(pos[t[2]]))
	}
	return v / 6
}

// pseudonormalsOf returns, for the BVH's triangles in leaf order, the indices of their corner and
// edge pseudonormals, and those normals: at a corner the sum of the incident faces' unit normals
// weighted by their angle at the corner, along an edge the sum of its two faces' unit normals.
func pseudonormalsOf(m *scene.Mesh, edges [][3]int32, numEdges int, bvh *BVH) ([]triNormals, []mgl64.Vec3, []mgl64.Vec3) {
	vn := make([]mgl64.Vec3, len(m.Vertices))
	en := make([]mgl64.Vec3, numEdges)
	for i, t := range m.Triangles {
		a, b, c := m.Triangle(i)
		n := b.Sub(a).Cross(c.Sub(a))
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		corners := [3]mgl64.Vec3{a, b, c}
		for k := 0; k < 3; k++ {
			p, q, r := corners[k], corners[(k+1)%3], corners[(k+2)%3]
			vn[t[k]] = vn[t[k]].Add(n.Mul(angleBetween(q.Sub(p), r.Sub(p))))
			en[edges[i][k]] = en[edges[i][k]].Add(n)
		}
	}
	out := make([]triNormals, len(bvh.tris))
	for i, id := range bvh.ids {
		out[i] = triNormals{v: m.Triangles[id], e: edges[id]}
	}
	return out, vn, en
}

// angleBetween returns the angle between u and v (0 when either is zero).
func angleBetween(u, v mgl64.Vec3) float64 {
	return math.Atan2(u.Cross(v).Len(), u.Dot(v))
}

// convexPlanes returns the distinct outward face planes of a closed solid when every corner
// lies on or behind every one of them (the solid is convex) and there are at most maxPlanes;
// nil otherwise.
func convexPlanes(m *scene.Mesh) []facePlane {
	var planes []facePlane
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		n := b.Sub(a).Cross(c.Sub(a))
		l := n.Len()
		if !(l > 0) {
			continue
		}
		n = n.Mul(1 / l)
		pl := facePlane{N: n, D: n.Dot(a)}
		if !hasPlane(planes, pl) {
			if len(planes) == maxPlanes {
				return nil
			}
			planes = append(planes, pl)
		}
	}
	for _, pl := range planes {
		for _, v := range m.Vertices {
			if pl.N.Dot(v)-pl.D > convexTol {
				return nil
			}
		}
	}
	return planes
}

// hasPlane reports whether planes already holds pl (to well within convexTol).
func hasPlane(planes []facePlane, pl facePlane) bool {
	for _, q := range planes {
		if math.Abs(q.D-pl.D) < 1e-9 && q.N.Sub(pl.N).LenSqr() < 1e-18 {
			return true
		}
	}
	return false
}
