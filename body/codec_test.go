package body

import (
	"bytes"
	"encoding/binary"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// tetra is a small valid model: a tetrahedron whose corners follow different joints.
func tetra() *Model {
	m := &Model{
		Name:      "tetra",
		Rest:      []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		Faces:     [][3]uint32{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}},
		Influence: [][MaxInfluences]uint8{{0}, {1, 2}, {3, 4, 5}, {6, 7, 8, 21}},
		Weight:    [][MaxInfluences]float32{{1}, {0.5, 0.5}, {0.2, 0.3, 0.5}, {0.1, 0.2, 0.3, 0.4}},
	}
	for j := range m.Joints {
		m.Joints[j] = mgl64.Vec3{0.01 * float64(j), 0.02 * float64(j), 0}
	}
	return m
}

// encode returns m in the asset format or fails the test.
func encode(t testing.TB, m *Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTrip: Decode(Encode(m)) gives m back (positions to float32, weights to 1/65535) with
// vertex areas that sum to 1.
func TestRoundTrip(t *testing.T) {
	m := tetra()
	got, err := decodeBytes(encode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != m.Name || !reflect.DeepEqual(got.Faces, m.Faces) || !reflect.DeepEqual(got.Influence, m.Influence) {
		t.Fatalf("decoded %+v, want %+v", got, m)
	}
	for v := range m.Rest {
		if got.Rest[v].Sub(m.Rest[v]).Len() > 1e-7 {
			t.Errorf("vertex %d at %v, want %v", v, got.Rest[v], m.Rest[v])
		}
		for k := range MaxInfluences {
			if math.Abs(float64(got.Weight[v][k]-m.Weight[v][k])) > 1.0/65535 {
				t.Errorf("vertex %d weight %d is %v, want %v", v, k, got.Weight[v][k], m.Weight[v][k])
			}
		}
	}
	if s := sum(got.Area); math.Abs(s-1) > 1e-12 {
		t.Errorf("areas sum to %v, want 1", s)
	}
}

// TestQuantizedWeightsSumExactly: sixteen-bit weights always sum to 65535 and stay within one step.
func TestQuantizedWeightsSumExactly(t *testing.T) {
	for _, w := range [][MaxInfluences]float32{{1}, {1. / 3, 1. / 3, 1. / 3}, {0.25, 0.25, 0.25, 0.25}, {0.7, 0.1, 0.1, 0.1}, {0.4999, 0.5001}} {
		q := quantizeWeights(w)
		total := 0
		for k, x := range q {
			total += int(x)
			if math.Abs(float64(x)/65535-float64(w[k])) > 1.0/65535+1e-7 {
				t.Errorf("%v: weight %d quantised to %d", w, k, x)
			}
		}
		if total != 65535 {
			t.Errorf("%v quantises to %v, summing to %d, want 65535", w, q, total)
		}
	}
}

// TestDecodeRefuses: each damaged asset is refused with an error that names what was wrong.
func TestDecodeRefuses(t *testing.T) {
	good := encode(t, tetra())
	nameEnd := len(magic) + 2 + len("tetra")
	weights := nameEnd + 8 + 22*12 + 4*12 + 4*4
	faces := weights + 4*8
	for _, tc := range []struct {
		name, want string
		edit       func([]byte) []byte
	}{
		{"empty", "does not start", func(b []byte) []byte { return nil }},
		{"magic", "does not start", func(b []byte) []byte { b[0] = 'X'; return b }},
		{"truncated", "ends inside its triangles", func(b []byte) []byte { return b[:len(b)-1] }},
		{"trailing", "bytes after its triangles", func(b []byte) []byte { return append(b, 0) }},
		{"no vertices", "counts 0 vertices", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[nameEnd:], 0); return b }},
		{"huge", "triangles, want", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[nameEnd+4:], 1<<30); return b }},
		{"weights", "weights sum to", func(b []byte) []byte { b[weights]++; return b }},
		{"face", "names vertex 9", func(b []byte) []byte { b[faces] = 9; return b }},
		{"repeated", "three different vertices", func(b []byte) []byte { b[faces] = b[faces+2]; return b }},
		{"nan", "finite coordinates", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[nameEnd+8:], math.Float32bits(float32(math.NaN())))
			return b
		}},
		{"influence", "joint 99", func(b []byte) []byte { b[weights-16] = 99; return b }},
	} {
		_, err := decodeBytes(tc.edit(bytes.Clone(good)))
		if err == nil || !strings.HasPrefix(err.Error(), "body: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one starting \"body: \" and saying %q", tc.name, err, tc.want)
		}
	}
}

// TestEncodeRefuses: Encode refuses a model that Validate refuses and one beyond the format.
func TestEncodeRefuses(t *testing.T) {
	bad := tetra()
	bad.Weight[0][0] = 0.5
	long := tetra()
	long.Name = strings.Repeat("x", 300)
	for _, m := range []*Model{bad, long, {Name: "empty"}} {
		if err := Encode(&bytes.Buffer{}, m); err == nil {
			t.Errorf("Encode(%q) succeeded, want an error", m.Name)
		}
	}
}

// FuzzDecode: Decode never panics, and whatever it accepts encodes and decodes to the same model.
func FuzzDecode(f *testing.F) {
	f.Add(encode(f, tetra()))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeBytes(data)
		if err != nil {
			return
		}
		again, err := decodeBytes(encode(t, m))
		if err != nil {
			t.Fatalf("re-decoding an accepted asset: %v", err)
		}
		if !reflect.DeepEqual(again, m) {
			t.Fatal("an accepted asset does not survive Encode and Decode unchanged")
		}
	})
}

// sum adds the values.
func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}
