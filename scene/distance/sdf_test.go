package distance

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

func TestClosestOnTriangleMatchesTextbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := func() mgl64.Vec3 { return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()} }
	for i := 0; i < 20000; i++ {
		a, b, c, p := r(), r(), r(), r().Mul(2)
		if i%10 == 0 {
			c = a.Add(b.Sub(a).Mul(rng.Float64())) // degenerate: c on segment ab
		}
		q, f := closestOnTriangle(p, a, b, c)
		want := bruteClosest(p, a, b, c)
		if d, w := p.Sub(q).Len(), p.Sub(want).Len(); math.Abs(d-w) > 1e-9 {
			t.Fatalf("case %d: distance %.12f, textbook %.12f", i, d, w)
		}
		// The feature must hold the point: a corner is that corner, an edge point is on that edge.
		corner := map[triFeature]mgl64.Vec3{featVertA: a, featVertB: b, featVertC: c}
		if v, ok := corner[f]; ok && q.Sub(v).Len() > 1e-12 {
			t.Fatalf("case %d: feature %d but point %v is not corner %v", i, f, q, v)
		}
		edge := map[triFeature][2]mgl64.Vec3{featEdgeAB: {a, b}, featEdgeBC: {b, c}, featEdgeCA: {c, a}}
		if e, ok := edge[f]; ok && q.Sub(closestOnSegment(q, e[0], e[1])).Len() > 1e-9 {
			t.Fatalf("case %d: feature %d but point %v is off that edge", i, f, q)
		}
	}
}

func TestBVHClosestMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := testSpiky(mgl64.Vec3{0.2, 0.5, -0.1}, 0.4)
	m.Append(testBox(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1.5, 0.7, 0.3}))
	bvh := NewBVH(m)
	if bvh.Len() != len(m.Triangles) {
		t.Fatalf("Len = %d, want %d", bvh.Len(), len(m.Triangles))
	}
	box := m.Bounds().Expand(0.5)
	for i := 0; i < 500; i++ {
		p := randomIn(rng, box)
		q, d, tri, ok := bvh.Closest(p)
		want := bruteUnsigned(m, p)
		if !ok || math.Abs(d-want) > 1e-9 || math.Abs(p.Sub(q).Len()-d) > 1e-12 {
			t.Fatalf("point %v: Closest = %v, %.12f, ok %v; brute force %.12f", p, q, d, ok, want)
		}
		a, b, c := m.Triangle(tri)
		if math.Abs(p.Sub(bruteClosest(p, a, b, c)).Len()-d) > 1e-9 {
			t.Fatalf("point %v: triangle %d is not at distance %.12f", p, tri, d)
		}
	}
	if _, _, _, ok := NewBVH(&scene.Mesh{}).Closest(mgl64.Vec3{}); ok {
		t.Fatal("empty mesh: Closest ok = true")
	}
}

func TestExactSDFMatchesAnalyticShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	lo, hi := mgl64.Vec3{-0.3, 0.2, 0.1}, mgl64.Vec3{0.5, 0.65, 1.2}
	c, r := mgl64.Vec3{2, 1, 0}, 0.5
	sphere := testIcosphere(c, r, 4)
	// The polyhedron lies between the sphere and the sphere shrunk by the sagitta of its flattest
	// face; signed distances to the two surfaces differ by at most that much.
	sagitta := r - minFacePlaneDistance(sphere, c)
	tests := []struct {
		name string
		mesh *scene.Mesh
		ref  SDF
		tol  float64
	}{
		{"box", testBox(lo, hi), Cuboid{geom.Box{Lo: lo, Hi: hi}}, 1e-12},
		{"box wound inside out", flipped(testBox(lo, hi)), Cuboid{geom.Box{Lo: lo, Hi: hi}}, 1e-12},
		{"icosphere", sphere, Sphere{c, r}, sagitta + 1e-12},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := NewExactMeshes([]*scene.Mesh{tc.mesh}, false)
			box := tc.ref.Bounds().Expand(0.4)
			for i := 0; i < 400; i++ {
				p := randomIn(rng, box)
				got, want := e.Distance(p), tc.ref.Distance(p)
				if math.Abs(got-want) > tc.tol {
					t.Fatalf("point %v: Distance = %.9f, analytic %.9f (tolerance %.2g)", p, got, want, tc.tol)
				}
				if i%4 != 0 {
					continue // the brute force is slow on the fine sphere: a quarter of the points
				}
				if brute := bruteSDF([]*scene.Mesh{tc.mesh}, false, p); math.Abs(got-brute) > 1e-9 {
					t.Fatalf("point %v: Distance = %.12f, brute force %.12f", p, got, brute)
				}
			}
		})
	}
	if sagitta > 2e-3 {
		t.Fatalf("icosphere sagitta %.4f m: the sphere test is too coarse to mean anything", sagitta)
	}
}

func minFacePlaneDistance(m *scene.Mesh, c mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := range m.Triangles {
		a, b, cc := m.Triangle(i)
		n := b.Sub(a).Cross(cc.Sub(a)).Normalize()
		best = min(best, math.Abs(n.Dot(a.Sub(c))))
	}
	return best
}

