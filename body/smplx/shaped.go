package smplx

import (
	"fmt"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/geom"
	"interactagent/motion"
)

// Shaped is a Model with its shape fixed (betas): the shaped template and the rest joints. It is
// immutable and may be shared by goroutines. Posing it (Skinning, PosedJoints, Correctives, Skin,
// Mesh) needs a Shaped made by Model.Shape.
type Shaped struct {
	Model    *Model
	Betas    []float64    // the shape coefficients, at most Model.NumBetas
	Vertices []mgl64.Vec3 // v_shaped = v_template + shapedirs · betas
	Joints   []mgl64.Vec3 // rest joints of every model joint, J_regressor · v_shaped

	meshOnce sync.Once
	mesh     *body.Model
}

// Shape returns m with the given betas (fewer than m.NumBetas: the rest are zero), refusing more
// than m.NumBetas or a value that is not finite, and betas so large that a vertex or joint leaves the
// world (geom.MaxCoord).
func (m *Model) Shape(betas []float64) (*Shaped, error) {
	if len(betas) > m.NumBetas {
		return nil, fmt.Errorf("smplx: %s: %d betas, want at most %d", m.Name, len(betas), m.NumBetas)
	}
	for k, b := range betas {
		if !geom.Finite(b) {
			return nil, fmt.Errorf("smplx: %s: beta %d is %v, want a finite number", m.Name, k, b)
		}
	}
	s := &Shaped{Model: m, Betas: append([]float64(nil), betas...), Vertices: m.shapeVertices(betas)}
	for v, p := range s.Vertices {
		if !geom.InWorldVec(p) {
			return nil, fmt.Errorf("smplx: %s: betas %v put vertex %d at %v, want within ±%g m", m.Name, betas, v, p, geom.MaxCoord)
		}
	}
	s.Joints = m.regressJoints(s.Vertices)
	for j, p := range s.Joints {
		if !geom.InWorldVec(p) {
			return nil, fmt.Errorf("smplx: %s: betas %v put joint %d at %v, want within ±%g m", m.Name, betas, j, p, geom.MaxCoord)
		}
	}
	return s, nil
}

// Skinning returns the 22 transforms of pose p as linear blend skinning applies them (A_j of
// REFERENCE §8 with p.Trans added): vertex v's posed position is Σ_j w_vj·A_j·(rest_v + corrective_v, 1).
func (s *Shaped) Skinning(p *Params) body.Skinning { return s.transforms(p).skinning(p.Trans) }

// PosedJoints returns the 22 body joints at pose p (forward kinematics, translation added).
func (s *Shaped) PosedJoints(p *Params) motion.Pose { return s.transforms(p).joints(s.Joints, p.Trans) }

// Correctives writes each vertex's pose corrective at p (posedirs · vec(R_j − I), rest space) into
// out (len(s.Vertices) entries; a shorter out gets the first len(out)).
func (s *Shaped) Correctives(p *Params, out []mgl64.Vec3) { s.correctives(p, out) }

// Skin writes every vertex's posed position at p into out (len(s.Vertices) entries; a shorter out
// gets the first len(out)), exactly as the reference skins it: pose correctives, then the blend of
// the merged weights' transforms, then the translation.
func (s *Shaped) Skin(p *Params, out []mgl64.Vec3) { s.skin(p, out) }

// Mesh returns the shaped model as a body.Model for drawing on the GPU: Rest = s.Vertices, the
// 22 rest joints, the faces, and each vertex's four largest merged weights renormalised (exact
// where a vertex has at most four, which MaxInfluences reports). Made once, shared.
func (s *Shaped) Mesh() *body.Model {
	s.meshOnce.Do(func() { s.mesh = s.buildMesh() })
	return s.mesh
}
