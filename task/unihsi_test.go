package task

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"interactagent/scene"
	"interactagent/scene/unihsi"
)

// hasPart reports whether the object has a part the pair's part (a pattern) names.
func hasPart(o *scene.Object, part string) bool {
	for _, pt := range o.Parts {
		if ok, _ := path.Match(part, pt.Name); ok {
			return true
		}
	}
	return false
}

// checkGoalsExist reports every pair whose object or part the scene lacks.
func checkGoalsExist(t *testing.T, task Task, s *scene.Scene) {
	t.Helper()
	for i, st := range task.Steps {
		for _, p := range st {
			o, ok := s.Object(p.Object)
			switch {
			case !ok:
				t.Errorf("%s step %d: no object %s in its scene", task.ID, i+1, p.Object)
			case p.Walk():
				if len(o.StandPoints) == 0 {
					t.Errorf("%s step %d: %s has no stand point", task.ID, i+1, p.Object)
				}
			case p.Part != "floor" && !hasPart(o, p.Part):
				t.Errorf("%s step %d: %s has no part %q", task.ID, i+1, p.Object, p.Part)
			}
		}
	}
}

// TestImportSharedPlans: all 501 shared PartNet plans (500 training plans and test.json's) import
// with nothing unrunnable, each task's goals name objects and parts its proxy scene has, its
// complexity is UniHSI's rule's, and its scene reference opens with scene/load.
func TestImportSharedPlans(t *testing.T) {
	total := 0
	for _, file := range sharedPlans {
		plans := readPlans(t, file)
		s := ImportUniHSIPlans(plans, unihsiTestdata+file)
		if len(s.Unrunnable) != 0 || len(s.Tasks) != len(plans) {
			t.Fatalf("%s: %d tasks of %d plans, unrunnable %+v", file, len(s.Tasks), len(plans), s.Unrunnable)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		for i, task := range s.Tasks {
			p := plans[i]
			sc, err := p.Scene()
			if err != nil {
				t.Fatal(err)
			}
			checkGoalsExist(t, task, sc)
			if task.Complexity != Classify(task.Steps) || len(task.Steps) != len(p.Task.Steps) {
				t.Errorf("%s: complexity %s, %d steps; plan has %d", task.ID, task.Complexity, len(task.Steps), len(p.Task.Steps))
			}
			if task.Scene != unihsiTestdata+file+"#"+p.ID || task.Source != file+"#"+p.ID || task.Released != "partnet" {
				t.Errorf("%s: scene %q, source %q, released %q", task.ID, task.Scene, task.Source, task.Released)
			}
			if strings.ContainsAny(task.Instruction, "0123456789") && !strings.Contains(task.Instruction, " labelled ") {
				t.Errorf("%s: the instruction leaks numbers: %q", task.ID, task.Instruction)
			}
			if i%50 == 0 { // scene/load opens what the task names (each open parses the whole file)
				ls, err := OpenScene(task.Scene)
				if err != nil {
					t.Fatal(err)
				}
				checkGoalsExist(t, task, ls)
			}
		}
		total += len(s.Tasks)
	}
	if total != 501 {
		t.Errorf("%d tasks, want 501", total)
	}
}

// TestImportComplexities: the training files' counts by UniHSI's rule.
func TestImportComplexities(t *testing.T) {
	want := map[string]map[Complexity]int{
		"partnet_train_simple.json": {Low: 100},
		"partnet_train_mid.json":    {Low: 3, Mid: 197},
		"partnet_train_hard.json":   {Low: 1, Mid: 75, High: 124},
	}
	for file, counts := range want {
		s := ImportUniHSIPlans(readPlans(t, file), file)
		for _, c := range Complexities() {
			if got := s.Count()[c]; got != counts[c] {
				t.Errorf("%s: %d %s tasks, want %d", file, got, c, counts[c])
			}
		}
	}
}

// TestImportScanNetIsUnrunnable: the ScanNet example is listed with its reason, not dropped.
func TestImportScanNetIsUnrunnable(t *testing.T) {
	s, err := ImportUniHSI(unihsiTestdata + "scannet_example.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tasks) != 0 || len(s.Unrunnable) != 1 {
		t.Fatalf("tasks %d, unrunnable %+v", len(s.Tasks), s.Unrunnable)
	}
	u := s.Unrunnable[0]
	want := "ScanNet plan scene0000_00: the scan's meshes are not available; objects have stand points only"
	if u.ID != "scannet_example-0000" || u.Source != "scannet_example.json#0000" || !strings.HasPrefix(u.Why, want) {
		t.Errorf("unrunnable %+v", u)
	}
	if err := s.Check(); err != nil {
		t.Errorf("a suite of unrunnable plans only: %v", err)
	}
}

// unseenParts is a plan whose pairs name PartNet leaves no shared plan names.
const unseenParts = `{"0001": {"obj": {"000": {"id": "1", "name": "chair", "scale": 1.4,
  "rotate": [[1.5707963267948966, 0, 0], [0, 0, -1.5707963267948966]], "transfer": [1.5, 0, 0],
  "stand_point": [[2.2, 0, 0.86]]}},
 "contact_pairs": [
  [["chair000", "none", "none", "none", "none"]],
  [["chair000", "seat_pad3", "pelvis", "contact", "up"]],
  [["chair000", "seat_pad3", "pelvis", "contact", "up"], ["chair000", "back_frame_vertical_bar7", "left_hand", "contact", "up"]],
  [["chair000", "seat_pad3", "pelvis", "contact", "up"], ["chair000", "drawer_container2", "right_hand", "contact", "none"]],
  [["chair000", "seat_pad3", "pelvis", "contact", "up"], ["chair000", "mystery_leaf9", "torso", "not contact", "none"]],
  [["chair000", "none", "none", "none", "none"]]]}}`

// TestImportUnseenParts: parts named with unseen words map by their words, or to the whole
// object when no word is known, each with a note; no goal is dropped.
func TestImportUnseenParts(t *testing.T) {
	plans, err := unihsi.Parse([]byte(unseenParts))
	if err != nil {
		t.Fatal(err)
	}
	s := ImportUniHSIPlans(plans, "unseen.json")
	if len(s.Tasks) != 1 {
		t.Fatalf("not imported: %+v", s.Unrunnable)
	}
	task := s.Tasks[0]
	if len(task.Steps) != 6 || len(task.Steps[2]) != 2 || len(task.Steps[4]) != 2 {
		t.Errorf("goals dropped: %+v", task.Steps)
	}
	sc, err := plans[0].Scene()
	if err != nil {
		t.Fatal(err)
	}
	checkGoalsExist(t, task, sc)
	notes := strings.Join(task.Notes, "\n")
	for _, want := range []string{
		`part seat_pad3 of chair000 mapped to the proxy's seat by its word "seat"`,
		`part back_frame_vertical_bar7 of chair000 mapped to the proxy's back by its word "back"`,
		`part drawer_container2 of chair000 mapped to the whole object by its word "container"`,
		`part mystery_leaf9 of chair000 has no word we know: mapped to a copy of drawer_container2's geometry`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %q in\n%s", want, notes)
		}
	}
	if !strings.Contains(task.Instruction, "sit on it") || !strings.Contains(task.Instruction, "left hand on top of the backrest") {
		t.Errorf("instruction %q", task.Instruction)
	}
}

