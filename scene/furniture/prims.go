package furniture

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// The primitives of procedural furniture. Every one is a closed convex (or, for the ellipsoid,
// star-shaped about its centre) solid whose vertices are shared by index between faces, so each
// directed edge appears exactly once and its reverse once: closed and consistently wound by
// construction. Faces are given as convex polygons in any order and oriented outward by
// primConvex, which keeps the winding rule in one place.

// primConvex triangulates each convex planar polygon of faces (indices into verts) as a fan
// and turns every triangle so that its normal points away from the solid's vertex centroid. That
// is the outward side for any solid that is star-shaped about that centroid, convex ones included.
func primConvex(verts []mgl64.Vec3, faces [][]int) *scene.Mesh {
	c := mgl64.Vec3{}
	for _, v := range verts {
		c = c.Add(v)
	}
	c = c.Mul(1 / float64(len(verts)))
	m := &scene.Mesh{Vertices: verts}
	for _, f := range faces {
		fc := mgl64.Vec3{}
		for _, i := range f {
			fc = fc.Add(verts[i])
		}
		fc = fc.Mul(1 / float64(len(f)))
		// One orientation decision per face keeps the fan's triangles consistent with each other.
		n := primNewell(verts, f)
		flip := n.Dot(fc.Sub(c)) < 0
		for k := 1; k+1 < len(f); k++ {
			t := [3]int32{int32(f[0]), int32(f[k]), int32(f[k+1])}
			if flip {
				t[1], t[2] = t[2], t[1]
			}
			m.Triangles = append(m.Triangles, t)
		}
	}
	return m
}

// primNewell returns the (unnormalised) Newell normal of polygon f, robust to thin fans.
func primNewell(verts []mgl64.Vec3, f []int) mgl64.Vec3 {
	n := mgl64.Vec3{}
	for k := range f {
		a, b := verts[f[k]], verts[f[(k+1)%len(f)]]
		n = n.Add(mgl64.Vec3{
			(a.Y() - b.Y()) * (a.Z() + b.Z()),
			(a.Z() - b.Z()) * (a.X() + b.X()),
			(a.X() - b.X()) * (a.Y() + b.Y()),
		})
	}
	return n
}

// BoxMesh returns the axis-aligned box from lo to hi (12 triangles).
func BoxMesh(lo, hi mgl64.Vec3) *scene.Mesh {
	return primBevelBox(lo, hi, 0)
}

// primBevelBox returns the axis-aligned box from lo to hi with every edge chamfered by r (44
// triangles), which reads as a soft, upholstered or sanded shape under lighting at a fraction of
// the cost of rounded corners. r is clamped to a third of the smallest half size; r ≤ 0 gives a
// plain box (12 triangles).
func primBevelBox(lo, hi mgl64.Vec3, r float64) *scene.Mesh {
	c := lo.Add(hi).Mul(0.5)
	h := hi.Sub(lo).Mul(0.5)
	r = math.Min(r, math.Min(h.X(), math.Min(h.Y(), h.Z()))/3)
	if r <= 0 {
		return primPlainBox(c, h)
	}
	// Vertex (corner, axis): at corner signs s, full half size along axis, inset by r along the
	// other two — the chamfer's three vertices around each corner.
	idx := func(corner, axis int) int { return corner*3 + axis }
	sign := func(corner, axis int) float64 { return float64(corner>>axis&1)*2 - 1 }
	verts := make([]mgl64.Vec3, 24)
	for corner := 0; corner < 8; corner++ {
		for axis := 0; axis < 3; axis++ {
			var v mgl64.Vec3
			for k := 0; k < 3; k++ {
				d := h[k] - r
				if k == axis {
					d = h[k]
				}
				v[k] = c[k] + sign(corner, k)*d
			}
			verts[idx(corner, axis)] = v
		}
	}
	var faces [][]int
	cornerOf := func(bits [3]int) int { return bits[0] | bits[1]<<1 | bits[2]<<2 }
	for a := 0; a < 3; a++ {
		u, v := (a+1)%3, (a+2)%3
		for sa := 0; sa < 2; sa++ {
			// The main face of axis a, sign sa: its four vertices in cyclic order.
			var f []int
			for _, uv := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
				var bits [3]int
				bits[a], bits[u], bits[v] = sa, uv[0], uv[1]
				f = append(f, idx(cornerOf(bits), a))
			}
			faces = append(faces, f)
			// The edge faces between axis a and axis u, running along v.
			for su := 0; su < 2; su++ {
				var b0, b1 [3]int
				b0[a], b0[u], b0[v] = sa, su, 0
				b1[a], b1[u], b1[v] = sa, su, 1
				faces = append(faces, []int{idx(cornerOf(b0), a), idx(cornerOf(b1), a), idx(cornerOf(b1), u), idx(cornerOf(b0), u)})
			}
		}
	}
	for corner := 0; corner < 8; corner++ {
		faces = append(faces, []int{idx(corner, 0), idx(corner, 1), idx(corner, 2)})
	}
	return primConvex(verts, faces)
}

