package distance

import "math"

// The exact Euclidean distance transform of GridSDF (Felzenszwalb and Huttenlocher, "Distance
// transforms of sampled functions", 2012): the squared distance to the nearest feature over a
// lattice is separable, min over features of Σ (xₐ − fₐ)², so one pass per axis, each taking
// the lower envelope of the parabolas (x − q)² + f(q) of its line, gives it exactly.

// transform replaces the squared distances d2 over the corner lattice (voxel units, +Inf for no
// feature yet) by their one-dimensional distance transform along axis: after the passes along all
// three axes, each holds the squared distance to the nearest feature corner.
func (s *GridSDF) transform(d2 []float32, axis int) {
	strides := [3]int{s.n[1] * s.n[2], s.n[2], 1}
	n, stride := s.n[axis], strides[axis]
	line, out := make([]float32, n), make([]float32, n)
	env := newEnvelope(n)
	// The lines along axis start at the corners whose index along it is 0; those are visited with
	// the z index fastest, so consecutive lines share cache lines.
	lim := s.n
	lim[axis] = 1
	for i := 0; i < lim[0]; i++ {
		for j := 0; j < lim[1]; j++ {
			for k := 0; k < lim[2]; k++ {
				start := i*strides[0] + j*strides[1] + k
				for t := range line {
					line[t] = d2[start+t*stride]
				}
				env.transform(line, out)
				for t, v := range out {
					d2[start+t*stride] = v
				}
			}
		}
	}
}

// envelope holds the lower envelope of parabolas of one line: v the apexes' positions, z the
// boundaries between consecutive parabolas' ranges.
type envelope struct {
	v []int32
	z []float64
}

// newEnvelope returns buffers for lines of n samples.
func newEnvelope(n int) *envelope {
	return &envelope{v: make([]int32, n), z: make([]float64, n+1)}
}

// transform writes to out the one-dimensional squared distance transform of f: out[q] =
// min over p of (q − p)² + f[p] (+Inf where every f is +Inf).
func (e *envelope) transform(f, out []float32) {
	k := e.build(f)
	if k < 0 {
		for q := range out {
			out[q] = float32(math.Inf(1))
		}
		return
	}
	e.z[k+1] = math.Inf(1)
	j := 0
	for q := range out {
		for e.z[j+1] < float64(q) {
			j++
		}
		dq := float64(q - int(e.v[j]))
		out[q] = float32(dq*dq + float64(f[e.v[j]]))
	}
}

// build computes the lower envelope of the parabolas at the finite samples of f and returns the
// index of its last parabola (−1 when there is none).
func (e *envelope) build(f []float32) int {
	k := -1
	for q := range f {
		fq := float64(f[q])
		if math.IsInf(fq, 1) {
			continue
		}
		var b float64
		for {
			if k < 0 {
				b = math.Inf(-1)
				break
			}
			r := int(e.v[k])
			b = ((fq + float64(q*q)) - (float64(f[r]) + float64(r*r))) / float64(2*(q-r))
			if b > e.z[k] {
				break
			}
			k--
		}
		k++
		e.v[k], e.z[k] = int32(q), b
	}
	return k
}
