package motion

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// sampleFeaturesPath is the executor project's public HumanML3D sample (199 × 263 float32, MIT).
const sampleFeaturesPath = "../../shared/testdata/humanml3d/motion_example.npy"

// needFile skips when a third-party test file is missing on a developer box; under CI it fails.
func needFile(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test file missing under CI: %v", err)
		}
		t.Skipf("test file missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
}

// sampleFeatures reads the sample's rows of features.
func sampleFeatures(t testing.TB) [][]float64 {
	t.Helper()
	needFile(t, sampleFeaturesPath)
	f, err := os.Open(sampleFeaturesPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := ReadNPY(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Shape) != 2 || a.Shape[0] != 199 || a.Shape[1] != HumanML3DFeatures || a.DType != Float32 {
		t.Fatalf("sample is %s %v, want (199, 263) float32", shapeString(a.Shape), a.DType)
	}
	rows := make([][]float64, a.Shape[0])
	for i := range rows {
		rows[i] = a.Data[i*HumanML3DFeatures : (i+1)*HumanML3DFeatures]
	}
	return rows
}

// The golden values of REFERENCE.md §4.
func TestDecodeHumanML3DGoldenFirstFrame(t *testing.T) {
	poses, err := DecodeHumanML3D(sampleFeatures(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		j    Joint
		want mgl64.Vec3
	}{
		{Pelvis, mgl64.Vec3{0, 0.9536, 0}},
		{LeftHip, mgl64.Vec3{0.0614, 0.8728, -0.0183}},
		{RightAnkle, mgl64.Vec3{-0.1663, 0.0644, -0.1091}},
		{Head, mgl64.Vec3{0.0219, 1.5785, 0.0316}},
		{LeftWrist, mgl64.Vec3{0.2348, 0.8707, 0.0896}},
	} {
		if got := poses[0][tc.j]; !nearVec(got, tc.want, 1e-4) {
			t.Errorf("first frame %v = %.5f, want %.4f", tc.j, got, tc.want)
		}
	}
}

func TestDecodeHumanML3DGoldenBonesAndRoot(t *testing.T) {
	feats := sampleFeatures(t)
	poses, err := DecodeHumanML3D(feats)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range poses {
		for j := Joint(1); j < NumJoints; j++ {
			// Equal to BoneLength to 4 decimals, in every frame (float32 input).
			if got := p[j].Sub(p[Parent(j)]).Len(); math.Abs(got-BoneLength(j)) > 5e-5 {
				t.Fatalf("frame %d: %v bone %.6f m, want %.4f", i, j, got, BoneLength(j))
			}
		}
	}
	// The root ends at (0.011, 0.941, −0.083), given to the millimetre.
	if got, want := poses[len(poses)-1][Pelvis], (mgl64.Vec3{0.011, 0.941, -0.083}); !nearVec(got, want, 5e-4) {
		t.Errorf("root ends at %.5f, want %.3f", got, want)
	}
}

// Column 0 sums to 0.2599 rad over the rows that turn the body (all but the last): the body ends
// with its root turned 2 × 0.2599 rad = 29.8° to its right, that is −29.8° in our convention.
func TestDecodeHumanML3DGoldenHeading(t *testing.T) {
	feats := sampleFeatures(t)
	poses, err := DecodeHumanML3D(feats)
	if err != nil {
		t.Fatal(err)
	}
	theta := 0.0
	for _, row := range feats[:len(feats)-1] {
		theta += row[0]
	}
	if math.Abs(theta-0.2599) > 5e-5 {
		t.Errorf("sum of column 0 over the turning rows = %.5f, want 0.2599", theta)
	}
	// The root's turn shows as the difference between the decoded last frame's facing and the
	// facing of the same frame's joints before the heading is put back.
	last := len(feats) - 1
	local := decodeFrame(feats[last], 0, 0, 0)
	turn := mgl64.RadToDeg(geom.WrapAngle(poses[last].Heading() - local.Heading()))
	if math.Abs(turn-(-29.8)) > 0.05 {
		t.Errorf("root turned %.2f°, want −29.8° (to the right)", turn)
	}
	if h := mgl64.RadToDeg(poses[last].Heading()); h > -15 {
		t.Errorf("last frame faces %.2f°, want turned well to the right (negative)", h)
	}
}

// Sign conventions on synthetic motion: positive column 0 turns the body to its right (toward −X)
// and forward velocity then carries the root toward −X.
func TestDecodeHumanML3DTurnDirection(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rot        float64
		wantSign   float64 // sign of the final heading and of the final root X
		wantFacing mgl64.Vec3
	}{
		{"right", math.Pi / 80, -1, mgl64.Vec3{-1, 0, 0}}, // 20 turning rows × 2 × π/80 = 90°
		{"left", -math.Pi / 80, 1, mgl64.Vec3{1, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feats := syntheticFeatures(21, func(int) float64 { return tc.rot }, 0.05)
			poses, err := DecodeHumanML3D(feats)
			if err != nil {
				t.Fatal(err)
			}
			end := poses[len(poses)-1]
			if got := end.Facing(); !nearVec(got, tc.wantFacing, 1e-9) {
				t.Errorf("ends facing %.4f, want %.0f", got, tc.wantFacing)
			}
			if math.Signbit(end[Pelvis].X()) != math.Signbit(tc.wantSign) || math.Abs(end[Pelvis].X()) < 0.1 {
				t.Errorf("root ends at x = %.3f, want clearly on the %+.0f side", end[Pelvis].X(), tc.wantSign)
			}
		})
	}
}

// The fast decoder against a literal transcription of HumanML3D's recover_from_ric with
// quaternions, on random features.
func TestDecodeHumanML3DMatchesQuaternionReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	feats := make([][]float64, 50)
	for i := range feats {
		feats[i] = make([]float64, HumanML3DFeatures)
		for k := range feats[i] {
			feats[i][k] = rng.NormFloat64() * 0.3
		}
	}
	got, err := DecodeHumanML3D(feats)
	if err != nil {
		t.Fatal(err)
	}
	want := recoverFromRIC(feats)
	for i := range got {
		for j := range got[i] {
			if !nearVec(got[i][j], want[i][j], 1e-12) {
				t.Fatalf("frame %d %v = %v, reference %v", i, Joint(j), got[i][j], want[i][j])
			}
		}
	}
}

