package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/motion/trumans/trumanstest"
	"interactagent/task"
)

// import TRUMANS_DIR#SCENE writes a suite of the scene's annotated actions: their texts as
// instructions, goals read from the captured end poses (here in the built-in living room, which
// the test recording was captured in).
func TestImportTRUMANSWritesSuite(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "trumans")
	if _, err := trumanstest.WriteRecording(rec, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "suite.json")
	checkRun(t, []string{"import", rec + "#living_room", "--scene", "living_room", "--out", out}, 0,
		[]string{"→ " + out, "2 tasks", "0 unrunnable"})
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := task.ReadSuite(f, out)
	if err != nil {
		t.Fatal(err)
	}
	if s.Tasks[0].Instruction != "Walk to the sofa." || s.Tasks[1].Instruction != "Sit on the sofa." || s.Tasks[1].Scene != "living_room" {
		t.Errorf("tasks %+v", s.Tasks)
	}
	if p := s.Tasks[1].Steps[0][0]; p.Joint != "pelvis" || p.Object != "sofa_1" {
		t.Errorf("sit goal %+v", p)
	}
	data, _ := json.Marshal(s)
	if !strings.Contains(string(data), "main_take.txt:2") {
		t.Errorf("the source should name the annotation: %.300s", data)
	}
}

// A scene the recording lacks and a recording whose arrays disagree are refused naming the file
// and what was expected, and nothing is written.
func TestImportTRUMANSErrors(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "trumans")
	if _, err := trumanstest.WriteRecording(rec, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "suite.json")
	checkRun(t, []string{"import", rec + "#kitchen", "--scene", "living_room", "--out", out}, 1,
		[]string{"scene_list.npy", `no scene "kitchen"`, "living_room"})
	if err := trumanstest.WriteNPY(filepath.Join(rec, "scene_flag.npy"), "<i8", []int{4}, make([]byte, 32)); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"import", rec + "#living_room", "--scene", "living_room", "--out", out}, 1,
		[]string{"scene_flag.npy", "4 rows", "want one row per frame"})
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed import wrote the suite")
	}
}
