package floor

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// fillSolids blocks the cells whose centre lies inside a closed part that spans the whole band.
// Triangles alone cannot see those: a wardrobe 2 m tall has its top above the band and its
// bottom below it, so within the band only its sides obstruct, and a body could "stand" inside
// it. A part that does not span the band needs no filling, since wherever its solid meets the
// band its surface crosses the band too, and rasterise has measured that. Open meshes (common
// in loaded files: a lone ceiling quad, a box without a bottom) are left alone: their inside is
// not defined, and guessing wrong would block the whole room under a ceiling.
func (f *Floor) fillSolids(s *scene.Scene) {
	var wind []int32
	for _, o := range s.Objects {
		if o == nil || o.IsFloor() {
			continue
		}
		for _, p := range o.Parts {
			if m := p.Mesh; m != nil && f.spansBand(m) && closedMesh(m) {
				if wind == nil {
					wind = make([]int32, f.nx*f.nz)
				}
				f.fillSolid(m, wind)
			}
		}
	}
}

// spansBand reports whether m reaches from at or below the band to at or above it.
func (f *Floor) spansBand(m *scene.Mesh) bool {
	b := finiteBounds(m)
	return b.Lo.Y() <= f.opt.BandLow && b.Hi.Y() >= f.opt.BandHigh
}

// fillSolid blocks the cells inside the closed mesh m at the band's low end: there the winding
// number of m about the point, counted along the vertical ray upwards (+1 for each crossing of
// an up-facing triangle, −1 for a down-facing one), is positive. wind is all zeros on entry and
// on return.
func (f *Floor) fillSolid(m *scene.Mesh, wind []int32) {
	var touched []int
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		touched = f.windTriangle(a, b, c, wind, touched)
	}
	for _, c := range touched {
		if wind[c] > 0 {
			f.dist[c], f.near[c] = 0, f.center(c)
		}
		wind[c] = 0
	}
}

// windTriangle adds triangle abc's crossing to the winding count of every cell centre below it
// on the floor and above the band's low end, and returns touched with those cells appended.
func (f *Floor) windTriangle(a, b, c mgl64.Vec3, wind []int32, touched []int) []int {
	ny := (b.Z()-a.Z())*(c.X()-a.X()) - (b.X()-a.X())*(c.Z()-a.Z())
	if ny == 0 {
		return touched // upright: no vertical ray crosses it
	}
	sign := int32(-1) // facing down: the ray enters the solid
	if ny > 0 {
		sign, b, c = 1, c, b // facing up; swapped to run counter-clockwise on the floor
	}
	box := geom.BoxAround(a, b, c)
	i0, i1 := f.span(box.Lo.X(), box.Hi.X(), f.x0, f.nx)
	j0, j1 := f.span(box.Lo.Z(), box.Hi.Z(), f.z0, f.nz)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			if h, in := heightOver(a, b, c, f.center(j*f.nx+i)); in && h > f.opt.BandLow {
				wind[j*f.nx+i] += sign
				touched = append(touched, j*f.nx+i)
			}
		}
	}
	return touched
}

// heightOver returns the height of triangle abc (counter-clockwise seen on the floor, x right
// and z up) above floor point q, and whether q lies inside it by the top-left rule: centres on
// an edge shared by two triangles count for exactly one of them, as rasterisers draw a pixel on
// such an edge once, so a closed mesh is crossed once, not twice or never, along that edge.
func heightOver(a, b, c mgl64.Vec3, q mgl64.Vec2) (float64, bool) {
	a2, b2, c2 := xz(a), xz(b), xz(c)
	ea, eb, ec := edgeFn(b2, c2, q), edgeFn(c2, a2, q), edgeFn(a2, b2, q)
	if !topLeftIn(ea, b2, c2) || !topLeftIn(eb, c2, a2) || !topLeftIn(ec, a2, b2) {
		return 0, false
	}
	area := ea + eb + ec
	return (ea*a.Y() + eb*b.Y() + ec*c.Y()) / area, true
}

// edgeFn returns twice the signed area of triangle a, b, q: positive when q is left of a→b.
func edgeFn(a, b, q mgl64.Vec2) float64 { return cross2(b.Sub(a), q.Sub(a)) }

// topLeftIn reports whether a point with edge function e lies inside edge a→b: strictly left of
// it, or on it when the edge is a "top" or "left" one. Of two triangles sharing an edge (which
// they run in opposite directions) exactly one takes the points on it.
func topLeftIn(e float64, a, b mgl64.Vec2) bool {
	if e != 0 {
		return e > 0
	}
	d := b.Sub(a)
	return d.Y() < 0 || (d.Y() == 0 && d.X() > 0)
}

// closedMesh reports whether m is closed and consistently wound: with corners at the same place
// taken as one vertex (loaders often split vertices by normal or texture coordinate), every edge
// is run once in each direction. A mesh with a non-finite corner is not closed.
func closedMesh(m *scene.Mesh) bool {
	weld, ok := weldVertices(m.Vertices)
	if !ok {
		return false
	}
	edges := make(map[[2]int32]int32, len(m.Triangles)*3/2)
	for _, t := range m.Triangles {
		countEdges(edges, [3]int32{weld[t[0]], weld[t[1]], weld[t[2]]})
	}
	for _, n := range edges {
		if n != 0 {
			return false
		}
	}
	return len(edges) > 0
}

// countEdges counts triangle v's edges into edges: +1 for an edge run from its lower vertex to
// its higher, −1 for one run the other way, so each edge of a closed, consistently wound mesh
// sums to 0. A triangle with a repeated vertex has no area and no edge to match.
func countEdges(edges map[[2]int32]int32, v [3]int32) {
	if v[0] == v[1] || v[1] == v[2] || v[2] == v[0] {
		return
	}
	for k := 0; k < 3; k++ {
		if a, b := v[k], v[(k+1)%3]; a < b {
			edges[[2]int32{a, b}]++
		} else {
			edges[[2]int32{b, a}]--
		}
	}
}

// weldVertices returns, for each vertex, the index of the first vertex at the same place, and
// false when a vertex is not finite.
func weldVertices(vs []mgl64.Vec3) ([]int32, bool) {
	first := make(map[mgl64.Vec3]int32, len(vs))
	out := make([]int32, len(vs))
	for i, v := range vs {
		if !geom.FiniteVec(v) {
			return nil, false
		}
		k, seen := first[v]
		if !seen {
			k = int32(i)
			first[v] = k
		}
		out[i] = k
	}
	return out, true
}
