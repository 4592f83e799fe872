package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Skinning is one frame's linear-blend-skinning matrices, one per joint: vertex v's posed position
// is Σ_k Weight[v][k]·M[Influence[v][k]]·(Rest[v], 1). The matrices are affine (bottom row 0 0 0 1)
// and are all a renderer needs to skin the mesh on the GPU.
type Skinning [motion.NumJoints]mgl64.Mat4

// Skin writes the posed position of every vertex into out, which should have len(m.Rest) entries;
// a shorter out gets the first len(out) vertices.
func (m *Model) Skin(s *Skinning, out []mgl64.Vec3) {
	// One affine row block per possible uint8 index, so that indexing by an influence needs no
	// bounds check; indices past the 22 joints (which Validate refuses) read zeros.
	var rows [256]affine
	for j := range s {
		rows[j] = affineOf(&s[j])
	}
	n := min(len(out), len(m.Rest), len(m.Influence), len(m.Weight))
	for v := range n {
		out[v] = skinVertex(&rows, &m.Rest[v], &m.Influence[v], &m.Weight[v])
	}
}

// affine holds a matrix's top three rows, column by column.
type affine [12]float64

// affineOf copies the top three rows of an affine matrix.
func affineOf(m *mgl64.Mat4) affine {
	return affine{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]}
}

// skinVertex blends the transforms of one vertex's influences, skipping zero weights (two vertices
// in three of the open body follow one joint alone). It is written out, without helper calls,
// because it runs for every vertex of every drawn frame.
func skinVertex(rows *[256]affine, r *mgl64.Vec3, inf *[MaxInfluences]uint8, w *[MaxInfluences]float32) mgl64.Vec3 {
	rx, ry, rz := r[0], r[1], r[2]
	var x, y, z float64
	for k := range MaxInfluences {
		if w[k] == 0 {
			continue
		}
		a, wk := &rows[inf[k]], float64(w[k])
		x += wk * (a[0]*rx + a[3]*ry + a[6]*rz + a[9])
		y += wk * (a[1]*rx + a[4]*ry + a[7]*rz + a[10])
		z += wk * (a[2]*rx + a[5]*ry + a[8]*rz + a[11])
	}
	return mgl64.Vec3{x, y, z}
}

// PosedJoints returns where s puts the model's rest joints: joint j moved by its own matrix. For a
// Fitter's skinning these are the posed mesh's joints (see Fitter for which land on the clip's).
func (m *Model) PosedJoints(s *Skinning) [motion.NumJoints]mgl64.Vec3 {
	var out [motion.NumJoints]mgl64.Vec3
	for j := range out {
		out[j] = s[j].Mul4x1(m.Joints[j].Vec4(1)).Vec3()
	}
	return out
}
