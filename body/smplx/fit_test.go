package smplx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// TestFitRoundTrip: joints made by the model itself from smooth random poses are fitted to within
// 1 mm (the bones match, so the error is only the fit's: its pull toward the previous frame lags a
// motion this fast by 0.2 mm at most), and the fitted rotations reproduce the pose's: the whole
// global rotation of the pelvis and spine3, whose children fix it, and the direction of every
// other bone (its swing; the twist about a bone is not in the joints), within 0.01 rad (measured:
// 0.0047).
func TestFitRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	s := fitTPose(fitRandomScales(rng, 0.1))
	sk := fitSkeleton(t, s)
	frames := fitSmoothParams(rng, 120, 15)
	mo := fitOrFail(t, s, fitClipOf(t, s, frames, 30))
	t.Logf("round trip: %v", mo.Fit)
	if mo.Fit.MaxMM > 1 || mo.Fit.MeanMM > 0.1 {
		t.Errorf("round trip error %v, want max within 1 mm, mean within 0.1 mm", mo.Fit)
	}
	worst := 0.0
	for f := range frames {
		worst = math.Max(worst, fitPoseAngleError(sk, &frames[f], &mo.Frames[f]))
	}
	t.Logf("largest rotation error %.2g rad", worst)
	if worst > 0.01 {
		t.Errorf("fitted rotations are up to %.3g rad from the pose's, want within 0.01", worst)
	}
}

// fitPoseAngleError returns the largest angle between want's and got's global rotations of the
// pelvis and spine3 and between their directions of every other bone.
func fitPoseAngleError(sk *skeleton, want, got *Params) float64 {
	pw, pg := poseOf(want), poseOf(got)
	worst := 0.0
	for _, j := range []motion.Joint{motion.Pelvis, motion.Spine3} {
		worst = math.Max(worst, angleBetween(pw.glob[j], pg.glob[j]).Len())
	}
	for j := 1; j < motion.NumJoints; j++ {
		par := motion.Parent(motion.Joint(j))
		a, b := pw.glob[par].Mul3x1(sk.off[j]), pg.glob[par].Mul3x1(sk.off[j])
		worst = math.Max(worst, fitAngle(a, b))
	}
	return worst
}

// fitAngle returns the angle between a and b in radians.
func fitAngle(a, b mgl64.Vec3) float64 { return math.Atan2(a.Cross(b).Len(), a.Dot(b)) }

// TestFitContinuousThroughHalfTurns: a body that turns about the vertical from 0 to 1.6π (with a
// small sway) gets a global orientation whose axis-angle keeps growing past π instead of flipping
// its axis (a change of nearly 2π): every frame's change is the rotation's own, stretched at most
// by the axis-angle's own distortion at that angle, φ / (2 sin(φ/2)) across the axis.
func TestFitContinuousThroughHalfTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	s := fitTPose(nil)
	base := fitRandomParams(rng)
	const n = 120
	frames := make([]Params, n)
	for f := range frames {
		a := 1.6 * math.Pi * float64(f) / (n - 1)
		sway := expRot(mgl64.Vec3{0.1 * math.Sin(float64(f)/7), 0, 0.1 * math.Cos(float64(f)/5)})
		frames[f] = base
		frames[f].Orient = logRot(mgl64.Rotate3DY(a).Mul3(sway))
		frames[f].Trans = mgl64.Vec3{float64(f) / n, 1, 0}
	}
	mo := fitOrFail(t, s, fitClipOf(t, s, frames, 30))
	worst := 0.0
	for f := 1; f < n; f++ {
		a, b := mo.Frames[f-1].Orient, mo.Frames[f].Orient
		phi := math.Max(a.Len(), b.Len())
		turn := angleBetween(expRot(a), expRot(b)).Len()
		worst = math.Max(worst, b.Sub(a).Len()/(turn*phi/(2*math.Sin(phi/2))))
	}
	last := mo.Frames[n-1].Orient.Len()
	t.Logf("orientation: change up to %.2f of the rotation's own (stretched); last angle %.2f rad; %v", worst, last, mo.Fit)
	if worst > 1.2 || last < 1.5*math.Pi {
		t.Errorf("orientation changes by up to %.2f times the rotation's own, ends at %.2f rad: want continuous axis-angles past π", worst, last)
	}
	if mo.Fit.MaxMM > 1 {
		t.Errorf("error %v, want within 1 mm", mo.Fit)
	}
}
