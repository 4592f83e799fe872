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
	var rows [motion.NumJoints][12]float64 // each matrix's top three rows, column by column
	for j := range s {
		copy(rows[j][:3], s[j][0:3])
		copy(rows[j][3:6], s[j][4:7])
		copy(rows[j][6:9], s[j][8:11])
		copy(rows[j][9:], s[j][12:15])
	}
	n := min(len(out), len(m.Rest))
	for v := range n {
		out[v] = skinVertex(&rows, m.Rest[v], &m.Influence[v], &m.Weight[v])
	}
}

// skinVertex blends the transforms of one vertex's influences; zero weights are skipped.
func skinVertex(rows *[motion.NumJoints][12]float64, r mgl64.Vec3, inf *[MaxInfluences]uint8, w *[MaxInfluences]float32) mgl64.Vec3 {
	var x, y, z float64
	for k := range MaxInfluences {
		if w[k] == 0 {
			continue
		}
		a, wk := &rows[inf[k]%motion.NumJoints], float64(w[k])
		x += wk * (a[0]*r[0] + a[3]*r[1] + a[6]*r[2] + a[9])
		y += wk * (a[1]*r[0] + a[4]*r[1] + a[7]*r[2] + a[10])
		z += wk * (a[2]*r[0] + a[5]*r[1] + a[8]*r[2] + a[11])
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
