package export

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/render"
)

// smplxRun copies the test run and turns its run.json into a run made with the smplx body on a
// generated stand-in model file, which it returns too.
func smplxRun(t *testing.T) (dir, model string) {
	t.Helper()
	dir = copyRun(t)
	model = filepath.Join(t.TempDir(), "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 1500}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "run.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var info map[string]any
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatal(err)
	}
	settings := info["settings"].(map[string]any)
	settings["body"], settings["smplx"] = "smplx", model
	if data, err = json.Marshal(info); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, model
}

// TestSMPLXRunExports: a run made with the smplx body exports as glTF with the open human body
// skinned (and says so), refuses --body smplx for glTF pointing at --format smplx, and its videos
// draw the model file the run recorded, or the one a request names.
func TestSMPLXRunExports(t *testing.T) {
	dir, model := smplxRun(t)
	out := filepath.Join(t.TempDir(), "run.glb")
	res, err := Do(context.Background(), Request{Source: dir, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(res.Notes, "\n"); !strings.Contains(notes, "MakeHuman") {
		t.Errorf("glTF of an smplx run: notes %q, want the open human body named", notes)
	}
	_, err = Do(context.Background(), Request{Source: dir, Out: filepath.Join(t.TempDir(), "x.glb"), Body: SMPLXBody})
	if err == nil || !strings.Contains(err.Error(), "--format smplx") {
		t.Errorf("glTF with --body smplx: %v, want it refused, pointing at --format smplx", err)
	}
	src, err := open(Request{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	if src.body != SMPLXBody || src.smplx != model {
		t.Fatalf("the run's source reads body %q with model %q, want smplx with %s", src.body, src.smplx, model)
	}
	kind, err := videoBody(Request{Body: SMPLXBody, SMPLX: src.smplx})
	if err != nil || kind.SMPLX() == nil || kind.SMPLX().Model.Path != model {
		t.Errorf("video body %v, %v; want the run's model file drawn", kind, err)
	}
	t.Setenv(smplx.EnvVar, "")
	if _, err := videoBody(Request{Body: SMPLXBody, SMPLX: filepath.Join(t.TempDir(), "gone.npz")}); err == nil || !strings.Contains(err.Error(), "gone.npz") {
		t.Errorf("a missing model file: %v, want it named", err)
	}
	if kind, err := videoBody(Request{Body: HumanBody}); err != nil || kind != render.BodyHuman {
		t.Errorf("human video body %v, %v", kind, err)
	}
}
