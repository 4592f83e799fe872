package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
	"interactagent/wiring"
)

// smplxStandIn writes a stand-in model file in SMPL-X's layout (smplxtest; the licensed file never
// appears in tests) named name, such as SMPLX_NEUTRAL.npz, and returns its path.
func smplxStandIn(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if _, err := smplxtest.Write(path, smplxtest.Options{Vertices: 600}); err != nil {
		t.Fatal(err)
	}
	return path
}

// shapedStandIn loads the stand-in as convert does, shaped with betas.
func shapedStandIn(t *testing.T, path string, betas []float64) *smplx.Shaped {
	t.Helper()
	m, err := wiring.LoadSMPLX(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := m.Shape(betas)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wavingMotion is a short motion in our frame: the body turning, walking off the origin and
// swinging its arms and legs.
func wavingMotion(s *smplx.Shaped, frames int, fps float64) *smplx.Motion {
	mo := &smplx.Motion{Shaped: s, FPS: fps}
	for t := range frames {
		a := float64(t) / float64(frames)
		p := smplx.Params{Orient: mgl64.Vec3{0.1 * a, 2.5 * a, -0.05}, Trans: mgl64.Vec3{1.5 * a, 0.02 * math.Sin(9*a), 3 - a}}
		for j := range p.Body {
			p.Body[j] = mgl64.Vec3{0.4 * math.Sin(6*a+float64(j)), 0.1 * math.Cos(4*a+float64(j)), 0.2 * math.Sin(float64(j))}
		}
		mo.Frames = append(mo.Frames, p)
	}
	return mo
}

// loadJoints reads a float64 joints .npy written by convert.
func loadJoints(t *testing.T, path string, fps float64) *motion.Clip {
	t.Helper()
	c, _, err := motion.LoadMotion(path, fps)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// An AMASS file (Z up) converts to the joints of the motion it was written from (Y up): positions
// unchanged, the file's rate, every family.
func TestConvertAMASS(t *testing.T) {
	model := smplxStandIn(t, "SMPLX_NEUTRAL.npz")
	s := shapedStandIn(t, model, []float64{0.8, -0.5})
	mo := wavingMotion(s, 24, 120)
	want, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, up := range []smplx.Up{smplx.ZUp, smplx.YUp} {
		in, out := filepath.Join(dir, "walk.npz"), filepath.Join(dir, "walk.npy")
		if err := smplx.WriteAMASS(in, mo, up); err != nil {
			t.Fatal(err)
		}
		text := checkRun(t, []string{"convert", in, out, "--smplx", model, "--dtype", "float64"}, 0,
			[]string{"24 frames at 120 fps (0.20 s)", "AMASS SMPL-X (16 betas", "on SMPLX_NEUTRAL.npz", "joint positions (24, 22, 3) float64"})
		if strings.Contains(text, "note:") {
			t.Errorf("a neutral file on a neutral model gets a note: %s", text)
		}
		if d := jointGap(loadJoints(t, out, 120), want); d > 1e-9 {
			t.Errorf("%v: joints %g m off the motion's", up, d)
		}
	}
}

// jointGap is the largest joint distance between two clips of the same length.
func jointGap(a, b *motion.Clip) float64 {
	if a.Len() != b.Len() {
		return math.Inf(1)
	}
	worst := 0.0
	for f := range a.Frames {
		for j := range a.Frames[f] {
			worst = max(worst, a.Frames[f][j].Sub(b.Frames[f][j]).Len())
		}
	}
	return worst
}

// A TRUMANS folder's frames [from, to) convert at 30 fps, Y up, on betas 0; a neutral model gets a
// note that TRUMANS means the male one.
func TestConvertTRUMANS(t *testing.T) {
	model := smplxStandIn(t, "SMPLX_NEUTRAL.npz")
	s := shapedStandIn(t, model, nil)
	mo := wavingMotion(s, 40, 30)
	dir := t.TempDir()
	writeArray := func(name string, cols int, row func(p smplx.Params) []float64) {
		var data []float64
		for _, p := range mo.Frames {
			data = append(data, row(p)...)
		}
		var buf bytes.Buffer
		if err := motion.WriteNPY(&buf, &motion.Array{Shape: []int{len(mo.Frames), cols}, Data: data}, motion.Float64); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
	}
	writeArray(smplx.TRUMANSOrient, 3, func(p smplx.Params) []float64 { return p.Orient[:] })
	writeArray(smplx.TRUMANSTransl, 3, func(p smplx.Params) []float64 { return p.Trans[:] })
	writeArray(smplx.TRUMANSPose, 63, func(p smplx.Params) []float64 {
		var row []float64
		for _, r := range p.Body {
			row = append(row, r[:]...)
		}
		return row
	})
	out := filepath.Join(t.TempDir(), "seg.npy")
	checkRun(t, []string{"convert", dir, out, "--from", "5", "--to", "25", "--smplx", model, "--dtype", "float64"}, 0,
		[]string{"20 frames at 30 fps", "TRUMANS SMPL-X (betas 0, Y up) on SMPLX_NEUTRAL.npz", "note: the motion was made on a male body"})
	want, err := (&smplx.Motion{Shaped: s, FPS: 30, Frames: mo.Frames[5:25]}).Clip()
	if err != nil {
		t.Fatal(err)
	}
	if d := jointGap(loadJoints(t, out, 30), want); d > 1e-9 {
		t.Errorf("joints %g m off the motion's", d)
	}
	checkRun(t, []string{"convert", dir, out, "--from", "30", "--to", "50", "--smplx", model}, 1, []string{"[30, 50)", "≤ 40"})
}

// rawNPY writes a float64 .npy array with no checks (NaN included).
func rawNPY(shape string, data []float64) []byte {
	dict := fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': %s, }", shape)
	dict += strings.Repeat(" ", 63-(10+len(dict))%64) + "\n"
	var buf bytes.Buffer
	buf.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&buf, binary.LittleEndian, uint16(len(dict)))
	buf.WriteString(dict)
	binary.Write(&buf, binary.LittleEndian, data)
	return buf.Bytes()
}

// writeNPZ writes entries (key → .npy bytes) as an .npz archive.
func writeNPZ(t *testing.T, path string, entries map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for k, v := range entries {
		w, _ := zw.Create(k + ".npy")
		w.Write(v)
	}
	zw.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Bad motion files are refused, naming the file, the key and what was expected, and nothing is
// written; so is a missing model file.
func TestConvertSMPLXRefuses(t *testing.T) {
	model := smplxStandIn(t, "SMPLX_NEUTRAL.npz")
	good := func() map[string][]byte {
		return map[string][]byte{
			"poses": rawNPY("(4, 165)", make([]float64, 4*165)), "trans": rawNPY("(4, 3)", make([]float64, 12)),
			"betas": rawNPY("(16,)", make([]float64, 16)), "mocap_frame_rate": rawNPY("()", []float64{30}),
		}
	}
	nan := make([]float64, 4*165)
	nan[3*165+10] = math.NaN()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, key string
		data      []byte
		want      []string
	}{
		{"width", "poses", rawNPY("(4, 100)", make([]float64, 400)), []string{"poses", "100 pose values per frame", "want 165 (SMPL-X)"}},
		{"fps 0", "mocap_frame_rate", rawNPY("()", []float64{0}), []string{"mocap_frame_rate", "0 frames per second", "want a rate in (0, 1000]"}},
		{"fps 1e9", "mocap_frame_rate", rawNPY("()", []float64{1e9}), []string{"mocap_frame_rate", "1e+09 frames per second", "(0, 1000]"}},
		{"trans", "trans", rawNPY("(5, 3)", make([]float64, 15)), []string{"trans", "shape (5, 3), want (4, 3)"}},
		{"NaN", "poses", rawNPY("(4, 165)", nan), []string{"poses", "element (3, 10) is NaN", "finite"}},
	} {
		in, out := filepath.Join(dir, tc.name+".npz"), filepath.Join(dir, tc.name+".json")
		entries := good()
		entries[tc.key] = tc.data
		writeNPZ(t, in, entries)
		checkRun(t, []string{"convert", in, out, "--smplx", model}, 1, append([]string{in}, tc.want...))
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a refused convert wrote %s", tc.name, out)
		}
	}
	in, out := filepath.Join(dir, "ok.npz"), filepath.Join(dir, "ok.json")
	writeNPZ(t, in, good())
	t.Setenv(wiring.SMPLXEnv, "")
	checkRun(t, []string{"convert", in, out}, 1, []string{wiring.ErrNoSMPLX.Error()})
	// An SMPL-H file on an SMPL-X model: the families' rest joints differ.
	h := good()
	h["poses"] = rawNPY("(4, 156)", make([]float64, 4*156))
	writeNPZ(t, in, h)
	checkRun(t, []string{"convert", in, out, "--smplx", model}, 1, []string{in, "SMPL-H", "SMPLX_NEUTRAL.npz is SMPL-X"})
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused convert wrote its output")
	}
	// Flags where they mean nothing.
	checkRun(t, []string{"convert", in, out, "--fps", "30", "--smplx", model}, 2, []string{"--fps applies to .npy inputs"})
	checkRun(t, []string{"convert", in, out, "--from", "3", "--smplx", model}, 2, []string{"--from and --to apply to TRUMANS folders"})
	checkRun(t, []string{"convert", stepClip(t, dir), out, "--smplx", model}, 2, []string{"--smplx applies to SMPL-family motion"})
}