// TestGuessPartKindWords: PartNet leaf names map by their words.
func TestGuessPartKindWords(t *testing.T) {
	for name, want := range map[string]scene.PartKind{
		"seat_pad3": scene.PartSeat, "back_cushion2": scene.PartBack, "cushion4": scene.PartSeat,
		"arm_pad1": scene.PartArmrest, "back_frame_vertical_bar7": scene.PartBack, "bar_stretcher5": scene.PartFrame,
		"runner_rail2": scene.PartFrame, "drawer_container2": scene.PartBody, "headboard3": scene.PartFrame,
		"head_rest6": scene.PartBack, "caster1": scene.PartLeg, "quilt8": scene.PartMattress, "mystery_leaf9": scene.PartBody,
	} {
		if got := scene.GuessPartKind(name); got != want {
			t.Errorf("GuessPartKind(%q) = %s, want %s", name, got, want)
		}
	}
	if _, w := scene.PartKindWord("mystery_leaf9"); w != "" {
		t.Errorf("mystery_leaf9 matched the word %q", w)
	}
}

// TestImportUnmeasurableGoals: goals the judge cannot measure make the task unrunnable, saying
// which step and why.
func TestImportUnmeasurableGoals(t *testing.T) {
	chair := `"obj": {"000": {"id": "1", "name": "chair", "scale": 1.4, "rotate": [[1.5707963267948966, 0, 0], [0, 0, -1.5707963267948966]],
	  "transfer": [1.5, 0, 0]%s}}`
	cases := []struct{ stand, pairs, why string }{
		{`, "stand_point": [[2.2, 0, 0.86]]`, `[["chair000", "left_hand", "right_hand", "contact", "none"]]`, "step 1: right_hand to chair000's left_hand is one of UniHSI's joint-to-joint pairs"},
		{`, "stand_point": [[2.2, 0, 0.86]]`, `[["chair000", "seat1", "none", "contact", "up"]]`, "step 1: a contact with chair000/seat1 names no joint"},
		{``, `[["chair000", "seat1", "pelvis", "contact", "up"]], [["chair000", "none", "none", "none", "none"]]`, "step 2: chair000 has no stand point for the walking step"},
	}
	for _, c := range cases {
		plans, err := unihsi.Parse([]byte(`{"0007": {` + strings.Replace(chair, "%s", c.stand, 1) + `, "contact_pairs": [` + c.pairs + `]}}`))
		if err != nil {
			t.Fatal(err)
		}
		s := ImportUniHSIPlans(plans, "x.json")
		if len(s.Tasks) != 0 || len(s.Unrunnable) != 1 || !strings.HasPrefix(s.Unrunnable[0].Why, c.why) {
			t.Errorf("%s: tasks %d, unrunnable %+v, want %q", c.pairs, len(s.Tasks), s.Unrunnable, c.why)
		}
	}
}

