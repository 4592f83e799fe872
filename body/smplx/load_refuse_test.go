package smplx_test

import (
	"archive/zip"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
)

// badOptions is the layout the refusal tests break.
var badOptions = smplxtest.Options{Vertices: 200}

// badRaw returns a fresh copy of the arrays the refusal tests break.
func badRaw(t *testing.T) *smplxtest.Raw {
	t.Helper()
	raw, err := smplxtest.Generate(badOptions)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// wantRefused loads path and checks the error is a *ModelError naming the path and saying each of want.
func wantRefused(t *testing.T, name, path string, want ...string) {
	t.Helper()
	m, err := smplx.Load(path)
	if err == nil {
		t.Errorf("%s: loaded %d vertices, want an error", name, len(m.Template))
		return
	}
	var me *smplx.ModelError
	if !errors.As(err, &me) || me.Path != path {
		t.Errorf("%s: error %v (%T), want a *ModelError naming %s", name, err, err, path)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: error %q, want it to say %q", name, err, w)
		}
	}
}

// TestLoadRefusesBrokenArrays breaks one array at a time.
func TestLoadRefusesBrokenArrays(t *testing.T) {
	n := badRaw(t).NumVertices()
	cases := []struct {
		name  string
		raw   func(*smplxtest.Raw)
		entry func([]smplxtest.Entry) []smplxtest.Entry
		want  []string
	}{
		{name: "weights shape", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			e := smplxtest.Find(es, "weights")
			e.Shape, e.Values = []int{n, 54}, e.Values[:n*54]
			return es
		}, want: []string{`SMPLX_NEUTRAL.npz: key "weights": shape (` + strconv.Itoa(n) + `, 54), want (` + strconv.Itoa(n) + `, 55) like J_regressor`}},
		{name: "NaN in posedirs", raw: func(r *smplxtest.Raw) { r.PoseDirs[(3*3+1)*r.NumPose+5] = math.NaN() },
			want: []string{`key "posedirs": element (3, 1, 5) is NaN, want a finite number`}},
		{name: "Inf in v_template", raw: func(r *smplxtest.Raw) { r.Template[2][1] = math.Inf(1) },
			want: []string{`key "v_template": element (2, 1) is +Inf`}},
		{name: "NaN in shapedirs", raw: func(r *smplxtest.Raw) { r.ShapeDirs[5] = math.NaN() },
			want: []string{`key "shapedirs": element (0, 0, 5) is NaN`}},
		{name: "huge posedirs", raw: func(r *smplxtest.Raw) { r.PoseDirs[(2*3+2)*r.NumPose+188] = 1e30 },
			want: []string{`key "posedirs": element (2, 2, 188) is 1.0000000150474662e+30, want a value within ±10`}},
		{name: "NaN in J_regressor", raw: func(r *smplxtest.Raw) { r.Regressor[3][7] = math.NaN() },
			want: []string{`key "J_regressor": element (3, 7) is NaN`}},
		{name: "kintree cycle", raw: func(r *smplxtest.Raw) { r.Parents[3] = 9 },
			want: []string{`key "kintree_table"`, "lead back", "want a tree"}},
		{name: "parent after child", raw: func(r *smplxtest.Raw) { r.Parents[30] = 40 },
			want: []string{`key "kintree_table": joint 30's parent 40 comes after it`}},
		{name: "self parent", raw: func(r *smplxtest.Raw) { r.Parents[30] = 30 },
			want: []string{`key "kintree_table": the parents of joint 30 lead back to it (30 → 30)`}},
		{name: "not SMPL's body", raw: func(r *smplxtest.Raw) { r.Parents[5] = 1 },
			want: []string{`joint 5 (right_knee) has parent 1, want 2 (right_hip)`}},
		{name: "parent not a joint", raw: func(r *smplxtest.Raw) { r.Parents[7] = 99 },
			want: []string{`joint 7's parent is 99, want a joint from 0 to 54`}},
		{name: "face out of range", raw: func(r *smplxtest.Raw) { r.Faces[4][1] = uint32(r.NumVertices()) },
			want: []string{`key "f": element (4, 1) is ` + strconv.Itoa(n) + `, want a vertex index from 0 to ` + strconv.Itoa(n-1)}},
		{name: "degenerate face", raw: func(r *smplxtest.Raw) { r.Faces[2] = [3]uint32{5, 5, 6} },
			want: []string{`key "f": triangle 2 is [5 5 6], want three different vertices`}},
		{name: "weights sum", raw: func(r *smplxtest.Raw) {
			for j := range r.Weights[7] {
				r.Weights[7][j] /= 2
			}
		}, want: []string{`key "weights": the weights of vertex 7 sum to 0.5, want 1`}},
		{name: "negative weight", raw: func(r *smplxtest.Raw) { r.Weights[8][0] = -0.5 },
			want: []string{`key "weights": element (8, 0) is -0.5, want a weight in [0, 1]`}},
		{name: "faces as floats", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			smplxtest.Find(es, "f").Descr = "<f4"
			return es
		}, want: []string{`key "f": dtype "<f4" (float32), want an integer type`}},
		{name: "weights as ints", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			smplxtest.Find(es, "weights").Descr = "<i4"
			return es
		}, want: []string{`key "weights": dtype "<i4" (int32), want float32 or float64`}},
		{name: "pickled template", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			e := smplxtest.Find(es, "v_template")
			e.Descr, e.Pickle = "|O", []byte("\x80\x02}q\x00.")
			return es
		}, want: []string{`key "v_template": dtype "|O"`}},
		{name: "30 joints", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			e := smplxtest.Find(es, "J_regressor")
			e.Shape, e.Values = []int{30, n}, e.Values[:30*n]
			return es
		}, want: []string{`key "J_regressor": unsupported: 30 joints, want 24 (SMPL), 52 (SMPL-H) or 55 (SMPL-X)`}},
		{name: "too many joints", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			smplxtest.Find(es, "J_regressor").Shape = []int{65, n}
			return es
		}, want: []string{`key "J_regressor": shape (65, ` + strconv.Itoa(n) + `), want (J, ` + strconv.Itoa(n) + `): J joints from 22 to 64`}},
		{name: "too many shape columns", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			smplxtest.Find(es, "shapedirs").Shape = []int{n, 3, 401}
			return es
		}, want: []string{`key "shapedirs": shape (` + strconv.Itoa(n) + `, 3, 401), want (` + strconv.Itoa(n) + `, 3, S) like v_template with 1 ≤ S ≤ 400`}},
		{name: "too many vertices", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			smplxtest.Find(es, "v_template").Shape = []int{100001, 3}
			return es
		}, want: []string{`key "v_template": shape (100001, 3), want (N, 3) with 1 ≤ N ≤ 100000 vertices`}},
		{name: "short member", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			e := smplxtest.Find(es, "posedirs")
			e.Values = e.Values[:len(e.Values)-1]
			return es
		}, want: []string{`key "posedirs": the member holds`}},
		{name: "duplicate key", entry: func(es []smplxtest.Entry) []smplxtest.Entry {
			return append(es, *smplxtest.Find(es, "f"))
		}, want: []string{`key "f": appears twice`}},
	}
	for _, k := range []string{"v_template", "f", "J_regressor", "weights", "kintree_table", "shapedirs", "posedirs"} {
		cases = append(cases, struct {
			name  string
			raw   func(*smplxtest.Raw)
			entry func([]smplxtest.Entry) []smplxtest.Entry
			want  []string
		}{name: "missing " + k, entry: func(es []smplxtest.Entry) []smplxtest.Entry { return smplxtest.Without(es, k) },
			want: []string{`key "` + k + `": missing`}})
	}
	for _, c := range cases {
		raw := badRaw(t)
		if c.raw != nil {
			c.raw(raw)
		}
		es := raw.Entries(badOptions)
		if c.entry != nil {
			es = c.entry(es)
		}
		wantRefused(t, c.name, writeEntries(t, es), c.want...)
	}
}

