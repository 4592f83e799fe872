package smplx

import (
	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// skin poses every vertex: v_posed = v_shaped + corrective, then Σ_k w_k·A_{j_k} blended into one
// transform per vertex and applied (as lbs.py does), then p.Trans added.
func (s *Shaped) skin(p *Params, out []mgl64.Vec3) {
	m := s.Model
	f := s.transforms(p)
	corr := m.poseCorrectives(f, len(s.Vertices))
	defer m.putScratch(corr)
	n := min(len(out), len(s.Vertices), len(m.skinStart)-1)
	c := *corr
	for v := range n {
		var blend [12]float64 // R column-major, then T
		for _, t := range m.skin[m.skinStart[v]:m.skinStart[v+1]] {
			blendInto(&blend, &f.a[t.joint], t.weight)
		}
		x := s.Vertices[v][0] + float64(c[3*v])
		y := s.Vertices[v][1] + float64(c[3*v+1])
		z := s.Vertices[v][2] + float64(c[3*v+2])
		out[v] = mgl64.Vec3{
			blend[0]*x + blend[3]*y + blend[6]*z + blend[9] + p.Trans[0],
			blend[1]*x + blend[4]*y + blend[7]*z + blend[10] + p.Trans[1],
			blend[2]*x + blend[5]*y + blend[8]*z + blend[11] + p.Trans[2],
		}
	}
}

// blendInto adds w·a to blend, written out because it runs for every influence of every vertex.
func blendInto(blend *[12]float64, a *lbsAffine, w float64) {
	r := &a.R
	blend[0] += w * r[0]
	blend[1] += w * r[1]
	blend[2] += w * r[2]
	blend[3] += w * r[3]
	blend[4] += w * r[4]
	blend[5] += w * r[5]
	blend[6] += w * r[6]
	blend[7] += w * r[7]
	blend[8] += w * r[8]
	blend[9] += w * a.T[0]
	blend[10] += w * a.T[1]
	blend[11] += w * a.T[2]
}

// correctives writes the pose correctives of p into out.
func (s *Shaped) correctives(p *Params, out []mgl64.Vec3) {
	m := s.Model
	corr := m.poseCorrectives(s.transforms(p), len(s.Vertices))
	defer m.putScratch(corr)
	c := *corr
	for v := range min(len(out), len(c)/3) {
		out[v] = mgl64.Vec3{float64(c[3*v]), float64(c[3*v+1]), float64(c[3*v+2])}
	}
}

// poseCorrectives returns posedirs · vec(R_j − I) for n vertices (3n float32, x y z per vertex) in
// a buffer of m.scratch, which the caller puts back (putScratch): one matrix-vector product of 3n rows by 192 in
// float32 (gonum's assembly kernels). A Model not made by Load gets zeros.
func (m *Model) poseCorrectives(f *lbsFrame, n int) *[]float32 {
	var buf *[]float32
	if m.scratch != nil {
		buf, _ = m.scratch.Get().(*[]float32)
	}
	if buf == nil || len(*buf) != 3*n {
		b := make([]float32, 3*n)
		buf = &b
	}
	if len(m.poseDirs) != 3*n*poseStride {
		clear(*buf)
		return buf
	}
	feat := f.poseFeatures()
	a := blas32.General{Rows: 3 * n, Cols: poseStride, Stride: poseStride, Data: m.poseDirs}
	blas32.Gemv(blas.NoTrans, 1, a, blas32.Vector{N: poseStride, Inc: 1, Data: feat[:]}, 0,
		blas32.Vector{N: 3 * n, Inc: 1, Data: *buf})
	return buf
}

// putScratch returns a buffer of poseCorrectives.
func (m *Model) putScratch(buf *[]float32) {
	if m.scratch != nil {
		m.scratch.Put(buf)
	}
}
