package trumans_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/scene"
	"interactagent/scene/trumans"
	"interactagent/scene/trumans/trumanstest"
)

// exampleManifest is the manifest of docs/trumans.md, with paths into a folder Write wrote at
// "data" beside it.
const exampleManifest = `{
  "format": "trumans-room",
  "name": "my_room",
  "scene_mesh": "data/Scene_mesh/room_01.obj",
  "grid": {"file": "data/Scene/room_01.npy", "lo": [-3, 0, -4], "voxel": 0.02, "outside_occupied": true},
  "objects": [
    {"name": "chair_01", "mesh": "data/Object_all/Object_mesh/chair_01.obj",
     "pose": {"rotation": [0, 1.5707963267948966, 0], "location": [-1.4, 0, 0.6]}},
    {"name": "my_bed", "category": "bed", "mesh": "data/Object_all/Object_mesh/bed_01.obj",
     "pose": [0, 1.5707963267948966, 0, 1.35, 0, -2.3]}
  ]
}`

func TestOpenManifest(t *testing.T) {
	dir := t.TempDir()
	if err := trumanstest.Write(filepath.Join(dir, "data"), trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "room.json")
	if err := os.WriteFile(file, []byte(exampleManifest), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, open := range []func() (*scene.Scene, error){
		func() (*scene.Scene, error) { return trumans.OpenManifest(file) },
		func() (*scene.Scene, error) { return trumans.OpenManifestFS(os.DirFS(dir), "room.json") },
	} {
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		bed, ok := s.Object("my_bed")
		if s.Name != "my_room" || s.Grid == nil || !ok || bed.Category != "bed" || len(bed.Surfaces) != 1 {
			t.Fatalf("opener %d: scene %q objects %v", i, s.Name, ids(s))
		}
	}
}

func TestOpenManifestAbsoluteAndUp(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := trumanstest.Write(data, trumanstest.Options{NoObjects: true}); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "manifests")
	os.MkdirAll(sub, 0o755)
	text := `{"format": "trumans-room", "scene_mesh": "../data/Scene_mesh/room_01.obj", "grid": {"file": "` +
		filepath.ToSlash(filepath.Join(data, "Scene", "room_01.npy")) + `"}}`
	file := filepath.Join(sub, "m.json")
	os.WriteFile(file, []byte(text), 0o644)
	s, err := trumans.OpenManifest(file)
	if err != nil || s.Grid == nil || s.Name != "room_01" {
		t.Fatalf("%v %v", s, err)
	}
	// Through a file system the paths may not leave it.
	if _, err := trumans.OpenManifestFS(os.DirFS(sub), "m.json"); err == nil || !strings.Contains(err.Error(), "leaves the folder") {
		t.Errorf("a path through .. in a file system: %v", err)
	}
}

func TestReadManifestRefuses(t *testing.T) {
	cases := map[string]string{
		`[]`:                                     "want an object",
		`{"format": "x", "scene_mesh": "a.obj"}`: `want "trumans-room"`,
		`{"format": "trumans-room"}`:             "scene_mesh: no path",
		`{"format": "trumans-room", "scene_mesh": "a.obj", "extra": 1}`:                                                                                                                "extra",
		`{"format": "trumans-room", "scene_mesh": "a.obj", "grid": {"file": "g.npy", "voxel": -1}}`:                                                                                    "grid.voxel",
		`{"format": "trumans-room", "scene_mesh": "a.obj", "objects": [{"name": "a", "mesh": "a.obj", "pose": [0, 0, 0, 1e300, 0, 0]}]}`:                                               "within 1 km",
		`{"format": "trumans-room", "scene_mesh": "a.obj", "objects": [{"name": "a", "mesh": "a.obj", "pose": [0, 0, 0]}]}`:                                                            "six numbers",
		`{"format": "trumans-room", "scene_mesh": "a.obj", "objects": [{"name": "a", "mesh": "a.obj", "pose": [0,0,0,0,0,0]}, {"name": "a", "mesh": "b.obj", "pose": [0,0,0,0,0,0]}]}`: "a second object",
	}
	for text, want := range cases {
		_, err := trumans.ReadManifest([]byte(text), "m.json")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "m.json") {
			t.Errorf("%s: %v, want an error naming m.json saying %q", text, err, want)
		}
	}
}

// FuzzManifest reads any bytes as a manifest: no panic, and a manifest read is one whose paths
// and poses passed the checks, and that reads back the same once written out.
func FuzzManifest(f *testing.F) {
	f.Add([]byte(exampleManifest))
	f.Add([]byte(`{"format": "trumans-room", "scene_mesh": "a.obj"}`))
	f.Add([]byte(`{"format": "trumans-room", "scene_mesh": "a.obj", "objects": [{"name": "x", "mesh": "m.obj", "pose": [1, 2, 3, 4, 5, 6]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := trumans.ReadManifest(data, "fuzz.json")
		if err != nil {
			return
		}
		if m.SceneMesh == "" || len(m.Objects) > trumans.MaxObjects {
			t.Fatalf("accepted %+v", m)
		}
		for _, o := range m.Objects {
			if o.Name == "" || o.Mesh == "" {
				t.Fatalf("accepted object %+v", o)
			}
			if !finite(o.Pose.Euler[:]) || !finite(o.Pose.Location[:]) {
				t.Fatalf("accepted pose %+v", o.Pose)
			}
		}
		if !trumans.IsManifest(data) {
			t.Fatalf("read a manifest IsManifest does not recognise: %q", data)
		}
	})
}

func finite(xs []float64) bool {
	for _, x := range xs {
		if x != x || x > 1e308 || x < -1e308 {
			return false
		}
	}
	return true
}