func TestDecodeHumanML3DRejectsBadRows(t *testing.T) {
	good := syntheticFeatures(3, func(int) float64 { return 0 }, 0)
	short := append([][]float64{}, good...)
	short[1] = short[1][:67]
	nan := syntheticFeatures(3, func(int) float64 { return 0 }, 0)
	nan[2][10] = math.NaN()
	// with returns the synthetic rows with feature k of frame 1 set to v.
	with := func(k int, v float64) [][]float64 {
		feats := syntheticFeatures(3, func(int) float64 { return 0 }, 0)
		feats[1][k] = v
		return feats
	}
	wristY := 4 + 3*(int(LeftWrist)-1) + 1
	for _, tc := range []struct {
		name  string
		feats [][]float64
		want  string
	}{
		{"empty", nil, "no frames"},
		{"short row", short, "frame 1: 67 features, want 263"},
		{"NaN", nan, "frame 2: feature 10 is NaN"},
		{"yaw velocity", with(0, 2), "frame 1: feature 0 (root yaw velocity, radians per frame as a half angle) is 2, want at most 1.571 in magnitude"},
		{"yaw velocity backwards", with(0, -2), "frame 1: feature 0 (root yaw velocity"},
		{"root velocity 3e38", with(2, 3e38), "frame 1: feature 2 (root velocity, metres per frame) is 3e+38, want at most 3 in magnitude"},
		{"sideways root velocity", with(1, -3.5), "frame 1: feature 1 (root velocity, metres per frame) is -3.5"},
		{"root height", with(3, 10.5), "frame 1: feature 3 (root height, metres) is 10.5, want at most 10 in magnitude"},
		{"joint position", with(wristY, 1e6), fmt.Sprintf("frame 1: feature %d (%v relative to the root, metres) is 1e+06, want at most 12 in magnitude", wristY, LeftWrist)},
		{"first joint", with(4, -13), "frame 1: feature 4 (" + LeftHip.String() + " relative to the root"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeHumanML3D(tc.feats)
			var fe *FormatError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want a FormatError saying %q", err, tc.want)
			}
		})
	}
}

