package eval

import (
	"bytes"
	"path"
	"strings"
	"testing"

	"interactagent/scene/load"
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
		sc, err := load.Scene(task.Scene)
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
