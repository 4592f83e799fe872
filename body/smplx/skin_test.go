package smplx_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/motion"
)

// skinBound is how far Skin may lie from the float64 reference: the pose correctives are summed
// in float32 (at most 5e-9 m measured on the stand-ins) and the reference's Rodrigues adds 1e-8 to
// every axis-angle component (about 3e-8 m); the largest measured is 3.4e-8 m.
const skinBound = 1e-6

// randomParams draws a pose: any orientation, body rotations up to about a radian, a translation
// within a room.
func randomParams(rng *rand.Rand) smplx.Params {
	ball := func(r float64) mgl64.Vec3 {
		return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(r)
	}
	p := smplx.Params{Orient: ball(1.2), Trans: mgl64.Vec3{4 * rng.Float64(), rng.Float64(), 4 * rng.Float64()}}
	for j := range p.Body {
		p.Body[j] = ball(0.5)
	}
	return p
}

// randomBetas draws n betas of about unit size.
func randomBetas(rng *rand.Rand, n int) []float64 {
	b := make([]float64, n)
	for i := range b {
		b[i] = 1.5 * rng.NormFloat64()
	}
	return b
}

// fullPose spreads p over every joint of a model of nj joints: jaw, eyes and hands zero.
func fullPose(p *smplx.Params, nj int) [][3]float64 {
	out := make([][3]float64, nj)
	out[0] = p.Orient
	for j, r := range p.Body {
		out[j+1] = r
	}
	return out
}

func dist(a mgl64.Vec3, b [3]float64) float64 { return a.Sub(b).Len() }

// TestSkinMatchesReference poses stand-ins of every layout with random betas and poses and compares
// Shape, PosedJoints, Correctives, Skinning and Skin with the reference lbs().
func TestSkinMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, o := range layouts {
		m, raw := loadStandIn(t, o)
		worst := map[string]float64{}
		for try := range 3 {
			betas := randomBetas(rng, min(m.NumBetas, 3+try*150))
			s, err := m.Shape(betas)
			if err != nil {
				t.Fatal(err)
			}
			p := randomParams(rng)
			ref := refLBS(raw, betas, fullPose(&p, raw.NumJoints()), p.Trans)
			compareShaped(t, s, ref, worst)
			comparePosed(t, s, &p, ref, worst)
		}
		for what, d := range worst {
			bound := skinBound
			if what == "shape" || what == "rest joints" || what == "posed joints" || what == "transforms" {
				bound = 1e-7 // float32 shapedirs of a float64 file
			}
			if d > bound {
				t.Errorf("%+v: %s: %.3g m from the reference, want at most %g", o, what, d, bound)
			}
		}
		t.Logf("%v %+v: largest differences from the reference %v", m.Family, o, worst)
	}
}

// compareShaped compares the shaped vertices and every rest joint.
func compareShaped(t *testing.T, s *smplx.Shaped, ref *refOutput, worst map[string]float64) {
	for v, p := range s.Vertices {
		worst["shape"] = math.Max(worst["shape"], dist(p, ref.shaped[v]))
	}
	if len(s.Joints) != len(ref.restJ) {
		t.Fatalf("%d rest joints, want %d", len(s.Joints), len(ref.restJ))
	}
	for j, p := range s.Joints {
		worst["rest joints"] = math.Max(worst["rest joints"], dist(p, ref.restJ[j]))
	}
}

// comparePosed compares one pose's joints, transforms, correctives and vertices.
func comparePosed(t *testing.T, s *smplx.Shaped, p *smplx.Params, ref *refOutput, worst map[string]float64) {
	for j, q := range s.PosedJoints(p) {
		worst["posed joints"] = math.Max(worst["posed joints"], dist(q, ref.joints[j]))
	}
	sk := s.Skinning(p)
	for j := range motion.NumJoints {
		for r := range 3 {
			for c := range 4 {
				want := ref.relTransf[j][r][c]
				if c == 3 {
					want += p.Trans[r]
				}
				worst["transforms"] = math.Max(worst["transforms"], math.Abs(sk[j].At(r, c)-want))
			}
		}
	}
	n := len(s.Vertices)
	corr, out := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	s.Correctives(p, corr)
	s.Skin(p, out)
	for v := range n {
		worst["correctives"] = math.Max(worst["correctives"], dist(corr[v], ref.offsets[v]))
		worst["vertices"] = math.Max(worst["vertices"], dist(out[v], ref.verts[v]))
	}
}

