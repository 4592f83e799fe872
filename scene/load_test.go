package scene

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"interactagent/assets"
)

func TestLoadFSPicksTheFormatByExtension(t *testing.T) {
	var glb bytes.Buffer
	if err := WriteGLB(&glb, ldHandScene()); err != nil {
		t.Fatal(err)
	}
	plan := `{"7":{"obj":{"000":{"name":"chair","scale":1.2,"transfer":[1,0,0],"rotate":[[1.5707963267948966,0,0],[0,0,-1.5707963267948966]]}},"contact_pairs":[]}}`
	fsys := fstest.MapFS{
		"a/Stool.GLB":    {Data: glb.Bytes()},
		"a/tri#1.obj":    {Data: []byte("o tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")},
		"a/plan.json":    {Data: []byte(plan)},
		"a/room.json":    {Data: ldMustRead(t, "bedroom.json")},
		"a/model.fbx":    {Data: []byte("x")},
		"a/broken.json":  {Data: []byte("{")},
		"a/nothing.gltf": {Data: []byte(`{"asset":{"version":"2.0"}}`)},
	}
	tests := []struct {
		name    string
		objects int
		sceneNm string
		err     string
	}{
		{name: "a/Stool.GLB", objects: 2, sceneNm: "hand made"},
		{name: "a/tri#1.obj", objects: 1, sceneNm: "tri#1"},
		{name: "a/plan.json", objects: 1, sceneNm: "unihsi_7"},
		{name: "a/plan.json#7", objects: 1, sceneNm: "unihsi_7"},
		{name: "a/plan.json#8", err: `no plan "8"`},
		{name: "a/room.json", objects: -1, sceneNm: "bedroom"},
		{name: "a/room.json#1", err: "a layout file has no plans"},
		{name: "a/model.fbx", err: `unknown extension ".fbx"`},
		{name: "a/broken.json", err: "scene: unihsi"},
		{name: "a/missing.obj", err: "missing.obj"},
		{name: "a/nothing.gltf", objects: 0, sceneNm: "nothing"},
	}
	for _, tc := range tests {
		s, err := LoadFS(fsys, tc.name)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err = %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if s.Name != tc.sceneNm || (tc.objects >= 0 && len(s.Objects) != tc.objects) {
			t.Errorf("%s: scene %q with %d objects, want %q with %d", tc.name, s.Name, len(s.Objects), tc.sceneNm, tc.objects)
		}
	}
	room, _ := LoadFS(fsys, "a/room.json")
	builtin, err := Builtin("bedroom")
	if err != nil {
		t.Fatal(err)
	}
	if room.TriangleCount() != builtin.TriangleCount() {
		t.Errorf("layout file gives %d triangles, the built-in bedroom %d", room.TriangleCount(), builtin.TriangleCount())
	}
}

func ldMustRead(t *testing.T, name string) []byte {
	t.Helper()
	f, err := assets.Scenes().Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(f); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGuessCategoryAndPartKind(t *testing.T) {
	for name, want := range map[string]string{
		"SheenChair_fabric": "chair", "GlamVelvetSofa": "sofa", "Armchair 2": "armchair", "couch006": "sofa",
		"night stand": "object", "Nightstand": "nightstand", "Coffee Table": "coffee_table", "lamp_3": "lamp", "": "object",
	} {
		if got := loaderGuessCategory(name); got != want {
			t.Errorf("guessCategory(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]PartKind{
		"seat_soft_surface15": PartSeat, "armrest_hard_surface49": PartArmrest, "arm_sofa_style17": PartArmrest,
		"back_frame_horizontal_bar21": PartBack, "mattress18": PartMattress, "blanket26": PartMattress,
		"pillow20": PartPillow, "base_frame5": PartFrame, "other_leaf28": PartBody, "Leg.001": PartLeg,
	} {
		if got := loaderGuessPartKind(name); got != want {
			t.Errorf("guessPartKind(%q) = %q, want %q", name, got, want)
		}
	}
}
