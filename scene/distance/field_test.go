package distance

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

func TestConvexDetection(t *testing.T) {
	tests := []struct {
		name   string
		mesh   *scene.Mesh
		convex bool
	}{
		{"box with repeated corners", testBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 2, 3}), true},
		{"turned box", turned(testBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 2, 3}), mgl64.Vec3{}, 0.7), true},
		{"icosphere", testIcosphere(mgl64.Vec3{1, 1, 1}, 0.3, 1), true},
		{"inside-out icosphere", flipped(testIcosphere(mgl64.Vec3{1, 1, 1}, 0.3, 1)), true},
		{"spiky sphere", testSpiky(mgl64.Vec3{}, 0.3), false},
		{"too many faces", testIcosphere(mgl64.Vec3{}, 0.3, 2), false},
	}
	for _, tc := range tests {
		solids := buildSolids(tc.mesh, 0)
		if len(solids) != 1 || !solids[0].closed {
			t.Fatalf("%s: %d solids, want one closed solid", tc.name, len(solids))
		}
		if got := solids[0].planes != nil; got != tc.convex {
			t.Errorf("%s: convex = %v, want %v", tc.name, got, tc.convex)
		}
	}
}

// testFieldScene is a small room of test meshes: convex boxes (one turned), an overlapping pair,
// a non-convex solid, a sphere and a slab through the floor.
func testFieldScene() []*scene.Mesh {
	return []*scene.Mesh{
		testBox(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1.6, 0.42, 0.8}),
		testBox(mgl64.Vec3{0, 0.3, 0.6}, mgl64.Vec3{1.6, 0.9, 0.8}),
		turned(testBox(mgl64.Vec3{2, 0, 0}, mgl64.Vec3{2.6, 0.75, 0.8}), mgl64.Vec3{2.3, 0, 0.4}, 0.5),
		testSpiky(mgl64.Vec3{0.8, 1.2, -0.8}, 0.3),
		testIcosphere(mgl64.Vec3{-0.8, 0.5, 0.4}, 0.35, 3),
		testBox(mgl64.Vec3{-1.5, -0.3, -1.5}, mgl64.Vec3{3, 0.01, -1.2}),
	}
}

func TestDepthFieldMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	e := NewExactMeshes(testFieldScene(), true)
	f := e.DepthField()
	box := e.Bounds().Expand(0.2)
	inside := 0
	for i := 0; i < 20000; i++ {
		p := randomIn(rng, box)
		want := max(0, -e.Distance(p))
		got, who := f.Depth(p)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("point %v: Depth = %.12f, exact %.12f", p, got, want)
		}
		if want > 0 {
			inside++
			// The solid reported must be as deep as the depth (the floor reports −1).
			if who >= 0 && math.Abs(max(0, -e.solids[who].distance(p, 0))-got) > 1e-9 {
				t.Fatalf("point %v: solid %d is not %.6f deep", p, who, got)
			}
		}
	}
	if inside < 1000 {
		t.Fatalf("only %d of 20000 points inside: the test does not exercise depths", inside)
	}
}

// TestCapsuleCullingIsConservative samples capsules all over the test scene and checks that the
// per-capsule lists lose no depth above CullTolerance at any point on the capsule's surface, both
// point by point (depthAmong) and over all the capsule's points at once (depths, which stops at
// planes whose bound proves they cannot matter).
func TestCapsuleCullingIsConservative(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	e := NewExactMeshes(testFieldScene(), true)
	f := e.DepthField()
	box := e.Bounds().Expand(0.1)
	var cand []Solid
	var near []nearSolid
	culled, kept, multi := 0, 0, 0
	ps, depth, who := make([]mgl64.Vec3, 40), make([]float64, 40), make([]Solid, 40)
	for i := 0; i < 3000; i++ {
		a := randomIn(rng, box)
		b := a.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.15))
		r := 0.03 + 0.07*rng.Float64()
		capBox := geom.EmptyBox().AddPoint(a).AddPoint(b).Expand(r)
		cand = f.overlapping(capBox, cand)
		var floor bool
		near, floor = f.capsuleSolids(a, b, r, cand, near[:0])
		culled += e.NumSolids() - len(near)
		kept += len(near)
		for k := range ps {
			ps[k], depth[k], who[k] = capsuleSurfacePoint(rng, a, b, r), 0, -1
			if floor {
				depth[k] = max(0, -ps[k].Y())
			}
		}
		for j := range near {
			f.depths(&near[j], ps, depth, who)
			if near[j].mode == nearPlanes && near[j].nPlanes > 1 {
				multi++
			}
		}
		for k, p := range ps {
			want := max(0, -e.Distance(p))
			got, _ := f.depthAmong(p, near, floor)
			if math.Abs(got-want) > CullTolerance+1e-12 || math.Abs(depth[k]-want) > CullTolerance+1e-12 {
				t.Fatalf("capsule %v–%v r %.3f, point %v: depth %.6f, over the capsule %.6f, exact %.6f", a, b, r, p, got, depth[k], want)
			}
			if depth[k] > 0 && who[k] >= 0 && math.Abs(max(0, -e.solids[who[k]].distance(p, 0))-depth[k]) > 1e-9 {
				t.Fatalf("point %v: Depths names solid %d, which is not %.6f deep", p, who[k], depth[k])
			}
		}
	}
	if kept == 0 || culled == 0 || multi == 0 {
		t.Fatalf("kept %d, culled %d solid–capsule pairs, %d with several planes: the test misses a case", kept, culled, multi)
	}
}