func TestExactSDFSceneRule(t *testing.T) {
	seat := testBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0.45, 0.6})
	back := testBox(mgl64.Vec3{0, 0.3, 0.5}, mgl64.Vec3{1, 0.9, 0.7}) // overlaps the seat
	e := NewExactMeshes([]*scene.Mesh{seat, back}, true)
	union := Union{Floor{}, Cuboid{seat.Bounds()}, Cuboid{back.Bounds()}}
	tests := []struct {
		name string
		p    mgl64.Vec3
		want float64
	}{
		{"below the floor far from objects", mgl64.Vec3{5, -0.1, 5}, -0.1},
		{"above the floor far from objects", mgl64.Vec3{5, 0.3, 5}, 0.3},
		{"inside the seat only", mgl64.Vec3{0.5, 0.2, 0.2}, -0.2},
		{"inside both: the deeper one counts", mgl64.Vec3{0.5, 0.4, 0.58}, -0.08},
		{"above the seat", mgl64.Vec3{0.5, 0.55, 0.2}, 0.1},
		{"beside the back", mgl64.Vec3{0.5, 0.8, 1.0}, 0.3},
	}
	for _, tc := range tests {
		if got := e.Distance(tc.p); math.Abs(got-tc.want) > 1e-12 || math.Abs(got-union.Distance(tc.p)) > 1e-12 {
			t.Errorf("%s: Distance(%v) = %.12f, want %.12f", tc.name, tc.p, got, tc.want)
		}
	}
	if e.NumSolids() != 2 {
		t.Errorf("NumSolids = %d, want 2", e.NumSolids())
	}
}

func TestExactSDFRandomPointsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	legs := &scene.Mesh{}
	for _, x := range []float64{0, 0.5} {
		legs.Append(testBox(mgl64.Vec3{x, 0, 0}, mgl64.Vec3{x + 0.05, 0.4, 0.05})) // one part, two pieces
	}
	meshes := []*scene.Mesh{
		legs,
		turned(testBox(mgl64.Vec3{0, 0.4, 0}, mgl64.Vec3{0.55, 0.45, 0.5}), mgl64.Vec3{0.3, 0, 0.25}, 0.4),
		testSpiky(mgl64.Vec3{1.2, 0.5, 0.2}, 0.3),
		flipped(testIcosphere(mgl64.Vec3{0.3, 0.9, 0.3}, 0.25, 2)),
		testBox(mgl64.Vec3{-0.5, -0.2, -0.5}, mgl64.Vec3{2, 0.02, -0.4}), // crosses the floor
	}
	e := NewExactMeshes(meshes, true)
	box := e.Bounds().Expand(0.3)
	bvhs := make([]*BVH, len(meshes))
	for i, m := range meshes {
		bvhs[i] = NewBVH(m)
	}
	inside := 0
	for i := 0; i < 1500; i++ {
		p := randomIn(rng, box)
		if i%2 == 0 {
			// Half the points near a surface, where sign and nearest triangle are hardest.
			q, _, _, _ := bvhs[i%len(meshes)].Closest(p)
			p = q.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.01))
		}
		got, want := e.Distance(p), bruteSDF(meshes, true, p)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("point %v: Distance = %.12f, brute force %.12f", p, got, want)
		}
		if want < 0 {
			inside++
		}
	}
	if inside < 100 {
		t.Fatalf("only %d points inside: the test does not exercise the sign", inside)
	}
}

func TestExactSDFOpenMeshIsUnsigned(t *testing.T) {
	quad := &scene.Mesh{
		Vertices:  []mgl64.Vec3{{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}},
		Triangles: [][3]int32{{0, 2, 1}, {0, 3, 2}},
	}
	e := NewExactMeshes([]*scene.Mesh{quad}, false)
	for _, p := range []mgl64.Vec3{{0.5, 0.5, 0.5}, {0.5, 1.5, 0.5}} {
		if got := e.Distance(p); math.Abs(got-0.5) > 1e-12 {
			t.Errorf("Distance(%v) = %v, want 0.5 on either side of an open sheet", p, got)
		}
	}
}

func TestSDFCombinators(t *testing.T) {
	ball := Sphere{mgl64.Vec3{1, 2, 3}, 0.5}
	moved := Translated{Sphere{R: 0.5}, mgl64.Vec3{1, 2, 3}}
	both := Union{Cuboid{geom.Box{Lo: mgl64.Vec3{0, 0, 0}, Hi: mgl64.Vec3{1, 1, 1}}}, ball}
	var _ SDF = (*Exact)(nil)
	tests := []struct {
		name      string
		got, want float64
	}{
		{"sphere centre", ball.Distance(mgl64.Vec3{1, 2, 3}), -0.5},
		{"sphere outside", ball.Distance(mgl64.Vec3{1, 2, 5}), 1.5},
		{"translated = placed", moved.Distance(mgl64.Vec3{1.2, 2.1, 2.5}), ball.Distance(mgl64.Vec3{1.2, 2.1, 2.5})},
		{"union inside the box", both.Distance(mgl64.Vec3{0.5, 0.5, 0.9}), -0.1},
		{"union nearer the ball", both.Distance(mgl64.Vec3{1, 2, 2.2}), 0.3},
		{"floor", Floor{}.Distance(mgl64.Vec3{3, -0.25, 1}), -0.25},
		{"empty union", Union{}.Distance(mgl64.Vec3{}), math.Inf(1)},
	}
	for _, tc := range tests {
		if math.Abs(tc.got-tc.want) > 1e-12 && tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if b := both.Bounds(); b.Lo != (mgl64.Vec3{0, 0, 0}) || b.Hi != (mgl64.Vec3{1.5, 2.5, 3.5}) {
		t.Errorf("union bounds %v", b)
	}
	if b := moved.Bounds(); b != ball.Bounds() {
		t.Errorf("translated bounds %v, want %v", b, ball.Bounds())
	}
}
