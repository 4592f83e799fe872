package smplx

import (
	"cmp"
	"fmt"
	"slices"

	"interactagent/body"
	"interactagent/motion"
)

// buildMesh makes the body.Model of Mesh.
func (s *Shaped) buildMesh() *body.Model {
	m := s.Model
	n := len(s.Vertices)
	out := &body.Model{
		Name:      fmt.Sprintf("%v (%s)", m.Family, m.Name),
		Rest:      slices.Clone(s.Vertices),
		Faces:     m.Faces,
		Influence: make([][body.MaxInfluences]uint8, n),
		Weight:    make([][body.MaxInfluences]float32, n),
		Area:      make([]float64, n),
	}
	copy(out.Joints[:], s.Joints)
	for v := range n {
		out.Area[v] = 1 / float64(n) // SMPL-X penetration counts every vertex alike
		if v+1 < len(m.skinStart) {
			out.Influence[v], out.Weight[v] = topInfluences(m.skin[m.skinStart[v]:m.skinStart[v+1]])
		}
	}
	return out
}

// topInfluences returns a vertex's four largest merged weights (negative ones as zero),
// renormalised to sum to 1, largest first.
func topInfluences(terms []skinTerm) ([body.MaxInfluences]uint8, [body.MaxInfluences]float32) {
	sorted := slices.Clone(terms)
	slices.SortStableFunc(sorted, func(a, b skinTerm) int { return cmp.Compare(b.weight, a.weight) })
	sorted = sorted[:min(len(sorted), body.MaxInfluences)]
	sum := 0.0
	for _, t := range sorted {
		sum += max(t.weight, 0)
	}
	var inf [body.MaxInfluences]uint8
	var w [body.MaxInfluences]float32
	for k, t := range sorted {
		if sum > 0 && t.joint < motion.NumJoints {
			inf[k], w[k] = uint8(t.joint), float32(max(t.weight, 0)/sum)
		}
	}
	return inf, w
}
