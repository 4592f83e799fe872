package motion

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"codeberg.org/sbinet/npyio"
)

// rawNPY builds a .npy file by hand: preamble of the given major version, the header dictionary
// as given (padded and ended with a newline), then data.
func rawNPY(major byte, dict string, data []byte) []byte {
	dict += "\n"
	b := []byte{0x93, 'N', 'U', 'M', 'P', 'Y', major, 0}
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(dict)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(dict)))
	}
	return append(append(b, dict...), data...)
}

func f32Bytes(order binary.AppendByteOrder, vals ...float64) []byte {
	var b []byte
	for _, v := range vals {
		b = order.AppendUint32(b, math.Float32bits(float32(v)))
	}
	return b
}

func f64Bytes(order binary.AppendByteOrder, vals ...float64) []byte {
	var b []byte
	for _, v := range vals {
		b = order.AppendUint64(b, math.Float64bits(v))
	}
	return b
}

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)*0.25 - 3 // exact in float32
	}
	return out
}

func TestNPYRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		shape []int
		dt    DType
	}{
		{[]int{2, NumJoints, 3}, Float32},
		{[]int{2, NumJoints, 3}, Float64},
		{[]int{3, HumanML3DFeatures}, Float32},
		{[]int{1, 3, HumanML3DFeatures}, Float64},
		{[]int{5}, Float32},
		{[]int{}, Float64},
	} {
		t.Run(shapeString(tc.shape)+tc.dt.String(), func(t *testing.T) {
			a := &Array{Shape: tc.shape, Data: seq(product(tc.shape)), DType: tc.dt}
			var buf bytes.Buffer
			if err := WriteNPY(&buf, a, tc.dt); err != nil {
				t.Fatal(err)
			}
			got, err := ReadNPY(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, a) {
				t.Errorf("read back %s %v %v..., want %s %v %v...", shapeString(got.Shape), got.DType, head(got.Data), shapeString(a.Shape), a.DType, head(a.Data))
			}
		})
	}
}

// Files spelled the many ways Python writers spell them all read the same.
func TestReadNPYHeaderSpellings(t *testing.T) {
	data := f32Bytes(binary.LittleEndian, 1, 2, 3, 4, 5, 6)
	for _, tc := range []struct {
		name  string
		major byte
		dict  string
	}{
		{"numpy 1.0", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }     "},
		{"version 2.0", 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"},
		{"version 3.0", 3, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"},
		{"no spaces, no trailing comma", 1, "{'descr':'<f4','fortran_order':False,'shape':(2,3)}"},
		{"double quotes", 1, `{"descr": "<f4", "fortran_order": False, "shape": (2, 3)}`},
		{"other key order", 1, "{'shape': (2, 3), 'descr': '<f4', 'fortran_order': False}"},
		{"python 2 longs", 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L), }"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := ReadNPY(bytes.NewReader(rawNPY(tc.major, tc.dict, data)))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Shape, []int{2, 3}) || !slices.Equal(a.Data, []float64{1, 2, 3, 4, 5, 6}) {
				t.Errorf("read %v %v, want (2, 3) [1..6]", a.Shape, a.Data)
			}
		})
	}
}

func TestReadNPYByteOrderAndFortran(t *testing.T) {
	want := []float64{1, 2, 3, 4, 5, 6} // [[1 2 3] [4 5 6]]
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"big-endian float64", rawNPY(1, "{'descr': '>f8', 'fortran_order': False, 'shape': (2, 3), }", f64Bytes(binary.BigEndian, want...))},
		{"big-endian float32", rawNPY(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", f32Bytes(binary.BigEndian, want...))},
		{"fortran order", rawNPY(1, "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", f64Bytes(binary.LittleEndian, 1, 4, 2, 5, 3, 6))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := ReadNPY(bytes.NewReader(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Data, want) {
				t.Errorf("read %v, want %v", a.Data, want)
			}
		})
	}
}

// cOrder against the obvious loop over every index of a 3-D array.
func TestCOrderMatchesIndexLoops(t *testing.T) {
	shape := []int{2, 3, 4}
	fortran := make([]float64, 24)
	want := make([]float64, 24)
	for i := range 2 {
		for j := range 3 {
			for k := range 4 {
				v := float64(100*i + 10*j + k)
				fortran[i+2*j+6*k] = v
				want[12*i+4*j+k] = v
			}
		}
	}
	if got := cOrder(fortran, shape); !slices.Equal(got, want) {
		t.Errorf("cOrder = %v, want %v", got, want)
	}
}

