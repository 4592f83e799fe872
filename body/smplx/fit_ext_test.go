package smplx_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// fitSamplePath is the executor project's public HumanML3D sample (199 × 263 float32, MIT).
const fitSamplePath = "../../../shared/testdata/humanml3d/motion_example.npy"

// fitSample decodes the real HumanML3D sample, skipping the test where the file is missing on a
// developer's machine (failing under CI).
func fitSample(t testing.TB) *motion.Clip {
	t.Helper()
	if _, err := os.Stat(fitSamplePath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test file missing under CI: %v", err)
		}
		t.Skipf("test file missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
	c, _, err := motion.LoadMotion(fitSamplePath, motion.HumanML3DFPS)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fitBuiltin runs the built-in kinematic executor on actions from the origin.
func fitBuiltin(t testing.TB, actions ...string) *motion.Clip {
	t.Helper()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.Ideal()})
	c, err := ex.Execute(context.Background(), motion.State{}, actions)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var (
	fitStandInOnce   sync.Once
	fitStandInShaped *smplx.Shaped
	fitStandInErr    error
)

// fitStandIn returns the generated stand-in SMPL-X model (smplxtest: the open MakeHuman body in
// the SMPL-X file layout, about 2,000 of its vertices), written, loaded as a user's file is and
// shaped with betas zero, made once.
func fitStandIn(t testing.TB) *smplx.Shaped {
	t.Helper()
	fitStandInOnce.Do(func() { fitStandInShaped, fitStandInErr = fitLoadStandIn() })
	if fitStandInErr != nil {
		t.Fatal(fitStandInErr)
	}
	return fitStandInShaped
}

// fitLoadStandIn writes the stand-in to a temporary folder, loads and shapes it, and removes it.
func fitLoadStandIn() (*smplx.Shaped, error) {
	dir, err := os.MkdirTemp("", "smplx-fit-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(path, smplxtest.Options{Vertices: 2000}); err != nil {
		return nil, err
	}
	m, err := smplx.Load(path)
	if err != nil {
		return nil, err
	}
	return m.Shape(nil)
}

// TestFitKinematicsIsPosedJoints: the joints of a motion (the fit's own forward kinematics) are
// those Shaped.PosedJoints poses (the skinning's chain), for random poses of the loaded stand-in.
func TestFitKinematicsIsPosedJoints(t *testing.T) {
	s := fitStandIn(t)
	rng := rand.New(rand.NewPCG(31, 32))
	mo := &smplx.Motion{Shaped: s, FPS: 30, Frames: make([]smplx.Params, 50)}
	for f := range mo.Frames {
		p := &mo.Frames[f]
		p.Orient = fitRandomVec(rng, 2)
		for j := range p.Body {
			p.Body[j] = fitRandomVec(rng, 1)
		}
		p.Trans = fitRandomVec(rng, 3)
	}
	c, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	for f := range mo.Frames {
		want := s.PosedJoints(&mo.Frames[f])
		for j := range want {
			if d := c.Frames[f][j].Sub(want[j]).Len(); d > 1e-9 {
				t.Fatalf("frame %d %s: the fit's kinematics put it %.3g m from PosedJoints' %v", f, motion.Joint(j), d, want[j])
			}
		}
	}
}

// fitRandomVec returns a vector with coordinates uniform in [-r, r].
func fitRandomVec(rng *rand.Rand, r float64) mgl64.Vec3 {
	return mgl64.Vec3{r * (2*rng.Float64() - 1), r * (2*rng.Float64() - 1), r * (2*rng.Float64() - 1)}
}

// fitOrFail fits c to s or fails the test.
func fitOrFail(t testing.TB, s *smplx.Shaped, c *motion.Clip) *smplx.Motion {
	t.Helper()
	mo, err := smplx.Fit(s, c)
	if err != nil {
		t.Fatal(err)
	}
	return mo
}

// fitSmoothness is how a fitted motion's parameters change from one frame to the next.
type fitSmoothness struct {
	// stretch is the largest change of one axis-angle over the change of its rotation, divided by
	// the axis-angle's own distortion at that angle (φ / (2 sin(φ/2)), at most 1.6 below 1.1π): about
	// 1 where the axis-angles are continuous, far more where one flips its axis.
	stretch float64
	// excess is the largest turn of a bone's global rotation from one frame to the next beyond the
	// turn of the clip's own bones from it (radians): a twist or a jump the clip does not make.
	excess      float64
	excessFrame int
	excessJoint motion.Joint
}

// fitMeasureSmoothness measures mo's frame-to-frame changes against clip c.
func fitMeasureSmoothness(mo *smplx.Motion, c *motion.Clip) fitSmoothness {
	var s fitSmoothness
	for t := 1; t < len(mo.Frames); t++ {
		a, b := &mo.Frames[t-1], &mo.Frames[t]
		ga, gb := fitGlobals(a), fitGlobals(b)
		for j := range motion.NumJoints {
			s.addStretch(fitAxisAngle(a, j), fitAxisAngle(b, j))
			if e := fitTurn(ga[j], gb[j]) - fitClipTurn(c, t, motion.Joint(j)); e > s.excess && fitClipTurn(c, t, motion.Joint(j)) >= 0 {
				s.excess, s.excessFrame, s.excessJoint = e, t, motion.Joint(j)
			}
		}
	}
	return s
}

// addStretch adds one rotation's change from axis-angle a to b.
func (s *fitSmoothness) addStretch(a, b mgl64.Vec3) {
	step := b.Sub(a).Len()
	if step < 1e-6 {
		return
	}
	phi := math.Max(math.Max(a.Len(), b.Len()), 1e-6)
	s.stretch = math.Max(s.stretch, step/(fitTurn(fitQuat(a), fitQuat(b))*phi/(2*math.Sin(phi/2))))
}

// fitAxisAngle returns joint j's axis-angle in p.
func fitAxisAngle(p *smplx.Params, j int) mgl64.Vec3 {
	if j == 0 {
		return p.Orient
	}
	return p.Body[j-1]
}

// fitGlobals returns each joint's global rotation in p.
func fitGlobals(p *smplx.Params) [motion.NumJoints]mgl64.Quat {
	var g [motion.NumJoints]mgl64.Quat
	g[0] = fitQuat(p.Orient)
	for j := 1; j < motion.NumJoints; j++ {
		g[j] = g[motion.Parent(motion.Joint(j))].Mul(fitQuat(p.Body[j-1]))
	}
	return g
}

// fitClipTurn returns how far the clip turns what joint j's rotation moves from frame t−1 to t: the
// largest angle by which a bone from j to a child k turns, or the frame of that bone and a bone
// from k onward (which turns with the twist of j when the joint at k is bent); -1 when j has no
// child (its rotation moves no joint).
func fitClipTurn(c *motion.Clip, t int, j motion.Joint) float64 {
	most := -1.0
	for k := motion.Joint(1); k < motion.NumJoints; k++ {
		if motion.Parent(k) != j {
			continue
		}
		a, b := c.Frames[t-1], c.Frames[t]
		most = math.Max(most, fitVecAngle(a[k].Sub(a[j]), b[k].Sub(b[j])))
		for l := motion.Joint(1); l < motion.NumJoints; l++ {
			if motion.Parent(l) == k {
				fa := mgl64.Mat4ToQuat(fitBoneFrame(a[k].Sub(a[j]), a[l].Sub(a[k])).Mat4())
				fb := mgl64.Mat4ToQuat(fitBoneFrame(b[k].Sub(b[j]), b[l].Sub(b[k])).Mat4())
				most = math.Max(most, fitTurn(fa, fb))
			}
		}
	}
	return most
}

// fitBoneFrame returns the orthonormal frame with y along up and x along next made perpendicular to up.
func fitBoneFrame(up, next mgl64.Vec3) mgl64.Mat3 {
	y := up.Normalize()
	x := next.Sub(y.Mul(next.Dot(y)))
	if x.Len() < 1e-9 {
		return mgl64.Ident3()
	}
	x = x.Normalize()
	return mgl64.Mat3FromCols(x, y, x.Cross(y))
}

// fitVecAngle returns the angle between a and b.
func fitVecAngle(a, b mgl64.Vec3) float64 { return math.Atan2(a.Cross(b).Len(), a.Dot(b)) }

// fitTurn returns the angle of the rotation from a to b.
func fitTurn(a, b mgl64.Quat) float64 {
	d := a.Inverse().Mul(b).Normalize()
	return 2 * math.Atan2(d.V.Len(), math.Abs(d.W))
}

// fitQuat returns axis-angle v as a quaternion.
func fitQuat(v mgl64.Vec3) mgl64.Quat {
	if v.Len() == 0 {
		return mgl64.QuatIdent()
	}
	return mgl64.QuatRotate(v.Len(), v.Normalize())
}

// Bounds the fits of real motion to the stand-in are held to (docs/smplx.md gives the measured
// values). The stand-in's bones are the open body's, far from the clips' (spine1 0.052 m above the
// pelvis where the clips have 0.13, spine3 → neck 0.157 where they have 0.219, collars in front of
// the chest), so the joints cannot all be met.
const (
	fitSampleMeanMM  = 40  // measured 37.4
	fitSampleMaxMM   = 110 // measured 101.0
	fitBuiltinMeanMM = 65  // measured 53.7 to 59.1
	fitBuiltinMaxMM  = 130 // measured 117.5 to 122.4
	fitMaxStretch    = 1.2 // measured 1.00 to 1.07
	fitMaxExcess     = 0.3 // radians a frame, at 20 fps; measured 0.04 to 0.20
)

// fitCheck holds a fit of clip c to the bounds and the smoothness bounds, and logs what it measured.
func fitCheck(t *testing.T, name string, mo *smplx.Motion, c *motion.Clip, meanMM, maxMM float64) {
	t.Helper()
	sm := fitMeasureSmoothness(mo, c)
	t.Logf("%s (%d frames at %g fps): %v; per joint %.0f mm; stretch %.2f, excess turn %.2f rad (frame %d, %s)",
		name, len(mo.Frames), mo.FPS, mo.Fit, mo.Fit.JointMM, sm.stretch, sm.excess, sm.excessFrame, sm.excessJoint)
	if mo.Fit.MeanMM > meanMM || mo.Fit.MaxMM > maxMM {
		t.Errorf("%s: error %v, want mean within %g mm and max within %g mm", name, mo.Fit, meanMM, maxMM)
	}
	if sm.stretch > fitMaxStretch {
		t.Errorf("%s: an axis-angle changes %.2f times its rotation's change, want continuous (within %g)", name, sm.stretch, fitMaxStretch)
	}
	if sm.excess > fitMaxExcess {
		t.Errorf("%s: %s turns %.2f rad beyond the clip's bones at frame %d, want within %g", name, sm.excessJoint, sm.excess, sm.excessFrame, fitMaxExcess)
	}
	if mo.FPS != c.FPS || len(mo.Frames) != c.Len() {
		t.Errorf("%s: %d frames at %g fps, want the clip's %d at %g", name, len(mo.Frames), mo.FPS, c.Len(), c.FPS)
	}
}

// TestFitHumanML3DSample fits the real HumanML3D sample to the stand-in body and holds the error
// and the frame-to-frame changes to the bounds.
func TestFitHumanML3DSample(t *testing.T) {
	c := fitSample(t)
	fitCheck(t, "HumanML3D sample", fitOrFail(t, fitStandIn(t), c), c, fitSampleMeanMM, fitSampleMaxMM)
}

// TestFitBuiltinClips fits the built-in executor's motion (walking, turning and running, sitting,
// lying, picking up) to the stand-in body and holds it to the bounds.
func TestFitBuiltinClips(t *testing.T) {
	for _, actions := range [][]string{
		{"A person walks forward 3 meters"}, {"A person turns around", "A person runs forward 4 meters"},
		{"A person sits down"}, {"A person lies down"}, {"A person picks up an object"},
	} {
		c := fitBuiltin(t, actions...)
		fitCheck(t, fmt.Sprintf("%q", actions), fitOrFail(t, fitStandIn(t), c), c, fitBuiltinMeanMM, fitBuiltinMaxMM)
	}
}

// TestFitMotionClipIsTheFit: the motion's clip has the fit's joints, at the clip's rate: its
// distance from the fitted clip is the fit's error.
func TestFitMotionClipIsTheFit(t *testing.T) {
	c := fitBuiltin(t, "A person walks forward 1 meter")
	mo := fitOrFail(t, fitStandIn(t), c)
	got, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	if got.FPS != c.FPS || got.Len() != c.Len() {
		t.Fatalf("clip of %d frames at %g fps, want %d at %g", got.Len(), got.FPS, c.Len(), c.FPS)
	}
	sum, most := 0.0, 0.0
	for f := range got.Frames {
		for j := range got.Frames[f] {
			d := 1000 * got.Frames[f][j].Sub(c.Frames[f][j]).Len()
			sum, most = sum+d, math.Max(most, d)
		}
	}
	mean := sum / float64(c.Len()*motion.NumJoints)
	if math.Abs(mean-mo.Fit.MeanMM) > 1e-9 || math.Abs(most-mo.Fit.MaxMM) > 1e-9 {
		t.Errorf("the clip is %.6f mm (max %.6f) from the fitted one, the fit says %v", mean, most, mo.Fit)
	}
}

// fitClip200 returns the HumanML3D sample (199 frames) and one frame back: 200 frames at 20 fps.
func fitClip200(b testing.TB) *motion.Clip {
	c := fitSample(b)
	c.Frames = append(c.Frames, c.Frames[len(c.Frames)-2])
	return c
}

// BenchmarkFit200 fits a 200-frame clip (the HumanML3D sample) to the stand-in body and reports the
// error the fit reaches.
func BenchmarkFit200(b *testing.B) {
	s, c := fitStandIn(b), fitClip200(b)
	var mo *smplx.Motion
	b.ReportAllocs()
	for b.Loop() {
		mo = fitOrFail(b, s, c)
	}
	b.ReportMetric(mo.Fit.MeanMM, "mean-mm")
	b.ReportMetric(mo.Fit.MaxMM, "max-mm")
}
