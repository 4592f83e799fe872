package smplx

import "github.com/go-gl/mathgl/mgl64"

// shapeVertices returns v_template + shapedirs · betas, skipping zero betas (so that zero betas
// give the template exactly).
func (m *Model) shapeVertices(betas []float64) []mgl64.Vec3 {
	out := append([]mgl64.Vec3(nil), m.Template...)
	n3 := 3 * len(out)
	for k, b := range betas {
		if b == 0 || len(m.shapeDirs) < (k+1)*n3 {
			continue
		}
		dirs := m.shapeDirs[k*n3 : (k+1)*n3]
		for v := range out {
			out[v][0] += b * float64(dirs[3*v])
			out[v][1] += b * float64(dirs[3*v+1])
			out[v][2] += b * float64(dirs[3*v+2])
		}
	}
	return out
}

// regressJoints returns J_regressor · verts for every joint.
func (m *Model) regressJoints(verts []mgl64.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(m.regressor))
	for j, terms := range m.regressor {
		var p mgl64.Vec3
		for _, t := range terms {
			p = p.Add(verts[t.vertex].Mul(t.weight))
		}
		out[j] = p
	}
	return out
}
