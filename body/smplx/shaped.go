package smplx

import (
	"errors"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// errTODO marks what the helpers building this package have not written yet.
var errTODO = errors.New("smplx: not written yet")

// Shaped is a Model with its shape fixed (betas): the shaped template and the rest joints. It is
// immutable and may be shared by goroutines.
type Shaped struct {
	Model    *Model
	Betas    []float64    // the shape coefficients, at most Model.NumBetas
	Vertices []mgl64.Vec3 // v_shaped = v_template + shapedirs · betas
	Joints   []mgl64.Vec3 // rest joints of every model joint, J_regressor · v_shaped
}

// Shape returns m with the given betas (fewer than m.NumBetas: the rest are zero), refusing more
// than m.NumBetas or a value that is not finite.
func (m *Model) Shape(betas []float64) (*Shaped, error) { return nil, errTODO }

// Skinning returns the 22 transforms of pose p as linear blend skinning applies them (A_j of
// REFERENCE §8 with p.Trans added): vertex v's posed position is Σ_j w_vj·A_j·(rest_v + corrective_v, 1).
func (s *Shaped) Skinning(p *Params) body.Skinning { return body.Skinning{} }

// PosedJoints returns the 22 body joints at pose p (forward kinematics, translation added).
func (s *Shaped) PosedJoints(p *Params) motion.Pose { return motion.Pose{} }

// Correctives writes each vertex's pose corrective at p (posedirs · vec(R_j − I), rest space) into
// out (len(s.Vertices) entries).
func (s *Shaped) Correctives(p *Params, out []mgl64.Vec3) {}

// Skin writes every vertex's posed position at p into out (len(s.Vertices) entries), exactly as
// the reference skins it.
func (s *Shaped) Skin(p *Params, out []mgl64.Vec3) {}

// Mesh returns the shaped model as a body.Model for drawing on the GPU: Rest = s.Vertices, the
// 22 rest joints, the faces, and each vertex's four largest merged weights renormalised (exact
// where a vertex has at most four, which MaxInfluences reports). Made once, shared.
func (s *Shaped) Mesh() *body.Model { return nil }
