package floor

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// prismMesh returns a closed, outward-wound prism from y0 to y1 over a floor outline (x, z),
// counter-clockwise with x right and z up, and star-shaped from its first corner (its top and
// bottom are fans from there).
func prismMesh(outline []mgl64.Vec2, y0, y1 float64) *scene.Mesh {
	m := &scene.Mesh{}
	for _, y := range []float64{y0, y1} {
		for _, p := range outline {
			m.Vertices = append(m.Vertices, mgl64.Vec3{p.X(), y, p.Y()})
		}
	}
	n := int32(len(outline))
	up, down := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -1, 0}
	for k := int32(1); k+1 < n; k++ {
		addFacing(m, [3]int32{0, k, k + 1}, down)
		addFacing(m, [3]int32{n, n + k, n + k + 1}, up)
	}
	for k := int32(0); k < n; k++ {
		a, b := outline[k], outline[(k+1)%n]
		out := mgl64.Vec3{b.Y() - a.Y(), 0, a.X() - b.X()} // right of a→b: outside
		k1 := (k + 1) % n
		addFacing(m, [3]int32{k, k1, n + k1}, out)
		addFacing(m, [3]int32{k, n + k1, n + k}, out)
	}
	return m
}

// addFacing appends to m triangle t wound so that its normal points along out.
func addFacing(m *scene.Mesh, t [3]int32, out mgl64.Vec3) {
	a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
	if b.Sub(a).Cross(c.Sub(a)).Dot(out) < 0 {
		t[1], t[2] = t[2], t[1]
	}
	m.Triangles = append(m.Triangles, t)
}

// boxMesh returns the closed box from lo to hi.
func boxMesh(lo, hi mgl64.Vec3) *scene.Mesh {
	return prismMesh(rectOutline(lo.X(), lo.Z(), hi.X(), hi.Z()), lo.Y(), hi.Y())
}

// rectOutline returns the rectangle [x0, x1] × [z0, z1] counter-clockwise.
func rectOutline(x0, z0, x1, z1 float64) []mgl64.Vec2 {
	return []mgl64.Vec2{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}}
}

// turnedRect returns a w × d rectangle centred on c and turned by angle (radians) on the floor.
func turnedRect(c mgl64.Vec2, w, d, angle float64) []mgl64.Vec2 {
	u, v := mgl64.Vec2{math.Cos(angle), math.Sin(angle)}, mgl64.Vec2{-math.Sin(angle), math.Cos(angle)}
	var out []mgl64.Vec2
	for _, s := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		out = append(out, c.Add(u.Mul(s[0]*w/2)).Add(v.Mul(s[1]*d/2)))
	}
	return out
}

// wedgeMesh returns a closed ramp over [x0, x1] × [z0, z1] rising from the floor at x0 to height
// h at x1.
func wedgeMesh(x0, z0, x1, z1, h float64) *scene.Mesh {
	m := &scene.Mesh{Vertices: []mgl64.Vec3{
		{x0, 0, z0}, {x1, 0, z0}, {x1, h, z0}, {x0, 0, z1}, {x1, 0, z1}, {x1, h, z1},
	}}
	centre := mgl64.Vec3{(2*x1 + x0) / 3, h / 3, (z0 + z1) / 2}
	for _, t := range [][3]int32{{0, 1, 2}, {3, 5, 4}, {0, 3, 4}, {0, 4, 1}, {1, 4, 5}, {1, 5, 2}, {0, 2, 5}, {0, 5, 3}} {
		a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
		addFacing(m, t, a.Add(b).Add(c).Mul(1.0/3).Sub(centre)) // convex: out is away from the middle
	}
	return m
}

// quadMesh returns an open quad (two triangles) with corners a, b, c, d in order.
func quadMesh(a, b, c, d mgl64.Vec3) *scene.Mesh {
	return &scene.Mesh{Vertices: []mgl64.Vec3{a, b, c, d}, Triangles: [][3]int32{{0, 1, 2}, {0, 2, 3}}}
}

// obj returns an object of one category whose parts are the meshes given.
func obj(id, category string, meshes ...*scene.Mesh) *scene.Object {
	o := &scene.Object{ID: id, Category: category, Transform: mgl64.Ident4()}
	for i, m := range meshes {
		o.Parts = append(o.Parts, scene.Part{Name: id + "_" + string(rune('a'+i)), Kind: scene.PartBody, Mesh: m})
	}
	return o
}

