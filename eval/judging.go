package eval

import (
	"interactagent/motion"
	"interactagent/task/goal"
)

// Holds reports whether every pair of a goal step holds at one pose under the rule: the test the
// judge applies frame by frame, for the judging metrics that ask whether a step left a contact
// it had made.
func (j *Judge) Holds(st goal.Step, pose motion.Pose, r Rule) bool {
	for _, p := range st {
		if miss, _ := j.pair(p, pose, r); miss > 0 {
			return false
		}
	}
	return len(st) > 0
}
