package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
)

// Levels of detail. On a software rasteriser a skinned body costs by its vertices and triangles,
// not by its pixels: the open body's 26,756 triangles take about 5 ms a draw on llvmpipe, the same
// whether it covers 60 pixels of a ghost image or half a pane. A figure drawn small is therefore
// drawn from a coarser copy of its model, made once per engine by clustering the rest vertices on
// a grid: each cluster keeps one of its own vertices (the one nearest the cluster's mean), with its
// weights, so the coarse body bends exactly as the full one does. Its normals are the coarse
// surface's own: the full model's normals, on the coarser triangles, lit folds such as the eyes'
// and the lips' with bright specks.
// Clusters never join vertices led by different joints, so an arm is not welded to the chest, nor
// a thigh to the other, however close they stand in the rest pose.

// lodModel is a coarser copy of a body model.
type lodModel struct {
	model   *body.Model  // the kept vertices and the triangles between them
	normals []mgl64.Vec3 // each kept vertex's normal on the coarse surface
	keep    []int        // each kept vertex's index in the full model
}

// simplify clusters a model's rest vertices on a grid of cell metres (see above).
func simplify(m *body.Model, cell float64) lodModel {
	cluster := clusterVertices(m, cell)
	rep := representatives(m, cluster)
	var l lodModel
	index := map[int]uint32{}
	for _, v := range rep {
		if _, ok := index[v]; !ok {
			index[v] = uint32(len(l.keep))
			l.keep = append(l.keep, v)
		}
	}
	l.model = &body.Model{Name: m.Name, Joints: m.Joints}
	for _, v := range l.keep {
		l.model.Rest = append(l.model.Rest, m.Rest[v])
		l.model.Influence = append(l.model.Influence, m.Influence[v])
		l.model.Weight = append(l.model.Weight, m.Weight[v])
	}
	to := func(v uint32) uint32 { return index[rep[cluster[v]]] }
	l.model.Faces = coarseFaces(m.Faces, to, func(f, g [3]uint32) bool {
		return faceNormal(m.Rest, f).Dot(faceNormal(l.model.Rest, g)) > 0
	})
	l.normals = make([]mgl64.Vec3, len(l.keep))
	l.model.Normals(l.model.Rest, l.normals)
	return l
}

// faceNormal is a triangle's normal scaled by twice its area.
func faceNormal(pos []mgl64.Vec3, f [3]uint32) mgl64.Vec3 {
	a := pos[f[0]]
	return pos[f[1]].Sub(a).Cross(pos[f[2]].Sub(a))
}

// clusterKey is a grid cell and the joint that leads a vertex (its largest weight).
type clusterKey struct {
	cell  [3]int
	joint uint8
}

// clusterVertices returns each vertex's cluster, numbered from 0.
func clusterVertices(m *body.Model, cell float64) []int {
	ids := map[clusterKey]int{}
	out := make([]int, m.NumVertices())
	for v, p := range m.Rest {
		k := clusterKey{joint: leadJoint(m, v)}
		for i := range k.cell {
			k.cell[i] = int(math.Floor(p[i] / cell))
		}
		id, ok := ids[k]
		if !ok {
			id = len(ids)
			ids[k] = id
		}
		out[v] = id
	}
	return out
}

// leadJoint is the joint with the largest weight on vertex v.
func leadJoint(m *body.Model, v int) uint8 {
	best := 0
	for k, w := range m.Weight[v] {
		if w > m.Weight[v][best] {
			best = k
		}
	}
	return m.Influence[v][best]
}

// representatives returns, per cluster, its vertex nearest the cluster's mean.
func representatives(m *body.Model, cluster []int) []int {
	n := 0
	for _, c := range cluster {
		n = max(n, c+1)
	}
	sum := make([]mgl64.Vec3, n)
	count := make([]float64, n)
	for v, c := range cluster {
		sum[c] = sum[c].Add(m.Rest[v])
		count[c]++
	}
	rep := make([]int, n)
	best := make([]float64, n)
	for c := range best {
		best[c] = math.Inf(1)
	}
	for v, c := range cluster {
		if d := m.Rest[v].Sub(sum[c].Mul(1 / count[c])).LenSqr(); d < best[c] {
			rep[c], best[c] = v, d
		}
	}
	return rep
}

// coarseFaces maps each triangle's corners through to and keeps, each once, those whose corners
// stay apart and that still face the way the full triangle faced (same says so): a triangle turned
// over by the clustering would show its back as a speck of the wrong shade.
func coarseFaces(faces [][3]uint32, to func(uint32) uint32, same func(f, g [3]uint32) bool) [][3]uint32 {
	seen := map[[3]uint32]bool{}
	var out [][3]uint32
	for _, f := range faces {
		g := [3]uint32{to(f[0]), to(f[1]), to(f[2])}
		if g[0] == g[1] || g[1] == g[2] || g[0] == g[2] || !same(f, g) {
			continue
		}
		key := canonicalFace(g)
		if !seen[key] {
			seen[key] = true
			out = append(out, g)
		}
	}
	return out
}

// canonicalFace returns a triangle's corners turned so that the smallest comes first, keeping their
// order: the same triangle seen from the other side stays a different one, so a part flattened to a
// sheet (a hand, far away) keeps both its sides.
func canonicalFace(f [3]uint32) [3]uint32 {
	switch {
	case f[1] < f[0] && f[1] < f[2]:
		return [3]uint32{f[1], f[2], f[0]}
	case f[2] < f[0] && f[2] < f[1]:
		return [3]uint32{f[2], f[0], f[1]}
	}
	return f
}