// primPlainBox returns the box with centre c and half sizes h.
func primPlainBox(c, h mgl64.Vec3) *scene.Mesh {
	verts := make([]mgl64.Vec3, 8)
	for i := range verts {
		for k := 0; k < 3; k++ {
			verts[i][k] = c[k] + (float64(i>>k&1)*2-1)*h[k]
		}
	}
	faces := [][]int{{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}}
	return primConvex(verts, faces)
}

// primFrustum returns an upright n-sided frustum: centre of its bottom at base, bottom radius r0,
// top radius r1, height h (4n−4 triangles). Equal radii give a cylinder.
func primFrustum(base mgl64.Vec3, r0, r1, h float64, n int) *scene.Mesh {
	verts := make([]mgl64.Vec3, 2*n)
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		s, c := math.Sin(a), math.Cos(a)
		verts[i] = base.Add(mgl64.Vec3{r0 * c, 0, r0 * s})
		verts[n+i] = base.Add(mgl64.Vec3{r1 * c, h, r1 * s})
	}
	bottom, top := make([]int, n), make([]int, n)
	faces := make([][]int, 0, n+2)
	for i := 0; i < n; i++ {
		bottom[i], top[i] = i, n+i
		j := (i + 1) % n
		faces = append(faces, []int{i, j, n + j, n + i})
	}
	faces = append(faces, bottom, top)
	return primConvex(verts, faces)
}

// primCylinder returns an upright n-sided cylinder with its bottom centre at base.
func primCylinder(base mgl64.Vec3, r, h float64, n int) *scene.Mesh {
	return primFrustum(base, r, r, h, n)
}

// primEllipsoid returns an ellipsoid with centre c and semi-axes rad, as a once-subdivided
// icosahedron (42 vertices, 80 triangles): round enough for a plant's crown or a lamp's bulb.
func primEllipsoid(c, rad mgl64.Vec3) *scene.Mesh {
	verts, faces := primIcosphere()
	out := make([]mgl64.Vec3, len(verts))
	for i, v := range verts {
		out[i] = c.Add(mgl64.Vec3{v.X() * rad.X(), v.Y() * rad.Y(), v.Z() * rad.Z()})
	}
	return primConvex(out, faces)
}

// primIcosphere returns a unit icosahedron subdivided once, its vertices on the unit sphere.
func primIcosphere() ([]mgl64.Vec3, [][]int) {
	p := (1 + math.Sqrt(5)) / 2
	verts := []mgl64.Vec3{
		{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0},
		{0, -1, p}, {0, 1, p}, {0, -1, -p}, {0, 1, -p},
		{p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1},
	}
	for i := range verts {
		verts[i] = verts[i].Normalize()
	}
	tris := [][3]int{
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11},
		{1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
		{3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9},
		{4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1},
	}
	mid := map[[2]int]int{}
	midpoint := func(a, b int) int {
		key := [2]int{min(a, b), max(a, b)}
		if i, ok := mid[key]; ok {
			return i
		}
		verts = append(verts, verts[a].Add(verts[b]).Normalize())
		mid[key] = len(verts) - 1
		return len(verts) - 1
	}
	faces := make([][]int, 0, 4*len(tris))
	for _, t := range tris {
		ab, bc, ca := midpoint(t[0], t[1]), midpoint(t[1], t[2]), midpoint(t[2], t[0])
		faces = append(faces, []int{t[0], ab, ca}, []int{t[1], bc, ab}, []int{t[2], ca, bc}, []int{ab, bc, ca})
	}
	return verts, faces
}

// primJoin returns one mesh holding every given mesh: a part made of several disjoint pieces.
func primJoin(ms ...*scene.Mesh) *scene.Mesh {
	out := &scene.Mesh{}
	for _, m := range ms {
		out.Append(m)
	}
	return out
}

// pv is shorthand for building object-space points in the furniture builders.
func pv(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
