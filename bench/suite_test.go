package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadSuite(t *testing.T) {
	s, err := LoadSuite("builtin")
	if err != nil || len(s.Tasks) < 60 {
		t.Fatalf("builtin: %v, %v", s, err)
	}
	if _, err := LoadSuite("no-such-suite"); !errors.Is(err, ErrUnknownSuite) || !strings.Contains(err.Error(), "builtin") {
		t.Errorf("unknown suite: %v, want ErrUnknownSuite listing the built-in suites", err)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	broken := write("broken.json", `{"name": "x", "tasks": [{"id": "a"}]}`)
	if _, err := LoadSuite(broken); err == nil || !strings.Contains(err.Error(), "not a suite file") {
		t.Errorf("broken suite: %v", err)
	}
	if _, err := LoadSuite(filepath.Join(dir, "none.json#0001")); !errors.Is(err, ErrUnknownSuite) {
		t.Errorf("a plan of a missing file: %v, want ErrUnknownSuite", err)
	}
	room, err := os.ReadFile(filepath.Join("..", "assets", "scenes", "living_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	write("room.json", string(room))
	good := write("good.json", `{"name": "mine", "tasks": [
		{"id": "a", "scene": "room.json", "instruction": "walk to the sofa", "steps": [[{"object": "sofa_1", "part": "none", "joint": "none", "contact": "none", "direction": "none"}]]},
		{"id": "b", "scene": "living_room", "instruction": "walk to the sofa", "steps": [[{"object": "sofa_1", "part": "none", "joint": "none", "contact": "none", "direction": "none"}]]},
		{"id": "c", "scene": "elsewhere.json#7", "instruction": "walk to the sofa", "steps": [[{"object": "sofa_1", "part": "none", "joint": "none", "contact": "none", "direction": "none"}]]}]}`)
	s, err = LoadSuite(good)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(dir, "room.json"), "living_room"}; len(s.Tasks) != 2 || s.Tasks[0].Scene != want[0] || s.Tasks[1].Scene != want[1] {
		t.Fatalf("tasks %+v; want scenes %q (beside the suite) and a built-in room", s.Tasks, want)
	}
	// A file not there is left as given, and the task set aside: it could never run.
	if u := s.Unrunnable; len(u) != 1 || u[0].ID != "c" || !strings.Contains(u[0].Why, `"elsewhere.json#7"`) {
		t.Errorf("unrunnable %+v; want task c, whose scene elsewhere.json#7 is nowhere", u)
	}
}

// TestLoadPlanFile: a UniHSI plan file, whole or one plan of it, is imported as a suite over its
// proxy scenes.
func TestLoadPlanFile(t *testing.T) {
	plans := filepath.Join("..", "..", "shared", "testdata", "unihsi", "test.json")
	if _, err := os.Stat(plans); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no UniHSI plans at %s (CI must have ../shared): %v", plans, err)
		}
		t.Skipf("no UniHSI plans at %s: %v", plans, err)
	}
	s, err := LoadSuite(plans)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tasks)+len(s.Unrunnable) == 0 {
		t.Fatal("no tasks imported")
	}
	if len(s.Tasks) > 0 {
		task := s.Tasks[0]
		if !strings.HasPrefix(task.Scene, plans+"#") {
			t.Errorf("task %s's scene %q, want %s#ID", task.ID, task.Scene, plans)
		}
		one, err := LoadSuite(task.Scene)
		if err != nil || len(one.Tasks) != 1 || one.Tasks[0].ID != task.ID {
			t.Errorf("one plan %s: %v, %v", task.Scene, one, err)
		}
	}
}
