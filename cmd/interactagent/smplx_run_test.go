package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/agent"
	"interactagent/body/smplx/smplxtest"
)

// TestRunWithTheSMPLXBody: run --body smplx --smplx FILE draws the model in the images the model
// is shown and measures penetration on every vertex of it: summary.json names the file and its
// hash and carries the fit error, run.json records the file by path and content hash (never a
// copy), and the closing table prints the fit.
func TestRunWithTheSMPLXBody(t *testing.T) {
	needGL(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	checkRun(t, []string{"run", "--scene", "living_room", "--task", "walk to the sofa and sit on it", "--mode", "naive",
		"--body", "smplx", "--smplx", model, "--out", out}, 0, []string{"SMPL-X vertices: all 13,380 of SMPLX_NEUTRAL.npz", "puts its joints"})
	var sum agent.Summary
	readJSON(t, filepath.Join(out, "summary.json"), &sum)
	fit := sum.Rounds[0].Metrics.Penetration.Fit
	if sum.Body != "smplx" || !strings.Contains(sum.PenetrationOn, "unweighted") || fit == nil || fit.MeanMM <= 0 || fit.MaxMM < fit.MeanMM {
		t.Errorf("summary: body %q measured on %q, fit %+v; want the smplx body, unweighted, with its fit error", sum.Body, sum.PenetrationOn, fit)
	}
	info, err := agent.ReadRunInfo(out)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(data)
	if bm := info.BodyModel; bm == nil || bm.Hash != "sha256:"+hex.EncodeToString(h[:]) || bm.Path != model || info.Settings.SMPLX != model {
		t.Errorf("run.json: body model %+v, settings smplx %q; want %s by path and hash", info.BodyModel, info.Settings.SMPLX, model)
	}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".npz") {
			t.Errorf("%s: the model file (or a copy) in the run folder", p)
		}
		return nil
	})
	f, err := os.Open(filepath.Join(out, "round-1", "ghost.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("ghost image: %v", err)
	}
}

// readJSON decodes a JSON file into v.
func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestResumeRefusesAnotherModelFile: a run measured on one SMPL-X model file does not resume on a
// file whose content changed since: two bodies' numbers would mix in one run.
func TestResumeRefusesAnotherModelFile(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 2000}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	checkRun(t, []string{"run", "--scene", "living_room", "--task", "walk to the sofa", "--mode", "naive", "--no-render",
		"--body", "smplx", "--smplx", model, "--out", out}, 0, nil)
	checkRun(t, []string{"run", "--resume", out, "--no-render"}, 0, nil) // the same file: resumes
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 1500}); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"run", "--resume", out, "--no-render"}, 2, []string{"--smplx", "is not the one the run was measured with"})
}