// Features at their bounds in every frame still decode, and the path stays finite and within
// MaxHumanML3DRootStep·√2 per frame: the bounds keep integration from overflowing.
func TestDecodeHumanML3DAtTheBoundsStaysFinite(t *testing.T) {
	const T = 2000
	feats := make([][]float64, T)
	for i := range feats {
		row := make([]float64, HumanML3DFeatures)
		row[0], row[1], row[2], row[3] = MaxHumanML3DYawStep, MaxHumanML3DRootStep, -MaxHumanML3DRootStep, MaxHumanML3DRootHeight
		for k := 4; k < decodedFeatures; k++ {
			row[k] = MaxHumanML3DJointOffset
		}
		feats[i] = row
	}
	poses, err := DecodeHumanML3D(feats)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range poses {
		root := mgl64.Vec3{p[Pelvis].X(), 0, p[Pelvis].Z()}
		if !p.Finite() || root.Len() > float64(i)*MaxHumanML3DRootStep*math.Sqrt2+1e-9 {
			t.Fatalf("frame %d: root %v, want finite and within %g m per frame", i, p[Pelvis], MaxHumanML3DRootStep*math.Sqrt2)
		}
	}
}

func TestHumanML3DClipIs20FPS(t *testing.T) {
	c, err := HumanML3DClip(syntheticFeatures(7, func(int) float64 { return 0.01 }, 0.02))
	if err != nil {
		t.Fatal(err)
	}
	if c.FPS != 20 || c.Len() != 7 || c.Validate() != nil {
		t.Errorf("clip at %v fps with %d frames (%v), want 20 fps, 7 frames, valid", c.FPS, c.Len(), c.Validate())
	}
}

// syntheticFeatures makes T rows: the rest pose's joints relative to the root, yaw velocity rot(t),
// forward velocity fwd per frame.
func syntheticFeatures(T int, rot func(int) float64, fwd float64) [][]float64 {
	rest := RestPose()
	feats := make([][]float64, T)
	for i := range feats {
		row := make([]float64, HumanML3DFeatures)
		row[0], row[2], row[3] = rot(i), fwd, rest[Pelvis].Y()
		for j := Joint(1); j < NumJoints; j++ {
			d := rest[j].Sub(mgl64.Vec3{rest[Pelvis].X(), 0, rest[Pelvis].Z()})
			copy(row[4+3*(j-1):], d[:])
		}
		feats[i] = row
	}
	return feats
}

// recoverFromRIC transcribes HumanML3D's recover_root_rot_pos and recover_from_ric step by step.
func recoverFromRIC(feats [][]float64) []Pose {
	T := len(feats)
	ang := make([]float64, T)
	for i := 1; i < T; i++ {
		ang[i] = ang[i-1] + feats[i-1][0]
	}
	rootPos := make([]mgl64.Vec3, T)
	for i := 1; i < T; i++ {
		q := mgl64.Quat{W: math.Cos(ang[i]), V: mgl64.Vec3{0, math.Sin(ang[i]), 0}}
		v := qrot(q.Inverse(), mgl64.Vec3{feats[i-1][1], 0, feats[i-1][2]})
		rootPos[i] = rootPos[i-1].Add(v)
	}
	out := make([]Pose, T)
	for i := range out {
		q := mgl64.Quat{W: math.Cos(ang[i]), V: mgl64.Vec3{0, math.Sin(ang[i]), 0}}
		out[i][0] = mgl64.Vec3{rootPos[i].X(), feats[i][3], rootPos[i].Z()}
		for j := Joint(1); j < NumJoints; j++ {
			k := 4 + 3*(j-1)
			p := qrot(q.Inverse(), mgl64.Vec3{feats[i][k], feats[i][k+1], feats[i][k+2]})
			out[i][j] = mgl64.Vec3{p.X() + rootPos[i].X(), p.Y(), p.Z() + rootPos[i].Z()}
		}
	}
	return out
}

// qrot is HumanML3D's quaternion.qrot: v + 2 (w (u × v) + u × (u × v)) for q = (w, u).
func qrot(q mgl64.Quat, v mgl64.Vec3) mgl64.Vec3 {
	uv := q.V.Cross(v)
	uuv := q.V.Cross(uv)
	return v.Add(uv.Mul(q.W).Add(uuv).Mul(2))
}

func nearVec(a, b mgl64.Vec3, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol && math.Abs(a[2]-b[2]) <= tol
}
