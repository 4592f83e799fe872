package floor

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// newTestFloor builds fc's floor with opt, failing the test on an error.
func newTestFloor(t *testing.T, s *scene.Scene, opt Options) *Floor {
	t.Helper()
	f, err := New(s, opt)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return f
}

// randomFloorPoint returns a point on the floor uniformly inside f's grid.
func randomFloorPoint(rng *rand.Rand, f *Floor) mgl64.Vec3 {
	e := f.Extent()
	return mgl64.Vec3{e.Lo.X() + rng.Float64()*(e.Hi.X()-e.Lo.X()), 0, e.Lo.Z() + rng.Float64()*(e.Hi.Z()-e.Lo.Z())}
}

// TestFreeMatchesBruteForce compares the grid with the slow reference distance in every
// hand-made scene: at cell centres exactly (free means at least the clearance from everything),
// at random points up to the quantisation (a point farther than clearance + half a cell's
// diagonal is free, one nearer than clearance − half a diagonal is blocked), and Clearance within
// a cell's diagonal above the true distance, never below it.
func TestFreeMatchesBruteForce(t *testing.T) {
	for _, fc := range floorCases() {
		t.Run(fc.name, func(t *testing.T) {
			f := newTestFloor(t, fc.s, Options{})
			opt, rng := f.Options(), rand.New(rand.NewPCG(1, uint64(len(fc.name))))
			half := opt.Cell * math.Sqrt2 / 2
			ref := func(p mgl64.Vec3) float64 { return refDistance(fc, p, opt.BandLow, opt.BandHigh) }
			nx, nz := f.Dims()
			for k := 0; k < 300; k++ {
				c := f.CellCenter(rng.IntN(nx), rng.IntN(nz))
				if d := ref(c); math.Abs(d-opt.Clearance) > 1e-9 && f.Free(c) != (d >= opt.Clearance) {
					t.Errorf("cell centre %v: Free %v, but the nearest obstacle is %.4f m away", c, f.Free(c), d)
				}
			}
			for k := 0; k < 300; k++ {
				p := randomFloorPoint(rng, f)
				d := ref(p)
				if (d > opt.Clearance+half && !f.Free(p)) || (d < opt.Clearance-half && f.Free(p)) {
					t.Errorf("%v: Free %v, but the nearest obstacle is %.4f m away", p, f.Free(p), d)
				}
				want, got := math.Min(d, opt.MaxClearance), f.Clearance(p)
				if got < want-1e-9 || got > want+2*half+0.01 {
					t.Errorf("%v: Clearance %.4f, want %.4f (at most a cell's diagonal more)", p, got, want)
				}
			}
		})
	}
}

// TestObstacleKinds checks what blocks in each hand-made scene, at points chosen by hand.
func TestObstacleKinds(t *testing.T) {
	type pt = [2]float64
	want := map[string]struct{ free, blocked []pt }{
		"box":        {free: []pt{{0.9, 1.9}, {3.1, 1.9}}, blocked: []pt{{2, 1.9}, {1.3, 1.9}}},
		"doorway":    {free: []pt{{3, 2}, {1.5, 2}, {4.5, 2}}, blocked: []pt{{3, 1}, {3, 3}, {3, 1.6}, {0.3, 2}}},
		"tall L":     {free: []pt{{3, 3}, {0.5, 0.5}}, blocked: []pt{{1.6, 3}, {3, 1.6}, {1.6, 1.6}}},
		"table":      {free: []pt{{1.6, 2.5}, {0.5, 1.4}}, blocked: []pt{{1.6, 1.4}, {1.07, 1.07}, {2.3, 1.4}}},
		"rug":        {free: []pt{{2, 1.75}, {1, 1}}},
		"shade":      {free: []pt{{2, 2}}},
		"ramp":       {free: []pt{{0.6, 1.5}}, blocked: []pt{{1.2, 1.5}, {2, 1.5}, {2.9, 1.5}}},
		"floor":      {free: []pt{{0.5, 0.5}, {3, 3.1}}, blocked: []pt{{2, 2}}},
		"dense blob": {free: []pt{{2, 3.2}, {0.6, 2}}, blocked: []pt{{2, 2}, {1.2, 2}}},
		"open pane":  {free: []pt{{3, 0.8}, {0.5, 3}}, blocked: []pt{{2, 1.5}, {1.1, 1.05}}},
	}
	for _, fc := range floorCases() {
		f := newTestFloor(t, fc.s, Options{})
		for _, p := range want[fc.name].free {
			if !f.Free(mgl64.Vec3{p[0], 0, p[1]}) {
				t.Errorf("%s: (%g, %g) blocked, want free", fc.name, p[0], p[1])
			}
		}
		for _, p := range want[fc.name].blocked {
			if f.Free(mgl64.Vec3{p[0], 0, p[1]}) {
				t.Errorf("%s: (%g, %g) free, want blocked", fc.name, p[0], p[1])
			}
		}
	}
}

