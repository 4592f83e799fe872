package trumans_test

import (
	"math"
	"testing"

	"interactagent/scene"
	"interactagent/scene/trumans"
	"interactagent/scene/trumans/trumanstest"
)

// writeFolder writes a TRUMANS folder with o into a temporary folder.
func writeFolder(t testing.TB, o trumanstest.Options) string {
	t.Helper()
	dir := t.TempDir()
	if err := trumanstest.Write(dir, o); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestOpenFolder(t *testing.T) {
	for _, form := range []trumanstest.PoseForm{trumanstest.PoseJSONFiles, trumanstest.PoseNPYFiles, trumanstest.PoseJSONMap} {
		dir := writeFolder(t, trumanstest.Options{Poses: form})
		s, err := trumans.Open(dir, "")
		if err != nil {
			t.Fatalf("form %d: %v", form, err)
		}
		checkRoom(t, s)
	}
}

// checkRoom checks what the generated room must give: the grid, the room's static objects and
// the three labelled objects with their surfaces.
func checkRoom(t *testing.T, s *scene.Scene) {
	t.Helper()
	if s.Name != "room_01" || s.Grid == nil || s.Grid.Dims != trumans.GridDims || !s.Grid.OutsideOccupied ||
		s.Grid.Lo != trumans.GridLo || s.Grid.Voxel != 0.02 {
		t.Fatalf("scene %q grid %+v", s.Name, gridHeader(s.Grid))
	}
	want := map[string]string{"floor": "floor", "walls": "wall", "chair_01": "chair", "table_01": "table", "bed_01": "bed"}
	for id, cat := range want {
		o, ok := s.Object(id)
		if !ok || o.Category != cat {
			t.Fatalf("object %s: %v, category %q, want %q; objects %v", id, ok, categoryOf(o), cat, ids(s))
		}
	}
	if _, ok := s.Object("room"); ok {
		t.Errorf("the room mesh of floor and walls left a static remainder")
	}
	walls, _ := s.Object("walls")
	if len(walls.Parts) != 4 {
		t.Errorf("walls have %d parts, want 4", len(walls.Parts))
	}
	checkSurfaces(t, s)
}

func checkSurfaces(t *testing.T, s *scene.Scene) {
	t.Helper()
	chair, _ := s.Object("chair_01")
	if len(chair.Surfaces) != 1 || !chair.Surfaces[0].Sit {
		t.Fatalf("chair surfaces %+v", chair.Surfaces)
	}
	su := chair.Surfaces[0]
	if su.Axis.Sub(mgl(1, 0, 0)).Len() > 1e-6 || math.Abs(su.Center.X()+1.4) > 0.1 || math.Abs(su.Center.Z()-0.6) > 0.1 || su.Height() < 0.35 || su.Height() > 0.55 {
		t.Errorf("chair seat %+v, want facing +X at (−1.4, ~0.45, 0.6)", su)
	}
	bed, _ := s.Object("bed_01")
	if len(bed.Surfaces) != 1 || !bed.Surfaces[0].LieDown || bed.Surfaces[0].Axis.Sub(mgl(1, 0, 0)).Len() > 1e-6 {
		t.Fatalf("bed surfaces %+v, want one lying surface head to foot along +X", bed.Surfaces)
	}
	table, _ := s.Object("table_01")
	if len(table.Surfaces) != 0 || len(table.StandPoints) == 0 {
		t.Errorf("table surfaces %+v stand points %v", table.Surfaces, table.StandPoints)
	}
}

func TestOpenWithoutObjects(t *testing.T) {
	dir := writeFolder(t, trumanstest.Options{NoObjects: true, Scene: "bare"})
	s, err := trumans.Open(dir, "bare")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Objects) != 2 || s.Grid == nil {
		t.Fatalf("objects %v grid %v", ids(s), s.Grid != nil)
	}
}

func TestOpenPicksScene(t *testing.T) {
	dir := writeFolder(t, trumanstest.Options{Scene: "a"})
	if err := trumanstest.Write(dir, trumanstest.Options{Scene: "b", NoObjects: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := trumans.Open(dir, ""); err == nil {
		t.Fatal("two rooms opened without a name")
	} else {
		t.Log(err)
	}
	if _, err := trumans.Open(dir, "c"); err == nil {
		t.Fatal("a missing room opened")
	} else {
		t.Log(err)
	}
	s, err := trumans.Open(dir, "b")
	if err != nil || s.Name != "b" {
		t.Fatalf("%v %v", s, err)
	}
}

func TestStartIsFree(t *testing.T) {
	s, err := trumans.Open(writeFolder(t, trumanstest.Options{}), "")
	if err != nil {
		t.Fatal(err)
	}
	g := s.Grid
	p := s.Start.Root
	i, k := int((p.X()-g.Lo.X())/g.Voxel), int((p.Z()-g.Lo.Z())/g.Voxel)
	for j := 5; j < 90; j++ {
		if g.Occupied[g.Index(i, j, k)] {
			t.Fatalf("start %v is in an occupied voxel at height %d", p, j)
		}
	}
}

func gridHeader(g *scene.Grid) any {
	if g == nil {
		return nil
	}
	return []any{g.Lo, g.Voxel, g.Dims, g.OutsideOccupied}
}

func categoryOf(o *scene.Object) string {
	if o == nil {
		return ""
	}
	return o.Category
}

func ids(s *scene.Scene) []string {
	var out []string
	for _, o := range s.Objects {
		out = append(out, o.ID+"("+o.Category+")")
	}
	return out
}
