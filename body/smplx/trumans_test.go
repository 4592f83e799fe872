package smplx

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"interactagent/motion"
)

// trumansValue is column c of frame t in a test array with cols columns: distinct everywhere.
func trumansValue(t, c, cols int) float64 { return 0.001*float64(t*cols+c) - 0.3 }

// writeTRUMANS writes the three arrays of n frames to dir; fortran stores the pose array in
// Fortran order as float32, big-endian.
func writeTRUMANS(t *testing.T, dir string, n int, fortran bool) {
	t.Helper()
	for _, a := range []struct {
		name string
		cols int
	}{{TRUMANSOrient, 3}, {TRUMANSPose, 63}, {TRUMANSTransl, 3}} {
		data := make([]float64, n*a.cols)
		for i := range data {
			data[i] = trumansValue(i/a.cols, i%a.cols, a.cols)
		}
		var buf bytes.Buffer
		if fortran && a.name == TRUMANSPose {
			writeFortranF4(&buf, n, a.cols, data)
		} else if err := motion.WriteNPY(&buf, &motion.Array{Shape: []int{n, a.cols}, Data: data}, motion.Float32); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, a.name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writeFortranF4 writes a big-endian float32 array column by column, as numpy does for
// np.asfortranarray(a.astype('>f4')).
func writeFortranF4(buf *bytes.Buffer, rows, cols int, data []float64) {
	dict := fmt.Sprintf("{'descr': '>f4', 'fortran_order': True, 'shape': (%d, %d), }", rows, cols)
	for (10+len(dict)+1)%64 != 0 {
		dict += " "
	}
	dict += "\n"
	buf.WriteString("\x93NUMPY\x01\x00")
	binary.Write(buf, binary.LittleEndian, uint16(len(dict)))
	buf.WriteString(dict)
	for c := range cols {
		for r := range rows {
			binary.Write(buf, binary.BigEndian, float32(data[r*cols+c]))
		}
	}
}

func checkTRUMANSFrames(t *testing.T, q *Sequence, from int) {
	t.Helper()
	for i, f := range q.Frames {
		ft := from + i
		for c := range 3 {
			if math.Abs(f.Orient[c]-trumansValue(ft, c, 3)) > 1e-6 || math.Abs(f.Trans[c]-trumansValue(ft, c, 3)) > 1e-6 {
				t.Fatalf("frame %d: orient %v trans %v", ft, f.Orient, f.Trans)
			}
		}
		for j, r := range f.Body {
			for c := range 3 {
				if want := trumansValue(ft, 3*j+c, 63); math.Abs(r[c]-want) > 1e-6 {
					t.Fatalf("frame %d joint %d: %v, want %v at %d", ft, j+1, r, want, c)
				}
			}
		}
	}
}

// The rows asked for, and only those, come back: SMPL-X at 30 fps, Y up, male, betas 0; in C and
// in Fortran order.
func TestReadTRUMANSRange(t *testing.T) {
	for _, fortran := range []bool{false, true} {
		dir := t.TempDir()
		writeTRUMANS(t, dir, 120, fortran)
		q, err := ReadTRUMANS(dir, 37, 58)
		if err != nil {
			t.Fatal(err)
		}
		if q.Family != SMPLX || q.FPS != 30 || q.Up != YUp || q.Gender != "male" || len(q.Betas) != 0 || len(q.Frames) != 21 || q.Path != dir {
			t.Fatalf("%v %v fps %v %q betas %v, %d frames", q.Family, q.FPS, q.Up, q.Gender, q.Betas, len(q.Frames))
		}
		checkTRUMANSFrames(t, q, 37)
		all, err := ReadTRUMANS(dir, 0, 0)
		if err != nil || len(all.Frames) != 120 {
			t.Fatalf("the whole folder: %d frames, %v", len(all.Frames), err)
		}
		checkTRUMANSFrames(t, all, 0)
	}
}

// Bad folders and ranges are refused, naming the array's file and what was expected.
func TestReadTRUMANSRefuses(t *testing.T) {
	dir := t.TempDir()
	writeTRUMANS(t, dir, 50, false)
	for _, tc := range []struct {
		from, to int
		want     []string
	}{
		{-1, 10, []string{"[-1, 10)", "0 ≤ from < to ≤ 50"}},
		{10, 10, []string{"[10, 10)"}},
		{40, 51, []string{"[40, 51)", "≤ 50"}},
	} {
		_, err := ReadTRUMANS(dir, tc.from, tc.to)
		seqWantError(t, err, tc.want...)
	}
	short := func(d string) {
		var buf bytes.Buffer
		motion.WriteNPY(&buf, &motion.Array{Shape: []int{49, 3}, Data: make([]float64, 147)}, motion.Float64)
		os.WriteFile(filepath.Join(d, TRUMANSTransl), buf.Bytes(), 0o644)
	}
	d := t.TempDir()
	writeTRUMANS(t, d, 50, false)
	short(d)
	_, err := ReadTRUMANS(d, 0, 0)
	seqWantError(t, err, filepath.Join(d, TRUMANSTransl), "49 frames", TRUMANSOrient, "50")

	writeTRUMANS(t, d, 50, false)
	nan := make([]float64, 50*63)
	nan[20*63+5] = math.NaN()
	var buf bytes.Buffer
	writeFortranF4(&buf, 50, 63, nan)
	os.WriteFile(filepath.Join(d, TRUMANSPose), buf.Bytes(), 0o644)
	_, err = ReadTRUMANS(d, 10, 30)
	seqWantError(t, err, filepath.Join(d, TRUMANSPose), "frame 20", "column 5 is NaN")
	if _, err = ReadTRUMANS(d, 30, 40); err != nil {
		t.Errorf("a NaN outside the range refused the range: %v", err)
	}

	writeTRUMANS(t, d, 50, false)
	data, _ := os.ReadFile(filepath.Join(d, TRUMANSOrient))
	os.WriteFile(filepath.Join(d, TRUMANSOrient), data[:len(data)-4], 0o644)
	_, err = ReadTRUMANS(d, 0, 10)
	seqWantError(t, err, filepath.Join(d, TRUMANSOrient), "needs")

	writeTRUMANS(t, d, 50, false)
	buf.Reset()
	motion.WriteNPY(&buf, &motion.Array{Shape: []int{50, 60}, Data: make([]float64, 3000)}, motion.Float64)
	os.WriteFile(filepath.Join(d, TRUMANSPose), buf.Bytes(), 0o644)
	_, err = ReadTRUMANS(d, 0, 10)
	seqWantError(t, err, filepath.Join(d, TRUMANSPose), "(50, 60)", "(N, 63)")

	os.Remove(filepath.Join(d, TRUMANSPose))
	_, err = ReadTRUMANS(d, 0, 10)
	seqWantError(t, err, "TRUMANS folder", TRUMANSPose)
}

// The header alone says how many frames there are: an array of millions of rows is read only
// where asked.
func TestReadTRUMANSHugeArraysReadOnlyTheRange(t *testing.T) {
	dir := t.TempDir()
	writeTRUMANS(t, dir, 10, false)
	const n = 3_792_068 // TRUMANS' frames
	for _, a := range []struct {
		name string
		cols int
	}{{TRUMANSOrient, 3}, {TRUMANSPose, 63}, {TRUMANSTransl, 3}} {
		var buf bytes.Buffer
		writeArrayHeader(&buf, "<f4", fmt.Sprintf("(%d, %d)", n, a.cols))
		path := filepath.Join(dir, a.name)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, int64(buf.Len())+int64(n*a.cols*4)); err != nil { // sparse: zeros
			t.Fatal(err)
		}
	}
	q, err := ReadTRUMANS(dir, n-100, n)
	if err != nil || len(q.Frames) != 100 {
		t.Fatalf("%v", err)
	}
	_, err = ReadTRUMANS(dir, 0, 0)
	seqWantError(t, err, "3792068 frames", "at most 100000", "--from")
}
