package smplx

import (
	"bytes"
	"strings"
	"testing"
)

// npyBytes spells a .npy preamble and header dictionary (version 1.0).
func npyBytes(dict string) []byte {
	out := append([]byte("\x93NUMPY\x01\x00"), byte(len(dict)), byte(len(dict)>>8))
	return append(out, dict...)
}

// TestReadNPYHead reads the headers numpy writes and refuses malformed ones.
func TestReadNPYHead(t *testing.T) {
	h, err := readNPYHead(bytes.NewReader(npyBytes("{'descr': '>f8', 'fortran_order': True, 'shape': (10475, 3, 400), }   \n")))
	if err != nil || h.kind != 'f' || h.size != 8 || !h.fortran || h.count() != 10475*3*400 || h.dtypeName() != "float64" {
		t.Fatalf("%+v, %v", h, err)
	}
	dict := `{"shape": (55L,), "descr": "<u4", "fortran_order": False}`
	h, err = readNPYHead(bytes.NewReader(npyBytes(dict)))
	if err != nil || h.kind != 'u' || h.size != 4 || h.count() != 55 || h.length != 10+len(dict) {
		t.Fatalf("%+v, %v", h, err)
	}
	for _, c := range []struct{ in, want string }{
		{"{'descr': '|O', 'fortran_order': False, 'shape': (), }", `dtype "|O"`},
		{"{'descr': '<f2', 'fortran_order': False, 'shape': (3,), }", `dtype "<f2"`},
		{"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }", "want a dtype string"},
		{"{'descr': '<f4', 'shape': (3,), }", "lacks a key"},
		{"{'descr': '<f4', 'descr': '<f4', 'shape': (3,), }", "unknown or repeated"},
		{"{'descr': '<f4', 'fortran_order': Maybe, 'shape': (3,), }", "True or False"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4, 5, 6), }", "more than 3 dimensions"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,), }", "a dimension from 0"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (-3,), }", "a dimension from 0"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } x", "only padding"},
	} {
		if _, err := readNPYHead(bytes.NewReader(npyBytes(c.in))); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.in, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"\x93NUMPX\x01\x00", "magic"},
		{"\x93NUMPY\x04\x00", "version 4.0"},
		{"\x93NUMPY\x01\x00\xff\xff{", "ends early"},
		{"\x93NUMPY\x02\x00\xff\xff\xff\x00", "at most 65536"},
		{"\x93NU", "preamble ends early"},
	} {
		if _, err := readNPYHead(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzNPYHead reads arbitrary headers: never a panic, and what it accepts is a number dtype of
// 4 or 8 bytes with at most 3 dimensions.
func FuzzNPYHead(f *testing.F) {
	f.Add(npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (10475, 3), }"))
	f.Add(npyBytes("{'descr': '>i8', 'fortran_order': True, 'shape': (2, 55), }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := readNPYHead(bytes.NewReader(data))
		if err != nil {
			return
		}
		if !strings.Contains("fiu", string(h.kind)) || (h.size != 4 && h.size != 8) || len(h.shape) > npyMaxRank {
			t.Fatalf("accepted %+v", h)
		}
	})
}
