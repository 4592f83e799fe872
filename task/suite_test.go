package task

import (
	"bytes"
	"path"
	"strings"
	"testing"

	"interactagent/scene"
)

// TestBuiltinSuite: at least 20 tasks of each complexity, every goal naming an object and a part
// its room has.
func TestBuiltinSuite(t *testing.T) {
	s, err := BuiltinSuite("builtin")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Complexities() {
		if n := s.Count()[c]; n < 20 {
			t.Errorf("%d %s tasks, want at least 20", n, c)
		}
	}
	for _, task := range s.Tasks {
		if task.Complexity != Classify(task.Steps) {
			t.Errorf("%s: marked %s, the rule says %s", task.ID, task.Complexity, Classify(task.Steps))
		}
		sc, err := OpenScene(task.Scene)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range task.Steps {
			for _, p := range st {
				o, ok := sc.Object(p.Object)
				if !ok {
					t.Errorf("%s: no object %s in %s", task.ID, p.Object, task.Scene)
					continue
				}
				if p.Walk() || p.Part == "floor" {
					continue
				}
				found := false
				for _, pt := range o.Parts {
					if ok, _ := path.Match(p.Part, pt.Name); ok {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: %s has no part matching %q", task.ID, p.Object, p.Part)
				}
			}
		}
	}
	if _, err := BuiltinSuite("nope"); err == nil || !strings.Contains(err.Error(), "builtin") {
		t.Fatalf("unknown suite: %v", err)
	}
}

func TestReadSuiteRefusals(t *testing.T) {
	good := `{"name":"s","tasks":[{"id":"a","scene":"bedroom","instruction":"lie on the bed","steps":[[{"object":"bed_1","part":"mattress","joint":"pelvis","contact":"contact","direction":"up"}]]}]}`
	if _, err := ReadSuite(strings.NewReader(good), "good"); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"no tasks":      `{"name":"s","tasks":[]}`,
		"bad joint":     strings.Replace(good, `"pelvis"`, `"tail"`, 1),
		"bad contact":   strings.Replace(good, `"contact","direction"`, `"touching","direction"`, 1),
		"bad direction": strings.Replace(good, `"up"`, `"sideways"`, 1),
		"no steps":      strings.Replace(good, `"steps":[[{"object":"bed_1","part":"mattress","joint":"pelvis","contact":"contact","direction":"up"}]]`, `"steps":[]`, 1),
		"empty step":    strings.Replace(good, `[[{"object":"bed_1","part":"mattress","joint":"pelvis","contact":"contact","direction":"up"}]]`, `[[]]`, 1),
		"twice":         strings.Replace(good, `}]}`, `},{"id":"a","scene":"bedroom","instruction":"x","steps":[[{"object":"bed_1","part":"none","joint":"none","contact":"none","direction":"none"}]]}]}`, 1),
		"not json":      `{"name":`,
		"trailing":      good + `{}`,
	} {
		if _, err := ReadSuite(strings.NewReader(text), name); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzReadSuite: any bytes give a checked suite or an error, never a panic.
func FuzzReadSuite(f *testing.F) {
	f.Add([]byte(`{"name":"s","tasks":[{"id":"a","scene":"x","instruction":"y","steps":[[{"object":"o","part":"none","joint":"none","contact":"none","direction":"none"}]]}]}`))
	f.Add([]byte(`{"tasks":[{"id":"a","steps":[[{"joint":"pelvis"}]]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSuite(bytes.NewReader(data), "fuzz")
		if err == nil {
			if cerr := s.Check(); cerr != nil {
				t.Fatalf("accepted a suite that fails its check: %v", cerr)
			}
		}
	})
}

// A suite goal naming an object its scene lacks was accepted, and the task failed every trial
// without saying why. Such tasks, and those whose scene cannot be opened, are set aside as
// unrunnable with the reason; the others stay, in order.
func TestSetAsideUnmeasurable(t *testing.T) {
	task := func(id, scene, object, part string) string {
		return `{"id":"` + id + `","scene":"` + scene + `","instruction":"x","steps":[[{"object":"` + object +
			`","part":"` + part + `","joint":"pelvis","contact":"contact","direction":"up"}]]}`
	}
	doc := `{"name":"s","tasks":[` + strings.Join([]string{
		task("ok", "bedroom", "bed_1", "mattress"),
		task("ghost", "bedroom", "sofa_9", "seat"),
		task("partless", "bedroom", "bed_1", "propeller"),
		task("nowhere", "no_such_room.glb", "bed_1", "mattress"),
		task("ok2", "bedroom", "bed_1", "mattress"),
	}, ",") + `]}`
	s, err := ReadSuite(strings.NewReader(doc), "s.json")
	if err != nil {
		t.Fatal(err)
	}
	opened := 0
	s.SetAsideUnmeasurable(func(ref string) (*scene.Scene, error) { opened++; return OpenScene(ref) })
	if len(s.Tasks) != 2 || s.Tasks[0].ID != "ok" || s.Tasks[1].ID != "ok2" || opened != 2 {
		t.Fatalf("kept %+v after %d opens", s.Tasks, opened)
	}
	want := map[string]string{"ghost": "the scene has no object sofa_9", "partless": `has no part "propeller"`, "nowhere": "its scene cannot be opened"}
	for _, u := range s.Unrunnable {
		if !strings.Contains(u.Why, want[u.ID]) || want[u.ID] == "" {
			t.Errorf("unrunnable %s: %q, want it to say %q", u.ID, u.Why, want[u.ID])
		}
		delete(want, u.ID)
	}
	if len(want) != 0 {
		t.Errorf("not set aside: %v", want)
	}
}
