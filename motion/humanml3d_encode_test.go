package motion

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The real sample decoded and encoded again gives back HumanML3D's own features, all 263 of them,
// on every row whose smoothing window (80 frames either side of the next frame) lies inside the
// sample: nearer the end, HumanML3D smoothed over frames of the original motion the sample does
// not hold.
func TestEncodeHumanML3DReproducesTheSample(t *testing.T) {
	feats := sampleFeatures(t)
	clip, err := HumanML3DClip(feats)
	if err != nil {
		t.Fatal(err)
	}
	got, start, err := EncodeHumanML3D(clip)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(feats) {
		t.Fatalf("%d rows, want %d", len(got), len(feats))
	}
	if start.Root.Len() > 1e-6 || math.Abs(start.Heading) > 1e-4 {
		t.Errorf("the sample starts at %v heading %v, want the origin facing +Z", start.Root, start.Heading)
	}
	worst := map[string]float64{}
	for r := 0; r+1+hml3dSmoothRadius < len(feats); r++ {
		for k := range HumanML3DFeatures {
			d := math.Abs(got[r][k] - feats[r][k])
			name := featureGroup(k)
			worst[name] = math.Max(worst[name], d)
		}
	}
	// Tolerances: the sample is float32 and its joints were decoded from it, so positions carry
	// about 1e-7 m; rotations amplify that on short bones (spine3 is 5.7 cm). Measured: 3e-8 m and
	// 2e-6.
	for name, tol := range map[string]float64{"root": 1e-6, "ric": 1e-6, "rot": 1e-5, "vel": 1e-6, "feet": 0} {
		if worst[name] > tol {
			t.Errorf("%s features differ from the sample's by up to %.3g, want ≤ %g", name, worst[name], tol)
		}
		t.Logf("%s: largest difference from the sample %.3g", name, worst[name])
	}
}

// featureGroup names the part of the 263 features that k belongs to.
func featureGroup(k int) string {
	switch {
	case k < 4:
		return "root"
	case k < 67:
		return "ric"
	case k < 193:
		return "rot"
	case k < 259:
		return "vel"
	}
	return "feet"
}

// Features written from joints decode back to the same joints, within 1 mm, once placed at the
// start the encoder returns: for the real sample moved and turned elsewhere, and for clips that
// turn through more than a full circle.
func TestEncodeHumanML3DRoundTrip(t *testing.T) {
	sample, err := HumanML3DClip(sampleFeatures(t))
	if err != nil {
		t.Fatal(err)
	}
	for name, clip := range map[string]*Clip{
		"sample moved":  sample.Transformed(2.1, mgl64.Vec3{3.5, 0, -1.25}),
		"spin and walk": spinningClip(300, 0.05, 0.03),
		"one frame":     {FPS: HumanML3DFPS, Frames: []Pose{RestPose().RotateY(-1).Translate(mgl64.Vec3{1, 0, 2})}},
	} {
		t.Run(name, func(t *testing.T) {
			feats, start, err := EncodeHumanML3D(clip)
			if err != nil {
				t.Fatal(err)
			}
			back, err := HumanML3DClip(float32Rows(feats))
			if err != nil {
				t.Fatal(err)
			}
			back = back.Place(start)
			worst := 0.0
			for f := range clip.Frames {
				for j := range NumJoints {
					worst = math.Max(worst, back.Frames[f][j].Sub(clip.Frames[f][j]).Len())
				}
			}
			if worst > 1e-3 {
				t.Errorf("decoded joints differ by up to %.3g m, want ≤ 1 mm", worst)
			}
			t.Logf("%d frames: largest joint error %.3g mm", clip.Len(), worst*1e3)
		})
	}
}

// spinningClip turns the rest pose by turn radians a frame while it walks step metres a frame
// forward, with the arms swinging so that hips and shoulders change.
func spinningClip(n int, turn, step float64) *Clip {
	c := &Clip{FPS: HumanML3DFPS}
	pos := mgl64.Vec3{}
	for f := range n {
		h := turn * float64(f)
		rot := IdentityRotations()
		swing := 0.6 * math.Sin(float64(f)/7)
		rot[LeftShoulder] = mgl64.QuatRotate(swing, mgl64.Vec3{1, 0, 0})
		rot[RightShoulder] = mgl64.QuatRotate(-swing, mgl64.Vec3{1, 0, 0})
		root, _ := IK(RestPose())
		p := FK(root, rot).RotateY(h).Translate(pos.Sub(mgl64.Vec3{root.X(), 0, root.Z()}))
		pos = pos.Add(mgl64.Vec3{math.Sin(h), 0, math.Cos(h)}.Mul(step))
		c.Frames = append(c.Frames, p)
	}
	return c
}

// float32Rows rounds every feature to float32, as a .npy file of float32 keeps them.
func float32Rows(rows [][]float64) [][]float64 {
	out := make([][]float64, len(rows))
	for i, r := range rows {
		out[i] = make([]float64, len(r))
		for k, v := range r {
			out[i][k] = float64(float32(v))
		}
	}
	return out
}

func TestEncodeHumanML3DRefusesOtherRates(t *testing.T) {
	c := &Clip{FPS: 30, Frames: []Pose{RestPose()}}
	if _, _, err := EncodeHumanML3D(c); err == nil {
		t.Fatal("a 30 fps clip was encoded; want an error asking to resample")
	}
}

// The file LoadMotion reads back is HumanML3D features that decode to the clip.
func TestSaveHumanML3DNPY(t *testing.T) {
	clip := spinningClip(40, -0.02, 0.04).Transformed(0.5, mgl64.Vec3{1, 0, 1})
	path := t.TempDir() + "/m.npy"
	start, err := SaveHumanML3DNPY(path, clip)
	if err != nil {
		t.Fatal(err)
	}
	back, format, err := LoadMotion(path, HumanML3DFPS)
	if err != nil {
		t.Fatal(err)
	}
	if format != FormatFeatures || back.Len() != clip.Len() {
		t.Fatalf("read back %v with %d frames, want HumanML3D features with %d", format, back.Len(), clip.Len())
	}
	back = back.Place(start)
	for f := range clip.Frames {
		for j := range NumJoints {
			if d := back.Frames[f][j].Sub(clip.Frames[f][j]).Len(); d > 1e-3 {
				t.Fatalf("frame %d %v is %.3g m off", f, Joint(j), d)
			}
		}
	}
}

// BenchmarkEncodeHumanML3D1000 encodes a 1,000-frame clip (50 s at 20 fps).
func BenchmarkEncodeHumanML3D1000(b *testing.B) {
	c := spinningClip(1000, 0.01, 0.03)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := EncodeHumanML3D(c); err != nil {
			b.Fatal(err)
		}
	}
}
