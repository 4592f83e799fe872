package task

import (
	"testing"

	"interactagent/task/goal"
)

func TestClassify(t *testing.T) {
	w := func(o string) goal.Step {
		return goal.Step{{Object: o, Part: "none", Contact: goal.Reach, Direction: "none"}}
	}
	for _, c := range []struct {
		steps []goal.Step
		want  Complexity
	}{
		{[]goal.Step{w("a"), w("a")}, Low},
		{[]goal.Step{w("a"), w("b"), w("c")}, Low},
		{[]goal.Step{w("a"), w("a"), w("a"), w("a")}, Mid},
		{[]goal.Step{w("a"), w("a"), w("b"), w("a")}, High},
	} {
		if got := Classify(c.steps); got != c.want {
			t.Errorf("%d steps: %s, want %s", len(c.steps), got, c.want)
		}
	}
}
