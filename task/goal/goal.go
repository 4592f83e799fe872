// Package goal is the language of a task's goals: UniHSI's chain of contacts. A task's goals are
// ordered steps; a step is a set of pairs that must all hold at one frame, after the previous
// step's; a pair asks a joint to touch (or keep off) a part of an object, from a direction, or, as
// a walking step, asks the body to reach one of the object's stand points.
//
// The evaluator (eval) measures these goals; the instruction writer (instruction) says them in
// English; the tasks (task) carry them. No model role ever sees them.
package goal

import (
	"fmt"
	"slices"
	"strings"
)

// Step is one link of the chain: pairs that must all hold at one frame.
type Step []Pair

// Pair is one goal of a step: a joint and a part of an object, in contact or not, from a direction.
type Pair struct {
	Object string `json:"object"` // an object id of the scene
	// Part is a part name of the object ("seat_soft_surface15"), a pattern over its parts'
	// names ("seat*", "*": any part), "floor" for the floor, or "none" for a walking step: reach one
	// of the object's stand points.
	Part      string      `json:"part"`
	Joint     string      `json:"joint"` // a UniHSI joint (JointNames), or "none" for a walking step
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

// jointNames are UniHSI's joints, sorted: the points of the body a pair may name.
var jointNames = []string{"head", "left_elbow", "left_foot", "left_hand", "left_hip", "left_knee",
	"left_shoulder", "pelvis", "right_elbow", "right_foot", "right_hand", "right_hip", "right_knee",
	"right_shoulder", "torso"}

// JointNames returns the joint names pairs may use, sorted.
func JointNames() []string { return slices.Clone(jointNames) }

// IsJoint reports whether name is one of UniHSI's joints.
func IsJoint(name string) bool {
	_, ok := slices.BinarySearch(jointNames, name)
	return ok
}

// directionNames are UniHSI's contact directions; "none" asks for no direction.
var directionNames = []string{"back", "down", "front", "left", "none", "right", "up"}

// DirectionNames returns the directions pairs may use, sorted.
func DirectionNames() []string { return slices.Clone(directionNames) }

// IsDirection reports whether name is one of UniHSI's contact directions.
func IsDirection(name string) bool {
	_, ok := slices.BinarySearch(directionNames, name)
	return ok
}

// Check reports what makes a step unusable: no pairs, a pair without an object, an unknown
// direction, joint or contact kind.
func (st Step) Check() error {
	if len(st) == 0 {
		return fmt.Errorf("no pairs")
	}
	for _, p := range st {
		if p.Object == "" {
			return fmt.Errorf("a pair without an object")
		}
		if !IsDirection(p.Direction) {
			return fmt.Errorf("direction %q, want up, down, left, right, front, back or none", p.Direction)
		}
		if p.Walk() {
			continue
		}
		if !IsJoint(p.Joint) {
			return fmt.Errorf("joint %q unknown, want one of %s", p.Joint, strings.Join(JointNames(), ", "))
		}
		if p.Contact != Touch && p.Contact != Avoid {
			return fmt.Errorf("contact %q, want contact or not contact", p.Contact)
		}
	}
	return nil
}
