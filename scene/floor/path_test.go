package floor

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// checkPathFree fails the test unless every point of path, sampled every 2 cm, is free and on
// the floor.
func checkPathFree(t *testing.T, f *Floor, path []mgl64.Vec3) {
	t.Helper()
	for k, p := range path {
		if p.Y() != 0 || !geom.FiniteVec(p) {
			t.Errorf("waypoint %d is %v, want a finite point on the floor", k, p)
		}
	}
	for k := 1; k < len(path); k++ {
		a, b := path[k-1], path[k]
		n := int(math.Ceil(b.Sub(a).Len()/0.02)) + 1
		for s := 0; s <= n; s++ {
			if p := a.Add(b.Sub(a).Mul(float64(s) / float64(n))); !f.Free(p) {
				t.Errorf("path %v: %v on segment %d is not free", path, p, k)
				return
			}
		}
	}
}

// pathLength returns the length of a polyline.
func pathLength(path []mgl64.Vec3) float64 {
	l := 0.0
	for k := 1; k < len(path); k++ {
		l += path[k].Sub(path[k-1]).Len()
	}
	return l
}

// TestPathStraight checks that in open floor a path is the straight segment itself.
func TestPathStraight(t *testing.T) {
	f := newTestFloor(t, &scene.Scene{Objects: []*scene.Object{roomWalls(10, 10)}}, Options{})
	from, to := mgl64.Vec3{3, 0, 3}, mgl64.Vec3{7, 0.3, 6.2}
	path, err := f.Path(from, to)
	if err != nil || len(path) != 2 || path[0] != from || path[1] != (mgl64.Vec3{7, 0, 6.2}) {
		t.Errorf("Path(%v, %v) = %v, %v; want the two points themselves, on the floor", from, to, path, err)
	}
	if w, _ := f.PathWidth(path); math.Abs(w-2*MaxClearance) > 1e-9 {
		t.Errorf("PathWidth in the open = %g, want 2 × MaxClearance", w)
	}
}

