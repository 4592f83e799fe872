package smplx

import (
	"fmt"

	"interactagent/motion"
)

// checkParents turns kintree_table's first row into parents (the root's set to -1), refusing a
// parent that is not a joint, a cycle, a parent after its child, and a tree whose first 22 joints
// are not SMPL's body.
func checkParents(a *modelArchive, row []float64) ([]int, error) {
	const key = "kintree_table"
	parents := make([]int, len(row))
	parents[0] = -1
	for j := 1; j < len(row); j++ {
		p := row[j]
		if !(p >= 0 && p < float64(len(row))) {
			return nil, a.fail(key, "joint %d's parent is %v, want a joint from 0 to %d", j, p, len(row)-1)
		}
		parents[j] = int(p)
	}
	for j := 1; j < len(parents); j++ {
		if cycle := parentCycle(parents, j); cycle != "" {
			return nil, a.fail(key, "the parents of joint %d lead back to it (%s), want a tree", j, cycle)
		}
	}
	for j := 1; j < len(parents); j++ {
		if parents[j] > j {
			return nil, a.fail(key, "joint %d's parent %d comes after it, want every parent before its children", j, parents[j])
		}
	}
	for j := 1; j < motion.NumJoints; j++ {
		if want := int(motion.Parent(motion.Joint(j))); parents[j] != want {
			return nil, a.fail(key, "joint %d (%s) has parent %d, want %d (%s) as in SMPL's body",
				j, motion.Joint(j), parents[j], want, motion.Joint(want))
		}
	}
	return parents, nil
}

// parentCycle returns the chain of parents from j back to j (such as "5 → 9 → 5"), or "" when the
// chain reaches the root.
func parentCycle(parents []int, j int) string {
	chain := fmt.Sprint(j)
	for p, steps := parents[j], 0; p > 0 && steps < len(parents); p, steps = parents[p], steps+1 {
		chain += fmt.Sprintf(" → %d", p)
		if p == j {
			return chain
		}
	}
	return ""
}

// checkFaces refuses a triangle that names one vertex twice.
func checkFaces(a *modelArchive, key string, faces [][3]uint32) error {
	for f, t := range faces {
		if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
			return a.fail(key, "triangle %d is %v, want three different vertices", f, t)
		}
	}
	return nil
}
