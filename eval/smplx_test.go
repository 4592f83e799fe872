package eval

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/scene"
	"interactagent/scene/distance"
)

// standIn opens a generated stand-in model in SMPL-X's layout (package smplxtest) with about n
// vertices (0: all 13,380).
func standIn(t testing.TB, n int) *smplx.Shaped {
	t.Helper()
	path := filepath.Join(t.TempDir(), "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(path, smplxtest.Options{Vertices: n}); err != nil {
		t.Fatal(err)
	}
	s, err := smplx.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSMPLXPenetrationMatchesBruteForce measures 24 jittered standing and sitting poses around a
// room of furniture on a stand-in SMPL-X model and compares every frame with the plain sum over
// every vertex of the model's exact skin at the fitted pose, unweighted, each vertex's depth from
// DepthField.Depth (the deepest solid it is in, or below the floor): culling may drop only
// depths below distance.CullTolerance. The statistics carry the fit's error and name the model
// file.
func TestSMPLXPenetrationMatchesBruteForce(t *testing.T) {
	objs := furnitureRoom(t)
	prep := Prepare(&scene.Scene{Objects: objs})
	s := standIn(t, 4000)
	b, err := NewSMPLX(s)
	if err != nil {
		t.Fatal(err)
	}
	clip := nearObjects(objs, 24, rand.New(rand.NewPCG(5, 6)))
	st, err := Penetration(prep, clip, b)
	if err != nil {
		t.Fatal(err)
	}
	mo, err := smplx.Fit(s, clip)
	if err != nil {
		t.Fatal(err)
	}
	pos := make([]mgl64.Vec3, len(s.Vertices))
	inside := 0
	for f := range clip.Frames {
		s.Skin(&mo.Frames[f], pos)
		sum, deepest := 0.0, 0.0
		for _, p := range pos {
			d, _ := prep.Field.Depth(p) // the per-point definition, without the probe's culling
			sum, deepest = sum+d, max(deepest, d)
		}
		// Skin and the per-vertex path sum their float32 correctives in another order: nanometres.
		if d := sum - st.PerFrame[f]; d < -1e-8*float64(len(pos)) || d > float64(len(pos))*distance.CullTolerance {
			t.Errorf("frame %d: fast sum %.6f, brute force %.6f", f, st.PerFrame[f], sum)
		}
		if st.Worst != nil && st.Worst.Frame == f && math.Abs(st.Worst.Depth-deepest) > distance.CullTolerance {
			t.Errorf("worst frame %d: deepest %.6f m, brute force %.6f m", f, st.Worst.Depth, deepest)
		}
		if sum > 1 {
			inside++
		}
	}
	if inside < 8 || st.Worst == nil || st.Worst.Depth < 0.05 {
		t.Fatalf("only %d of %d frames sink into the furniture (worst %+v): the test does not exercise depths", inside, clip.Len(), st.Worst)
	}
	if st.Body != BodySMPLX || !strings.Contains(st.MeasuredOn, "SMPLX_NEUTRAL.npz (sha256:") || !strings.Contains(st.MeasuredOn, "unweighted") {
		t.Errorf("measured on %q (%q), want the smplx body naming its file and hash", st.Body, st.MeasuredOn)
	}
	if st.Fit == nil || st.Fit.MeanMM != mo.Fit.MeanMM || st.Fit.MaxMM < st.Fit.MeanMM {
		t.Errorf("fit error %+v, want the fit's (%+v)", st.Fit, mo.Fit)
	}
}
