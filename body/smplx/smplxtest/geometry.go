package smplxtest

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
)

// meshSubset is the part of the open body a stand-in keeps: vertices (indices into the open body's)
// and triangles renumbered onto them.
type meshSubset struct {
	vertices []int
	faces    [][3]uint32
}

// subset keeps about n of h's vertices, those of every k-th triangle (all of them when n is 0 or not
// below the body's count).
func subset(h *body.Model, n int) meshSubset {
	if n == 0 || n >= len(h.Rest) {
		s := meshSubset{vertices: make([]int, len(h.Rest)), faces: h.Faces}
		for v := range s.vertices {
			s.vertices[v] = v
		}
		return s
	}
	step := max(1, 3*len(h.Faces)/n)
	index := map[uint32]uint32{}
	var s meshSubset
	for f := 0; f < len(h.Faces); f += step {
		t := h.Faces[f]
		if len(index)+3 > n {
			break
		}
		var nt [3]uint32
		for k, v := range t {
			i, ok := index[v]
			if !ok {
				i = uint32(len(s.vertices))
				index[v] = i
				s.vertices = append(s.vertices, int(v))
			}
			nt[k] = i
		}
		s.faces = append(s.faces, nt)
	}
	return s
}

// points returns the kept vertices' rest positions.
func (s meshSubset) points(h *body.Model) [][3]float64 {
	out := make([][3]float64, len(s.vertices))
	for i, v := range s.vertices {
		out[i] = h.Rest[v]
	}
	return out
}

// regressorVertices is how many vertices each regressor row combines.
const regressorVertices = 10

// regressor returns a J_regressor (J rows of len(verts)) that reproduces each joint from vertices
// around it (surroundingVertices): their centroid moved onto the joint by the smallest change of
// weights that keeps them summing to 1 (mostly non-negative, like the real sparse regressor).
func regressor(verts [][3]float64, joints []mgl64.Vec3) [][]float64 {
	out := make([][]float64, len(joints))
	for j, p := range joints {
		row := make([]float64, len(verts))
		near := surroundingVertices(verts, p)
		for i, w := range affineWeights(verts, near, p) {
			row[near[i]] = w
		}
		out[j] = row
	}
	return out
}

// surroundingVertices returns up to regressorVertices vertices around p: the nearest in each of
// the eight octants about p, then the nearest others, so that p lies among them (a joint lies
// inside the body, its nearest vertices often all on one side).
func surroundingVertices(verts [][3]float64, p mgl64.Vec3) []int {
	idx := make([]int, len(verts))
	for i := range idx {
		idx[i] = i
	}
	dist := func(i int) float64 { return mgl64.Vec3(verts[i]).Sub(p).LenSqr() }
	sort.SliceStable(idx, func(a, b int) bool { return dist(idx[a]) < dist(idx[b]) })
	var out []int
	taken := map[int]bool{}
	var octants [8]bool
	for _, i := range idx {
		o := octant(mgl64.Vec3(verts[i]).Sub(p))
		if !octants[o] {
			octants[o], taken[i] = true, true
			out = append(out, i)
		}
	}
	for _, i := range idx {
		if len(out) >= regressorVertices {
			break
		}
		if !taken[i] {
			out = append(out, i)
		}
	}
	return out
}

// octant numbers the octant of d: one bit per coordinate's sign.
func octant(d mgl64.Vec3) int {
	o := 0
	for c := range 3 {
		if d[c] >= 0 {
			o |= 1 << c
		}
	}
	return o
}

// affineWeights returns weights summing to 1 that combine the vertices near into p: 1/k each plus
// the least-norm correction (their centred positions times a 3-vector), or just 1/k each (their
// centroid) when the vertices are too flat or too far (a sparse subset) to reach p with weights
// within ±2.
func affineWeights(verts [][3]float64, near []int, p mgl64.Vec3) []float64 {
	k := float64(len(near))
	var c mgl64.Vec3
	for _, i := range near {
		c = c.Add(mgl64.Vec3(verts[i]).Mul(1 / k))
	}
	var s mgl64.Mat3
	for _, i := range near {
		y := mgl64.Vec3(verts[i]).Sub(c)
		s = s.Add(y.OuterProd3(y))
	}
	var lambda mgl64.Vec3
	if math.Abs(s.Det()) > 1e-15 {
		lambda = s.Inv().Mul3x1(p.Sub(c))
	}
	w := make([]float64, len(near))
	for n, i := range near {
		w[n] = 1/k + mgl64.Vec3(verts[i]).Sub(c).Dot(lambda)
		if math.Abs(w[n]) > 2 { // a sparse subset: too far to reach p; take the centroid
			lambda = mgl64.Vec3{}
		}
	}
	if lambda == (mgl64.Vec3{}) {
		for n := range w {
			w[n] = 1 / k
		}
	}
	return w
}