// TestImportUniHSIRefs: one plan by FILE#ID, and clear errors for a missing file, plan or bad
// JSON.
func TestImportUniHSIRefs(t *testing.T) {
	s, err := ImportUniHSI(unihsiTestdata + "partnet_train_hard.json#0003")
	if err != nil || len(s.Tasks) != 1 || s.Tasks[0].ID != "partnet_train_hard-0003" {
		t.Fatalf("one plan: %v %+v", err, s)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"0000": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]string{
		unihsiTestdata + "partnet_train_hard.json#9999": `no plan "9999" among its 200 plans`,
		"nope/none.json":  "no such file",
		bad:               "task: import " + bad,
		bad + "#0000":     "task: import " + bad,
		"x.json#0001/../": "no such file",
	} {
		if _, err := ImportUniHSI(ref); err == nil || !strings.HasPrefix(err.Error(), "task: ") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", ref, err, want)
		}
	}
}

// FuzzImportUniHSI: any plan file the reader accepts imports without panicking; every plan comes
// out as a task or an unrunnable entry, and every task passes Task.Check.
func FuzzImportUniHSI(f *testing.F) {
	for _, seed := range []string{unseenParts, `{"0":{"obj":{"0":{"name":"reach","scale":0.6,"rotate":[[1.57,0,0]],"transfer":[1,0,1],"stand_point":[[1,1,0.86]]}},"contact_pairs":[[["reach0","base_frame5","right_hand","contact","none"]]]}}`} {
		f.Add([]byte(seed))
	}
	for _, file := range []string{"test.json", "scannet_example.json"} {
		if data, err := os.ReadFile(unihsiTestdata + file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		plans, err := unihsi.Parse(data)
		if err != nil {
			return
		}
		s := ImportUniHSIPlans(plans, "fuzz.json")
		if len(s.Tasks)+len(s.Unrunnable) != len(plans) {
			t.Fatalf("%d plans became %d tasks and %d unrunnable", len(plans), len(s.Tasks), len(s.Unrunnable))
		}
		for _, task := range s.Tasks {
			if err := task.Check(); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range s.Unrunnable {
			if u.Why == "" {
				t.Fatalf("%s unrunnable without a reason", u.ID)
			}
		}
	})
}

// A plan placing its chair 1e308 m away was imported as runnable and failed when run; it is
// listed as unrunnable, saying why.
func TestImportFarPlanIsUnrunnable(t *testing.T) {
	plans, err := unihsi.Parse([]byte(strings.Replace(unseenParts, `"transfer": [1.5, 0, 0]`, `"transfer": [1e308, 0, 0]`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	s := ImportUniHSIPlans(plans, "far.json")
	if len(s.Tasks) != 0 || len(s.Unrunnable) != 1 || !strings.Contains(s.Unrunnable[0].Why, "no room is that large") {
		t.Fatalf("tasks %d, unrunnable %+v", len(s.Tasks), s.Unrunnable)
	}
}
