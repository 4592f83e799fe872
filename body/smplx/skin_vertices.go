package smplx

import (
	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// skinBlock is how many vertices skin and correctives take at a time: their correctives (3 KB)
// stay in the first-level cache between the product that makes them and the blend that uses them.
const skinBlock = 256

// skin poses every vertex: v_posed = v_shaped + corrective, then Σ_k w_k·A_{j_k} blended into one
// transform per vertex and applied (as lbs.py does), then p.Trans added.
func (s *Shaped) skin(p *Params, out []mgl64.Vec3) {
	m := s.Model
	f := s.transforms(p)
	feat := f.poseFeatures()
	n := min(len(out), len(s.Vertices), len(m.skinStart)-1)
	var buf [3 * skinBlock]float32
	for lo := 0; lo < n; lo += skinBlock {
		hi := min(lo+skinBlock, n)
		c := buf[:3*(hi-lo)]
		s.blockCorrectives(&feat, lo, c)
		for v := lo; v < hi; v++ {
			var blend [12]float64 // R column-major, then T
			for _, t := range m.skin[m.skinStart[v]:m.skinStart[v+1]] {
				blendInto(&blend, &f.a[t.joint], t.weight)
			}
			i := 3 * (v - lo)
			x := s.Vertices[v][0] + float64(c[i])
			y := s.Vertices[v][1] + float64(c[i+1])
			z := s.Vertices[v][2] + float64(c[i+2])
			out[v] = mgl64.Vec3{
				blend[0]*x + blend[3]*y + blend[6]*z + blend[9] + p.Trans[0],
				blend[1]*x + blend[4]*y + blend[7]*z + blend[10] + p.Trans[1],
				blend[2]*x + blend[5]*y + blend[8]*z + blend[11] + p.Trans[2],
			}
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
	f := s.transforms(p)
	feat := f.poseFeatures()
	n := min(len(out), len(s.Vertices))
	var buf [3 * skinBlock]float32
	for lo := 0; lo < n; lo += skinBlock {
		hi := min(lo+skinBlock, n)
		c := buf[:3*(hi-lo)]
		s.blockCorrectives(&feat, lo, c)
		for v := lo; v < hi; v++ {
			i := 3 * (v - lo)
			out[v] = mgl64.Vec3{float64(c[i]), float64(c[i+1]), float64(c[i+2])}
		}
	}
}

// blockCorrectives writes posedirs · feat for the len(out)/3 vertices from lo (x, y, z each) into
// out: a product of their rows of the kept posedirs by the 192 features in float32, gonum's
// assembly kernels. A Model not made by Load gets zeros.
func (s *Shaped) blockCorrectives(feat *[poseStride]float32, lo int, out []float32) {
	pd := s.Model.poseDirs
	if len(pd) != 3*len(s.Vertices)*poseStride {
		clear(out)
		return
	}
	rows := len(out)
	a := blas32.General{Rows: rows, Cols: poseStride, Stride: poseStride, Data: pd[3*lo*poseStride : (3*lo+rows)*poseStride]}
	blas32.Gemv(blas.NoTrans, 1, a, blas32.Vector{N: poseStride, Inc: 1, Data: feat[:]}, 0,
		blas32.Vector{N: rows, Inc: 1, Data: out})
}
