package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/render"
	"interactagent/scene/trumans/trumanstest"
)

// trumansFolder writes a small TRUMANS-layout folder (room room_01: a chair, a table, a bed).
func trumansFolder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "TRUMANS")
	if err := trumanstest.Write(dir, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRunSitsOnTRUMANSChair runs "sit on the chair" in a TRUMANS room: the run succeeds and the
// evaluator says the chair was sat on.
func TestRunSitsOnTRUMANSChair(t *testing.T) {
	out := filepath.Join(t.TempDir(), "R")
	checkRun(t, []string{"run", "--scene", trumansFolder(t) + "#room_01", "--task", "sit on the chair", "--no-render", "--out", out}, 0, nil)
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if !succeeded(s) {
		t.Fatalf("the run did not sit on the chair: %s", data)
	}
}

// succeeded reports whether the evaluator passed a summary's final round (its metrics' "pass",
// measured against the task's goals; the verdict beside it is the model's).
func succeeded(s map[string]any) bool {
	rounds, _ := s["rounds"].([]any)
	final, _ := s["final_round"].(float64)
	if int(final) < 1 || int(final) > len(rounds) {
		return false
	}
	round, _ := rounds[int(final)-1].(map[string]any)
	metrics, _ := round["metrics"].(map[string]any)
	ok, _ := metrics["pass"].(bool)
	return ok
}

// TestRunRefusesMissingTRUMANSRoom names the room the folder lacks and the rooms it has.
func TestRunRefusesMissingTRUMANSRoom(t *testing.T) {
	dir := trumansFolder(t)
	out := filepath.Join(t.TempDir(), "R")
	checkRun(t, []string{"run", "--scene", dir + "#nowhere", "--task", "sit on the chair", "--no-render", "--out", out}, 1,
		[]string{"nowhere", "room_01"})
	if _, err := os.Stat(filepath.Join(out, "run.json")); err == nil {
		t.Error("a refused scene left a run behind")
	}
}

// TestRenderDrawsTRUMANSRoom draws the shots of a TRUMANS room.
func TestRenderDrawsTRUMANSRoom(t *testing.T) {
	needGL(t)
	shots := filepath.Join(t.TempDir(), "shots")
	code, out, errOut := runCmd("render", "--scene", trumansFolder(t)+"#room_01", "--size", "200x150", "--out", shots)
	if code != 0 {
		t.Fatalf("render: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, n := range render.ShotNames() {
		checkPNG(t, filepath.Join(shots, n+".png"), 200, 150)
	}
	if strings.Contains(out, "warning") {
		t.Logf("render said: %s", out)
	}
}

// TestBenchOnTRUMANSRoom benches a suite whose task names a TRUMANS folder next to the suite file
// (FOLDER#SCENE, relative to the suite): the task is measured and the chair sat on.
func TestBenchOnTRUMANSRoom(t *testing.T) {
	dir := t.TempDir()
	if err := trumanstest.Write(filepath.Join(dir, "TRUMANS"), trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	suite := `{"name": "trumans", "tasks": [{"id": "chair", "scene": "TRUMANS#room_01", "instruction": "Sit on the chair.",
	 "steps": [[{"object": "chair_01", "part": "seat*", "joint": "pelvis", "contact": "contact", "direction": "up"}]], "complexity": "low"}]}`
	file := filepath.Join(dir, "suite.json")
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "b")
	text := checkRun(t, []string{"bench", "--suite", file, "--modes", "naive", "--workers", "1", "--out", out}, 0, []string{"| naive |", "[1/1]"})
	if !strings.Contains(text, "| naive | 100.0 |") { // success under the released rule
		t.Errorf("the chair was not sat on:\n%s", text)
	}
}
