package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// objMesh is what the converter needs of a Wavefront OBJ file: every vertex, and the polygons of
// one group as zero-based vertex indices.
type objMesh struct {
	Vertices []mgl64.Vec3
	Polygons [][]int
}

// readOBJ parses an OBJ file's vertices ("v x y z") and the faces ("f a/t b/t c/t ...") that follow
// a "g group" line naming group, until the next group. Texture coordinates, normals and every
// other statement are skipped. Indices must be positive (1-based) and name a vertex of the file.
// Errors name the file and the line.
func readOBJ(file string, data []byte, group string) (*objMesh, error) {
	m := &objMesh{}
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if err := m.statement(fields, group, &in); err != nil {
			return nil, fmt.Errorf("convert: %s line %d: %w", file, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("convert: %s: %w", file, err)
	}
	return m, m.check(file, group)
}

// statement applies one OBJ line, already split into fields.
func (m *objMesh) statement(fields []string, group string, in *bool) error {
	if len(fields) == 0 {
		return nil
	}
	switch fields[0] {
	case "v":
		return m.vertex(fields[1:])
	case "g":
		*in = len(fields) > 1 && fields[1] == group
	case "f":
		if *in {
			return m.face(fields[1:])
		}
	}
	return nil
}

// vertex adds the vertex "x y z".
func (m *objMesh) vertex(fields []string) error {
	p, err := parseVertex(fields)
	m.Vertices = append(m.Vertices, p)
	return err
}

// parseVertex reads "x y z" (a fourth value, w, is ignored).
func parseVertex(fields []string) (mgl64.Vec3, error) {
	var p mgl64.Vec3
	if len(fields) < 3 {
		return p, fmt.Errorf("vertex has %d coordinates, want x y z", len(fields))
	}
	for k := range 3 {
		x, err := strconv.ParseFloat(fields[k], 64)
		if err != nil || !geom.InWorld(x) {
			return p, fmt.Errorf("vertex coordinate %q is not a finite number within ±%g", fields[k], geom.MaxCoord)
		}
		p[k] = x
	}
	return p, nil
}

// face reads one polygon's corners "v", "v/t", "v//n" or "v/t/n".
func (m *objMesh) face(corners []string) error {
	if len(corners) < 3 {
		return fmt.Errorf("face has %d corners, want at least 3", len(corners))
	}
	poly := make([]int, len(corners))
	for i, c := range corners {
		head, _, _ := strings.Cut(c, "/")
		v, err := strconv.Atoi(head)
		if err != nil || v < 1 || v > len(m.Vertices) {
			return fmt.Errorf("face corner %q names no vertex defined before it, want an index in 1..%d", c, len(m.Vertices))
		}
		poly[i] = v - 1
	}
	m.Polygons = append(m.Polygons, poly)
	return nil
}

// check reports a file without the group's faces.
func (m *objMesh) check(file, group string) error {
	if len(m.Polygons) == 0 {
		return fmt.Errorf("convert: %s has no faces in group %q, want the body's skin", file, group)
	}
	return nil
}