func TestReadNPYRejectsBadFiles(t *testing.T) {
	le := binary.LittleEndian
	hdr := func(descr, shape string) string {
		return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }"
	}
	good := hdr("<f4", "(2, 3)")
	nan := f32Bytes(le, 1, 2, math.NaN(), 4, 5, 6)
	inf := f64Bytes(le, 1, 2, 3, 4, math.Inf(-1), 6)
	for _, tc := range []struct {
		name        string
		file        []byte
		unsupported bool
		want        string
	}{
		{"empty", nil, false, "byte 0: file ends after 0 more bytes"},
		{"not npy", []byte("PK\x03\x04 this is a zip"), false, `want the .npy magic`},
		{"version 4", append([]byte("\x93NUMPY\x04\x00"), 10, 0), true, "version 4.0, want 1.0, 2.0 or 3.0"},
		{"short preamble", []byte("\x93NUMPY\x01\x00\x10"), false, "byte 8: file ends after 1 more bytes, want the header length"},
		{"huge header", []byte("\x93NUMPY\x02\x00\xff\xff\xff\xff"), false, "header of 4294967295 bytes, want at most 65536"},
		{"short header", rawNPY(1, good, nil)[:30], false, "want a header of"},
		{"integers", rawNPY(1, hdr("<i8", "(2, 3)"), make([]byte, 48)), true, `dtype "<i8", want float32 or float64`},
		{"float16", rawNPY(1, hdr("<f2", "(2, 3)"), make([]byte, 12)), true, `dtype "<f2"`},
		{"structured", rawNPY(1, "{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (2,), }", make([]byte, 8)), true, "structured dtype"},
		{"missing key", rawNPY(1, "{'descr': '<f4', 'shape': (2, 3), }", nil), false, "keys [descr shape], want 'descr', 'fortran_order' and 'shape'"},
		{"unknown key", rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'x': 1}", nil), false, `unknown key "x"`},
		{"duplicate key", rawNPY(1, "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", nil), false, `key "descr" appears twice`},
		{"negative dimension", rawNPY(1, hdr("<f4", "(-2, 3)"), nil), false, `found "-", want a dimension`},
		{"fortran maybe", rawNPY(1, "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2, 3), }", nil), false, `fortran_order "Maybe", want True or False`},
		{"text after dict", rawNPY(1, good+" junk", nil), false, "after the dictionary, want only padding"},
		{"unclosed", rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3", nil), false, "want ',' or ')' in the shape"},
		{"nine dimensions", rawNPY(1, hdr("<f4", "(1, 1, 1, 1, 1, 1, 1, 1, 1)"), make([]byte, 4)), true, "more than 8 dimensions"},
		{"absurd shape", rawNPY(1, hdr("<f8", "(100000, 100000)"), nil), true, "holds more than 26300000 elements"},
		{"huge dimension", rawNPY(1, hdr("<f8", "(99999999999999999999,)"), nil), true, "dimension 99999999999999999999"},
		{"truncated data", rawNPY(1, good, f32Bytes(le, 1, 2, 3, 4, 5)), false, "data ends after 20 of the 24 bytes that shape (2, 3) of float32 needs"},
		{"extra data", rawNPY(1, good, f32Bytes(le, 1, 2, 3, 4, 5, 6, 7)), false, "extra bytes after the 24 bytes"},
		{"NaN", rawNPY(1, good, nan), false, "element (0, 2): NaN, want a finite number"},
		{"Inf", rawNPY(1, hdr("<f8", "(2, 3)"), inf), false, "element (1, 1): -Inf, want a finite number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := ReadNPY(bytes.NewReader(tc.file))
			if err == nil {
				t.Fatalf("read %v, want an error saying %q", a.Shape, tc.want)
			}
			var fe *FormatError
			var ue *UnsupportedError
			if tc.unsupported && !errors.As(err, &ue) || !tc.unsupported && !errors.As(err, &fe) {
				t.Errorf("error %T, want unsupported=%v", err, tc.unsupported)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "motion: ") {
				t.Errorf("error %q, want it to start with \"motion: \" and say %q", err, tc.want)
			}
		})
	}
}

