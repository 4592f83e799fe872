package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/fileio"
)

// The source files, as ../shared/testdata/body/makehuman/ holds them (its SOURCE.md says where
// each comes from).
const (
	objFile     = "base.obj"
	groupsFile  = "basemesh_vertex_groups.json"
	rigFile     = "rig.cmu_mb.json"
	weightsFile = "weights.cmu_mb.json"
	licenceFile = "LICENSE.md"
	skinGroup   = "body"
)

// decimetre is the source's unit in metres.
const decimetre = 0.1

// modelName is the name the converted body carries.
const modelName = "MakeHuman hm08 with CMU-MB weights (CC0)"

// maxSource caps the bytes read from one source file (the largest, the weights, is 3 MB).
const maxSource = 64 << 20

// source is the parsed input of a conversion.
type source struct {
	mesh    *objMesh
	groups  map[string][][2]int
	rig     map[string]rigBone
	weights boneWeights
}

// Convert reads the MakeHuman files from fsys and returns the body: the skin group's polygons as
// triangles, the rig's bones merged onto our 22 joints, each vertex's four largest weights
// renormalised, decimetres converted to metres and the lowest vertex put on the floor (y = 0). The
// result depends on the files alone.
func Convert(fsys fs.FS) (*body.Model, error) {
	src, err := readSource(fsys)
	if err != nil {
		return nil, err
	}
	m, err := build(src)
	if err != nil {
		return nil, err
	}
	scale(m, decimetre)
	ground(m)
	orientOutward(m)
	return m, m.Validate()
}

// build assembles the body, still in the source's units, from the parsed files.
func build(src *source) (*body.Model, error) {
	keep, faces, err := skin(src)
	if err != nil {
		return nil, err
	}
	m := &body.Model{Name: modelName, Faces: faces}
	if m.Joints, err = restJoints(rigFile, src.rig, src.groups, src.mesh.Vertices); err != nil {
		return nil, err
	}
	return m, fillVertices(m, src, keep)
}

// readSource reads and parses the four source files.
func readSource(fsys fs.FS) (*source, error) {
	var src source
	data, err := fileio.ReadFile(fsys, objFile, maxSource)
	if err != nil {
		return nil, fmt.Errorf("convert: %w", err)
	}
	if src.mesh, err = readOBJ(objFile, data, skinGroup); err != nil {
		return nil, err
	}
	return &src, readRig(fsys, &src)
}

// readRig reads the vertex groups, the rig and the weights.
func readRig(fsys fs.FS, src *source) error {
	if err := readJSON(fsys, groupsFile, &src.groups); err != nil {
		return err
	}
	if err := readJSON(fsys, rigFile, &src.rig); err != nil {
		return err
	}
	if err := checkRig(rigFile, src.rig); err != nil {
		return err
	}
	return readJSON(fsys, weightsFile, &src.weights)
}

// readJSON reads one JSON source file into v.
func readJSON(fsys fs.FS, name string, v any) error {
	data, err := fileio.ReadFile(fsys, name, maxSource)
	if err != nil {
		return fmt.Errorf("convert: %w", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("convert: %s is not the JSON expected: %w", name, err)
	}
	return nil
}

// fillVertices copies the kept vertices and their merged, reduced weights into m.
func fillVertices(m *body.Model, src *source, keep []int) error {
	sums, err := mergeWeights(weightsFile, &src.weights, len(src.mesh.Vertices))
	if err != nil {
		return err
	}
	for _, v := range keep {
		inf, w, err := topInfluences(sums[v])
		if err != nil {
			return fmt.Errorf("convert: %s: vertex %d %w", weightsFile, v, err)
		}
		m.Rest = append(m.Rest, src.mesh.Vertices[v])
		m.Influence, m.Weight = append(m.Influence, inf), append(m.Weight, w)
	}
	return nil
}

// scale multiplies every position by s.
func scale(m *body.Model, s float64) {
	for v := range m.Rest {
		m.Rest[v] = m.Rest[v].Mul(s)
	}
	for j := range m.Joints {
		m.Joints[j] = m.Joints[j].Mul(s)
	}
}

// ground moves the body up or down so that its lowest vertex is on the floor (y = 0).
func ground(m *body.Model) {
	low := lowest(m.Rest)
	for v := range m.Rest {
		m.Rest[v][1] -= low
	}
	for j := range m.Joints {
		m.Joints[j][1] -= low
	}
}

// lowest returns the smallest y of the points.
func lowest(pts []mgl64.Vec3) float64 {
	low := math.Inf(1)
	for _, p := range pts {
		low = math.Min(low, p.Y())
	}
	return low
}

// orientOutward reverses every triangle when the mesh's signed volume is negative, so that
// triangles wind counter-clockwise seen from outside.
func orientOutward(m *body.Model) {
	if signedVolume(m) >= 0 {
		return
	}
	for i, f := range m.Faces {
		m.Faces[i] = [3]uint32{f[0], f[2], f[1]}
	}
}

// signedVolume returns the volume the triangles enclose, positive when they wind outward.
func signedVolume(m *body.Model) float64 {
	vol := 0.0
	for _, f := range m.Faces {
		vol += m.Rest[f[0]].Dot(m.Rest[f[1]].Cross(m.Rest[f[2]])) / 6
	}
	return vol
}