// TestLoadRefusesDamagedFiles refuses files that are not whole .npz archives.
func TestLoadRefusesDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.npz")
	if _, err := smplxtest.Write(good, badOptions); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(good)
	for _, cut := range []int64{0, 10, info.Size() / 2, info.Size() - 1} {
		path := filepath.Join(dir, "cut.npz")
		copyFile(t, good, path)
		if err := smplxtest.Truncate(path, cut); err != nil {
			t.Fatal(err)
		}
		wantRefused(t, "truncated", path, "cut.npz: not a zip archive, or a truncated one")
	}
	notZip := filepath.Join(dir, "v_template.npy")
	if err := smplxtest.WriteNotZip(notZip); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, "not a zip", notZip, "not a zip archive")
	wantRefused(t, "no file", filepath.Join(dir, "none.npz"), "none.npz: cannot read the file: open ")
	damaged := filepath.Join(dir, "damaged.npz")
	copyFile(t, good, damaged)
	flipDataByte(t, damaged, "weights.npy", 300)
	wantRefused(t, "damaged", damaged, `key "weights": the data is damaged (its checksum differs`)
}

// flipDataByte inverts one byte of a member's stored data.
func flipDataByte(t *testing.T, path, member string, at int64) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	var off int64 = -1
	for _, f := range zr.File {
		if f.Name == member {
			if off, err = f.DataOffset(); err != nil {
				t.Fatal(err)
			}
		}
	}
	zr.Close()
	b, err := os.ReadFile(path)
	if err != nil || off < 0 {
		t.Fatal(err, off)
	}
	b[off+at] ^= 0xff
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