// A header that claims the largest allowed array but brings no data must cost almost nothing.
func TestReadNPYDoesNotAllocateFromTheHeader(t *testing.T) {
	file := rawNPY(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 263), }", make([]byte, 100))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadNPY(bytes.NewReader(file))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "data ends after 100 of the 210400000 bytes") {
		t.Fatalf("error %v, want truncated data", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("reading a 100-byte body allocated %d bytes, want under 1 MiB", n)
	}
}

// Our files read with npyio itself, and npyio's files read with ours.
func TestNPYInteroperatesWithNpyio(t *testing.T) {
	a := &Array{Shape: []int{2, NumJoints, 3}, Data: seq(2 * NumJoints * 3), DType: Float32}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, a, Float32); err != nil {
		t.Fatal(err)
	}
	r, err := npyio.NewReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var f32 []float32
	if err := r.Read(&f32); err != nil {
		t.Fatal(err)
	}
	if r.Header.Descr.Type != "'<f4'" || !slices.Equal(r.Header.Descr.Shape, a.Shape) || float64(f32[131]) != a.Data[131] {
		t.Errorf("npyio read %v %v, want <f4 %v", r.Header.Descr.Type, r.Header.Descr.Shape, a.Shape)
	}

	buf.Reset()
	rows := [][HumanML3DFeatures]float64{{1: 0.5}, {262: -2}}
	if err := npyio.Write(&buf, rows); err != nil {
		t.Fatal(err)
	}
	got, err := ReadNPY(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Shape, []int{2, HumanML3DFeatures}) || got.Data[1] != 0.5 || got.Data[2*263-1] != -2 {
		t.Errorf("read npyio's file as %v, want (2, 263) with its values", got.Shape)
	}
}

func TestWriteNPYRejectsBadArrays(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    *Array
		dt   DType
		want string
	}{
		{"length mismatch", &Array{Shape: []int{2, 3}, Data: seq(5)}, Float64, "holds 6 elements, but the data has 5"},
		{"empty", &Array{Shape: []int{0, 22, 3}}, Float64, "want positive dimensions"},
		{"NaN", &Array{Shape: []int{2}, Data: []float64{1, math.NaN()}}, Float64, "element (1,) is NaN"},
		{"float32 overflow", &Array{Shape: []int{1}, Data: []float64{1e300}}, Float32, "want a finite float32"},
		{"no dtype", &Array{Shape: []int{1}, Data: []float64{1}}, 0, "want Float32 or Float64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteNPY(&buf, tc.a, tc.dt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes of a bad array", buf.Len())
			}
		})
	}
}

// FuzzReadNPY: no input panics or allocates without bound; what reads writes back and reads again
// as the same array, and the second file is byte for byte the first.
func FuzzReadNPY(f *testing.F) {
	f.Add(rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 22, 3), }", f32Bytes(binary.LittleEndian, seq(66)...)))
	f.Add(rawNPY(2, "{'descr': '>f8', 'fortran_order': True, 'shape': (2, 2), }", f64Bytes(binary.BigEndian, 1, 2, 3, 4)))
	f.Add(rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", f32Bytes(binary.LittleEndian, 7)))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadNPY(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(a.Data) != product(a.Shape) {
			t.Fatalf("shape %v with %d elements", a.Shape, len(a.Data))
		}
		var one, two bytes.Buffer
		if err := WriteNPY(&one, a, a.DType); err != nil {
			if product(a.Shape) == 0 {
				return // empty arrays are readable but not written
			}
			t.Fatalf("write back: %v", err)
		}
		b, err := ReadNPY(bytes.NewReader(one.Bytes()))
		if err != nil {
			t.Fatalf("read back: %v", err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed %v %v into %v %v", a.Shape, a.DType, b.Shape, b.DType)
		}
		if err := WriteNPY(&two, b, b.DType); err != nil || !bytes.Equal(one.Bytes(), two.Bytes()) {
			t.Fatalf("second write differs (%v)", err)
		}
	})
}

func product(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

func head(xs []float64) []float64 { return xs[:min(len(xs), 4)] }
