package anim

import (
	"testing"

	"interactagent/motion"
)

// The rig has the 22 joints under their names and an intermediate node per child of the pelvis and
// spine3, parents before children.
func TestNodes(t *testing.T) {
	nodes := Nodes()
	if len(nodes) != 28 {
		t.Fatalf("%d nodes, want 28", len(nodes))
	}
	seen := map[motion.Joint]bool{}
	for n, nd := range nodes {
		if nd.Parent >= n {
			t.Errorf("node %s comes before its parent", nd.Name)
		}
		if j, ok := nd.Joint(); ok {
			seen[j] = true
		}
	}
	if len(seen) != motion.NumJoints {
		t.Errorf("%d joints named, want %d", len(seen), motion.NumJoints)
	}
}

// Clips that fit the skeleton animate by rotation alone (translation keys on the root only); a
// clip whose bones stretch needs translation keys on the stretched nodes.
func TestTrackMoves(t *testing.T) {
	for name, tc := range map[string]struct {
		clip   *motion.Clip
		moving bool
	}{
		"humanml3d sample": {sampleClip(t), false},
		"wild":             {wildClip(60, 4), false},
		"stretched":        {stretchedClip(30), true},
	} {
		tr, err := NewTrack(tc.clip)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range tr.Moves[1:] {
			if m {
				n++
			}
		}
		if (n > 0) != tc.moving {
			t.Errorf("%s: %d nodes besides the root have translation keys", name, n)
		}
	}
}
