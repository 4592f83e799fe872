package eval

import (
	"slices"
	"testing"

	"interactagent/task/goal"
)

// TestEveryGoalNameIsMeasured: the judge has a point for every joint and a vector for every
// direction a goal may name (goal checks the names; eval measures them), and no other.
func TestEveryGoalNameIsMeasured(t *testing.T) {
	var js, ds []string
	for k := range joints {
		js = append(js, k)
	}
	for k := range directions {
		ds = append(ds, k)
	}
	slices.Sort(js)
	slices.Sort(ds)
	if !slices.Equal(js, goal.JointNames()) || !slices.Equal(ds, goal.DirectionNames()) {
		t.Errorf("eval measures joints %v and directions %v; goals name %v and %v", js, ds, goal.JointNames(), goal.DirectionNames())
	}
}
