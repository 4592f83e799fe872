package body

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// Validate reports the first problem that makes m unusable: no vertices or triangles, per-vertex
// slices of different lengths, coordinates that are not finite or beyond ±geom.MaxCoord, a triangle
// that names a vertex twice or one that does not exist, an influence that is not one of the 22
// joints, or weights outside [0, 1] or not summing to 1 (within 1e-4).
func (m *Model) Validate() error {
	n := len(m.Rest)
	if n == 0 || len(m.Faces) == 0 {
		return fmt.Errorf("body: model %q has %d vertices and %d triangles, want some of each", m.Name, n, len(m.Faces))
	}
	if len(m.Influence) != n || len(m.Weight) != n {
		return fmt.Errorf("body: model %q has %d vertices but %d influences and %d weights, want one of each per vertex",
			m.Name, n, len(m.Influence), len(m.Weight))
	}
	if err := checkPoints(m.Rest, m.Joints[:]); err != nil {
		return fmt.Errorf("body: model %q: %w", m.Name, err)
	}
	if err := checkFaces(m.Faces, n); err != nil {
		return fmt.Errorf("body: model %q: %w", m.Name, err)
	}
	for v := range n {
		if err := checkInfluences(m.Influence[v], m.Weight[v]); err != nil {
			return fmt.Errorf("body: model %q: vertex %d: %w", m.Name, v, err)
		}
	}
	return nil
}

// checkPoints reports the first vertex or joint that is not finite or lies beyond ±geom.MaxCoord.
func checkPoints(rest, joints []mgl64.Vec3) error {
	for v, p := range rest {
		if !geom.InWorldVec(p) {
			return fmt.Errorf("vertex %d is at %v, want finite coordinates within ±%g m", v, p, geom.MaxCoord)
		}
	}
	for j, p := range joints {
		if !geom.InWorldVec(p) {
			return fmt.Errorf("joint %s is at %v, want finite coordinates within ±%g m", motion.Joint(j), p, geom.MaxCoord)
		}
	}
	return nil
}

// checkFaces reports the first triangle that names a vertex outside [0, n) or one vertex twice.
func checkFaces(faces [][3]uint32, n int) error {
	for f, t := range faces {
		for _, v := range t {
			if int64(v) >= int64(n) {
				return fmt.Errorf("triangle %d names vertex %d, want one below %d", f, v, n)
			}
		}
		if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
			return fmt.Errorf("triangle %d is %v, want three different vertices", f, t)
		}
	}
	return nil
}

// checkInfluences reports joints out of range and weights outside [0, 1] or not summing to 1.
func checkInfluences(inf [MaxInfluences]uint8, w [MaxInfluences]float32) error {
	sum := 0.0
	for k := range MaxInfluences {
		if int(inf[k]) >= motion.NumJoints {
			return fmt.Errorf("influence %d is joint %d, want one of 0..%d", k, inf[k], motion.NumJoints-1)
		}
		if !(w[k] >= 0 && w[k] <= 1) {
			return fmt.Errorf("weight %d is %v, want a value in [0, 1]", k, w[k])
		}
		sum += float64(w[k])
	}
	if math.Abs(sum-1) > 1e-4 {
		return fmt.Errorf("weights sum to %v, want 1", sum)
	}
	return nil
}

// errNoArea is returned for a mesh whose triangles have no area at all.
var errNoArea = errors.New("the triangles have no area, want a surface")
