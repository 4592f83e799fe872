package task

import (
	"strings"
	"testing"
)

func TestParseRef(t *testing.T) {
	for in, want := range map[string]Ref{
		"bedroom":                     {File: "bedroom"},
		"room.glb":                    {File: "room.glb"},
		"a/tri#1.obj":                 {File: "a/tri#1.obj"},
		"plans.json":                  {File: "plans.json"},
		"dir/plans.json#0003":         {File: "dir/plans.json", ID: "0003"},
		"dir/a#b/PLANS.JSON#y":        {File: "dir/a#b/PLANS.JSON", ID: "y"},
		"dir/plans.json#x#y":          {File: "dir/plans.json#x#y"},
		"runs/a.json#2/plan.json":     {File: "runs/a.json#2/plan.json"},
		`x.json#0001\..\`:             {File: `x.json#0001\..\`},
		"plans.json#plan with spaces": {File: "plans.json", ID: "plan with spaces"},
	} {
		got, err := ParseRef(in)
		if err != nil || got != want {
			t.Errorf("ParseRef(%q) = %+v, %v; want %+v", in, got, err, want)
			continue
		}
		if back, _ := ParseRef(got.String()); back != got {
			t.Errorf("ParseRef(%q).String() = %q reads back as %+v", in, got.String(), back)
		}
	}
	for in, msg := range map[string]string{
		"plans.json#":      "no id after '#'",
		"plans.json#a\x00": "control character",
		"plans.json#a\nb":  "control character",
	} {
		if r, err := ParseRef(in); err == nil || !strings.HasPrefix(err.Error(), "task: ") || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseRef(%q) = %+v, %v; want an error saying %q", in, r, err, msg)
		}
	}
}

// FuzzParseRef: any text reads as a reference that writes back as itself, or is refused.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"bedroom", "a/plans.json#0003", "a.json#", "a#b.obj", "x.json#1/2", "x.JSON#é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRef(s)
		if err != nil {
			return
		}
		if r.String() != s {
			t.Fatalf("ParseRef(%q) = %+v writes back as %q", s, r, r.String())
		}
		if back, err := ParseRef(r.String()); err != nil || back != r {
			t.Fatalf("ParseRef(%q) = %+v reads back as %+v, %v", s, r, back, err)
		}
	})
}
