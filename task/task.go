// Package task holds what a benchmark runs: tasks (a scene, the instruction a planner is told and
// the goals the evaluator checks, in package goal's chain of contacts), suites of them, the
// references by which files are named (FILE.json#ID, Ref), and the one opener of suites and scene
// references that the command line, the bench and the app share (OpenSuite, OpenScene). UniHSI's
// scene plans are imported here as tasks over proxy scenes, their instructions written by package
// instruction (docs/unihsi.md).
package task

import (
	"fmt"
	"strings"

	"interactagent/task/goal"
)

// Task is what one trial is about: a scene, the instruction a planner is told, and the goals the
// evaluator checks, which no model role ever sees. The goals follow UniHSI's chain of contacts:
// ordered steps, each a set of pairs that must all hold at one frame, after the previous step's.
type Task struct {
	ID          string      `json:"id"`
	Scene       string      `json:"scene"` // a built-in room, a scene file, or PLANS.json#ID (a Ref)
	Instruction string      `json:"instruction"`
	Steps       []goal.Step `json:"steps"`
	// Complexity is low, mid or high by UniHSI's rule (see Classify); empty means derive it.
	Complexity Complexity `json:"complexity,omitempty"`
	// Released names the thresholds of UniHSI's released evaluation the task is judged by:
	// "partnet" (default) or "scannet".
	Released string `json:"released,omitempty"`
	// Source says where the task came from ("builtin", "partnet_train_hard.json#0003").
	Source string `json:"source,omitempty"`
	// Notes record how it was made: parts mapped to proxy geometry by their words, and so on.
	Notes []string `json:"notes,omitempty"`
}

// Complexity is a task's difficulty by UniHSI's rule.
type Complexity string

// The complexities.
const (
	Low  Complexity = "low"
	Mid  Complexity = "mid"
	High Complexity = "high"
)

// Complexities returns them in order.
func Complexities() []Complexity { return []Complexity{Low, Mid, High} }

// Classify applies UniHSI's rule: at most three steps is low; more steps on one object is mid;
// more steps over several objects is high.
func Classify(steps []goal.Step) Complexity {
	switch {
	case len(steps) <= 3:
		return Low
	case countObjects(steps) <= 1:
		return Mid
	}
	return High
}

// countObjects returns how many objects the steps touch, each counted once: Classify's measure of
// whether a long task stays on one object.
func countObjects(steps []goal.Step) int {
	objects := map[string]bool{}
	for _, st := range steps {
		for _, p := range st {
			objects[p.Object] = true
		}
	}
	return len(objects)
}

// Check reports what makes a task unusable: no id, instruction or steps, an unknown joint,
// contact kind or direction, an empty step.
func (t Task) Check() error {
	if err := t.checkFields(); err != nil {
		return err
	}
	for i, st := range t.Steps {
		if err := st.Check(); err != nil {
			return fmt.Errorf("task: task %s step %d: %w", t.ID, i+1, err)
		}
	}
	return nil
}

// checkFields is Check for the task's own fields, before its steps: what is missing, and a
// released rule other than UniHSI's two.
func (t Task) checkFields() error {
	switch {
	case strings.TrimSpace(t.ID) == "":
		return fmt.Errorf("task: task without an id")
	case strings.TrimSpace(t.Instruction) == "":
		return fmt.Errorf("task: task %s: no instruction", t.ID)
	case t.Scene == "":
		return fmt.Errorf("task: task %s: no scene", t.ID)
	case len(t.Steps) == 0:
		return fmt.Errorf("task: task %s: no steps to check", t.ID)
	case t.Released != "" && t.Released != "partnet" && t.Released != "scannet":
		return fmt.Errorf("task: task %s: released rule %q, want partnet or scannet", t.ID, t.Released)
	}
	return nil
}

// ComplexityOf returns the task's complexity, derived when it does not say.
func (t Task) ComplexityOf() Complexity {
	if t.Complexity != "" {
		return t.Complexity
	}
	return Classify(t.Steps)
}
