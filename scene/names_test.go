package scene

import "testing"

func TestGuessCategoryAndPartKind(t *testing.T) {
	for name, want := range map[string]string{
		"SheenChair_fabric": "chair", "GlamVelvetSofa": "sofa", "Armchair 2": "armchair", "couch006": "sofa",
		"night stand": "object", "Nightstand": "nightstand", "Coffee Table": "coffee_table", "lamp_3": "lamp", "": "object",
	} {
		if got := GuessCategory(name); got != want {
			t.Errorf("guessCategory(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]PartKind{
		"seat_soft_surface15": PartSeat, "armrest_hard_surface49": PartArmrest, "arm_sofa_style17": PartArmrest,
		"back_frame_horizontal_bar21": PartBack, "mattress18": PartMattress, "blanket26": PartMattress,
		"pillow20": PartPillow, "base_frame5": PartFrame, "other_leaf28": PartBody, "Leg.001": PartLeg,
	} {
		if got := GuessPartKind(name); got != want {
			t.Errorf("guessPartKind(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestWallAndFloorCategories(t *testing.T) {
	for cat, want := range map[string][2]bool{
		"wall": {true, false}, "Wall": {true, false}, "WALL": {true, false}, "floor": {false, true},
		"Floor": {false, true}, "walls": {false, false}, "sofa": {false, false}, "": {false, false},
	} {
		o := &Object{Category: cat}
		if o.IsWall() != want[0] || o.IsFloor() != want[1] {
			t.Errorf("category %q: IsWall %v IsFloor %v, want %v", cat, o.IsWall(), o.IsFloor(), want)
		}
	}
}

func TestUniqueNameAndNameFromFile(t *testing.T) {
	used := map[string]bool{}
	got := []string{UniqueName(used, "leg"), UniqueName(used, "leg"), UniqueName(used, "leg_2"), UniqueName(used, "leg")}
	want := []string{"leg", "leg_2", "leg_2_2", "leg_3"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("UniqueName sequence %v, want %v", got, want)
		}
	}
	for in, want := range map[string]string{"a/b/Room.GLB": "Room", "plan.json": "plan", "x": "x", "d/.hidden": ""} {
		if got := NameFromFile(in); got != want {
			t.Errorf("NameFromFile(%q) = %q, want %q", in, got, want)
		}
	}
}