// TestSolidInside checks that a tall closed box is blocked all through, while the same box
// without its top and bottom (an open tube, which has no inside) blocks only near its sides.
func TestSolidInside(t *testing.T) {
	closed := boxMesh(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{2, 2.2, 2})
	tube := &scene.Mesh{Vertices: closed.Vertices}
	for _, tr := range closed.Triangles {
		if a, b, c := closed.Vertices[tr[0]], closed.Vertices[tr[1]], closed.Vertices[tr[2]]; b.Sub(a).Cross(c.Sub(a)).Y() == 0 {
			tube.Triangles = append(tube.Triangles, tr)
		}
	}
	centre := mgl64.Vec3{1, 0, 1}
	for _, c := range []struct {
		m    *scene.Mesh
		free bool
	}{{closed, false}, {tube, true}} {
		f := newTestFloor(t, &scene.Scene{Objects: []*scene.Object{obj("w", "wardrobe", c.m)}}, Options{})
		if f.Free(centre) != c.free || f.Clearance(centre) == 0 == c.free {
			t.Errorf("%d-triangle box: centre free %v, clearance %.2f; want free %v", len(c.m.Triangles), f.Free(centre), f.Clearance(centre), c.free)
		}
	}
}

// TestNearestFreeMatchesBruteForce compares NearestFree with a scan of every cell.
func TestNearestFreeMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fc := range floorCases()[:4] {
		f := newTestFloor(t, fc.s, Options{Cell: 0.1})
		nx, nz := f.Dims()
		for k := 0; k < 50; k++ {
			p := randomFloorPoint(rng, f)
			want := math.Inf(1)
			for i := 0; i < nx; i++ {
				for j := 0; j < nz; j++ {
					if c := f.CellCenter(i, j); f.Free(c) {
						want = math.Min(want, c.Sub(p).Len())
					}
				}
			}
			got, ok := f.NearestFree(p)
			if !ok || !f.Free(got) || math.Abs(got.Sub(p).Len()-want) > 1e-9 || got.Y() != 0 {
				t.Errorf("%s: NearestFree(%v) = %v, %v (%.4f m away), want a free centre %.4f m away", fc.name, p, got, ok, got.Sub(p).Len(), want)
			}
		}
	}
}

// TestOptions checks the defaults and that bad options and scenes are errors that say
// what was expected.
func TestOptions(t *testing.T) {
	s := &scene.Scene{Objects: []*scene.Object{obj("box", "box", boxMesh(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 1, 1}))}}
	f := newTestFloor(t, s, Options{})
	got := f.Options()
	if got.Cell != Cell || got.Clearance != BodyClearance || got.BandLow != BandLow || got.BandHigh != BandHigh ||
		got.Margin != Margin || got.MaxClearance != MaxClearance || got.Snap != Snap {
		t.Errorf("defaults: %+v", got)
	}
	if e := f.Extent(); e.Lo.X() > -1 || e.Hi.Z() < 2 || e.Lo.X() < -1-Cell {
		t.Errorf("extent %v, want the box grown by the 1 m margin", e)
	}
	far := obj("target", "box", boxMesh(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0.2, 1.2, 0.2}))
	far.StandPoints = []mgl64.Vec3{{4, 0, 0.1}} // beyond every obstacle, as UniHSI's reach targets' are
	fs := newTestFloor(t, &scene.Scene{Objects: []*scene.Object{far}}, Options{})
	if !fs.Free(far.StandPoints[0]) || fs.Extent().Hi.X() < 4+Margin-Cell {
		t.Errorf("extent %v: a stand point beyond the obstacles must be on the grid, with the margin", fs.Extent())
	}
	bad := &scene.Scene{Objects: []*scene.Object{obj("bad", "box", &scene.Mesh{Vertices: []mgl64.Vec3{{}}, Triangles: [][3]int32{{0, 0, 3}}})}}
	for _, c := range []struct {
		s    *scene.Scene
		opt  Options
		want string
	}{
		{nil, Options{}, "no scene"},
		{s, Options{Cell: -0.1}, "cell -0.1, want a finite value ≥ 0"},
		{s, Options{Clearance: math.NaN()}, "clearance NaN"},
		{s, Options{Snap: math.Inf(1)}, "snap +Inf"},
		{s, Options{BandLow: 2}, "band 2–1.9 m, want its low end below its high end"},
		{s, Options{Extent: geom.Box{Lo: mgl64.Vec3{1, 0, 1}, Hi: mgl64.Vec3{0, 0, 2}}}, "want a finite area"},
		{s, Options{Extent: geom.Box{Hi: mgl64.Vec3{1000, 0, 1000}}}, "use larger cells or a smaller extent"},
		{bad, Options{}, "object bad part bad_a: triangle 0 has vertex index 3, want 0 to 0"},
	} {
		_, err := New(c.s, c.opt)
		if err == nil || !strings.HasPrefix(err.Error(), "scene: floor: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v): %v, want an error with %q", c.opt, err, c.want)
		}
	}
}

