package app

import "interactagent/body"

// skinGraph is a body model's vertices and the edges between them, for spreading a measure over
// the skin: each vertex's neighbours, listed one vertex after another.
type skinGraph struct {
	start []int32  // vertex v's neighbours are next[start[v]:start[v+1]]
	next  []uint32 // each edge twice, once from each end
}

// newSkinGraph collects the edges of m's triangles.
func newSkinGraph(m *body.Model) *skinGraph {
	seen := map[[2]uint32]bool{}
	count := make([]int32, m.NumVertices()+1)
	var edges [][2]uint32
	for _, f := range m.Faces {
		for k := range 3 {
			a, b := f[k], f[(k+1)%3]
			key := [2]uint32{min(a, b), max(a, b)}
			if !seen[key] {
				seen[key] = true
				edges = append(edges, key)
				count[a+1]++
				count[b+1]++
			}
		}
	}
	for v := 1; v < len(count); v++ {
		count[v] += count[v-1]
	}
	g := &skinGraph{start: count, next: make([]uint32, count[len(count)-1])}
	fill := append([]int32(nil), count[:len(count)-1]...)
	for _, e := range edges {
		g.next[fill[e[0]]], fill[e[0]] = e[1], fill[e[0]]+1
		g.next[fill[e[1]]], fill[e[1]] = e[0], fill[e[1]]+1
	}
	return g
}

// neighbours returns the vertices that share an edge with v.
func (g *skinGraph) neighbours(v uint32) []uint32 { return g.next[g.start[v]:g.start[v+1]] }