// floorCase is a hand-made scene for the floor's tests, with the meshes that are not closed
// (the brute-force reference cannot tell inside from outside for those).
type floorCase struct {
	name string
	s    *scene.Scene
	open map[*scene.Mesh]bool
}

// floorCaseNamed returns the hand-made scene of that name.
func floorCaseNamed(name string) floorCase {
	for _, fc := range floorCases() {
		if fc.name == name {
			return fc
		}
	}
	panic("no floor case " + name)
}

// roomWalls returns the four walls, 0.1 m thick and 2.5 m high, inside [0, w] × [0, d].
func roomWalls(w, d float64) *scene.Object {
	const t, h = 0.1, 2.5
	return obj("walls", "wall",
		boxMesh(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{w, h, t}), boxMesh(mgl64.Vec3{0, 0, d - t}, mgl64.Vec3{w, h, d}),
		boxMesh(mgl64.Vec3{0, 0, t}, mgl64.Vec3{t, h, d - t}), boxMesh(mgl64.Vec3{w - t, 0, t}, mgl64.Vec3{w, h, d - t}))
}

// dividedRoom returns a 6 × 4 m room split at x = 3 by a 0.1 m wall with a doorway of width door
// (0: none) centred at z = 2, with a lintel above 2.1 m.
func dividedRoom(door float64) *scene.Scene {
	const h = 2.5
	wall := obj("partition", "wall")
	lo, hi := 2-door/2, 2+door/2
	if door == 0 {
		lo, hi = 2, 2
	}
	for _, m := range []*scene.Mesh{
		boxMesh(mgl64.Vec3{2.95, 0, 0.1}, mgl64.Vec3{3.05, h, lo}),
		boxMesh(mgl64.Vec3{2.95, 0, hi}, mgl64.Vec3{3.05, h, 3.9}),
	} {
		wall.Parts = append(wall.Parts, scene.Part{Name: "wall", Kind: scene.PartWall, Mesh: m})
	}
	if door > 0 {
		wall.Parts = append(wall.Parts, scene.Part{Name: "lintel", Kind: scene.PartWall, Mesh: boxMesh(mgl64.Vec3{2.95, 2.1, lo}, mgl64.Vec3{3.05, h, hi})})
	}
	return &scene.Scene{Name: "divided", Objects: []*scene.Object{roomWalls(6, 4), wall}}
}

// floorCases returns the hand-made scenes: one box, a wall with a doorway, a tall L (solid
// inside although its top is above the band), a table (top in the band, thin legs), a rug (below
// the band), a pendant lamp shade (above it), a ramp (a sloping face clipped to the band), a thick
// floor object (never an obstacle), a smooth blob of many small triangles (most of them buried
// in the others), and an open pane with a ceiling patch (not closed).
func floorCases() []floorCase {
	l := []mgl64.Vec2{{1.2, 1.2}, {1.2, 2.5}, {0, 2.5}, {0, 0}, {2.5, 0}, {2.5, 1.2}}
	for i := range l {
		l[i] = l[i].Add(mgl64.Vec2{1, 1})
	}
	table := obj("table", "table", boxMesh(mgl64.Vec3{1, 0.72, 1}, mgl64.Vec3{2.2, 0.75, 1.8}))
	for _, c := range [][2]float64{{1.05, 1.05}, {2.11, 1.05}, {1.05, 1.71}, {2.11, 1.71}} {
		table.Parts = append(table.Parts, scene.Part{Name: "leg", Kind: scene.PartLeg, Mesh: boxMesh(mgl64.Vec3{c[0], 0, c[1]}, mgl64.Vec3{c[0] + 0.04, 0.72, c[1] + 0.04})})
	}
	pane := quadMesh(mgl64.Vec3{1, 0, 1}, mgl64.Vec3{3, 0, 2}, mgl64.Vec3{3, 2, 2}, mgl64.Vec3{1, 2, 1})
	ceiling := quadMesh(mgl64.Vec3{0, 2.3, 0}, mgl64.Vec3{0, 2.3, 4}, mgl64.Vec3{4, 2.3, 4}, mgl64.Vec3{4, 2.3, 0})
	return []floorCase{
		{name: "box", s: &scene.Scene{Objects: []*scene.Object{obj("box", "cabinet", boxMesh(mgl64.Vec3{1.5, 0, 1.5}, mgl64.Vec3{2.5, 0.8, 2.3}))}}},
		{name: "doorway", s: dividedRoom(0.9)},
		{name: "tall L", s: &scene.Scene{Objects: []*scene.Object{obj("l", "wardrobe", prismMesh(l, 0, 2.2))}}},
		{name: "table", s: &scene.Scene{Objects: []*scene.Object{table}}},
		{name: "rug", s: &scene.Scene{Objects: []*scene.Object{obj("rug", "rug", boxMesh(mgl64.Vec3{1, 0, 1}, mgl64.Vec3{3, 0.01, 2.5}))}}},
		{name: "shade", s: &scene.Scene{Objects: []*scene.Object{obj("lamp", "lamp", prismMesh(turnedRect(mgl64.Vec2{2, 2}, 0.5, 0.5, 0.3), 1.95, 2.25))}}},
		{name: "ramp", s: &scene.Scene{Objects: []*scene.Object{obj("ramp", "object", wedgeMesh(1, 1, 3, 2, 2.5))}}},
		{name: "floor", s: &scene.Scene{Objects: []*scene.Object{obj("floor", "floor", boxMesh(mgl64.Vec3{0, -0.1, 0}, mgl64.Vec3{4, 0.3, 4})),
			obj("stool", "chair", prismMesh(turnedRect(mgl64.Vec2{2, 2}, 0.4, 0.4, 0.7), 0, 0.45))}}},
		{name: "dense blob", s: &scene.Scene{Objects: []*scene.Object{obj("blob", "object", ellipsoidMesh(mgl64.Vec3{2, 0.6, 2}, mgl64.Vec3{1, 0.6, 0.8}, 24, 24))}}},
		{name: "open pane", s: &scene.Scene{Objects: []*scene.Object{obj("pane", "glass", pane), obj("ceiling", "ceiling", ceiling)}},
			open: map[*scene.Mesh]bool{pane: true, ceiling: true}},
	}
}

