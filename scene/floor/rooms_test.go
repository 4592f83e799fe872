package floor_test

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/floor"
	"interactagent/scene/furniture"
)

// roomFloor builds a built-in room and its floor with the default options.
func roomFloor(t testing.TB, name string) (*scene.Scene, *floor.Floor) {
	t.Helper()
	s, err := furniture.Builtin(name)
	if err != nil {
		t.Fatalf("Builtin(%q): %v", name, err)
	}
	f, err := floor.New(s, floor.Options{})
	if err != nil {
		t.Fatalf("%s: New: %v", name, err)
	}
	return s, f
}

// TestBuiltinRooms checks every built-in room: the start is free, or a free cell centre is
// within a cell (5 cm) of it (the layouts keep the start and stand points 0.35 m from every
// part's box, but the centre of the cell a point lies in may be nearer), and a walkable path
// leads from the start to every stand point of every object, ending within a cell of it.
func TestBuiltinRooms(t *testing.T) {
	const snap = floor.Cell
	for _, name := range furniture.BuiltinNames() {
		s, f := roomFloor(t, name)
		start := s.Start.Root
		if q, ok := f.NearestFree(start); !f.Free(start) && (!ok || q.Sub(start).Len() > snap) {
			t.Errorf("%s: start %v is blocked and the nearest free cell is %v (found %v)", name, start, q, ok)
		}
		for _, o := range s.Objects {
			for _, sp := range o.StandPoints {
				path, err := f.Path(start, sp)
				var pe *floor.PathError
				switch {
				case errors.As(err, &pe):
					t.Errorf("%s: %s stand point (%.2f, %.2f): %v", name, o.ID, sp.X(), sp.Z(), err)
				case err != nil:
					t.Errorf("%s: %s: %v, want a *floor.PathError or none", name, o.ID, err)
				case path[len(path)-1].Sub(sp).Len() > snap:
					t.Errorf("%s: %s path ends at %v, %.3f m from its stand point %v", name, o.ID, path[len(path)-1], path[len(path)-1].Sub(sp).Len(), sp)
				}
			}
		}
	}
}

// TestFlatDoorway walks from the flat's living room to its bed: every way crosses the
// partition at x = 4.5 inside its 0.9 m doorway (z from 0.75 to 1.65), so no path is wider than
// that, and for a stand point with no narrower gap near it PathWidth names the doorway.
func TestFlatDoorway(t *testing.T) {
	s, f := roomFloor(t, "flat")
	bed, ok := s.Object("bed_1")
	if !ok || len(bed.StandPoints) == 0 {
		t.Fatal("flat: no bed_1 with stand points")
	}
	atDoor := 0
	for _, sp := range bed.StandPoints {
		path, err := f.Path(s.Start.Root, sp)
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k < len(path); k++ {
			if a, b := path[k-1], path[k]; (a.X()-4.5)*(b.X()-4.5) <= 0 && a.X() != b.X() {
				if z := a.Z() + (4.5-a.X())/(b.X()-a.X())*(b.Z()-a.Z()); z < 0.75 || z > 1.65 {
					t.Errorf("flat: path %v crosses the partition at z = %.2f, outside the doorway", path, z)
				}
			}
		}
		w, at := f.PathWidth(path)
		if w > 0.92 {
			t.Errorf("flat: path to the bed's stand point %v: narrowest %.3f m at %v, want at most the 0.9 m doorway", sp, w, at)
		}
		if w >= 0.86 && math.Abs(at.X()-4.5) < 0.1 {
			atDoor++
		}
	}
	if atDoor == 0 {
		t.Errorf("flat: PathWidth names the doorway on no path to the bed")
	}
}

// floorPathLength returns the length of a polyline.
func floorPathLength(path []mgl64.Vec3) float64 {
	l := 0.0
	for k := 1; k < len(path); k++ {
		l += path[k].Sub(path[k-1]).Len()
	}
	return l
}
