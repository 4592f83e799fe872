package body

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Encode writes m in the asset format that Decode reads (see the format above). Coordinates are
// stored as float32 and weights as sixteen-bit fractions that sum to exactly 1, so a round trip
// keeps positions to float32 precision and weights to 1/65535. Encode refuses a model that fails
// Validate or does not fit the format's limits; the output depends on m alone.
func Encode(w io.Writer, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if len(m.Name) > maxName || len(m.Rest) > MaxVertices || len(m.Faces) > MaxTriangles {
		return fmt.Errorf("body: model %q has a %d-byte name, %d vertices and %d triangles, want at most %d, %d and %d",
			m.Name, len(m.Name), len(m.Rest), len(m.Faces), maxName, MaxVertices, MaxTriangles)
	}
	return writeModel(bufio.NewWriter(w), m)
}

// writeModel writes every section of the format and flushes.
func writeModel(bw *bufio.Writer, m *Model) error {
	writeHeader(bw, m)
	writePoints(bw, m.Joints[:])
	writePoints(bw, m.Rest)
	for _, inf := range m.Influence {
		bw.Write(inf[:])
	}
	for _, wt := range m.Weight {
		for _, q := range quantizeWeights(wt) {
			putUint16(bw, q)
		}
	}
	for _, f := range m.Faces {
		putUint16(bw, uint16(f[0]), uint16(f[1]), uint16(f[2]))
	}
	return bw.Flush()
}

// writeHeader writes the magic, the name and the counts.
func writeHeader(w *bufio.Writer, m *Model) {
	w.WriteString(magic)
	putUint16(w, uint16(len(m.Name)))
	w.WriteString(m.Name)
	var b [8]byte
	binary.LittleEndian.PutUint32(b[:], uint32(len(m.Rest)))
	binary.LittleEndian.PutUint32(b[4:], uint32(len(m.Faces)))
	w.Write(b[:])
}

// writePoints writes each point as three float32 values.
func writePoints(w *bufio.Writer, pts []mgl64.Vec3) {
	var b [pointSize]byte
	for _, p := range pts {
		for k := range 3 {
			binary.LittleEndian.PutUint32(b[4*k:], math.Float32bits(float32(p[k])))
		}
		w.Write(b[:])
	}
}

// putUint16 writes each value as two little-endian bytes.
func putUint16(w *bufio.Writer, vs ...uint16) {
	for _, v := range vs {
		w.WriteByte(byte(v))
		w.WriteByte(byte(v >> 8))
	}
}

// quantizeWeights turns weights summing to 1 into sixteen-bit fractions summing to exactly 65535 by
// the largest-remainder rule (ties go to the earlier influence), so no weight moves by more than
// 1/65535.
func quantizeWeights(w [MaxInfluences]float32) [MaxInfluences]uint16 {
	sum := 0.0
	for _, x := range w {
		sum += float64(x)
	}
	var q [MaxInfluences]uint16
	var rem [MaxInfluences]float64
	left := weightScale
	for k, x := range w {
		exact := float64(x) / sum * weightScale
		q[k] = uint16(math.Floor(exact))
		rem[k] = exact - math.Floor(exact)
		left -= int(q[k])
	}
	order := []int{0, 1, 2, 3}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpFloat(rem[a], rem[b]) })
	for i := 0; i < left; i++ {
		q[order[i%MaxInfluences]]++
	}
	return q
}

// cmpFloat orders two floats.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
