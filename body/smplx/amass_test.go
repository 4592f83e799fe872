package smplx

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

func seqWantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one saying %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q lacks %q", err, p)
		}
	}
}

// seqSample is a sequence of every family with hands (and for SMPL-X, jaw and eyes) posed.
func seqSample(f Family, frames int, seed uint64) *Sequence {
	rng := rand.New(rand.NewPCG(seed, 7))
	q := &Sequence{Family: f, Gender: "female", FPS: 59.94, Up: ZUp, Betas: []float64{0.25, -1.5, 0, 2}}
	for range frames {
		fr := Frame{Params: seqParams(rng), Extra: make([]float64, PoseWidth(f)-66)}
		for i := range fr.Extra {
			fr.Extra[i] = rng.NormFloat64() * 0.3
		}
		q.Frames = append(q.Frames, fr)
	}
	return q
}

func seqEncode(t testing.TB, q *Sequence) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := EncodeAMASS(&buf, q); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// What EncodeAMASS writes, DecodeAMASS reads back exactly, for every family and both up axes.
func TestAMASSRoundTrip(t *testing.T) {
	for i, f := range []Family{SMPLX, SMPLH, SMPL} {
		for _, up := range []Up{ZUp, YUp} {
			q := seqSample(f, 40, uint64(i))
			q.Up = up
			data := seqEncode(t, q)
			back, err := DecodeAMASS(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			q.Betas = append(q.Betas, make([]float64, 0)...)
			if !reflect.DeepEqual(back, q) {
				t.Fatalf("%v %v: read back %+v, want %+v", f, up, back.Frames[0], q.Frames[0])
			}
		}
	}
}

// Files written by numpy itself (testdata/amass/gen.py): SMPL-X as AMASS ships it, SMPL-H
// compressed with bytes gender and mocap_framerate, SMPL as big-endian float32 in Fortran order
// with a pickled gender and betas (1, 10).
func TestReadAMASSNumpyFiles(t *testing.T) {
	for _, tc := range []struct {
		file   string
		family Family
		gender string
		fps    float64
		betas  int
		tol    float64
	}{
		{"smplx.npz", SMPLX, "female", 120, 16, 0},
		{"smplh.npz", SMPLH, "male", 60, 16, 0},
		{"smpl.npz", SMPL, "neutral", 30, 10, 1e-6},
	} {
		path := filepath.Join("testdata", "amass", tc.file)
		q, err := ReadAMASS(path)
		if err != nil {
			t.Fatal(err)
		}
		if q.Path != path || q.Family != tc.family || q.Gender != tc.gender || q.FPS != tc.fps || len(q.Betas) != tc.betas || q.Up != ZUp || len(q.Frames) != 3 {
			t.Fatalf("%s: %v %q %v fps, %d betas, %v, %d frames", tc.file, q.Family, q.Gender, q.FPS, len(q.Betas), q.Up, len(q.Frames))
		}
		if math.Abs(q.Betas[2]-0.3) > 1e-12 {
			t.Errorf("%s: beta 2 is %v, want 0.3", tc.file, q.Betas[2])
		}
		for ti, fr := range q.Frames {
			row := append(append(fr.Orient[:], seqFlatten(fr.Body[:])...), fr.Extra...)
			for k, v := range row {
				want := 0.001 * float64(100*ti+k)
				if k%2 == 1 {
					want = -want
				}
				if math.Abs(v-want) > tc.tol*math.Max(1, math.Abs(want)) {
					t.Fatalf("%s frame %d value %d: %v, want %v", tc.file, ti, k, v, want)
				}
			}
			if want := (mgl64.Vec3{1, 2, 3}).Mul(float64(ti) / 10); fr.Trans.Sub(want).Len() > 1e-6 {
				t.Fatalf("%s frame %d: trans %v, want %v", tc.file, ti, fr.Trans, want)
			}
		}
	}
}

func seqFlatten(vs []mgl64.Vec3) []float64 {
	var out []float64
	for _, v := range vs {
		out = append(out, v[:]...)
	}
	return out
}

// npzEntry is one entry of a hand-made archive.
type npzEntry struct {
	key   string
	write func(io.Writer) error
}

// rawFloats writes a float64 .npy array without any check, NaN included.
func rawFloats(shape []int, data []float64) func(io.Writer) error {
	return func(w io.Writer) error {
		if err := writeArrayHeader(w, "<f8", shapeText(shape)); err != nil {
			return err
		}
		return binary.Write(w, binary.LittleEndian, data)
	}
}

// goodEntries are a valid SMPL-X file of 4 frames.
func goodEntries() []npzEntry {
	return []npzEntry{
		{"poses", rawFloats([]int{4, 165}, make([]float64, 4*165))},
		{"trans", rawFloats([]int{4, 3}, make([]float64, 12))},
		{"betas", rawFloats([]int{16}, make([]float64, 16))},
		{"gender", textEntry("neutral")},
		{"mocap_frame_rate", rawFloats([]int{}, []float64{30})},
	}
}

// withEntry replaces (or, with a nil write, removes) key's entry, or adds it.
func withEntry(es []npzEntry, key string, write func(io.Writer) error) []npzEntry {
	var out []npzEntry
	done := false
	for _, e := range es {
		if e.key == key {
			done = true
			if write == nil {
				continue
			}
			e.write = write
		}
		out = append(out, e)
	}
	if !done && write != nil {
		out = append(out, npzEntry{key, write})
	}
	return out
}

func npzBytes(t testing.TB, es []npzEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range es {
		w, err := zw.Create(e.key + ".npy")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.write(w); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Bad files are refused with the file, the key and what was expected.
func TestReadAMASSRefuses(t *testing.T) {
	nan := make([]float64, 4*165)
	nan[2*165+7] = math.NaN()
	good := goodEntries()
	for _, tc := range []struct {
		name    string
		entries []npzEntry
		want    []string
	}{
		{"width 100", withEntry(good, "poses", rawFloats([]int{4, 100}, make([]float64, 400))), []string{"poses", "100 pose values per frame", "want 165 (SMPL-X), 156 (SMPL-H) or 72 (SMPL)"}},
		{"fps 0", withEntry(good, "mocap_frame_rate", rawFloats([]int{}, []float64{0})), []string{"mocap_frame_rate", "0 frames per second", "(0, 1000]"}},
		{"fps 1e9", withEntry(good, "mocap_frame_rate", rawFloats([]int{}, []float64{1e9})), []string{"mocap_frame_rate", "1e+09", "(0, 1000]"}},
		{"rates disagree", withEntry(good, "mocap_framerate", rawFloats([]int{}, []float64{60})), []string{"mocap_framerate", "60", "mocap_frame_rate says 30"}},
		{"no rate", withEntry(good, "mocap_frame_rate", nil), []string{"mocap_frame_rate", "missing"}},
		{"trans short", withEntry(good, "trans", rawFloats([]int{3, 3}, make([]float64, 9))), []string{"trans", "(3, 3)", "want (4, 3)"}},
		{"NaN", withEntry(good, "poses", rawFloats([]int{4, 165}, nan)), []string{"poses", "element (2, 7) is NaN", "finite"}},
		{"no poses", withEntry(good, "poses", nil), []string{"poses", "missing"}},
		{"no frames", withEntry(good, "poses", rawFloats([]int{0, 165}, nil)), []string{"poses", "1 ≤ T"}},
		{"betas 3-D", withEntry(good, "betas", rawFloats([]int{1, 1, 16}, make([]float64, 16))), []string{"betas", "(1, 1, 16)", "(B,)"}},
		{"gender", withEntry(good, "gender", textEntry("robot")), []string{"gender", `"robot"`, "male, female or neutral"}},
		{"family", withEntry(good, "surface_model_type", textEntry("smplh")), []string{"surface_model_type", "SMPL-X"}},
		{"up axis", withEntry(good, "up_axis", textEntry("x")), []string{"up_axis", "y or z"}},
		{"string dtype", withEntry(good, "poses", textEntry("poses")), []string{"poses", "shape ()"}},
		{"truncated", withEntry(good, "trans", func(w io.Writer) error {
			return writeArrayHeader(w, "<f8", "(4, 3)")
		}), []string{"trans", "data ends after 0 of the 96 bytes"}},
		{"duplicate", append(goodEntries(), good[0]), []string{"poses", "twice"}},
		{"trans far", withEntry(good, "trans", rawFloats([]int{4, 3}, []float64{0, 0, 0, 0, 1e5, 0, 0, 0, 0, 0, 0, 0})), []string{"trans", "frame 1", "±10000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "motion.npz")
			if err := os.WriteFile(path, npzBytes(t, tc.entries), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadAMASS(path)
			seqWantError(t, err, append([]string{path}, tc.want...)...)
			var fe *motion.FormatError
			var ue *motion.UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Errorf("%T, want a motion.FormatError or UnsupportedError", err)
			}
		})
	}
	_, err := DecodeAMASS(strings.NewReader("not a zip"), 9)
	seqWantError(t, err, "archive", "zip")
}

// The header is checked before the data is read: a header announcing 10^5 frames costs nothing
// when the data is not there, and a shape beyond the caps is refused from the header alone.
func TestReadAMASSChecksHeadersFirst(t *testing.T) {
	huge := withEntry(goodEntries(), "poses", func(w io.Writer) error { return writeArrayHeader(w, "<f8", "(100000, 165)") })
	data := npzBytes(t, huge)
	_, err := DecodeAMASS(bytes.NewReader(data), int64(len(data)))
	seqWantError(t, err, "poses", "data ends after 0")
	over := withEntry(goodEntries(), "poses", func(w io.Writer) error { return writeArrayHeader(w, "<f8", "(100001, 165)") })
	data = npzBytes(t, over)
	_, err = DecodeAMASS(bytes.NewReader(data), int64(len(data)))
	seqWantError(t, err, "poses", "T ≤ 100000")
}

// numpy reads what WriteAMASS writes, every key with the shape and dtype the field's tools expect.
// Runs where /usr/bin/python3 has numpy (the CI does not install it, so it is skipped there too).
func TestWriteAMASSNumpyReadsIt(t *testing.T) {
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no numpy under %s (%v): what numpy reads is not checked", py, err)
	}
	s := seqShaped(SMPLX, "SMPLX_MALE.npz")
	mo := &Motion{Shaped: s, FPS: 30, Frames: []Params{seqParams(rand.New(rand.NewPCG(8, 9))), {}}}
	path := filepath.Join(t.TempDir(), "out.npz")
	if err := WriteAMASS(path, mo, ZUp); err != nil {
		t.Fatal(err)
	}
	script := `import sys, numpy as np
d = np.load(sys.argv[1])
for k in sorted(d.files):
    a = d[k]
    print(k, a.dtype.str, a.shape, a.item() if a.ndim == 0 else "")
print("gender item", type(d["gender"].item()).__name__, str(d["gender"]))
print("poses[0,3:6]", " ".join("%.17g" % x for x in d["poses"][0, 3:6]))
`
	out, err := exec.Command(py, "-c", script, path).CombinedOutput()
	if err != nil {
		t.Fatalf("numpy cannot read it: %v\n%s", err, out)
	}
	b := mo.Frames[0].Body[0]
	for _, want := range []string{
		"betas <f8 (16,)", "gender <U4 () male", "mocap_frame_rate <f8 () 30.0", "mocap_framerate <f8 () 30.0",
		"poses <f8 (2, 165)", "surface_model_type <U5 () smplx", "trans <f8 (2, 3)", "up_axis <U1 () z",
		"gender item str male", fmt.Sprintf("poses[0,3:6] %.17g %.17g %.17g", b[0], b[1], b[2]),
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("numpy's view lacks %q:\n%s", want, out)
		}
	}
}

// WriteAMASS writes nothing for a motion it cannot write, and leaves an earlier file as it was.
func TestWriteAMASSRefusesBadMotion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.npz")
	os.WriteFile(path, []byte("before"), 0o644)
	s := seqShaped(SMPLX, "SMPLX_MALE.npz")
	for _, mo := range []*Motion{
		{Shaped: s, FPS: 0, Frames: []Params{{}}},
		{Shaped: s, FPS: 30},
		{Shaped: s, FPS: 30, Frames: []Params{{Trans: mgl64.Vec3{math.Inf(1), 0, 0}}}},
		{FPS: 30, Frames: []Params{{}}},
	} {
		if err := WriteAMASS(path, mo, ZUp); err == nil {
			t.Errorf("%+v written", mo)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != "before" {
		t.Errorf("the earlier file became %q", data)
	}
}
