package smplx_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/motion"
)

// TestPoseVertexIsSkin: a Pose skins any vertex exactly as Skin does, its transforms carry a
// vertex of one joint, and no corrective moves a vertex farther than CorrectiveReach says, from
// its rest place nor from its blended position without it (Blend).
func TestPoseVertexIsSkin(t *testing.T) {
	s := fitStandIn(t)
	rng := rand.New(rand.NewPCG(3, 4))
	n := len(s.Vertices)
	skinned := make([]mgl64.Vec3, n)
	corr := make([]mgl64.Vec3, n)
	for trial := range 4 {
		var p smplx.Params
		p.Orient = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.5)
		for j := range p.Body {
			p.Body[j] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.4)
		}
		p.Trans = mgl64.Vec3{1, 0.2, -2}
		s.Skin(&p, skinned)
		s.Correctives(&p, corr)
		q := s.Pose(&p)
		worst, over := 0.0, 0
		for v := range n {
			worst = max(worst, q.Vertex(v).Sub(skinned[v]).Len())
			if corr[v].Len() > q.CorrectiveReach(v)*(1+1e-6)+1e-9 || q.Vertex(v).Sub(q.Blend(v)).Len() > q.CorrectiveReach(v)*(1+1e-6)+1e-9 {
				over++
			}
		}
		if worst > 1e-8 || over > 0 { // float32 correctives summed in another order: nanometres
			t.Errorf("pose %d: Vertex is %.3g m from Skin; %d correctives beyond their reach", trial, worst, over)
		}
		R, T := q.Transform(motion.Pelvis)
		if got := R.Mul3x1(s.Joints[0]).Add(T); got.Sub(s.PosedJoints(&p)[motion.Pelvis]).Len() > 1e-9 {
			t.Errorf("pose %d: the pelvis transform puts the rest pelvis at %v, want %v", trial, got, s.PosedJoints(&p)[motion.Pelvis])
		}
	}
}
