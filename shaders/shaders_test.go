package shaders

import (
	"strings"
	"testing"
)

func TestEveryProgramHasBothStages(t *testing.T) {
	names := Names()
	for _, want := range []string{"body", "flat", "floor", "scene"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("Names() = %v, missing %q", names, want)
		}
	}
	for _, n := range names {
		v, f, err := Pair(n)
		if err != nil {
			t.Fatal(err)
		}
		for stage, src := range map[string]string{"vert": v, "frag": f} {
			if !strings.HasPrefix(src, "#version 330 core") {
				t.Errorf("%s.%s does not start with #version 330 core", n, stage)
			}
			if !strings.Contains(src, "void main()") {
				t.Errorf("%s.%s has no main", n, stage)
			}
		}
	}
}

func TestPairOfUnknownProgram(t *testing.T) {
	if _, _, err := Pair("nope"); err == nil || !strings.Contains(err.Error(), "nope.vert") {
		t.Errorf("Pair(nope) error %v, want one naming nope.vert", err)
	}
}

func TestEveryStageReads(t *testing.T) {
	for _, file := range []string{"skin.vert", "body.frag", "scene.vert"} {
		src, err := Stage(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(src, "#version 330 core") || !strings.Contains(src, "void main()") {
			t.Errorf("%s: want a GLSL 3.30 core stage with a main", file)
		}
	}
	if _, err := Stage("nope.vert"); err == nil || !strings.Contains(err.Error(), "nope.vert") {
		t.Errorf("Stage(nope.vert) error %v, want one naming nope.vert", err)
	}
}
