package smplx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// seqShaped is a Shaped without a model file: the model's family and name, and rest joints (our
// skeleton's rest pose, moved off the origin so that the pelvis J0 matters), which is all that
// Sequence.Motion and NewSequence read of it.
func seqShaped(f Family, name string) *Shaped {
	joints := make([]mgl64.Vec3, 55)
	for j, p := range motion.RestPose() {
		joints[j] = p.Add(mgl64.Vec3{0.003, -0.35, 0.012})
	}
	return &Shaped{Model: &Model{Family: f, Name: name, NumBetas: 10}, Betas: []float64{0.5, -1}, Joints: joints}
}

// seqJoints is forward kinematics written from REFERENCE §8 with rotation matrices (Rodrigues'
// formula), sharing nothing with the package's quaternions: G_0 = [R_0 | J_0],
// G_j = G_parent·[R_j | J_j − J_parent], translation added last.
func seqJoints(s *Shaped, p Params) motion.Pose {
	var rot [motion.NumJoints]mgl64.Mat3
	var out motion.Pose
	for j := range motion.NumJoints {
		aa := p.Orient
		if j > 0 {
			aa = p.Body[j-1]
		}
		r := seqRodrigues(aa)
		if j == 0 {
			rot[0], out[0] = r, s.Joints[0]
			continue
		}
		par := motion.Parent(motion.Joint(j))
		rot[j] = rot[par].Mul3(r)
		out[j] = out[par].Add(rot[par].Mul3x1(s.Joints[j].Sub(s.Joints[par])))
	}
	return out.Translate(p.Trans)
}

// seqRodrigues is R = I + sin θ·K + (1 − cos θ)·K² for the axis-angle vector v.
func seqRodrigues(v mgl64.Vec3) mgl64.Mat3 {
	theta := v.Len()
	if theta == 0 {
		return mgl64.Ident3()
	}
	k := v.Mul(1 / theta)
	K := mgl64.Mat3{0, k[2], -k[1], -k[2], 0, k[0], k[1], -k[0], 0} // column-major cross-product matrix
	return mgl64.Ident3().Add(K.Mul(math.Sin(theta))).Add(K.Mul3(K).Mul(1 - math.Cos(theta)))
}

// seqParams is a pose with every rotation up to about 2.5 rad, angles near π included.
func seqParams(rng *rand.Rand) Params {
	vec := func(scale float64) mgl64.Vec3 {
		return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(scale)
	}
	p := Params{Orient: vec(1.5), Trans: vec(2)}
	for j := range p.Body {
		p.Body[j] = vec(0.6)
	}
	return p
}

// zUpToYUp is Rc written out: (x, y, z) → (x, z, −y).
func zUpToYUp(v mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{v[0], v[2], -v[1]} }

func seqGap(a, b motion.Pose) float64 {
	gap := 0.0
	for j := range a {
		gap = max(gap, a[j].Sub(b[j]).Len())
	}
	return gap
}

// A Z-up sequence converted to our frame puts every joint at Rc times where the file put it: the
// orientation turns about the rest pelvis, which the translation makes up for.
func TestMotionTurnsZUpToYUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := seqShaped(SMPLX, "SMPLX_NEUTRAL.npz")
	q := &Sequence{Family: SMPLX, FPS: 120, Up: ZUp}
	for range 200 {
		q.Frames = append(q.Frames, Frame{Params: seqParams(rng)})
	}
	q.Frames[0].Orient = mgl64.Vec3{math.Pi, 0, 0} // a half turn: the axis-angle's edge case
	q.Frames[1].Orient = mgl64.Vec3{}
	mo, err := q.Motion(s)
	if err != nil {
		t.Fatal(err)
	}
	if mo.FPS != 120 || len(mo.Frames) != len(q.Frames) || mo.Shaped != s {
		t.Fatalf("motion at %v fps with %d frames, want 120 fps, %d frames, on s", mo.FPS, len(mo.Frames), len(q.Frames))
	}
	for i, f := range q.Frames {
		zup := seqJoints(s, f.Params)
		var want motion.Pose
		for j := range zup {
			want[j] = zUpToYUp(zup[j])
		}
		if gap := seqGap(seqJoints(s, mo.Frames[i]), want); gap > 1e-9 {
			t.Fatalf("frame %d: joints %g m from Rc times the file's", i, gap)
		}
		if mo.Frames[i].Body != f.Body {
			t.Fatalf("frame %d: the body rotations changed; only the root's may", i)
		}
	}
}

