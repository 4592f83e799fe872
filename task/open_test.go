package task

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenSuite: a built-in suite by name, an unknown name (ErrUnknownSuite, listing the
// built-in suites), a broken suite file, a plan of a missing file, and a suite file whose scene
// references are found beside it or set aside.
func TestOpenSuite(t *testing.T) {
	s, err := OpenSuite("builtin")
	if err != nil || len(s.Tasks) < 60 {
		t.Fatalf("builtin: %v, %v", s, err)
	}
	if _, err := OpenSuite("no-such-suite"); !errors.Is(err, ErrUnknownSuite) || !strings.Contains(err.Error(), "builtin") {
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
	if _, err := OpenSuite(broken); err == nil || !strings.Contains(err.Error(), "task a: no instruction (in "+broken+")") {
		t.Errorf("broken suite: %v", err)
	}
	if _, err := OpenSuite(filepath.Join(dir, "none.json#0001")); !errors.Is(err, ErrUnknownSuite) {
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
	s, err = OpenSuite(good)
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

// TestOpenPlanFile: a UniHSI plan file, whole or one plan of it, is imported as a suite over its
// proxy scenes.
func TestOpenPlanFile(t *testing.T) {
	plans := filepath.Join(unihsiTestdata, "test.json")
	if _, err := os.Stat(plans); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no UniHSI plans at %s (CI must have ../shared): %v", plans, err)
		}
		t.Skipf("no UniHSI plans at %s: %v", plans, err)
	}
	s, err := OpenSuite(plans)
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
		one, err := OpenSuite(task.Scene)
		if err != nil || len(one.Tasks) != 1 || one.Tasks[0].ID != task.ID {
			t.Errorf("one plan %s: %v, %v", task.Scene, one, err)
		}
	}
}

// TestOpenSuiteRefusals: a file that is neither a suite nor plans, and a reference ParseRef
// refuses, each say so.
func TestOpenSuiteRefusals(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.json")
	if err := os.WriteFile(junk, []byte(`{"name": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenSuite(junk); err == nil || !strings.Contains(err.Error(), "neither a suite file") {
		t.Errorf("junk: %v", err)
	}
	if _, err := OpenSuite(junk + "#"); err == nil || !strings.Contains(err.Error(), "no id after '#'") || errors.Is(err, ErrUnknownSuite) {
		t.Errorf("an empty id: %v", err)
	}
}

// TestOpenScene: a built-in room, a plan of a plan file by FILE.json#ID, and the refusals of the
// one rule: a missing file lists the built-in rooms, an id with a control character is refused.
func TestOpenScene(t *testing.T) {
	if s, err := OpenScene("bedroom"); err != nil || s.Name == "" {
		t.Fatalf("bedroom: %v", err)
	}
	plans := filepath.Join(unihsiTestdata, "partnet_train_hard.json")
	if _, err := os.Stat(plans); err != nil {
		t.Skipf("no UniHSI plans: %v", err)
	}
	if s, err := OpenScene(plans + "#0003"); err != nil || s.Name != "unihsi_0003" {
		t.Errorf("one plan: %v", err)
	}
	for ref, want := range map[string]string{
		"no_such_room.glb":    "built-in scenes: ",
		plans + `#00\03`:      "no such file", // a path separator after '#': the whole is a path
		plans + "#9999":       `no plan "9999"`,
		plans + "#00\u001b03": "control character",
	} {
		_, err := OpenScene(ref)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("OpenScene(%q) = %v, want an error saying %q", ref, err, want)
		}
	}
}

// TestAbsoluteSceneKeepsNamesAndIDs: built-in names stay, relative files become absolute with
// their plan id, absolute paths stay.
func TestAbsoluteSceneKeepsNamesAndIDs(t *testing.T) {
	if got, err := AbsoluteScene("bedroom"); err != nil || got != "bedroom" {
		t.Errorf("AbsoluteScene(bedroom) = %q, %v", got, err)
	}
	wd, _ := os.Getwd()
	got, err := AbsoluteScene("some/plans.json#0042")
	if err != nil || got != filepath.Join(wd, "some/plans.json")+"#0042" {
		t.Errorf("AbsoluteScene(relative#id) = %q, %v", got, err)
	}
	if got, _ := AbsoluteScene("/x/y.glb"); got != "/x/y.glb" {
		t.Errorf("AbsoluteScene(/x/y.glb) = %q", got)
	}
	if _, err := AbsoluteScene("a.json#"); err == nil {
		t.Error("AbsoluteScene(a.json#) accepted an empty id")
	}
}
