package goal

import (
	"slices"
	"strings"
	"testing"
)

func TestNamesAreSorted(t *testing.T) {
	if !slices.IsSorted(jointNames) || !slices.IsSorted(directionNames) {
		t.Fatal("the name lists must be sorted: IsJoint and IsDirection search them")
	}
	if !IsJoint("pelvis") || IsJoint("tail") || !IsDirection("none") || IsDirection("sideways") {
		t.Error("IsJoint or IsDirection disagrees with the lists")
	}
}

func TestStepCheck(t *testing.T) {
	good := Pair{Object: "bed_1", Part: "mattress", Joint: "pelvis", Contact: Touch, Direction: "up"}
	walk := Pair{Object: "bed_1", Part: "none", Joint: "none", Contact: Reach, Direction: "none"}
	if err := (Step{good, walk}).Check(); err != nil {
		t.Fatal(err)
	}
	with := func(f func(*Pair)) Step { p := good; f(&p); return Step{p} }
	for want, st := range map[string]Step{
		"no pairs":             {},
		"without an object":    with(func(p *Pair) { p.Object = "" }),
		`direction "sideways"`: with(func(p *Pair) { p.Direction = "sideways" }),
		`joint "tail" unknown`: with(func(p *Pair) { p.Joint = "tail" }),
		`contact "touching"`:   with(func(p *Pair) { p.Contact = "touching" }),
	} {
		if err := st.Check(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want an error saying %q", st, err, want)
		}
	}
}
