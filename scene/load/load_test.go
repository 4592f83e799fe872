package load

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/assets"
	"interactagent/fileio"
	"interactagent/scene"
	"interactagent/scene/furniture"
	"interactagent/scene/gltf"
	"interactagent/scene/unihsi"
)

func TestLoadFSPicksTheFormatByExtension(t *testing.T) {
	var glb bytes.Buffer
	if err := gltf.WriteGLB(&glb, stoolScene()); err != nil {
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
		"a/syntax.json":  {Data: []byte("{\"room\": {\n  ]}")},
		"a/huge.json":    {Data: make([]byte, unihsi.MaxFileBytes+1)},
		"a/nothing.gltf": {Data: []byte(`{"asset":{"version":"2.0"}}`)},
	}
	tests := []struct {
		name, id string
		objects  int
		sceneNm  string
		err      string
	}{
		{name: "a/Stool.GLB", objects: 2, sceneNm: "hand made"},
		{name: "a/tri#1.obj", objects: 1, sceneNm: "tri#1"},
		{name: "a/plan.json", objects: 1, sceneNm: "unihsi_7"},
		{name: "a/plan.json", id: "7", objects: 1, sceneNm: "unihsi_7"},
		{name: "a/plan.json", id: "8", err: `no plan "8"`},
		{name: "a/room.json", objects: -1, sceneNm: "bedroom"},
		{name: "a/room.json", id: "1", err: "a layout file has no plans"},
		{name: "a/tri#1.obj", id: "1", err: "only a UniHSI plan file (.json) has plans"},
		{name: "a/model.fbx", err: `unknown extension ".fbx"`},
		{name: "a/broken.json", err: "scene: json a/broken.json: want a scene layout or UniHSI plans (a JSON object): JSON ends early after 1 bytes"},
		{name: "a/syntax.json", err: "invalid JSON at byte 14 (line 2)"},
		{name: "a/huge.json", err: "over the size limit"},
		{name: "a/missing.obj", err: "missing.obj"},
		{name: "a/nothing.gltf", objects: 0, sceneNm: "nothing"},
	}
	for _, tc := range tests {
		s, err := FS(fsys, tc.name, tc.id)
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
	room, _ := FS(fsys, "a/room.json", "")
	builtin, err := furniture.Builtin("bedroom")
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

func TestLoadFSRefusesParentPaths(t *testing.T) {
	fsys := fstest.MapFS{"a.glb": {Data: []byte("x")}}
	for _, name := range []string{"../a.glb", "/a.glb", "d/../a.glb"} {
		if _, err := FS(fsys, name, ""); err == nil || !strings.Contains(err.Error(), "not a valid path") {
			t.Errorf("FS(%q) err = %v, want a refusal", name, err)
		}
	}
}

func TestLoadPlanFileByID(t *testing.T) {
	s, err := File(unihsiTestdata+"partnet_train_hard.json", "0003")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "unihsi_0003" || len(s.Objects) == 0 {
		t.Errorf("scene %q with %d objects", s.Name, len(s.Objects))
	}
	if _, err := File(unihsiTestdata+"partnet_train_hard.json", ""); err == nil || !strings.Contains(err.Error(), "#ID") {
		t.Errorf("many plans without an id: err = %v", err)
	}
	if _, err := File(unihsiTestdata+"test.json", ""); err != nil {
		t.Errorf("single plan: %v", err)
	}
}

// unihsiTestdata holds the shared UniHSI plan files.
const unihsiTestdata = "../../../shared/testdata/unihsi/"

// stoolScene is a scene named "hand made" with two objects: a stool of two box parts and a marker.
func stoolScene() *scene.Scene {
	stool := &scene.Object{ID: "stool_1", Category: "chair", Transform: mgl64.Ident4(), Parts: []scene.Part{
		{Name: "seat", Kind: scene.PartSeat, Mesh: furniture.BoxMesh(mgl64.Vec3{1.2, 0.40, -0.3}, mgl64.Vec3{1.6, 0.45, 0.1})},
		{Name: "leg_1", Kind: scene.PartLeg, Mesh: furniture.BoxMesh(mgl64.Vec3{1.38, 0, -0.12}, mgl64.Vec3{1.42, 0.40, -0.08})},
	}}
	marker := &scene.Object{ID: "marker", Category: "stand_point", Transform: mgl64.Ident4(), StandPoints: []mgl64.Vec3{{3, 0, 3}}}
	return &scene.Scene{Name: "hand made", Objects: []*scene.Object{stool, marker}}
}

// TestHugeJSONIsRefusedBeforeReading: a 300 MB layout cost 646 MB and 3.6 s before its 1 MiB limit
// was checked; a .json file over the plan files' limit is now refused by its size alone.
func TestHugeJSONIsRefusedBeforeReading(t *testing.T) {
	p := filepath.Join(t.TempDir(), "room.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(300 << 20); err != nil { // sparse: no disk is used
		t.Skipf("cannot make a sparse file: %v", err)
	}
	f.Close()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	_, err = File(p, "")
	runtime.ReadMemStats(&ms1)
	if !errors.Is(err, fileio.ErrTooLarge) || !strings.Contains(err.Error(), "314572800 bytes") {
		t.Fatalf("err %v, want a refusal by size", err)
	}
	if alloc := ms1.TotalAlloc - ms0.TotalAlloc; alloc > 1<<20 {
		t.Fatalf("%d bytes allocated to refuse it", alloc)
	}
}

// An OBJ with a vertex at 1e308 (finite, so the reader took it) or a GLB whose node moves a mesh
// beyond float32 loaded as a room; the one opener refuses both, naming the file and the vertex.
func TestLoadRefusesWhatIsNoRoom(t *testing.T) {
	fsys := fstest.MapFS{
		"far.obj":  {Data: []byte("o tri\nv 1e308 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")},
		"near.obj": {Data: []byte("o tri\nv 9999 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")},
	}
	if _, err := FS(fsys, "far.obj", ""); err == nil || !strings.Contains(err.Error(), "scene: load far.obj") ||
		!strings.Contains(err.Error(), "vertex 0 at [1e+308 0 0]") {
		t.Errorf("far.obj: %v", err)
	}
	if _, err := FS(fsys, "near.obj", ""); err != nil {
		t.Errorf("near.obj (within 10 km): %v", err)
	}
	far := stoolScene()
	for _, p := range far.Objects[0].Parts {
		for i := range p.Mesh.Vertices {
			p.Mesh.Vertices[i] = p.Mesh.Vertices[i].Add(mgl64.Vec3{0, 0, 3e38}) // float32 holds it, no room does
		}
	}
	var glb bytes.Buffer
	if err := gltf.WriteGLB(&glb, far); err != nil {
		t.Fatal(err)
	}
	fsys["far.glb"] = &fstest.MapFile{Data: glb.Bytes()}
	if _, err := FS(fsys, "far.glb", ""); err == nil || !strings.Contains(err.Error(), "object stool_1") {
		t.Errorf("far.glb: %v", err)
	}
}