// TestOddInput checks that odd scenes and points neither panic nor give nonsense: an empty
// scene is open floor around the start, non-finite vertices are no obstacle, and non-finite or
// far points are not free and have no path.
func TestOddInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	odd := obj("odd", "box", &scene.Mesh{Vertices: []mgl64.Vec3{{nan, 0, 0}, {1, 1, 1}, {inf, 2, 0}, {1, 0, 2}}, Triangles: [][3]int32{{0, 1, 2}, {1, 2, 3}, {3, 3, 3}}})
	odd.Parts = append(odd.Parts, scene.Part{Name: "nil mesh"})
	for _, s := range []*scene.Scene{{}, {Objects: []*scene.Object{nil, odd}}} {
		f := newTestFloor(t, s, Options{})
		if !f.Free(mgl64.Vec3{}) || f.Clearance(mgl64.Vec3{}) != MaxClearance {
			t.Errorf("%d objects: the start is not open floor", len(s.Objects))
		}
		if p, err := f.Path(mgl64.Vec3{-0.5, 0, 0}, mgl64.Vec3{0.5, 7, 0.5}); err != nil || len(p) != 2 {
			t.Errorf("path in the open: %v, %v", p, err)
		}
		for _, p := range []mgl64.Vec3{{nan, 0, 0}, {0, 0, inf}, {1e300, 0, 0}, {-5, 0, 0}} {
			q, ok := f.NearestFree(p)
			_, err := f.Path(p, mgl64.Vec3{})
			var pe *PathError
			if f.Free(p) || f.Clearance(p) != 0 || ok || !errors.As(err, &pe) || pe.Kind != PathOutside {
				t.Errorf("%v: free %v, clearance %g, nearest %v %v, path error %v", p, f.Free(p), f.Clearance(p), q, ok, err)
			}
		}
		if w, _ := f.PathWidth([]mgl64.Vec3{{nan, 0, 0}, {0, 0, 0}, {1e300, 0, 0}}); math.IsNaN(w) || w < 0 {
			t.Errorf("PathWidth of a wild path: %g", w)
		}
	}
}

// TestSolidArch checks a wall with a doorway cut in it, as one closed mesh: its legs are
// solid all through, and the doorway under its lintel is free, although cell centres lie
// exactly on the diagonal that splits the lintel's underside into two triangles (each centre
// there must count as crossing the underside once, not twice or never).
func TestSolidArch(t *testing.T) {
	s := &scene.Scene{Objects: []*scene.Object{obj("wall", "wall", archMesh(0.525, 1.525, 2.425, 3.525, 1.525, 2.425, 2.1, 2.5))}}
	f := newTestFloor(t, s, Options{Extent: geom.Box{Hi: mgl64.Vec3{4, 0, 4}}})
	for _, c := range []struct {
		p    mgl64.Vec3
		free bool
	}{{mgl64.Vec3{1.975, 0, 1.975}, true}, {mgl64.Vec3{1.975, 0, 2.275}, true}, {mgl64.Vec3{1.025, 0, 1.975}, false}, {mgl64.Vec3{3.025, 0, 1.975}, false}} {
		if f.Free(c.p) != c.free || (f.Clearance(c.p) == 0) == c.free {
			t.Errorf("%v: free %v, clearance %.3f; want free %v", c.p, f.Free(c.p), f.Clearance(c.p), c.free)
		}
	}
	if _, err := f.Path(mgl64.Vec3{1.975, 0, 0.5}, mgl64.Vec3{1.975, 0, 3.5}); err != nil {
		t.Errorf("no path through the doorway: %v", err)
	}
}

// TestCentresOnFaces compares every cell centre of a divided room with 0.1 m cells, where
// whole rows of centres lie exactly on wall faces, with the reference: an upright face projects
// to a segment, and rounding must not make it a line that blocks beyond its ends.
func TestCentresOnFaces(t *testing.T) {
	fc := floorCase{name: "divided", s: dividedRoom(0.9)}
	f := newTestFloor(t, fc.s, Options{Cell: 0.1})
	opt := f.Options()
	nx, nz := f.Dims()
	for i := 0; i < nx; i++ {
		for j := 0; j < nz; j++ {
			c := f.CellCenter(i, j)
			if d := refDistance(fc, c, opt.BandLow, opt.BandHigh); math.Abs(d-opt.Clearance) > 1e-9 && f.Free(c) != (d >= opt.Clearance) {
				t.Errorf("cell centre %v: Free %v, but the nearest obstacle is %.4f m away", c, f.Free(c), d)
			}
		}
	}
}
