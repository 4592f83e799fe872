package body

import "github.com/go-gl/mathgl/mgl64"

// vertexAreas returns each vertex's share of the surface of the mesh (pos, faces): a third of the
// area of every triangle it belongs to, divided by the whole area, so that the shares sum to 1.
// Penetration sums max(0, −SDF) over vertices weighted by these shares, so a dense patch of mesh
// (the face, the hands) counts for the surface it covers rather than for its vertex count.
func vertexAreas(pos []mgl64.Vec3, faces [][3]uint32) ([]float64, error) {
	area := make([]float64, len(pos))
	total := 0.0
	for _, f := range faces {
		a := triangleArea(pos[f[0]], pos[f[1]], pos[f[2]])
		for _, v := range f {
			area[v] += a / 3
		}
		total += a
	}
	if !(total > 0) {
		return nil, errNoArea
	}
	for v := range area {
		area[v] /= total
	}
	return area, nil
}

// triangleArea returns the area of the triangle (a, b, c).
func triangleArea(a, b, c mgl64.Vec3) float64 {
	return 0.5 * b.Sub(a).Cross(c.Sub(a)).Len()
}