// A Y-up sequence (TRUMANS) is taken as it is.
func TestMotionKeepsYUp(t *testing.T) {
	s := seqShaped(SMPLX, "SMPLX_MALE.npz")
	p := seqParams(rand.New(rand.NewPCG(3, 4)))
	q := &Sequence{Family: SMPLX, FPS: 30, Up: YUp, Frames: []Frame{{Params: p}}}
	mo, err := q.Motion(s)
	if err != nil || mo.Frames[0] != p {
		t.Fatalf("got %+v, %v; want the frame unchanged", mo, err)
	}
}

// NewSequence is Motion's inverse: Z up (AMASS's frame) and back gives the same joints, and Y up
// keeps the parameters as they are.
func TestNewSequenceInvertsMotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, f := range []Family{SMPLX, SMPLH, SMPL} {
		s := seqShaped(f, "SMPLH_FEMALE.npz")
		mo := &Motion{Shaped: s, FPS: 20}
		for range 50 {
			mo.Frames = append(mo.Frames, seqParams(rng))
		}
		for _, up := range []Up{ZUp, YUp} {
			q, err := NewSequence(mo, up)
			if err != nil {
				t.Fatal(err)
			}
			if q.Family != f || q.Gender != "female" || q.FPS != 20 || q.Up != up || len(q.Betas) != AMASSBetas || q.Betas[1] != -1 {
				t.Fatalf("%v %v: sequence %v %q %v fps %v betas %v", f, up, q.Family, q.Gender, q.FPS, q.Up, q.Betas)
			}
			back, err := q.Motion(s)
			if err != nil {
				t.Fatal(err)
			}
			for i := range mo.Frames {
				if gap := seqGap(seqJoints(s, back.Frames[i]), seqJoints(s, mo.Frames[i])); gap > 1e-9 {
					t.Fatalf("%v %v frame %d: joints %g m off after the round trip", f, up, i, gap)
				}
			}
		}
	}
}

// The model must be of the sequence's family, and betas the model does not keep must be zero.
func TestSequenceRefusesAnotherModel(t *testing.T) {
	q := &Sequence{Path: "walk.npz", Family: SMPLH, FPS: 60, Frames: []Frame{{}}}
	_, err := q.Motion(seqShaped(SMPLX, "SMPLX_NEUTRAL.npz"))
	seqWantError(t, err, "walk.npz", "SMPL-H", "156", "SMPLX_NEUTRAL.npz", "SMPL-X")
	q.Family, q.Betas = SMPLX, make([]float64, 16)
	q.Betas[12] = 0.3
	_, err = q.Shape(&Model{Family: SMPLX, Name: "SMPLX_NEUTRAL.npz", NumBetas: 10})
	seqWantError(t, err, "walk.npz", "beta 12", "keeps 10")
}

func TestModelGender(t *testing.T) {
	for name, want := range map[string]string{
		"SMPLX_FEMALE.npz": "female", "SMPLX_MALE.npz": "male", "SMPLX_NEUTRAL.npz": "neutral", "smplh_female.npz": "female",
		"model.npz": "neutral",
	} {
		if got := ModelGender(&Model{Name: name}); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestParseUp(t *testing.T) {
	for s, want := range map[string]Up{"z": ZUp, "Y": YUp} {
		if got, err := ParseUp(s); got != want || err != nil {
			t.Errorf("%q: %v, %v", s, got, err)
		}
	}
	if _, err := ParseUp("x"); err == nil {
		t.Error("up axis x accepted")
	}
}

// A root that keeps turning (a dancer's spins) keeps continuous axis-angles through the turn of
// frame and back: each frame's is the equivalent one nearest to the frame before.
func TestSequenceOrientationsStayContinuous(t *testing.T) {
	s := seqShaped(SMPLX, "SMPLX_NEUTRAL.npz")
	mo := &Motion{Shaped: s, FPS: 30}
	for i := range 100 {
		mo.Frames = append(mo.Frames, Params{Orient: mgl64.Vec3{0.1, 1, 0.05}.Normalize().Mul(0.1 * float64(i))})
	}
	q, err := NewSequence(mo, ZUp)
	if err != nil {
		t.Fatal(err)
	}
	back, err := q.Motion(s)
	if err != nil {
		t.Fatal(err)
	}
	if l := q.Frames[40].Orient.Len(); l < math.Pi {
		t.Fatalf("Z-up frame 40 turns %.2f rad; the test wants the file's orientation past a half turn", l)
	}
	for i := 1; i < len(mo.Frames); i++ {
		if d := q.Frames[i].Orient.Sub(q.Frames[i-1].Orient).Len(); d > 0.5 {
			t.Fatalf("Z-up frame %d: the orientation jumps by %.3f rad", i, d)
		}
		if d := back.Frames[i].Orient.Sub(mo.Frames[i].Orient).Len(); d > 1e-9 {
			t.Fatalf("frame %d: back as %v, want %v", i, back.Frames[i].Orient, mo.Frames[i].Orient)
		}
	}
}
