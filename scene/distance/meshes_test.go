package distance

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Test meshes for the signed distance tests, built here so the tests do not depend on the
// furniture builders, and brute-force references that share no code with the fast paths.

// testBox returns the box lo–hi as 12 triangles with every face's corners repeated (as loaders
// that keep flat normals do), so the SDF must weld them to find edges and corners.
func testBox(lo, hi mgl64.Vec3) *scene.Mesh {
	corner := func(i int) mgl64.Vec3 {
		return mgl64.Vec3{pick(i&1, lo[0], hi[0]), pick(i>>1&1, lo[1], hi[1]), pick(i>>2&1, lo[2], hi[2])}
	}
	// Each face as four corners in counter-clockwise order seen from outside.
	faces := [6][4]int{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}
	m := &scene.Mesh{}
	for _, f := range faces {
		base := int32(len(m.Vertices))
		for _, c := range f {
			m.Vertices = append(m.Vertices, corner(c))
		}
		m.Triangles = append(m.Triangles, [3]int32{base, base + 1, base + 2}, [3]int32{base, base + 2, base + 3})
	}
	return m
}

func pick(bit int, a, b float64) float64 {
	if bit == 0 {
		return a
	}
	return b
}

// testIcosphere returns a sphere of radius r around c: an icosahedron subdivided n times with
// its corners on the sphere, wound outward.
func testIcosphere(c mgl64.Vec3, r float64, n int) *scene.Mesh {
	g := (1 + math.Sqrt(5)) / 2
	verts := []mgl64.Vec3{
		{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0}, {0, -1, g}, {0, 1, g},
		{0, -1, -g}, {0, 1, -g}, {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1},
	}
	for i := range verts {
		verts[i] = verts[i].Normalize()
	}
	tris := [][3]int32{
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
		{11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8},
		{3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1},
	}
	for ; n > 0; n-- {
		mid := map[[2]int32]int32{}
		midpoint := func(a, b int32) int32 {
			key := [2]int32{min(a, b), max(a, b)}
			if i, ok := mid[key]; ok {
				return i
			}
			verts = append(verts, verts[a].Add(verts[b]).Normalize())
			mid[key] = int32(len(verts) - 1)
			return mid[key]
		}
		next := make([][3]int32, 0, 4*len(tris))
		for _, t := range tris {
			ab, bc, ca := midpoint(t[0], t[1]), midpoint(t[1], t[2]), midpoint(t[2], t[0])
			next = append(next, [3]int32{t[0], ab, ca}, [3]int32{t[1], bc, ab}, [3]int32{t[2], ca, bc}, [3]int32{ab, bc, ca})
		}
		tris = next
	}
	m := &scene.Mesh{Triangles: tris}
	for _, v := range verts {
		m.Vertices = append(m.Vertices, c.Add(v.Mul(r)))
	}
	return m
}

// testSpiky returns an icosphere whose corners alternate between two radii: closed, wound
// outward (star-shaped about c) and not convex.
func testSpiky(c mgl64.Vec3, r float64) *scene.Mesh {
	m := testIcosphere(mgl64.Vec3{}, 1, 2)
	for i, v := range m.Vertices {
		s := r
		if i%3 == 0 {
			s = 1.4 * r
		}
		m.Vertices[i] = c.Add(v.Mul(s))
	}
	return m
}

// flipped returns m wound clockwise (inside out).
func flipped(m *scene.Mesh) *scene.Mesh {
	out := &scene.Mesh{Vertices: m.Vertices}
	for _, t := range m.Triangles {
		out.Triangles = append(out.Triangles, [3]int32{t[0], t[2], t[1]})
	}
	return out
}

// turned returns m rotated by angle about the vertical axis through c.
func turned(m *scene.Mesh, c mgl64.Vec3, angle float64) *scene.Mesh {
	x := mgl64.Translate3D(c[0], c[1], c[2]).Mul4(mgl64.HomogRotate3DY(angle)).Mul4(mgl64.Translate3D(-c[0], -c[1], -c[2]))
	return m.Transformed(x)
}

// bruteClosest is the closest point on triangle abc by the textbook route: the projection onto
// the plane when it falls inside the triangle, else the nearest of the three edges.
func bruteClosest(p, a, b, c mgl64.Vec3) mgl64.Vec3 {
	n := b.Sub(a).Cross(c.Sub(a))
	if n.LenSqr() > 1e-30 {
		n = n.Normalize()
		q := p.Sub(n.Mul(n.Dot(p.Sub(a))))
		inside := true
		for _, e := range [3][2]mgl64.Vec3{{a, b}, {b, c}, {c, a}} {
			if e[1].Sub(e[0]).Cross(q.Sub(e[0])).Dot(n) < 0 {
				inside = false
			}
		}
		if inside {
			return q
		}
	}
	best := closestOnSegment(p, a, b)
	for _, e := range [2][2]mgl64.Vec3{{b, c}, {c, a}} {
		if q := closestOnSegment(p, e[0], e[1]); p.Sub(q).LenSqr() < p.Sub(best).LenSqr() {
			best = q
		}
	}
	return best
}

// bruteUnsigned is the distance from p to the nearest triangle of m, testing every triangle.
func bruteUnsigned(m *scene.Mesh, p mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		best = min(best, p.Sub(bruteClosest(p, a, b, c)).Len())
	}
	return best
}

// windingNumber is the generalised winding number of m at p (Van Oosterom & Strackee solid
// angles): 1 inside a closed outward-wound mesh, 0 outside.
func windingNumber(m *scene.Mesh, p mgl64.Vec3) float64 {
	var w float64
	for i := range m.Triangles {
		a, b, c := m.Triangle(i)
		a, b, c = a.Sub(p), b.Sub(p), c.Sub(p)
		la, lb, lc := a.Len(), b.Len(), c.Len()
		num := a.Dot(b.Cross(c))
		den := la*lb*lc + a.Dot(b)*lc + b.Dot(c)*la + c.Dot(a)*lb
		w += 2 * math.Atan2(num, den)
	}
	return w / (4 * math.Pi)
}

// bruteSDF is the scene rule computed the slow way: per mesh, the brute-force distance signed by
// the winding number (in absolute value, so inside-out meshes count too); the minimum over meshes
// and, with floor, the height y.
func bruteSDF(meshes []*scene.Mesh, floor bool, p mgl64.Vec3) float64 {
	d := math.Inf(1)
	if floor {
		d = p.Y()
	}
	for _, m := range meshes {
		u := bruteUnsigned(m, p)
		if math.Abs(windingNumber(m, p)) > 0.5 {
			u = -u
		}
		d = min(d, u)
	}
	return d
}

// randomIn returns a uniform random point of box b.
func randomIn(rng *rand.Rand, b geom.Box) mgl64.Vec3 {
	var p mgl64.Vec3
	for k := 0; k < 3; k++ {
		p[k] = b.Lo[k] + rng.Float64()*(b.Hi[k]-b.Lo[k])
	}
	return p
}
