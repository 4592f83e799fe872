package task_test

import (
	"strings"
	"testing"

	"interactagent/eval"
	"interactagent/motion/trumans"
	"interactagent/motion/trumans/trumanstest"
	"interactagent/scene/furniture"
	"interactagent/task"
	"interactagent/task/goal"
)

// importLivingRoom writes a recording captured in the built-in living room and imports it.
func importLivingRoom(t *testing.T, o trumanstest.Options) (*trumans.Recording, *task.Suite) {
	t.Helper()
	dir := t.TempDir()
	if _, err := trumanstest.WriteRecording(dir, o); err != nil {
		t.Fatal(err)
	}
	rec, err := trumans.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := furniture.Builtin("living_room")
	if err != nil {
		t.Fatal(err)
	}
	s, err := task.ImportTRUMANS(rec, "living_room", sc, task.TRUMANSRef(dir, "living_room"))
	if err != nil {
		t.Fatal(err)
	}
	return rec, s
}

// Walking to the sofa and sitting on it give a walk to the sofa and a pelvis contact with its
// seat, from above, with the annotations as instructions; the captured motion fulfils them under
// both rules.
func TestImportTRUMANSReadsGoalsFromTheEndPose(t *testing.T) {
	rec, s := importLivingRoom(t, trumanstest.Options{})
	if len(s.Tasks) != 2 || len(s.Unrunnable) != 0 {
		t.Fatalf("%d tasks, unrunnable %+v; want 2 and none", len(s.Tasks), s.Unrunnable)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	walk, sit := s.Tasks[0], s.Tasks[1]
	if walk.Instruction != "Walk to the sofa." || sit.Instruction != "Sit on the sofa." {
		t.Errorf("instructions %q, %q", walk.Instruction, sit.Instruction)
	}
	if want := (goal.Pair{Object: "sofa_1", Part: "none", Joint: "none", Contact: goal.Reach, Direction: "none"}); len(walk.Steps) != 1 || len(walk.Steps[0]) != 1 || walk.Steps[0][0] != want {
		t.Errorf("walk steps %+v, want [[%+v]]", walk.Steps, want)
	}
	if len(sit.Steps) != 1 || len(sit.Steps[0]) != 1 {
		t.Fatalf("sit steps %+v, want one pair", sit.Steps)
	}
	if p := sit.Steps[0][0]; p.Object != "sofa_1" || !strings.HasPrefix(p.Part, "seat") || p.Joint != "pelvis" || p.Contact != goal.Touch || p.Direction != "up" {
		t.Errorf("sit pair %+v, want the pelvis on a sofa_1 seat from above", p)
	}
	if !strings.HasSuffix(sit.Scene, "#living_room") || !strings.Contains(sit.Source, "main_take.txt:2") {
		t.Errorf("scene %q source %q", sit.Scene, sit.Source)
	}
	sc, _ := furniture.Builtin("living_room")
	judge := eval.NewJudge(sc)
	actions, _ := rec.SceneActions("living_room")
	for i, tk := range s.Tasks {
		c, err := rec.ActionClip(actions[i], nil)
		if err != nil {
			t.Fatal(err)
		}
		if o := judge.Judge(tk, c, eval.Released()); !o.Success {
			t.Errorf("%s: the capture fails its own goals: %s", tk.ID, o.Why)
		}
	}
}

// An action that ends away from every seat, surface and stand point is kept aside, saying why.
func TestImportTRUMANSKeepsAsideWhatItCannotRead(t *testing.T) {
	_, s := importLivingRoom(t, trumanstest.Options{Steps: []trumanstest.Step{
		{Do: []string{"A person walks forward 1 meters"}, Text: "take a step"},
		{Do: []string{"A person walks forward 1.3 meters", "A person turns right by 180 degrees", "A person sits down on a 0.44 meter high seat"}, Text: "sit on the sofa"},
	}})
	if len(s.Tasks) != 1 || len(s.Unrunnable) != 1 {
		t.Fatalf("%d tasks, %d unrunnable, want 1 and 1", len(s.Tasks), len(s.Unrunnable))
	}
	if why := s.Unrunnable[0].Why; !strings.Contains(why, "no goal to derive") || !strings.Contains(why, "stand point") {
		t.Errorf("why: %s", why)
	}
}

// A scene the recording does not contain is refused naming those it does.
func TestImportTRUMANSRefusesAnUnknownScene(t *testing.T) {
	dir := t.TempDir()
	if _, err := trumanstest.WriteRecording(dir, trumanstest.Options{}); err != nil {
		t.Fatal(err)
	}
	rec, err := trumans.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := furniture.Builtin("living_room")
	_, err = task.ImportTRUMANS(rec, "bedroom", sc, "x")
	if err == nil || !strings.Contains(err.Error(), `"bedroom"`) || !strings.Contains(err.Error(), "living_room") {
		t.Errorf("unknown scene: %v", err)
	}
	if d, name, ok := task.ParseTRUMANSRef(dir + "#bedroom"); !ok || d != dir || name != "bedroom" {
		t.Errorf("ParseTRUMANSRef: %q %q %v", d, name, ok)
	}
	if _, _, ok := task.ParseTRUMANSRef(t.TempDir() + "#bedroom"); ok {
		t.Error("a folder without scene_list.npy read as a recording")
	}
}