// capsuleSurfacePoint returns a random point on the surface of the capsule ab with radius r.
func capsuleSurfacePoint(rng *rand.Rand, a, b mgl64.Vec3, r float64) mgl64.Vec3 {
	for {
		d := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if d.Len() < 1e-9 {
			continue
		}
		q := a.Add(b.Sub(a).Mul(rng.Float64()))
		axis := b.Sub(a)
		if axis.Len() > 1e-9 && rng.IntN(3) > 0 {
			// A point on the cylinder: push d off the axis.
			u := axis.Normalize()
			d = d.Sub(u.Mul(d.Dot(u)))
			if d.Len() < 1e-9 {
				continue
			}
		} else if rng.IntN(2) == 0 {
			q = a
		} else {
			q = b
		}
		p := q.Add(d.Normalize().Mul(r))
		// Keep only points truly on the surface (not inside the other half of a cap).
		if seg := closestOnSegment(p, a, b); math.Abs(p.Sub(seg).Len()-r) < 1e-9 {
			return p
		}
	}
}

func TestDepthFieldOpenSheetHasNoInside(t *testing.T) {
	quad := &scene.Mesh{
		Vertices:  []mgl64.Vec3{{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}},
		Triangles: [][3]int32{{0, 2, 1}, {0, 3, 2}},
	}
	f := NewExactMeshes([]*scene.Mesh{quad}, true).DepthField()
	for _, p := range []mgl64.Vec3{{0.5, 0.9, 0.5}, {0.5, 1.1, 0.5}} {
		if d, _ := f.Depth(p); d != 0 {
			t.Errorf("Depth(%v) = %v beside an open sheet, want 0", p, d)
		}
	}
	a, b := mgl64.Vec3{0.5, 0.8, 0.5}, mgl64.Vec3{0.5, 1.2, 0.5}
	cand := f.overlapping(geom.EmptyBox().AddPoint(a).AddPoint(b).Expand(0.05), nil)
	if near, floor := f.capsuleSolids(a, b, 0.05, cand, nil); len(near) != 0 || floor {
		t.Errorf("a capsule through an open sheet keeps %d solids (floor %v), want none", len(near), floor)
	}
	if d, who := f.Depth(mgl64.Vec3{3, -0.2, 3}); math.Abs(d-0.2) > 1e-12 || who != -1 {
		t.Errorf("below the floor: depth %v from %d, want 0.2 from the floor (-1)", d, who)
	}
}

// TestProbeMatchesDepth checks the probe, frame by frame, against the field's point query (itself
// checked against the exact SDF): random frames of several capsules, points on each surface.
func TestProbeMatchesDepth(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	e := NewExactMeshes(testFieldScene(), true)
	f := e.DepthField()
	p := f.NewProbe()
	box := e.Bounds().Expand(0.1)
	reached, skipped := 0, 0
	pts := make([]mgl64.Vec3, 30)
	for frame := 0; frame < 400; frame++ {
		caps := make([]geom.Capsule, 1+rng.IntN(6))
		for i := range caps {
			a := randomIn(rng, box)
			b := a.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.15))
			caps[i] = geom.Capsule{A: a, B: b, Radius: 0.03 + 0.07*rng.Float64()}
		}
		anyReach := p.Frame(caps)
		for i, c := range caps {
			for k := range pts {
				pts[k] = capsuleSurfacePoint(rng, c.A, c.B, c.Radius)
			}
			if !p.Reaches(i) {
				skipped++
				for _, q := range pts {
					if d, _ := f.Depth(q); d > CullTolerance+1e-12 {
						t.Fatalf("frame %d capsule %d culled, but %v is %.6f deep", frame, i, q, d)
					}
				}
				continue
			}
			reached++
			if !anyReach {
				t.Fatalf("frame %d: Frame said nothing reaches, Reaches(%d) says it does", frame, i)
			}
			depth, who := p.Depths(i, pts)
			for k, q := range pts {
				want, _ := f.Depth(q)
				if math.Abs(depth[k]-want) > CullTolerance+1e-12 {
					t.Fatalf("frame %d capsule %d point %v: probe %.6f, Depth %.6f", frame, i, q, depth[k], want)
				}
				if depth[k] > 0 && who[k] != FloorSolid && math.Abs(max(0, -e.solids[who[k]].distance(q, 0))-depth[k]) > 1e-9 {
					t.Fatalf("point %v: the probe names solid %d, which is not %.6f deep", q, who[k], depth[k])
				}
			}
		}
	}
	if reached == 0 || skipped == 0 {
		t.Fatalf("%d capsules reached, %d skipped: the test misses a case", reached, skipped)
	}
}
