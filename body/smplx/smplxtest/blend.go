package smplxtest

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
)

// wave is one smooth synthetic deformation: amp·sin(freq·(p·dir) + phase) per coordinate.
type wave struct {
	dir   mgl64.Vec3
	freq  float64
	phase [3]float64
	amp   float64
}

// at evaluates the wave's coordinate c at p.
func (w *wave) at(p mgl64.Vec3, c int) float64 {
	return w.amp * math.Sin(w.freq*p.Dot(w.dir)+w.phase[c])
}

// newWave draws a wave of amplitude amp from rng.
func newWave(rng *rand.Rand, amp float64) wave {
	dir := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	w := wave{dir: dir, freq: 2 + 6*rng.Float64(), amp: amp}
	for c := range w.phase {
		w.phase[c] = 2 * math.Pi * rng.Float64()
	}
	return w
}

// shapeDirs returns shapedirs (N, 3, S) in C order: per shape column a wave of a few centimetres
// per unit beta, smaller for later columns; SMPL-X's expression columns (past the shape ones) are
// millimetre waves around the face.
func shapeDirs(verts [][3]float64, sk *skeleton, o Options) []float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	s := o.ShapeColumns
	shape := ShapeCount(o)
	waves := make([]wave, s)
	for k := range waves {
		amp := 0.02 / (1 + 0.1*float64(k))
		if k >= shape && o.Family == smplx.SMPLX {
			amp = 0.004
		}
		waves[k] = newWave(rng, amp)
	}
	face := sk.joints[headJoint].Add(mgl64.Vec3{0, 0, 0.08})
	out := make([]float64, len(verts)*3*s)
	for v, p := range verts {
		near := 0.01 + math.Exp(-mgl64.Vec3(p).Sub(face).LenSqr()/(2*0.08*0.08))
		for c := range 3 {
			row := out[(v*3+c)*s : (v*3+c+1)*s]
			for k := range row {
				row[k] = waves[k].at(p, c)
				if k >= shape && o.Family == smplx.SMPLX {
					row[k] *= near
				}
			}
		}
	}
	return out
}

// poseDirs returns posedirs (N, 3, (J-1)·9) in C order: column (j-1)·9+e, for entry e of joint j's
// R - I, is a wave of about half a millimetre everywhere that grows to 8 mm per unit near joint j, so
// that a one-radian bend moves nearby vertices by millimetres to a centimetre. The waves of one
// entry share a direction and differ by a phase per joint, which keeps generating cheap.
func poseDirs(verts [][3]float64, joints []mgl64.Vec3) []float64 {
	rng := rand.New(rand.NewPCG(3, 4))
	var base [3][9]wave
	for c := range base {
		for e := range base[c] {
			base[c][e] = newWave(rng, 1)
		}
	}
	nj := len(joints) - 1
	sinPhase, cosPhase := make([]float64, nj*27), make([]float64, nj*27)
	for i := range sinPhase {
		sinPhase[i], cosPhase[i] = math.Sincos(2 * math.Pi * rng.Float64())
	}
	p := nj * 9
	out := make([]float64, len(verts)*3*p)
	var sn, cs [3][9]float64
	for v, x := range verts {
		for c := range 3 {
			for e := range 9 {
				sn[c][e], cs[c][e] = math.Sincos(base[c][e].freq * mgl64.Vec3(x).Dot(base[c][e].dir))
			}
		}
		for j := 1; j <= nj; j++ {
			amp := 0.0005 + 0.008*math.Exp(-mgl64.Vec3(x).Sub(joints[j]).LenSqr()/(2*0.12*0.12))
			for c := range 3 {
				row := out[(v*3+c)*p+(j-1)*9:]
				for e := range 9 {
					ph := ((j-1)*3+c)*9 + e
					row[e] = amp * (sn[c][e]*cosPhase[ph] + cs[c][e]*sinPhase[ph])
				}
			}
		}
	}
	return out
}
