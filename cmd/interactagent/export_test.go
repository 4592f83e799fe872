package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// export writes what it is asked for from a run folder, takes its flags after the run folder as
// the usage line shows them, and reports bad requests with the package's clear message.
func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	checkRun(t, append(demoRun(1, runDir), "--mode", "naive"), 0, []string{"penetration measured on the human body: MakeHuman hm08"})
	glb := filepath.Join(dir, "final.glb")
	checkRun(t, []string{"export", runDir, "--format", "glb", "--out", glb}, 0, []string{"wrote " + glb, "round 1"})
	// A naive run has one round: "all" is that one, in the file named.
	checkRun(t, []string{"export", "--round", "all", runDir, "--out", filepath.Join(dir, "all.bvh")}, 0, []string{"wrote " + filepath.Join(dir, "all.bvh")})
	checkRun(t, []string{"export", runDir, "--round", "2", "--out", filepath.Join(dir, "x.glb")}, 1, []string{"export: run", "no round 2", "1"})
	checkRun(t, []string{"export", runDir, "--round", "last", "--out", filepath.Join(dir, "x.glb")}, 2, []string{"--round", "final or all"})
	checkRun(t, []string{"export", runDir, "--format", "fbx", "--out", filepath.Join(dir, "x.fbx")}, 1, []string{"unknown format", "glb"})
	checkRun(t, []string{"export", runDir}, 2, []string{"--out is required"})
	checkRun(t, []string{"export", "--out", glb}, 2, []string{"want one run folder or motion file"})
	checkRun(t, []string{"export", runDir, "--body", "mannequin", "--out", filepath.Join(dir, "x.glb")}, 2, []string{"--body", `"mannequin"`, "smplx"})
	checkRun(t, []string{"export", runDir, "--body", "smplx", "--out", filepath.Join(dir, "x.glb")}, 1, []string{"glTF file skins the human or the proxy", "--format smplx"})
	if _, err := os.Stat(filepath.Join(dir, "x.glb")); err == nil {
		t.Error("a refused export wrote its file")
	}
}

// A bundled run resumes from its zip: unpacked beside it, to the summary the run had.
func TestResumeFromBundle(t *testing.T) {
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	checkRun(t, append(demoRun(2, runDir), "--mode", "naive"), 0, nil)
	zip := filepath.Join(dir, "moved", "demo.zip")
	os.MkdirAll(filepath.Dir(zip), 0o755)
	checkRun(t, []string{"export", runDir, "--format", "bundle", "--out", zip}, 0, []string{"wrote " + zip, "left out: [cache/]"})
	checkRun(t, []string{"run", "--resume", zip}, 0, nil)
	back := filepath.Join(dir, "moved", "demo")
	if !reflect.DeepEqual(comparable(t, back), comparable(t, runDir)) {
		t.Error("the run resumed from its bundle ends with another summary")
	}
	// The folder now holds the run: a second resume from the zip refuses to overwrite it.
	out := checkRun(t, []string{"run", "--resume", zip}, 1, []string{"not empty", back})
	if !strings.Contains(out, "open that folder") {
		t.Errorf("the refusal does not say what to do: %s", out)
	}
}

// TestExportVideoBody: a GIF of a run's motion drawn with the human body (the default) differs from
// one drawn with the proxy (--body proxy).
func TestExportVideoBody(t *testing.T) {
	needGL(t)
	dir := t.TempDir()
	clip := stepClip(t, dir)
	gif := func(name string, body ...string) []byte {
		out := filepath.Join(dir, name)
		checkRun(t, append([]string{"export", clip, "--size", "64x48", "--out", out}, body...), 0, []string{"wrote " + out})
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	if human, proxy := gif("h.gif"), gif("p.gif", "--body", "proxy"); bytes.Equal(human, proxy) {
		t.Error("the human body's GIF and the proxy's are the same")
	}
}
