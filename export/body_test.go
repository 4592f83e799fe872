package export

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"interactagent/body"
	"interactagent/motion"
)

// A glTF export skins the open human body unless asked for the proxy, says which in its notes, and
// an unknown body is refused before anything is written.
func TestExportBodies(t *testing.T) {
	run := testRun(t)
	out := t.TempDir()
	human, err := body.Human()
	if err != nil {
		t.Fatal(err)
	}
	proxy := motion.NewBody().Mesh(motion.RestPose())
	for _, tc := range []struct {
		body     string
		vertices int
		note     string
	}{
		{"", human.NumVertices(), "MakeHuman"},
		{HumanBody, human.NumVertices(), "MakeHuman"},
		{ProxyBody, len(proxy.Positions), "capsule proxy"},
	} {
		path := filepath.Join(out, "body-"+tc.body+".glb")
		res, err := Do(context.Background(), Request{Source: run, Body: tc.body, Out: path})
		if err != nil {
			t.Fatalf("body %q: %v", tc.body, err)
		}
		if got := skinnedVertices(t, path); got != tc.vertices {
			t.Errorf("body %q: the skinned mesh has %d vertices, want %d", tc.body, got, tc.vertices)
		}
		if notes := strings.Join(res.Notes, "\n"); !strings.Contains(notes, tc.note) {
			t.Errorf("body %q: notes %q do not name the body (%s)", tc.body, notes, tc.note)
		}
	}
	path := filepath.Join(out, "bad.glb")
	_, err = Do(context.Background(), Request{Source: run, Body: "smpl", Out: path})
	if err == nil || !strings.HasPrefix(err.Error(), "export: unknown body \"smpl\"") || !strings.Contains(err.Error(), "human, proxy") {
		t.Errorf("body smpl: %v, want an export: error listing human and proxy", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a refused body wrote %s (%v)", path, err)
	}
}

// skinnedVertices returns the vertex count of the file's skinned mesh.
func skinnedVertices(t *testing.T, path string) int {
	t.Helper()
	doc, err := gltf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range doc.Nodes {
		if n.Skin != nil && n.Mesh != nil {
			return int(doc.Accessors[doc.Meshes[*n.Mesh].Primitives[0].Attributes[gltf.POSITION]].Count)
		}
	}
	t.Fatalf("%s has no skinned mesh", path)
	return 0
}

// An export of a run takes the run's own body when none is asked for: a run measured on the proxy
// (as every run made before bodies were a setting was) exports the proxy, not the human.
func TestExportTakesTheRunsBody(t *testing.T) {
	run := copyRun(t)
	path := filepath.Join(run, "run.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var info map[string]any
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	info["settings"].(map[string]any)["body"] = ProxyBody
	data, _ = json.Marshal(info)
	os.WriteFile(path, data, 0o644)
	proxy := motion.NewBody().Mesh(motion.RestPose())
	out := filepath.Join(t.TempDir(), "run.glb")
	if _, err := Do(context.Background(), Request{Source: run, Out: out}); err != nil {
		t.Fatal(err)
	}
	if got := skinnedVertices(t, out); got != len(proxy.Positions) {
		t.Errorf("the proxy run exported a mesh of %d vertices, want the proxy's %d", got, len(proxy.Positions))
	}
}
