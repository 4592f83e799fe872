package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/scene/furniture"
	"interactagent/scene/load"
)

func TestSceneExport(t *testing.T) {
	dir := t.TempDir()
	obj := filepath.Join(dir, "tri.obj")
	if err := os.WriteFile(obj, []byte("o tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	emptyOBJ, emptyGLTF := filepath.Join(dir, "empty.obj"), filepath.Join(dir, "empty.gltf") // the table joins .gltf names to dir
	if err := os.WriteFile(emptyOBJ, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(emptyGLTF, []byte(`{"asset":{"version":"2.0"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args      []string
		code      int
		triangles int // of the written file; 0 when nothing may be written
		msg       string
	}{
		{args: []string{"export", "bedroom", "bedroom.glb"}, code: 0, triangles: -1, msg: "objects"},
		{args: []string{"export", obj, "tri.glb"}, code: 0, triangles: 1, msg: "1 objects, 1 triangles"},
		{args: []string{"export", "no_such_room", "x.glb"}, code: 1, msg: "no built-in scene \"no_such_room\""},
		{args: []string{"export", emptyOBJ, "e1.glb"}, code: 1, msg: "no faces"},
		{args: []string{"export", "empty.gltf", "e2.glb"}, code: 1, msg: "no triangles: nothing to export"},
		{args: []string{"export", obj, "x.gltf"}, code: 2, msg: "want a .glb"},
		{args: []string{"export", "bedroom"}, code: 2, msg: "want 2 argument(s)"},
		{args: []string{"export", "bedroom", filepath.Join("missing_dir", "x.glb")}, code: 1, msg: "scene: save"},
		{args: []string{"frobnicate"}, code: 2, msg: "unknown subcommand"},
		{args: []string{}, code: 2, msg: "want a subcommand"},
		{args: []string{"--help"}, code: 0, msg: "export NAME|FILE OUT.glb"},
		{args: []string{"export", "--help"}, code: 0, msg: "usage: interactagent scene export"},
	}
	for _, tc := range tests {
		for i, a := range tc.args {
			if strings.HasSuffix(a, ".glb") || strings.HasSuffix(a, ".gltf") {
				tc.args[i] = filepath.Join(dir, a)
			}
		}
		code, out, errOut := runCmd(append([]string{"scene"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errOut, tc.msg) {
			t.Errorf("scene %v: exit %d, out %q, err %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.msg)
			continue
		}
		if tc.code != 0 || len(tc.args) < 3 {
			continue
		}
		s, err := load.File(tc.args[2], "")
		if err != nil {
			t.Errorf("scene %v: written file does not load: %v", tc.args, err)
			continue
		}
		want := tc.triangles
		if want < 0 {
			b, _ := furniture.Builtin(tc.args[1])
			want = b.TriangleCount()
		}
		if s.TriangleCount() != want {
			t.Errorf("scene %v: file has %d triangles, want %d", tc.args, s.TriangleCount(), want)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}
