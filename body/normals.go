package body

import "github.com/go-gl/mathgl/mgl64"

// Normals writes into out the area-weighted unit normal of every vertex of the mesh posed at pos
// (for example Skin's output, or Rest): the sum of its triangles' normals, each as long as twice the
// triangle's area, normalised. A vertex whose triangles have no area gets +Y. out and pos should
// have len(m.Rest) entries; shorter ones get the first vertices only.
func (m *Model) Normals(pos []mgl64.Vec3, out []mgl64.Vec3) {
	n := min(len(out), len(pos), len(m.Rest))
	clear(out[:n])
	for _, f := range m.Faces {
		if int(f[0]) >= n || int(f[1]) >= n || int(f[2]) >= n {
			continue
		}
		a, b, c := pos[f[0]], pos[f[1]], pos[f[2]]
		fn := b.Sub(a).Cross(c.Sub(a))
		out[f[0]], out[f[1]], out[f[2]] = out[f[0]].Add(fn), out[f[1]].Add(fn), out[f[2]].Add(fn)
	}
	for v := range out[:n] {
		u, ok := unit(out[v])
		if !ok {
			u = mgl64.Vec3{0, 1, 0}
		}
		out[v] = u
	}
}
