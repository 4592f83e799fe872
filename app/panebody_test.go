package app

import (
	"testing"

	"interactagent/body"
)

// TestSpreadShowsDepthAroundTheDeepVertices: on the open body, a deep vertex's depth is shown by
// the vertices up to spreadRings edges away and by none further, and the deepest depth wins.
func TestSpreadShowsDepthAroundTheDeepVertices(t *testing.T) {
	m, err := body.Human()
	if err != nil {
		t.Fatal(err)
	}
	pb := &paneBody{}
	shown := pb.spread(m, []deepVertex{{v: 100, depth: 0.02}, {v: 101, depth: 0.05}})
	rings := pb.skin.rings(100, spreadRings+2)
	for k, ring := range rings {
		for _, v := range ring {
			if got := shown[v]; k <= spreadRings && got < 0.02 || k > spreadRings+1 && got != 0 {
				t.Errorf("vertex %d, %d edges from vertex 100, shows %.3f", v, k, got)
			}
		}
	}
	if shown[100] != 0.05 {
		t.Errorf("vertex 100, next to a deeper one, shows %.3f, want 0.05", shown[100])
	}
	for v := uint32(0); int(v) < m.NumVertices(); v++ {
		for _, w := range pb.skin.neighbours(v) {
			if !contains(pb.skin.neighbours(w), v) {
				t.Fatalf("%d lists %d as a neighbour, but not the other way round", v, w)
			}
		}
	}
}

// rings returns the vertices at 0, 1, …, n−1 edges from v.
func (g *skinGraph) rings(v uint32, n int) [][]uint32 {
	seen := map[uint32]bool{v: true}
	out := [][]uint32{{v}}
	for len(out) < n {
		var next []uint32
		for _, u := range out[len(out)-1] {
			for _, w := range g.neighbours(u) {
				if !seen[w] {
					seen[w] = true
					next = append(next, w)
				}
			}
		}
		out = append(out, next)
	}
	return out
}

func contains(vs []uint32, v uint32) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}