// TestZeroPoseIsTemplate: zero pose, zero betas and zero translation give v_template exactly.
func TestZeroPoseIsTemplate(t *testing.T) {
	m, _ := loadStandIn(t, small)
	for _, betas := range [][]float64{nil, make([]float64, m.NumBetas)} {
		s, err := m.Shape(betas)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]mgl64.Vec3, len(s.Vertices))
		s.Skin(&smplx.Params{}, out)
		for v := range out {
			if out[v] != m.Template[v] {
				t.Fatalf("betas %v: vertex %d at %v, want v_template's %v", betas, v, out[v], m.Template[v])
			}
		}
	}
}

// TestTranslationIsAddedAfter: a pure translation moves every vertex and joint by it.
func TestTranslationIsAddedAfter(t *testing.T) {
	m, _ := loadStandIn(t, small)
	s, err := m.Shape([]float64{0.5, -1})
	if err != nil {
		t.Fatal(err)
	}
	p := smplx.Params{Trans: mgl64.Vec3{1.25, -0.5, 3}}
	out := make([]mgl64.Vec3, len(s.Vertices))
	s.Skin(&p, out)
	for v := range out {
		if want := s.Vertices[v].Add(p.Trans); out[v] != want {
			t.Fatalf("vertex %d at %v, want %v", v, out[v], want)
		}
	}
	for j, q := range s.PosedJoints(&p) {
		if want := s.Joints[j].Add(p.Trans); q.Sub(want).Len() > 1e-12 {
			t.Errorf("joint %d at %v, want %v", j, q, want)
		}
	}
}

// TestRootTurnsAboutPelvis: rotating the root alone turns every vertex about the rest pelvis J_0.
func TestRootTurnsAboutPelvis(t *testing.T) {
	m, _ := loadStandIn(t, small)
	s, err := m.Shape(nil)
	if err != nil {
		t.Fatal(err)
	}
	axis := mgl64.Vec3{0.3, 1, -0.2}.Normalize()
	p := smplx.Params{Orient: axis.Mul(1.1)}
	rot := mgl64.HomogRotate3D(1.1, axis).Mat3()
	out := make([]mgl64.Vec3, len(s.Vertices))
	s.Skin(&p, out)
	j0 := s.Joints[0]
	for v := range out {
		if want := j0.Add(rot.Mul3x1(s.Vertices[v].Sub(j0))); out[v].Sub(want).Len() > 1e-12 {
			t.Fatalf("vertex %d at %v, want %v", v, out[v], want)
		}
	}
	if q := s.PosedJoints(&p)[0]; q.Sub(j0).Len() > 1e-12 {
		t.Errorf("pelvis at %v, want it to stay at %v", q, j0)
	}
}

// TestShapeRefuses refuses too many betas, values that are not finite and betas that throw
// vertices out of the world.
func TestShapeRefuses(t *testing.T) {
	m, _ := loadStandIn(t, small)
	for _, betas := range [][]float64{make([]float64, m.NumBetas+1), {math.NaN()}, {math.Inf(-1)}, {1e300}} {
		if _, err := m.Shape(betas); err == nil {
			t.Errorf("Shape(%v) took them", betas[:1])
		}
	}
}

// TestPosingAGenericModel checks that posing a Shaped that Model.Shape did not make (only joints
// and parents) does not panic.
func TestPosingAGenericModel(t *testing.T) {
	s := &smplx.Shaped{Model: &smplx.Model{}, Vertices: make([]mgl64.Vec3, 3), Joints: make([]mgl64.Vec3, 22)}
	p := smplx.Params{Trans: mgl64.Vec3{1, 2, 3}}
	out := make([]mgl64.Vec3, 3)
	s.Skin(&p, out)
	s.Correctives(&p, out)
	if q := s.PosedJoints(&p); q[0] != p.Trans {
		t.Errorf("pelvis at %v", q[0])
	}
}