// archMesh returns one closed mesh: a wall block over [x0, x1] × [z0, z1], h high, with a
// doorway [d0, d1] wide and dh high through its whole depth, as loaders give a wall with a door
// cut in it. Its outline in (x, y) is a Π; the front and back are that Π in six triangles.
func archMesh(x0, d0, d1, x1, z0, z1, dh, h float64) *scene.Mesh {
	outline := [][2]float64{{x0, 0}, {d0, 0}, {d0, dh}, {d1, dh}, {d1, 0}, {x1, 0}, {x1, h}, {x0, h}}
	m := &scene.Mesh{}
	for _, z := range []float64{z0, z1} {
		for _, p := range outline {
			m.Vertices = append(m.Vertices, mgl64.Vec3{p[0], p[1], z})
		}
	}
	for _, t := range [][3]int32{{0, 1, 2}, {0, 2, 7}, {7, 2, 3}, {7, 3, 6}, {3, 4, 5}, {3, 5, 6}} {
		addFacing(m, t, mgl64.Vec3{0, 0, -1})
		addFacing(m, [3]int32{t[0] + 8, t[1] + 8, t[2] + 8}, mgl64.Vec3{0, 0, 1})
	}
	for k := int32(0); k < 8; k++ {
		a, b, k1 := outline[k], outline[(k+1)%8], (k+1)%8
		out := mgl64.Vec3{b[1] - a[1], a[0] - b[0], 0} // right of a→b in (x, y): outside
		addFacing(m, [3]int32{k, k1, 8 + k1}, out)
		addFacing(m, [3]int32{k, 8 + k1, 8 + k}, out)
	}
	return m
}

// gridFloor returns a floor made by hand from rows of '.' (free) and '#' (blocked), the first
// row at z = 0, with 0.1 m cells from the origin: for testing the search on grids no scene
// would give.
func gridFloor(rows []string) *Floor {
	opt, _ := Options{Cell: 0.1}.withDefaults()
	f, _ := newGrid(geom.Box{Hi: mgl64.Vec3{0.1 * float64(len(rows[0])), 0, 0.1 * float64(len(rows))}}, opt)
	for j, row := range rows {
		for i, ch := range row {
			c := j*f.nx + i
			f.dist[c], f.near[c] = 1, f.center(c)
			if ch == '#' {
				f.dist[c] = 0
			}
		}
	}
	f.labelRegions()
	return f
}

// randomRows returns an nx × nz pattern with about a fraction blocked of its cells.
func randomRows(rng *rand.Rand, nx, nz int, blocked float64) []string {
	rows := make([]string, nz)
	for j := range rows {
		b := make([]byte, nx)
		for i := range b {
			b[i] = '.'
			if rng.Float64() < blocked {
				b[i] = '#'
			}
		}
		rows[j] = string(b)
	}
	return rows
}
