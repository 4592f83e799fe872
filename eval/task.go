package eval

import (
	"fmt"
	"strings"
)

// Task is what one trial is about: a scene, the instruction a planner is told, and the goals the
// evaluator checks, which no model role ever sees. The goals follow UniHSI's chain of contacts:
// ordered steps, each a set of pairs that must all hold at one frame, after the previous step's.
type Task struct {
	ID          string `json:"id"`
	Scene       string `json:"scene"` // a built-in room, a scene file, or PLANS.json#ID
	Instruction string `json:"instruction"`
	Steps       []Step `json:"steps"`
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

// Step is one link of the chain: pairs that must all hold at one frame.
type Step []Pair

// Pair is one goal of a step: a joint and a part of an object, in contact or not, from a direction.
type Pair struct {
	Object string `json:"object"` // an object id of the scene
	// Part is a part name of the object ("seat_soft_surface15"), a pattern over its parts'
	// names ("seat*", "*": any part), "floor" for the floor, or "none" for a walking step: reach one
	// of the object's stand points.
	Part      string      `json:"part"`
	Joint     string      `json:"joint"` // a UniHSI joint (Joints), or "none" for a walking step
	Contact   ContactKind `json:"contact"`
	Direction string      `json:"direction"` // up, down, left, right, front, back or none
}

// ContactKind says whether a pair wants contact.
type ContactKind string

// The contact kinds of UniHSI's chains.
const (
	Touch ContactKind = "contact"
	Avoid ContactKind = "not contact"
	Reach ContactKind = "none" // a walking step
)

// Walk reports whether the pair is a walking step.
func (p Pair) Walk() bool { return p.Part == "none" || p.Contact == Reach }

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
func Classify(steps []Step) Complexity {
	objects := map[string]bool{}
	for _, st := range steps {
		for _, p := range st {
			objects[p.Object] = true
		}
	}
	switch {
	case len(steps) <= 3:
		return Low
	case len(objects) <= 1:
		return Mid
	}
	return High
}

// Check reports what makes a task unusable: no id, instruction or steps, an unknown joint,
// contact kind or direction, an empty step.
func (t Task) Check() error {
	switch {
	case strings.TrimSpace(t.ID) == "":
		return fmt.Errorf("eval: task without an id")
	case strings.TrimSpace(t.Instruction) == "":
		return fmt.Errorf("eval: task %s: no instruction", t.ID)
	case t.Scene == "":
		return fmt.Errorf("eval: task %s: no scene", t.ID)
	case len(t.Steps) == 0:
		return fmt.Errorf("eval: task %s: no steps to check", t.ID)
	case t.Released != "" && t.Released != "partnet" && t.Released != "scannet":
		return fmt.Errorf("eval: task %s: released rule %q, want partnet or scannet", t.ID, t.Released)
	}
	for i, st := range t.Steps {
		if err := st.check(); err != nil {
			return fmt.Errorf("eval: task %s step %d: %w", t.ID, i+1, err)
		}
	}
	return nil
}

// check validates a step's pairs.
func (st Step) check() error {
	if len(st) == 0 {
		return fmt.Errorf("no pairs")
	}
	for _, p := range st {
		if p.Object == "" {
			return fmt.Errorf("a pair without an object")
		}
		if _, ok := directions[p.Direction]; !ok {
			return fmt.Errorf("direction %q, want up, down, left, right, front, back or none", p.Direction)
		}
		if p.Walk() {
			continue
		}
		if _, ok := joints[p.Joint]; !ok {
			return fmt.Errorf("joint %q unknown, want one of %s", p.Joint, strings.Join(JointNames(), ", "))
		}
		if p.Contact != Touch && p.Contact != Avoid {
			return fmt.Errorf("contact %q, want contact or not contact", p.Contact)
		}
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
