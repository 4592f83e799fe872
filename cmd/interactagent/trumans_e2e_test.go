package main

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	rectest "interactagent/motion/trumans/trumanstest"
	"interactagent/scene"
	"interactagent/scene/trumans"
	roomtest "interactagent/scene/trumans/trumanstest"
)

// TestTRUMANSRecordingToBench: one TRUMANS-layout folder holding a room (room_01) and a recording
// in it, walking to the chair and sitting, with two annotated actions; import turns the actions
// into a suite over the room (its goals from where the captured body ends: on the chair's seat),
// and the bench runs the suite in the room and sits on the chair.
func TestTRUMANSRecordingToBench(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "TRUMANS")
	if err := roomtest.Write(data, roomtest.Options{}); err != nil {
		t.Fatal(err)
	}
	sc, err := trumans.Open(data, "room_01")
	if err != nil {
		t.Fatal(err)
	}
	start, seat := approachChair(t, sc)
	steps := []rectest.Step{
		{Do: []string{"A person walks forward 2 meters", "A person turns right by 180 degrees"}, Text: "walk to the chair"},
		{Do: []string{fmt.Sprintf("A person sits down on a %.2f meter high seat", seat)}, Text: "sit on the chair"},
	}
	if _, err := rectest.WriteRecording(data, rectest.Options{Scene: "room_01", Start: start, Steps: steps}); err != nil {
		t.Fatal(err)
	}
	suite := filepath.Join(dir, "suite.json")
	checkRun(t, []string{"import", data + "#room_01", "--out", suite}, 0, []string{"→ " + suite})
	out := filepath.Join(dir, "b")
	checkRun(t, []string{"bench", "--suite", suite, "--modes", "naive", "--workers", "1", "--out", out}, 0, []string{"| naive |"})
	results := readResults(t, filepath.Join(out, "results.csv"))
	if len(results) != 2 {
		t.Fatalf("%d trials, want the two annotated actions: %v", len(results), results)
	}
	if r := results[1]; r["success_released"] != "true" || r["error"] != "" {
		t.Errorf("the imported sitting task: %v, want it run in the room and succeeded", r)
	}
}

// readResults reads a bench's results.csv as one map per trial, by column name.
func readResults(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, k := range rows[0] {
			m[k] = row[i]
		}
		out = append(out, m)
	}
	return out
}

// approachChair returns a start 2 m from the chair's stand point, facing it, and the seat's
// height: walking forward 2 m and turning round puts the person's back to the seat.
func approachChair(t *testing.T, sc *scene.Scene) (motion.State, float64) {
	for _, o := range sc.Objects {
		if o.Category != "chair" || len(o.StandPoints) == 0 || len(o.Surfaces) == 0 {
			continue
		}
		s, c := o.StandPoints[0], o.Surfaces[0].Center
		away := mgl64.Vec3{s.X() - c.X(), 0, s.Z() - c.Z()}.Normalize()
		at := s.Add(away.Mul(2))
		return motion.State{Root: mgl64.Vec3{at.X(), 0, at.Z()}, Heading: math.Atan2(-away.X(), -away.Z())}, c.Y()
	}
	t.Fatal("the generated room has no chair with a stand point and a seat")
	return motion.State{}, 0
}
