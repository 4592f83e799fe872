package task

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/scene/trumans/trumanstest"
)

func TestOpenSceneTRUMANSFolder(t *testing.T) {
	dir := t.TempDir()
	if err := trumanstest.Write(dir, trumanstest.Options{Scene: "room_a"}); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{dir, dir + "#room_a"} {
		s, err := OpenScene(ref)
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		if _, ok := s.Object("chair_01"); !ok || s.Grid == nil {
			t.Fatalf("%s: no chair or no grid", ref)
		}
	}
	if _, err := OpenScene(dir + "#room_b"); err == nil || !strings.Contains(err.Error(), "room_b") {
		t.Fatalf("a missing room: %v", err)
	}
	abs, err := AbsoluteScene(dir + "#room_a")
	if err != nil || abs != dir+"#room_a" {
		t.Fatalf("AbsoluteScene: %q %v", abs, err)
	}
}

func TestOpenSceneTRUMANSManifest(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := trumanstest.Write(data, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	manifest := `{"format": "trumans-room", "name": "mine", "scene_mesh": "data/Scene_mesh/room_01.obj",
	 "grid": {"file": "data/Scene/room_01.npy"},
	 "objects": [{"name": "seat", "category": "chair", "mesh": "data/Object_all/Object_mesh/chair_01.obj",
	   "pose": [0, 1.5707963, 0, -1.4, 0, 0.6]}]}`
	file := filepath.Join(dir, "room.json")
	if err := os.WriteFile(file, []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenScene(file)
	if err != nil {
		t.Fatal(err)
	}
	if o, ok := s.Object("seat"); !ok || o.Category != "chair" || len(o.Surfaces) != 1 || s.Name != "mine" {
		t.Fatalf("objects %v", s.Objects)
	}
}

func TestSuiteSceneNextToTRUMANSFolder(t *testing.T) {
	dir := t.TempDir()
	if err := trumanstest.Write(filepath.Join(dir, "trumans"), trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	ref, ok := refNextTo("trumans#room_01", dir)
	if !ok || ref != filepath.Join(dir, "trumans")+"#room_01" {
		t.Fatalf("refNextTo: %q %v", ref, ok)
	}
}
