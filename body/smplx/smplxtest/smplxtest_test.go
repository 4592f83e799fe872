package smplxtest

import (
	"archive/zip"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/body/smplx"
	"interactagent/motion"
)

// TestLayout checks each family's keys, shapes and tree against the real files' layout.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		family       smplx.Family
		joints, pose int
		keys, noKeys []string
		parent22     int // parent of joint 22
		lastParent   int
	}{
		{smplx.SMPLX, 55, 486, []string{"joint2num", "part2num", "vt", "ft", "lmk_faces_idx", "hands_meanl"}, []string{"J"}, 15, 53},
		{smplx.SMPLH, 52, 459, []string{"J", "hands_componentsr"}, []string{"joint2num"}, 20, 50},
		{smplx.SMPL, 24, 207, []string{"J"}, []string{"hands_meanl", "joint2num"}, 20, 21},
	} {
		raw, err := Generate(Options{Family: c.family, Vertices: 600})
		if err != nil {
			t.Fatal(err)
		}
		if raw.NumJoints() != c.joints || raw.NumPose != c.pose || len(raw.Weights[0]) != c.joints {
			t.Errorf("%v: %d joints, %d pose columns, want %d and %d", c.family, raw.NumJoints(), raw.NumPose, c.joints, c.pose)
		}
		if raw.Parents[22] != c.parent22 || raw.Parents[c.joints-1] != c.lastParent {
			t.Errorf("%v: parents %v", c.family, raw.Parents)
		}
		for j := 1; j < c.joints; j++ {
			if raw.Parents[j] < 0 || raw.Parents[j] >= j {
				t.Errorf("%v: joint %d has parent %d", c.family, j, raw.Parents[j])
			}
		}
		entries := raw.Entries(Options{Family: c.family})
		for _, k := range append([]string{"v_template", "f", "J_regressor", "weights", "kintree_table", "shapedirs", "posedirs"}, c.keys...) {
			if Find(entries, k) == nil {
				t.Errorf("%v: no key %q", c.family, k)
			}
		}
		for _, k := range c.noKeys {
			if Find(entries, k) != nil {
				t.Errorf("%v: key %q, which its files lack", c.family, k)
			}
		}
	}
}

// TestWeights checks that every row sums to exactly 1 and that weight sits on the extra joints.
func TestWeights(t *testing.T) {
	raw, err := Generate(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if raw.NumVertices() != 13380 || len(raw.Faces) != 26756 {
		t.Errorf("%d vertices, %d faces, want the open body's 13,380 and 26,756", raw.NumVertices(), len(raw.Faces))
	}
	extra := make([]int, raw.NumJoints())
	many := 0
	for v, row := range raw.Weights {
		sum, n := 0.0, 0
		for j, w := range row {
			sum += w
			if w < 0 || w > 1 {
				t.Fatalf("vertex %d joint %d: weight %v", v, j, w)
			}
			if w > 0 {
				extra[j]++
				if j < motion.NumJoints {
					n++
				}
			}
		}
		if sum != 1 {
			t.Fatalf("vertex %d: weights sum to %v", v, sum)
		}
		if n > 4 {
			many++
		}
	}
	for j := motion.NumJoints; j < raw.NumJoints(); j++ {
		if extra[j] == 0 {
			t.Errorf("joint %d weighs on no vertex", j)
		}
	}
	if many == 0 {
		t.Error("no vertex has more than four body influences")
	}
	t.Logf("vertices per extra joint %v; %d vertices with more than four body joints", extra[22:], many)
}

// TestRegressorReproducesJoints checks that J_regressor · v_template lands on the open body's joints.
func TestRegressorReproducesJoints(t *testing.T) {
	raw, err := Generate(Options{DType: motion.Float64})
	if err != nil {
		t.Fatal(err)
	}
	sk := skeletonFor(t, smplx.SMPLX)
	for j, row := range raw.Regressor {
		var p mgl64.Vec3
		nz := 0
		for v, w := range row {
			if w != 0 {
				nz++
				p = p.Add(mgl64.Vec3(raw.Template[v]).Mul(w))
			}
		}
		if d := p.Sub(sk.joints[j]).Len(); d > 1e-9 || nz != regressorVertices {
			t.Errorf("joint %d: regressed %v, want %v (%g m off, %d vertices)", j, p, sk.joints[j], d, nz)
		}
	}
}

// TestBlendShapesNonzero checks that every shapedirs and posedirs column moves some vertex, by
// centimetres (shape) and millimetres (pose).
func TestBlendShapesNonzero(t *testing.T) {
	raw, err := Generate(Options{ShapeColumns: 400, Vertices: 3000})
	if err != nil {
		t.Fatal(err)
	}
	shapeMax := columnMax(raw.ShapeDirs, raw.NumShape)
	poseMax := columnMax(raw.PoseDirs, raw.NumPose)
	for k, m := range shapeMax {
		if m == 0 || m > 0.05 {
			t.Errorf("shapedirs column %d: largest %g m per unit", k, m)
		}
	}
	for k, m := range poseMax {
		if m < 1e-3 || m > 0.02 {
			t.Errorf("posedirs column %d: largest %g m per unit", k, m)
		}
	}
	t.Logf("largest shape column %.4f m, first %.4f, expression %.4f; largest pose column %.4f m",
		slices.Max(shapeMax), shapeMax[0], shapeMax[350], slices.Max(poseMax))
}

func columnMax(a []float64, cols int) []float64 {
	out := make([]float64, cols)
	for i, x := range a {
		out[i%cols] = math.Max(out[i%cols], math.Abs(x))
	}
	return out
}

// TestWriteReadsBack writes files in each dtype and order and reads the float arrays back with the
// motion package's independent .npy reader.
func TestWriteReadsBack(t *testing.T) {
	for _, o := range []Options{
		{Vertices: 300},
		{Vertices: 300, DType: motion.Float64, Fortran: true},
		{Vertices: 300, Fortran: true, BigEndian: true, Compress: true, Family: smplx.SMPL},
	} {
		path := filepath.Join(t.TempDir(), "m.npz")
		raw, err := Write(path, o)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]*motion.Array{}
		for _, f := range zr.File {
			if k := f.Name[:len(f.Name)-4]; k == "v_template" || k == "posedirs" || k == "weights" {
				rc, err := f.Open()
				if err != nil {
					t.Fatal(err)
				}
				if got[k], err = motion.ReadNPY(rc); err != nil {
					t.Fatalf("%+v: %s: %v", o, k, err)
				}
				rc.Close()
			}
		}
		zr.Close()
		if !slices.Equal(got["v_template"].Data, flatten3(raw.Template)) || !slices.Equal(got["posedirs"].Data, raw.PoseDirs) ||
			!slices.Equal(got["weights"].Data, flatten(raw.Weights)) {
			t.Errorf("%+v: arrays read back differ from Raw", o)
		}
	}
}

func skeletonFor(t *testing.T, f smplx.Family) *skeleton {
	raw, err := Generate(Options{Family: f, Vertices: 10})
	if err != nil || raw == nil {
		t.Fatal(err)
	}
	h := humanFor(t)
	return newSkeleton(h, f)
}

func humanFor(t *testing.T) *body.Model {
	h, err := body.Human()
	if err != nil {
		t.Fatal(err)
	}
	return h
}
