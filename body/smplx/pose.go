package smplx

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/blas/blas32"

	"interactagent/motion"
)

// Pose is one pose of a shaped model prepared for skinning vertices one at a time: the joints'
// transforms and the pose features, computed once. Penetration culls with it (Transform,
// CorrectiveReach) and then skins only the vertices that may reach into the scene (Vertex),
// exactly as Skin does.
type Pose struct {
	s      *Shaped
	f      *lbsFrame
	feat   [poseStride]float32
	trans  mgl64.Vec3
	joints [NumBodyPose]float64 // ‖R_j − I‖_F of body joints 1 to 21
}

// Pose prepares pose p of s.
func (s *Shaped) Pose(p *Params) *Pose {
	q := &Pose{s: s, f: s.transforms(p), trans: p.Trans}
	q.feat = q.f.poseFeatures()
	for j := range q.joints {
		q.joints[j] = float64(blas32.Nrm2(blas32.Vector{N: 9, Inc: 1, Data: q.feat[9*j : 9*j+9]}))
	}
	return q
}

// Transform returns body joint j's skinning transform at the pose, translation added: x ↦ R·x + T
// takes a rest position (corrective added) to its posed place for a vertex carried by j alone.
func (q *Pose) Transform(j motion.Joint) (R mgl64.Mat3, T mgl64.Vec3) {
	a := q.f.a[j]
	return a.R, a.T.Add(q.trans)
}

// CorrectiveReach returns how far vertex v's pose corrective can move it at this pose, at most:
// Σ_j ‖v's posedirs columns of joint j‖_F · ‖R_j − I‖_F (Cauchy–Schwarz joint by joint, which
// stays tight where a joint's correctives fade away from it); blending by rotations and weights
// summing to one moves it no farther.
func (q *Pose) CorrectiveReach(v int) float64 { return q.Reach(q.s.Model.CorrectiveNorms(v)) }

// Reach returns Σ_j norms[j] · ‖R_j − I‖_F: the reach of the correctives of a vertex (or of
// several, taking each joint's largest) whose per-joint norms are norms (CorrectiveNorms).
func (q *Pose) Reach(norms *[NumBodyPose]float32) float64 {
	r := 0.0
	for j, n := range norms {
		r += float64(n) * q.joints[j]
	}
	return r
}

// CorrectiveNorms returns, for each body joint 1 to 21, the Frobenius norm of vertex v's kept
// posedirs columns of that joint (zeros for a model without them).
func (m *Model) CorrectiveNorms(v int) *[NumBodyPose]float32 { return &m.correctiveNorms()[v] }

// Vertex returns vertex v posed exactly, as Skin puts it.
func (q *Pose) Vertex(v int) mgl64.Vec3 {
	m := q.s.Model
	var c [3]float32
	if len(m.poseDirs) == 3*len(q.s.Vertices)*poseStride {
		for k := range 3 {
			row := m.poseDirs[(3*v+k)*poseStride : (3*v+k+1)*poseStride]
			c[k] = blas32.Dot(blas32.Vector{N: poseStride, Inc: 1, Data: row}, blas32.Vector{N: poseStride, Inc: 1, Data: q.feat[:]})
		}
	}
	var blend [12]float64
	for _, t := range m.skin[m.skinStart[v]:m.skinStart[v+1]] {
		blendInto(&blend, &q.f.a[t.joint], t.weight)
	}
	x := q.s.Vertices[v][0] + float64(c[0])
	y := q.s.Vertices[v][1] + float64(c[1])
	z := q.s.Vertices[v][2] + float64(c[2])
	return mgl64.Vec3{
		blend[0]*x + blend[3]*y + blend[6]*z + blend[9] + q.trans[0],
		blend[1]*x + blend[4]*y + blend[7]*z + blend[10] + q.trans[1],
		blend[2]*x + blend[5]*y + blend[8]*z + blend[11] + q.trans[2],
	}
}

// Blend returns vertex v carried by its blended skinning transform without its pose corrective:
// Vertex(v) lies at most CorrectiveReach(v) from it, and it costs a small part of Vertex.
func (q *Pose) Blend(v int) mgl64.Vec3 {
	m := q.s.Model
	var blend [12]float64
	for _, t := range m.skin[m.skinStart[v]:m.skinStart[v+1]] {
		blendInto(&blend, &q.f.a[t.joint], t.weight)
	}
	x, y, z := q.s.Vertices[v][0], q.s.Vertices[v][1], q.s.Vertices[v][2]
	return mgl64.Vec3{
		blend[0]*x + blend[3]*y + blend[6]*z + blend[9] + q.trans[0],
		blend[1]*x + blend[4]*y + blend[7]*z + blend[10] + q.trans[1],
		blend[2]*x + blend[5]*y + blend[8]*z + blend[11] + q.trans[2],
	}
}

// Weights calls yield with each of vertex v's merged skinning weights (a body joint and its
// weight), the weights of joints beyond the first 22 added to their body ancestor's.
func (m *Model) Weights(v int, yield func(j motion.Joint, w float64)) {
	for _, t := range m.skin[m.skinStart[v]:m.skinStart[v+1]] {
		yield(motion.Joint(t.joint), t.weight)
	}
}

// correctiveNorms returns each vertex's per-joint posedirs norms, computed once per model.
func (m *Model) correctiveNorms() [][NumBodyPose]float32 {
	m.normsOnce.Do(func() {
		n := len(m.skinStart) - 1
		m.norms = make([][NumBodyPose]float32, max(n, 0))
		if len(m.poseDirs) != 3*n*poseStride {
			return
		}
		for v := range m.norms {
			for j := range NumBodyPose {
				ss := 0.0
				for c := range 3 {
					for _, x := range m.poseDirs[(3*v+c)*poseStride+9*j : (3*v+c)*poseStride+9*j+9] {
						ss += float64(x) * float64(x)
					}
				}
				m.norms[v][j] = float32(math.Sqrt(ss))
			}
		}
	})
	return m.norms
}

// normCache is the lazily computed per-vertex corrective norms of a model.
type normCache struct {
	normsOnce sync.Once
	norms     [][NumBodyPose]float32
}
