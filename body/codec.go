package body

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// The body asset format, little-endian throughout (docs/body.md):
//
//	magic      8 bytes "IABODY1\n"
//	name       uint16 length, then that many bytes of UTF-8
//	counts     uint32 vertices V (3..65535), uint32 triangles F (1..MaxTriangles)
//	joints     22 × 3 float32, metres, in motion's joint order
//	positions  V × 3 float32, metres
//	influences V × 4 uint8, joint indices
//	weights    V × 4 uint16, summing to exactly 65535 per vertex
//	triangles  F × 3 uint16, vertex indices, counter-clockwise seen from outside
//
// Nothing may follow the triangles. Vertex areas are not stored: Decode computes them (and finds
// the foot vertices the fit calibrates on).
const magic = "IABODY1\n"

// Limits of the format: vertex indices are uint16, and a triangle count beyond MaxTriangles is
// taken for a damaged header rather than allocated.
const (
	MaxVertices  = math.MaxUint16
	MaxTriangles = 1 << 18
	maxName      = 256
	weightScale  = math.MaxUint16
)

// sizes in bytes of one joint or vertex position, one vertex's influences, weights, one triangle.
const (
	pointSize, influenceSize, weightSize, triangleSize = 12, 4, 8, 6
)

// Decode reads a body in the asset format and validates it (see Model.Validate). Errors start with
// "body:" and name the part of the file that was wrong.
func Decode(r io.Reader) (*Model, error) {
	br := bufio.NewReader(r)
	m, nv, nf, err := decodeHeader(br)
	if err != nil {
		return nil, err
	}
	if err := decodeArrays(br, m, nv, nf); err != nil {
		return nil, err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, errors.New("body: asset has bytes after its triangles, want the file to end there")
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.Area, err = vertexAreas(m.Rest, m.Faces); err != nil {
		return nil, fmt.Errorf("body: model %q: %w", m.Name, err)
	}
	feet := m.findFeet()
	m.feet = &feet
	return m, nil
}

// decodeHeader reads the magic, the name and the counts.
func decodeHeader(r io.Reader) (m *Model, nv, nf int, err error) {
	head := make([]byte, len(magic)+2)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, 0, 0, fmt.Errorf("body: asset does not start with %q, want a body asset", magic)
	}
	name := make([]byte, binary.LittleEndian.Uint16(head[len(magic):]))
	counts := make([]byte, 8)
	if err := readSection(r, "name", name); err != nil {
		return nil, 0, 0, err
	}
	if err := readSection(r, "counts", counts); err != nil {
		return nil, 0, 0, err
	}
	nv, nf = int(binary.LittleEndian.Uint32(counts)), int(binary.LittleEndian.Uint32(counts[4:]))
	if nv < 3 || nv > MaxVertices || nf < 1 || nf > MaxTriangles {
		return nil, 0, 0, fmt.Errorf("body: asset counts %d vertices and %d triangles, want 3..%d vertices and 1..%d triangles",
			nv, nf, MaxVertices, MaxTriangles)
	}
	return &Model{Name: string(name)}, nv, nf, nil
}

// decodeArrays reads the joints, the per-vertex arrays and the triangles into m.
func decodeArrays(r io.Reader, m *Model, nv, nf int) error {
	buf := make([]byte, max(motion.NumJoints, nv)*pointSize)
	if err := readSection(r, "joints", buf[:motion.NumJoints*pointSize]); err != nil {
		return err
	}
	for j := range m.Joints {
		m.Joints[j] = point(buf[j*pointSize:])
	}
	if err := readSection(r, "positions", buf[:nv*pointSize]); err != nil {
		return err
	}
	m.Rest = make([]mgl64.Vec3, nv)
	for v := range m.Rest {
		m.Rest[v] = point(buf[v*pointSize:])
	}
	if err := decodeSkin(r, m, nv); err != nil {
		return err
	}
	return decodeFaces(r, m, nf)
}

// decodeSkin reads the influences and the weights of nv vertices.
func decodeSkin(r io.Reader, m *Model, nv int) error {
	buf := make([]byte, nv*weightSize)
	if err := readSection(r, "influences", buf[:nv*influenceSize]); err != nil {
		return err
	}
	m.Influence = make([][MaxInfluences]uint8, nv)
	for v := range m.Influence {
		copy(m.Influence[v][:], buf[v*influenceSize:])
	}
	if err := readSection(r, "weights", buf); err != nil {
		return err
	}
	m.Weight = make([][MaxInfluences]float32, nv)
	for v := range m.Weight {
		if err := decodeWeights(buf[v*weightSize:], &m.Weight[v]); err != nil {
			return fmt.Errorf("body: asset vertex %d: %w", v, err)
		}
	}
	return nil
}

// decodeWeights reads one vertex's four uint16 weights, which must sum to exactly 65535.
func decodeWeights(b []byte, w *[MaxInfluences]float32) error {
	sum := 0
	for k := range MaxInfluences {
		q := binary.LittleEndian.Uint16(b[2*k:])
		w[k] = float32(q) / weightScale
		sum += int(q)
	}
	if sum != weightScale {
		return fmt.Errorf("weights sum to %d/%d, want exactly %d", sum, weightScale, weightScale)
	}
	return nil
}

// decodeFaces reads nf triangles.
func decodeFaces(r io.Reader, m *Model, nf int) error {
	buf := make([]byte, nf*triangleSize)
	if err := readSection(r, "triangles", buf); err != nil {
		return err
	}
	m.Faces = make([][3]uint32, nf)
	for f := range m.Faces {
		for k := range 3 {
			m.Faces[f][k] = uint32(binary.LittleEndian.Uint16(buf[f*triangleSize+2*k:]))
		}
	}
	return nil
}

// readSection fills b from r, naming the section when the asset ends early.
func readSection(r io.Reader, section string, b []byte) error {
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("body: asset ends inside its %s (%d bytes expected): %w", section, len(b), err)
	}
	return nil
}

// point reads three little-endian float32 values.
func point(b []byte) mgl64.Vec3 {
	var p mgl64.Vec3
	for k := range 3 {
		p[k] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*k:])))
	}
	return p
}

// decodeBytes decodes an asset held in memory.
func decodeBytes(b []byte) (*Model, error) { return Decode(bytes.NewReader(b)) }
