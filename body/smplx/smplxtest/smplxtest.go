package smplxtest

import (
	"fmt"
	"math"

	"interactagent/body"
	"interactagent/body/smplx"
	"interactagent/motion"
)

// Options chooses the layout of a stand-in file. The zero value is a small SMPL-X file as the SMPL-X
// site ships it (float32, C order) with 20 shape columns.
type Options struct {
	Family  smplx.Family // SMPLX (55 joints; the zero value), SMPLH (52) or SMPL (24)
	DType   motion.DType // of the float arrays: Float32 (the zero value) or Float64
	Fortran bool         // store the float arrays of two or more dimensions in Fortran order
	// BigEndian stores every number big-endian ('>f4', '>i8', …) instead of little-endian.
	BigEndian bool
	// ShapeColumns is the last dimension of shapedirs: 20 when zero. SMPL-X files of 2020 ("v1.1")
	// have 400 (300 shape + 100 expression), older ones 20 (10 + 10); SMPL and SMPL-H files have
	// only shape columns (10, 16, 300).
	ShapeColumns int
	// Vertices, when positive and below 13,380, keeps only about that many vertices: those of
	// every k-th triangle, spread over the whole body (fast tests, fuzzing seeds).
	Vertices int
	// Faces is the dtype of f: "<i4" when empty; "<u4" and "<i8" occur too.
	Faces string
	// Kintree is the dtype of kintree_table: "<i8" when empty (parents[0] is then 4294967295, as
	// in the real files); "<i4" writes -1 there, "<u4" 4294967295.
	Kintree string
	// Compress deflates the entries (np.savez_compressed) instead of storing them (np.savez).
	Compress bool
}

// Raw is a stand-in model's arrays as the file holds them, in float64 and C order: exactly the
// values written (rounded to float32 first when the file is float32), the weights of every joint
// unmerged and every posedirs column, for slow reference implementations.
type Raw struct {
	Family    smplx.Family
	Template  [][3]float64 // v_template, N vertices, metres
	Faces     [][3]uint32  // f
	Regressor [][]float64  // J_regressor, J rows of N
	Weights   [][]float64  // weights, N rows of J
	Parents   []int        // kintree_table row 0, with Parents[0] = -1
	ShapeDirs []float64    // shapedirs (N, 3, NumShape), C order
	PoseDirs  []float64    // posedirs (N, 3, NumPose), C order, NumPose = (J-1)·9
	NumShape  int
	NumPose   int
}

// NumVertices returns N.
func (r *Raw) NumVertices() int { return len(r.Template) }

// NumJoints returns J.
func (r *Raw) NumJoints() int { return len(r.Parents) }

// Write generates a stand-in model with options o and writes it to path as an .npz file; it returns
// the arrays written.
func Write(path string, o Options) (*Raw, error) {
	raw, err := Generate(o)
	if err != nil {
		return nil, err
	}
	if err := WriteEntries(path, raw.Entries(o), o.Compress); err != nil {
		return nil, err
	}
	return raw, nil
}

// Generate builds a stand-in model's arrays without writing them.
func Generate(o Options) (*Raw, error) {
	o, err := o.resolved()
	if err != nil {
		return nil, err
	}
	h, err := body.Human()
	if err != nil {
		return nil, fmt.Errorf("smplxtest: %w", err)
	}
	sk := newSkeleton(h, o.Family)
	sub := subset(h, o.Vertices)
	raw := &Raw{Family: o.Family, Parents: sk.parents, Faces: sub.faces, NumShape: o.ShapeColumns,
		NumPose: (len(sk.parents) - 1) * 9}
	raw.Template = sub.points(h)
	raw.Weights = sk.weights(h, sub.vertices)
	raw.Regressor = regressor(raw.Template, sk.joints)
	raw.ShapeDirs = shapeDirs(raw.Template, sk, o)
	raw.PoseDirs = poseDirs(raw.Template, sk.joints)
	if o.DType == motion.Float32 {
		raw.round32()
	}
	return raw, nil
}

// resolved fills o's defaults and checks it.
func (o Options) resolved() (Options, error) {
	if o.Family == 0 {
		o.Family = smplx.SMPLX
	}
	if o.DType == 0 {
		o.DType = motion.Float32
	}
	if o.ShapeColumns == 0 {
		o.ShapeColumns = 20
	}
	if o.Faces == "" {
		o.Faces = "<i4"
	}
	if o.Kintree == "" {
		o.Kintree = "<i8"
	}
	switch {
	case o.Family < smplx.SMPL || o.Family > smplx.SMPLX:
		return o, fmt.Errorf("smplxtest: family %v, want SMPL, SMPLH or SMPLX", o.Family)
	case o.DType != motion.Float32 && o.DType != motion.Float64:
		return o, fmt.Errorf("smplxtest: dtype %v, want Float32 or Float64", o.DType)
	case o.ShapeColumns < 1 || o.ShapeColumns > 1000:
		return o, fmt.Errorf("smplxtest: %d shape columns, want 1 to 1000", o.ShapeColumns)
	case o.Vertices < 0:
		return o, fmt.Errorf("smplxtest: %d vertices, want 0 (all) or more", o.Vertices)
	}
	return o, nil
}

// round32 rounds every float array to float32, as a float32 file stores it.
func (r *Raw) round32() {
	for i := range r.Template {
		for c := range 3 {
			r.Template[i][c] = round32(r.Template[i][c])
		}
	}
	for _, rows := range [][][]float64{r.Regressor, r.Weights} {
		for _, row := range rows {
			roundAll(row)
		}
	}
	roundAll(r.ShapeDirs)
	roundAll(r.PoseDirs)
}

func roundAll(xs []float64) {
	for i, x := range xs {
		xs[i] = round32(x)
	}
}

func round32(x float64) float64 { return float64(float32(x)) }

// ShapeCount is the number of shape components a reader keeps of a file with o's layout (the rest
// of the columns are SMPL-X expressions, or components past smplx.MaxBetas): for SMPL-X
// MaxBetas of its 300 when the file has at least 400 columns, else 10 (as the smplx package's
// body_models.py reads them); for SMPL and SMPL-H every column up to MaxBetas.
func ShapeCount(o Options) int {
	o, _ = o.resolved()
	if o.Family != smplx.SMPLX {
		return min(o.ShapeColumns, smplx.MaxBetas)
	}
	if o.ShapeColumns >= 400 {
		return smplx.MaxBetas
	}
	return min(10, o.ShapeColumns)
}

// hypot3 returns the length of (x, y, z).
func hypot3(x, y, z float64) float64 { return math.Sqrt(x*x + y*y + z*z) }