// TestPathDoorways walks between the two halves of a divided room: through a doorway at
// least twice the clearance and a cell wide there is a path (some row of cell centres then
// keeps the clearance from both jambs), and PathWidth measures the doorway, however near the
// path runs to its side; through one narrower than twice the clearance, or a wall without one,
// there is none, and the error says why.
func TestPathDoorways(t *testing.T) {
	from, to := mgl64.Vec3{1.5, 0, 0.8}, mgl64.Vec3{4.5, 0, 3.3}
	for _, door := range []float64{0.9, 1.2, 0.76, 0.69, 0} {
		f := newTestFloor(t, dividedRoom(door), Options{})
		path, err := f.Path(from, to)
		if door < 2*BodyClearance {
			var pe *PathError
			if !errors.As(err, &pe) || pe.Kind != PathUnreachable || !strings.Contains(err.Error(), "a gap narrower than 0.7 m") ||
				!strings.HasPrefix(err.Error(), "scene: floor path from (1.50, 0.80) to (4.50, 3.30): ") {
				t.Errorf("door %g m: %v, %v; want an unreachable *PathError", door, path, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("door %g m: %v", door, err)
			continue
		}
		checkPathFree(t, f, path)
		w, at := f.PathWidth(path)
		if math.Abs(w-door) > 0.01 || math.Abs(at.X()-3) > 0.1 {
			t.Errorf("door %g m: PathWidth %.3f at %v, want the door's width at x = 3", door, w, at)
		}
	}
}

// TestPathMatchesDijkstra compares paths in a cluttered room, and from inside it to the
// floor outside its walls, with a brute-force Dijkstra on the same grid: both find a path or
// neither does; every path is free along its length and runs from the (snapped) start to the
// (snapped) target; pulled straight, it is no longer than the grid's shortest path (give or take
// where the endpoints lie in their cells) and not more than 10 % shorter (the most an
// 8-neighbour grid overestimates a straight line by is 8.2 %).
func TestPathMatchesDijkstra(t *testing.T) {
	s := dividedRoom(0.9)
	s.Objects = append(s.Objects, floorCaseNamed("table").s.Objects[0],
		obj("crate", "box", prismMesh(turnedRect(mgl64.Vec2{4.5, 1.2}, 0.8, 0.5, 0.5), 0, 0.6)),
		obj("bin", "box", boxMesh(mgl64.Vec3{4.2, 0, 2.6}, mgl64.Vec3{4.5, 0.5, 2.9})))
	f := newTestFloor(t, s, Options{Cell: 0.1, Margin: 0.5}) // outside the walls: no path in
	rng := rand.New(rand.NewPCG(5, 6))
	var n [2]int // paths compared, pairs with none
	for src := 0; src < 3; {
		from := randomFloorPoint(rng, f)
		start, ok := f.nearestFree(from, f.Options().Snap)
		if !ok {
			continue
		}
		i0, j0, _ := f.cellIJ(start)
		ref := refShortest(f, i0, j0)
		for k := 0; k < 15; k++ {
			checkDijkstraPath(t, f, ref, from, start, randomFloorPoint(rng, f), &n)
		}
		src++
	}
	t.Logf("compared %d paths, %d pairs with none", n[0], n[1])
	if n[0] < 20 || n[1] < 3 {
		t.Errorf("compared %d paths and %d pairs with none, want at least 20 and 3", n[0], n[1])
	}
}

// checkDijkstraPath checks Path(from, to) against ref, Dijkstra's lengths from the cell of start
// (where from snaps to), counting in n the paths compared and the pairs with none.
func checkDijkstraPath(t *testing.T, f *Floor, ref []float64, from, start, to mgl64.Vec3, n *[2]int) {
	end, ok := f.nearestFree(to, f.Options().Snap)
	if !ok {
		return // a blocked target: TestPathEndpoints
	}
	i1, j1, _ := f.cellIJ(end)
	want := ref[j1*f.nx+i1]
	path, err := f.Path(from, to)
	var pe *PathError
	switch {
	case math.IsInf(want, 1):
		n[1]++
		if !errors.As(err, &pe) || pe.Kind != PathUnreachable {
			t.Errorf("%v → %v: %v, %v; Dijkstra finds no path", from, to, path, err)
		}
	case err != nil:
		t.Errorf("%v → %v: %v; Dijkstra finds one %.2f m long", from, to, err, want)
	default:
		n[0]++
		checkPathFree(t, f, path)
		if path[0] != snapped(f, from, start) || path[len(path)-1] != snapped(f, to, end) {
			t.Errorf("%v → %v: path %v does not start and end there", from, to, path)
		}
		if got, slack := pathLength(path), f.Options().Cell*math.Sqrt2; got > want+slack || got < want/1.1-slack {
			t.Errorf("%v → %v: path %.3f m long, Dijkstra %.3f m", from, to, got, want)
		}
	}
}

// snapped returns where a path for p starts or ends: p in a free cell, else its nearest free
// centre.
func snapped(f *Floor, p, nearest mgl64.Vec3) mgl64.Vec3 {
	if f.Free(p) {
		return p
	}
	return nearest
}

// TestPathEndpoints checks endpoints: one just inside the clearance of a box moves to the
// nearest free cell centre; one deep inside it, outside the grid or not finite is an error
// that says which endpoint and why.
func TestPathEndpoints(t *testing.T) {
	s := &scene.Scene{Objects: []*scene.Object{roomWalls(6, 4), obj("box", "box", boxMesh(mgl64.Vec3{2, 0, 1}, mgl64.Vec3{4, 0.8, 3}))}}
	f := newTestFloor(t, s, Options{})
	near, free := mgl64.Vec3{1.7, 0, 2}, mgl64.Vec3{1, 0, 0.6}
	path, err := f.Path(near, free)
	if snapped, _ := f.NearestFree(near); err != nil || path[0] != snapped || snapped.Sub(near).Len() > 0.1 {
		t.Errorf("Path from %v (0.3 m from the box): %v, %v; want it to start at the nearest free centre %v", near, path, err, snapped)
	}
	for _, c := range []struct {
		from, to mgl64.Vec3
		kind     PathErrorKind
		want     string
	}{
		{mgl64.Vec3{3, 0, 2}, free, PathBlocked, "the start (3.00, 2.00) is 0.00 m from an obstacle, and no floor within 0.5 m of it is 0.35 m clear"},
		{free, mgl64.Vec3{2.2, 0, 1.5}, PathBlocked, "the target (2.20, 1.50) is 0.00 m from an obstacle"},
		{mgl64.Vec3{9, 0, 2}, free, PathOutside, "the start (9.00, 2.00) is outside the floor grid, which covers x -1.00 to 7.00"},
		{free, mgl64.Vec3{math.NaN(), 0, 1}, PathOutside, "the target (NaN, 1.00) is not a finite point"},
	} {
		_, err := f.Path(c.from, c.to)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Kind != c.kind || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Path(%v, %v): %v, want kind %d saying %q", c.from, c.to, err, c.kind, c.want)
		}
	}
}

// TestPathWidthTurnedCorridor checks PathWidth on a corridor 1.2 m wide turned 30°, along
// which the path runs off its middle.
func TestPathWidthTurnedCorridor(t *testing.T) {
	a := math.Pi / 6
	u, v := mgl64.Vec2{math.Cos(a), math.Sin(a)}, mgl64.Vec2{-math.Sin(a), math.Cos(a)}
	c := mgl64.Vec2{3, 3}
	s := &scene.Scene{Objects: []*scene.Object{obj("corridor", "wall",
		prismMesh(turnedRect(c.Add(v.Mul(0.65)), 4, 0.1, a), 0, 2.5),
		prismMesh(turnedRect(c.Sub(v.Mul(0.65)), 4, 0.1, a), 0, 2.5))}}
	f := newTestFloor(t, s, Options{})
	p := func(along, across float64) mgl64.Vec3 { return fromXZ(c.Add(u.Mul(along)).Add(v.Mul(across))) }
	path, err := f.Path(p(-1.5, 0.2), p(1.5, -0.2))
	if err != nil {
		t.Fatal(err)
	}
	checkPathFree(t, f, path)
	if w, at := f.PathWidth(path); math.Abs(w-1.2) > 0.01 {
		t.Errorf("PathWidth = %.3f at %v, want 1.2", w, at)
	}
	if w, at := f.PathWidth(nil); w != 2*MaxClearance || at != (mgl64.Vec3{}) {
		t.Errorf("PathWidth(nil) = %g at %v, want 2 × MaxClearance at the origin", w, at)
	}
	if w, _ := f.PathWidth([]mgl64.Vec3{p(0, 0), p(0, 1)}); w > 0.01 {
		t.Errorf("PathWidth across the corridor's wall = %g, want 0", w)
	}
}

// TestPathConcurrent asks for paths from several goroutines at once (run with -race): each
// gets the same path as asked alone.
func TestPathConcurrent(t *testing.T) {
	f := newTestFloor(t, dividedRoom(0.9), Options{Cell: 0.1})
	from, to := mgl64.Vec3{1.5, 0, 0.8}, mgl64.Vec3{4.5, 0, 3.3}
	want, err := f.Path(from, to)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Go(func() {
			for k := 0; k < 20; k++ {
				got, err := f.Path(from, to)
				if err != nil || len(got) != len(want) || pathLength(got) != pathLength(want) {
					t.Errorf("concurrent path %v, %v; want %v", got, err, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestSearchMatchesDijkstra runs the A* search on random grids, far more cluttered than
// rooms, against the brute-force Dijkstra: the same cost to the last rounding, no path exactly
// when Dijkstra finds none, and every step to a neighbour, a diagonal only past free cells.
func TestSearchMatchesDijkstra(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for g := 0; g < 6; g++ {
		f := gridFloor(randomRows(rng, 24, 18, 0.3))
		var free []int
		for c := range f.dist {
			if f.freeCell(c) {
				free = append(free, c)
			}
		}
		src := free[rng.IntN(len(free))]
		ref := refShortest(f, src%f.nx, src/f.nx)
		for k := 0; k < 20; k++ {
			dst := free[rng.IntN(len(free))]
			cells := f.search(src, dst)
			if (cells == nil) != math.IsInf(ref[dst], 1) || (cells != nil && math.Abs(stepCost(t, f, cells)-ref[dst]) > 1e-9) {
				t.Errorf("grid %d, %d → %d: search cost %v, Dijkstra %v", g, src, dst, stepCost(t, f, cells), ref[dst])
			}
		}
	}
}

// stepCost returns the cost of a cell path, failing the test on a step that is not to a
// neighbour or that cuts a blocked cell's corner; +Inf for no path.
func stepCost(t *testing.T, f *Floor, cells []int) float64 {
	if cells == nil {
		return math.Inf(1)
	}
	cost := 0.0
	for k := 1; k < len(cells); k++ {
		a, b := cells[k-1], cells[k]
		di, dj := b%f.nx-a%f.nx, b/f.nx-a/f.nx
		if di < -1 || di > 1 || dj < -1 || dj > 1 || !f.freeCell(b) ||
			(di != 0 && dj != 0 && (!f.freeIJ(a%f.nx+di, a/f.nx) || !f.freeIJ(a%f.nx, a/f.nx+dj))) {
			t.Errorf("step %d → %d is not to a free neighbour past free cells", a, b)
		}
		cost += f.Options().Cell * math.Hypot(float64(di), float64(dj))
	}
	return cost
}

// TestPathTouchesNoBlockedCell walks random cluttered grids: no segment of any path meets
// a blocked cell, not even at a corner (checked against every blocked cell, exactly), and where
// two free cells meet only at a corner there is no way between them.
func TestPathTouchesNoBlockedCell(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for g := 0; g < 6; g++ {
		f := gridFloor(randomRows(rng, 24, 18, 0.25))
		for k := 0; k < 15; k++ {
			a, b := f.CellCenter(rng.IntN(f.nx), rng.IntN(f.nz)), f.CellCenter(rng.IntN(f.nx), rng.IntN(f.nz))
			path, err := f.Path(a.Add(mgl64.Vec3{0.01, 0, -0.02}), b)
			if err != nil {
				continue
			}
			for s := 1; s < len(path); s++ {
				for c := range f.dist {
					lo := f.CellCenter(c%f.nx, c/f.nx).Sub(mgl64.Vec3{0.05, 0, 0.05})
					if !f.freeCell(c) && refSegmentTouchesSquare(path[s-1], path[s], lo.X(), lo.Z(), 0.1) {
						t.Errorf("grid %d: segment %v–%v of %v meets blocked cell at %v", g, path[s-1], path[s], path, lo)
					}
				}
			}
		}
	}
	f := gridFloor([]string{"..#", "##.", "..."[:0] + "#.."})
	if _, err := f.Path(f.CellCenter(1, 0), f.CellCenter(2, 1)); err == nil {
		t.Errorf("a path between cells that meet only at a corner")
	}
}

// TestPathWidthIgnoresWallsAhead walks across a room 3.6 m long and 9 m wide: the walls the
// path walks towards and away from are no gap it passes through (chords run at most 45° off
// square to the path), so the width is the open floor's 2 × MaxClearance, not the 3.6 m ahead.
func TestPathWidthIgnoresWallsAhead(t *testing.T) {
	f := newTestFloor(t, &scene.Scene{Objects: []*scene.Object{roomWalls(3.6, 9)}}, Options{})
	path, err := f.Path(mgl64.Vec3{0.5, 0, 4.5}, mgl64.Vec3{3.1, 0, 4.5})
	if err != nil {
		t.Fatal(err)
	}
	if w, at := f.PathWidth(path); w != 2*MaxClearance {
		t.Errorf("PathWidth = %.3f at %v, want 2 × MaxClearance", w, at)
	}
}

// TestPathWidthLeavesOutEnds stops a path between two posts 0.8 m apart: where the body
// stops is not a gap it passes through, so the width is the open floor's; a path that goes on
// through the posts passes the gap.
func TestPathWidthLeavesOutEnds(t *testing.T) {
	post := func(x float64) *scene.Mesh { return boxMesh(mgl64.Vec3{x, 0, 4.95}, mgl64.Vec3{x + 0.1, 1, 5.05}) }
	f := newTestFloor(t, &scene.Scene{Objects: []*scene.Object{roomWalls(10, 10), obj("posts", "object", post(4.5), post(5.4))}}, Options{})
	for _, c := range []struct {
		to   mgl64.Vec3
		want float64
	}{{mgl64.Vec3{5, 0, 5}, 2 * MaxClearance}, {mgl64.Vec3{5, 0, 7}, 0.8}} {
		path, err := f.Path(mgl64.Vec3{5, 0, 2}, c.to)
		if err != nil {
			t.Fatal(err)
		}
		if w, at := f.PathWidth(path); math.Abs(w-c.want) > 0.01 {
			t.Errorf("path to %v: PathWidth %.3f at %v, want %g", c.to, w, at, c.want)
		}
	}
}

// TestPathWidthThinWall measures a 0.9 m gap in a wall of no thickness (two upright quads,
// as a loaded file may model a partition), crossed square on, at 45° and at about 35°: a chord
// has no inside of the wall to end in there, and the path's points need not lie on the wall's
// line (so the width reads up to 2 cm wide, where a thick wall's doorway reads within 1 cm).
func TestPathWidthThinWall(t *testing.T) {
	quad := func(x0, x1 float64) *scene.Mesh {
		return quadMesh(mgl64.Vec3{x0, 0, 3}, mgl64.Vec3{x1, 0, 3}, mgl64.Vec3{x1, 2.5, 3}, mgl64.Vec3{x0, 2.5, 3})
	}
	s := &scene.Scene{Objects: []*scene.Object{roomWalls(10, 10), obj("partition", "wall", quad(0.1, 4.55), quad(5.45, 9.9))}}
	f := newTestFloor(t, s, Options{})
	for _, ends := range [][2]mgl64.Vec3{{{5, 0, 1}, {5.3, 0, 5}}, {{3.2, 0, 1.2}, {6.8, 0, 4.8}}, {{3.5, 0, 1}, {6.2, 0, 4.9}}} {
		path, err := f.Path(ends[0], ends[1])
		if err != nil {
			t.Fatal(err)
		}
		checkPathFree(t, f, path)
		if w, at := f.PathWidth(path); math.Abs(w-0.9) > 0.02 || math.Abs(at.Z()-3) > 0.2 {
			t.Errorf("path %v: PathWidth %.3f at %v, want the 0.9 m gap at z = 3", path, w, at)
		}
	}
}
