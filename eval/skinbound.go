package eval

import (
	"math"
	"slices"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/geom"
)

// The capsules a Skin's chunks are culled with: made once around the rest vertices, and carried to
// each frame with a bound that holds every skinned vertex.

// cutAlong cuts the vertices vs into pieces at most maxChunkLength long along their own principal
// axis and of at most maxChunkVertices: a piece too long or too large is halved at its median
// along that axis, and so on, so that dense patches (toes, fingers, the face) get small pieces.
func cutAlong(rest []mgl64.Vec3, vs []int) [][]int {
	if len(vs) == 0 {
		return nil
	}
	u := principalAxis(pointsOf(rest, vs))
	sorted := slices.Clone(vs)
	sort.SliceStable(sorted, func(a, b int) bool { return rest[sorted[a]].Dot(u) < rest[sorted[b]].Dot(u) })
	long := rest[sorted[len(sorted)-1]].Dot(u)-rest[sorted[0]].Dot(u) > maxChunkLength
	if len(sorted) < 2 || !long && len(sorted) <= maxChunkVertices {
		return [][]int{sorted}
	}
	half := len(sorted) / 2
	return append(cutAlong(rest, sorted[:half]), cutAlong(rest, sorted[half:])...)
}

// pointsOf returns the points vs of rest.
func pointsOf(rest []mgl64.Vec3, vs []int) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(vs))
	for i, v := range vs {
		out[i] = rest[v]
	}
	return out
}

// centroid returns the mean of ps.
func centroid(ps []mgl64.Vec3) mgl64.Vec3 {
	var c mgl64.Vec3
	for _, p := range ps {
		c = c.Add(p)
	}
	return c.Mul(1 / float64(len(ps)))
}

// principalAxis returns the direction along which the points ps spread most: the leading
// eigenvector of their covariance, by power iteration from the axis of largest variance.
func principalAxis(ps []mgl64.Vec3) mgl64.Vec3 {
	c := centroid(ps)
	var cov mgl64.Mat3
	for _, p := range ps {
		d := p.Sub(c)
		cov = cov.Add(d.OuterProd3(d))
	}
	u := mgl64.Vec3{}
	u[widestAxis(cov)] = 1
	for range 64 {
		next := cov.Mul3x1(u)
		if next.Len() == 0 {
			break
		}
		u = next.Normalize()
	}
	return u
}

// widestAxis returns the coordinate axis of the largest variance of a covariance matrix.
func widestAxis(cov mgl64.Mat3) int {
	best := 0
	for k := 1; k < 3; k++ {
		if cov.At(k, k) > cov.At(best, best) {
			best = k
		}
	}
	return best
}

// restCapsule returns a capsule around the points ps: the segment through their centroid along
// their principal axis, as long as they reach along it, and the largest distance of a point from
// it.
func restCapsule(ps []mgl64.Vec3) (a, b mgl64.Vec3, r float64) {
	c, u := centroid(ps), principalAxis(ps)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		t := p.Sub(c).Dot(u)
		lo, hi = min(lo, t), max(hi, t)
	}
	a, b = c.Add(u.Mul(lo)), c.Add(u.Mul(hi))
	seg := geom.Capsule{A: a, B: b}
	for _, p := range ps {
		r = max(r, seg.Distance(p))
	}
	return a, b, r
}

// affine is a skinning matrix's top three rows: its linear part column by column, then its
// translation.
type affine [12]float64

// bones is one frame's skinning matrices as affine maps, with a bound on the stretch of each
// one's linear part (stretchBound).
type bones struct {
	m       [22]affine
	stretch [22]float64
}

// set copies the skinning matrices of a frame and bounds their stretches.
func (out *bones) set(s *body.Skinning) {
	for j := range s {
		m := &s[j]
		out.m[j] = affine{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]}
		out.stretch[j] = stretchBound(&out.m[j])
	}
}

// apply maps p.
func (a *affine) apply(p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{a[0]*p[0] + a[3]*p[1] + a[6]*p[2] + a[9], a[1]*p[0] + a[4]*p[1] + a[7]*p[2] + a[10],
		a[2]*p[0] + a[5]*p[1] + a[8]*p[2] + a[11]}
}

// chunkCapsule returns the capsule that holds every vertex of chunk c under the frame's bones b.
// With j the chunk's bone and M̄ = Σ_k W̄_k M_k a reference blend of the chunk's bones (W̄_k the
// midrange of bone k's weights over the chunk, W̄_j taking the rest of 1), a vertex r of the chunk
// (within radius R of the rest segment ab) goes to
//
//	Σ_k w_k M_k r = M̄ r + Σ_{k≠j} (w_k − W̄_k)(M_k − M_j) r + (Σ_k w_k − 1) M_j r.
//
// M̄ r lies within σ R of the segment M̄a–M̄b, where σ = Σ_k |W̄_k| σ_k bounds the stretch of M̄'s
// linear part (σ_k: M_k's, stretchBound); |w_k − W̄_k| is at most half the range of bone k's
// weights; |(M_k − M_j) r| is at most the larger of its values at a and at b plus ‖L_k − L_j‖_F R
// (their linear parts' difference); and the weights sum to 1 within sumErr. The radius adds these
// up.
func chunkCapsule(c *chunk, b *bones) geom.Capsule {
	mj := &b.m[c.joint]
	ja, jb := mj.apply(c.a), mj.apply(c.b)
	wj := 1.0
	for _, o := range c.others {
		wj -= o.mid
	}
	A, B := ja.Mul(wj), jb.Mul(wj)
	sigma, spread := math.Abs(wj)*b.stretch[c.joint], 0.0
	for _, o := range c.others {
		mk := &b.m[o.joint]
		ka, kb := mk.apply(c.a), mk.apply(c.b)
		A, B = A.Add(ka.Mul(o.mid)), B.Add(kb.Mul(o.mid))
		sigma += o.mid * b.stretch[o.joint]
		reach := max(ka.Sub(ja).Len(), kb.Sub(jb).Len())
		spread += o.spread * (reach + linearDistance(mk, mj)*c.radius)
	}
	r := sigma*c.radius + spread + c.sumErr*(max(ja.Len(), jb.Len())+b.stretch[c.joint]*c.radius) + capsuleSlack
	return geom.Capsule{A: A, B: B, Radius: r}
}

// capsuleSlack covers the rounding of skinning (metres).
const capsuleSlack = 1e-9

// stretchBound bounds from above how much a's linear part L can lengthen a vector (its largest
// singular value): the square root of the largest row sum of |LᵀL| (Gershgorin's bound on its
// largest eigenvalue), exact for a rotation, a little over for a stretch.
func stretchBound(a *affine) float64 {
	best := 0.0
	for i := range 3 {
		row := 0.0
		for k := range 3 {
			row += math.Abs(a[3*i]*a[3*k] + a[3*i+1]*a[3*k+1] + a[3*i+2]*a[3*k+2])
		}
		best = max(best, row)
	}
	return math.Sqrt(best) * (1 + 1e-12)
}

// linearDistance returns the Frobenius norm of the difference of a's and b's linear parts, which
// bounds how much farther apart they can move two points than the points were.
func linearDistance(a, b *affine) float64 {
	s := 0.0
	for i := range 9 {
		s += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(s)
}
