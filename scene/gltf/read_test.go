package gltf

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/fileio"
	"interactagent/scene"
)

const testdata = "../../../shared/testdata/gltf/"

// The expected numbers were computed independently of this package: triangle counts are the
// index accessors' counts in the files' JSON divided by 3 (SheenChair: 78528 + 29376 + 11520 +
// 384 indices; GlamVelvetSofa: 918 + 9726 + 1944), and bounds come from a short Python script
// that read every position from the binary buffers and applied the node transforms (they equal
// the POSITION accessors' min/max, the label's small rotation staying inside them).
func TestLoadGLTFRealFiles(t *testing.T) {
	tests := []struct {
		path      string
		triangles int
		lo, hi    mgl64.Vec3
		objects   map[string]int // triangles per object
		colorOf   string
		color     [3]float64
	}{
		{
			path: testdata + "SheenChair/glTF/SheenChair.gltf", triangles: 39936,
			lo:      mgl64.Vec3{-0.41402238607406616, -6.977785233175382e-05, -0.2767251133918762},
			hi:      mgl64.Vec3{0.41253557801246643, 0.6861773133277893, 0.293540358543396},
			objects: map[string]int{"SheenChair_fabric": 26176, "SheenChair_wood": 9792, "SheenChair_metal": 3840, "SheenChair_label": 128},
			colorOf: "SheenChair_fabric", color: [3]float64{0.883, 0.035, 0},
		},
		{
			path: testdata + "GlamVelvetSofa/glTF-Binary/GlamVelvetSofa.glb", triangles: 4196,
			lo:      mgl64.Vec3{-1.1139731407165527, 4.5447788579622284e-05, -0.6277002692222595},
			hi:      mgl64.Vec3{1.0744699239730835, 0.7875869274139404, 0.3951283097267151},
			objects: map[string]int{"GlamVelvetSofa_legs": 306, "GlamVelvetSofa_fabric": 3242, "GlamVelvetSofa_feet": 648},
			colorOf: "GlamVelvetSofa_legs", color: [3]float64{0.02, 0.02, 0.02},
		},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			s, err := loadFile(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.TriangleCount(); got != tc.triangles {
				t.Errorf("triangles = %d, want %d", got, tc.triangles)
			}
			b := s.Bounds()
			if !b.Lo.ApproxEqualThreshold(tc.lo, 1e-6) || !b.Hi.ApproxEqualThreshold(tc.hi, 1e-6) {
				t.Errorf("bounds = %v – %v, want %v – %v", b.Lo, b.Hi, tc.lo, tc.hi)
			}
			if len(s.Objects) != len(tc.objects) {
				t.Errorf("%d objects, want %d (lights and cameras are not objects)", len(s.Objects), len(tc.objects))
			}
			for id, n := range tc.objects {
				o, ok := s.Object(id)
				if !ok {
					t.Errorf("no object %s", id)
					continue
				}
				if got := len(o.Mesh().Triangles); got != n {
					t.Errorf("%s: %d triangles, want %d", id, got, n)
				}
			}
			if o, ok := s.Object(tc.colorOf); ok && o.Color != tc.color {
				t.Errorf("%s colour = %v, want %v", tc.colorOf, o.Color, tc.color)
			}
		})
	}
}

// ldTestGLB builds a GLB in memory from a document the test fills.
func ldTestGLB(t testing.TB, fill func(doc *gltf.Document)) []byte {
	t.Helper()
	doc := gltf.NewDocument()
	fill(doc)
	var buf bytes.Buffer
	enc := gltf.NewEncoder(&buf)
	enc.AsBinary = true
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// ldAddMesh adds a mesh with one primitive of the given mode and returns its index.
func ldAddMesh(doc *gltf.Document, mode gltf.PrimitiveMode, pos [][3]float32, idx []uint32) int {
	p := &gltf.Primitive{Mode: mode, Attributes: gltf.PrimitiveAttributes{gltf.POSITION: modeler.WritePosition(doc, pos)}}
	if idx != nil {
		p.Indices = gltf.Index(modeler.WriteIndices(doc, idx))
	}
	doc.Meshes = append(doc.Meshes, &gltf.Mesh{Primitives: []*gltf.Primitive{p}})
	return len(doc.Meshes) - 1
}

// ldAddNode adds a node and returns its index.
func ldAddNode(doc *gltf.Document, n *gltf.Node) int {
	if n.Matrix == ([16]float64{}) {
		n.Matrix = gltf.DefaultMatrix
	}
	if n.Rotation == ([4]float64{}) {
		n.Rotation = gltf.DefaultRotation
	}
	if n.Scale == ([3]float64{}) {
		n.Scale = gltf.DefaultScale
	}
	doc.Nodes = append(doc.Nodes, n)
	return len(doc.Nodes) - 1
}

var ldUnitTri = [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}

func ldLoadBytes(t testing.TB, name string, data []byte, lim scene.Limits) (*scene.Scene, error) {
	t.Helper()
	return load(fstest.MapFS{name: {Data: data}}, name, lim)
}

func TestGLTFHierarchyAndModes(t *testing.T) {
	data := ldTestGLB(t, func(doc *gltf.Document) {
		tri := ldAddMesh(doc, gltf.PrimitiveTriangles, ldUnitTri, nil)
		strip := ldAddMesh(doc, gltf.PrimitiveTriangleStrip, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}}, nil)
		fan := ldAddMesh(doc, gltf.PrimitiveTriangleFan, [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, []uint32{0, 1, 2, 3})
		lines := ldAddMesh(doc, gltf.PrimitiveLines, ldUnitTri[:2], nil)
		// child: rotated +90° about Y and scaled 2, under a parent translated by (10, 0, 0).
		q := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})
		child := ldAddNode(doc, &gltf.Node{Name: "seat", Mesh: gltf.Index(tri), Rotation: [4]float64{q.V[0], q.V[1], q.V[2], q.W}, Scale: [3]float64{2, 2, 2}})
		parent := ldAddNode(doc, &gltf.Node{Name: "Chair_1", Translation: [3]float64{10, 0, 0}, Children: []int{child}})
		m := mgl64.Translate3D(0, 0, 5)
		other := ldAddNode(doc, &gltf.Node{Name: "strips", Mesh: gltf.Index(strip), Matrix: [16]float64(m)})
		fanNode := ldAddNode(doc, &gltf.Node{Name: "fan", Mesh: gltf.Index(fan)})
		lineNode := ldAddNode(doc, &gltf.Node{Name: "lines", Mesh: gltf.Index(lines)})
		doc.Scenes[0].Nodes = []int{parent, other, fanNode, lineNode}
	})
	s, err := ldLoadBytes(t, "t.glb", data, scene.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Objects) != 3 {
		t.Fatalf("%d objects, want 3 (a node with only lines is not an object)", len(s.Objects))
	}
	chair, _ := s.Object("Chair_1")
	if chair.Category != "chair" || len(chair.Parts) != 1 || chair.Parts[0].Name != "seat" || chair.Parts[0].Kind != scene.PartSeat {
		t.Errorf("chair = %q, parts %+v", chair.Category, chair.Parts)
	}
	// (1,0,0) scaled by 2 → (2,0,0), turned 90° left about Y → (0,0,−2), moved → (10,0,−2).
	want := []mgl64.Vec3{{10, 0, 0}, {10, 0, -2}, {10, 2, 0}}
	for i, v := range chair.Parts[0].Mesh.Vertices {
		if !v.ApproxEqualThreshold(want[i], 1e-12) {
			t.Errorf("vertex %d = %v, want %v", i, v, want[i])
		}
	}
	if !chair.Transform.ApproxEqualThreshold(mgl64.Translate3D(10, 0, 0), 1e-12) {
		t.Errorf("chair transform = %v", chair.Transform)
	}
	strips, _ := s.Object("strips")
	wantStrip := [][3]int32{{0, 1, 2}, {1, 3, 2}, {2, 3, 4}}
	if got := strips.Parts[0].Mesh.Triangles; !slices.Equal(got, wantStrip) {
		t.Errorf("strip triangles = %v, want %v (alternating winding)", got, wantStrip)
	}
	if v := strips.Parts[0].Mesh.Vertices[0]; v != (mgl64.Vec3{0, 0, 5}) {
		t.Errorf("matrix node vertex 0 = %v, want (0, 0, 5)", v)
	}
	fanObj, _ := s.Object("fan")
	if got, want := fanObj.Parts[0].Mesh.Triangles, [][3]int32{{1, 2, 0}, {2, 3, 0}}; !slices.Equal(got, want) {
		t.Errorf("fan triangles = %v, want %v", got, want)
	}
	if a, b, c := fanObj.Parts[0].Mesh.Triangle(0); b.Sub(a).Cross(c.Sub(a)).Z() <= 0 {
		t.Errorf("fan triangle 0 faces %v, want +Z like its polygon", b.Sub(a).Cross(c.Sub(a)))
	}
}

func TestGLTFExtrasGiveCategoryAndParts(t *testing.T) {
	data := ldTestGLB(t, func(doc *gltf.Document) {
		a := ldAddMesh(doc, gltf.PrimitiveTriangles, ldUnitTri, nil)
		b := ldAddMesh(doc, gltf.PrimitiveTriangles, ldUnitTri, nil)
		doc.Meshes[a].Primitives = append(doc.Meshes[a].Primitives, doc.Meshes[b].Primitives...)
		doc.Materials = []*gltf.Material{{PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorFactor: &[4]float64{0.1, 0.2, 0.3, 1}}}}
		doc.Meshes[a].Primitives[0].Material = gltf.Index(0)
		n := ldAddNode(doc, &gltf.Node{Name: "thing_7", Mesh: gltf.Index(a), Extras: map[string]any{
			"category": "sofa", "parts": []map[string]string{{"name": "seat_1", "kind": "seat"}, {"name": "back", "kind": "back"}},
			"stand_points": [][3]float64{{1, 0, 2}},
		}})
		doc.Scenes[0].Nodes = []int{n}
		doc.Scenes[0].Extras = map[string]any{"name": "den", "start": map[string]any{"root": []float64{1, 0, 3}, "heading": 0.5}}
	})
	s, err := ldLoadBytes(t, "t.glb", data, scene.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	o := s.Objects[0]
	if o.Category != "sofa" || len(o.Parts) != 2 || o.Parts[0].Name != "seat_1" || o.Parts[1].Kind != scene.PartBack {
		t.Errorf("object %q parts %+v, want sofa with seat_1 and back", o.Category, o.Parts)
	}
	if o.Color != [3]float64{0.1, 0.2, 0.3} || len(o.StandPoints) != 1 || o.StandPoints[0] != (mgl64.Vec3{1, 0, 2}) {
		t.Errorf("colour %v stand points %v", o.Color, o.StandPoints)
	}
	if s.Name != "den" || s.Start.Root != (mgl64.Vec3{1, 0, 3}) || s.Start.Heading != 0.5 {
		t.Errorf("scene %q start %v", s.Name, s.Start)
	}
}

func TestGLTFErrors(t *testing.T) {
	good := ldTestGLB(t, func(doc *gltf.Document) {
		doc.Scenes[0].Nodes = []int{ldAddNode(doc, &gltf.Node{Name: "a", Mesh: gltf.Index(ldAddMesh(doc, gltf.PrimitiveTriangles, ldUnitTri, []uint32{0, 1, 2}))})}
	})
	tests := []struct {
		name  string
		files fstest.MapFS
		open  string
		lim   scene.Limits
		want  string
		is    error
		unsup bool
	}{
		{name: "draco", open: "a.gltf", want: "Draco", unsup: true, files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"extensionsRequired":["KHR_draco_mesh_compression"],"extensionsUsed":["KHR_draco_mesh_compression"]}`)}}},
		{name: "meshopt", open: "a.gltf", want: "meshopt", unsup: true, files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"extensionsRequired":["EXT_meshopt_compression"]}`)}}},
		{name: "basisu", open: "a.gltf", want: "KTX2", unsup: true, files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"extensionsRequired":["KHR_texture_basisu"]}`)}}},
		{name: "http buffer", open: "a.gltf", want: "outside the file's folder", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"http://example.com/a.bin","byteLength":4}]}`)}}},
		{name: "parent buffer", open: "d/a.gltf", want: "outside the file's folder", files: fstest.MapFS{"d/a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"../a.bin","byteLength":4}]}`)}, "a.bin": {Data: []byte{0, 0, 0, 0}}}},
		{name: "absolute buffer", open: "a.gltf", want: "outside the file's folder", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"/etc/passwd","byteLength":4}]}`)}}},
		{name: "missing buffer", open: "a.gltf", want: "a.bin", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"a.bin","byteLength":4}]}`)}}},
		{name: "index out of range", open: "a.gltf", want: "index 2 is 7", files: ldGLTFWithIndices([]byte{0, 1, 7})},
		{name: "accessor past buffer", open: "a.gltf", want: "needs", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAA","byteLength":12}],
			"bufferViews":[{"buffer":0,"byteLength":12}],"accessors":[{"bufferView":0,"componentType":5126,"count":1000000,"type":"VEC3"}],
			"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "huge count", open: "a.gltf", want: "accessor 0 holds 4000000000000000000 elements", is: fileio.ErrTooLarge, files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"accessors":[{"componentType":5126,"count":4000000000000000000,"type":"VEC3"}],
			"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "zeros without buffer", open: "a.gltf", want: "without a buffer view", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"accessors":[{"componentType":5126,"count":3000000,"type":"VEC3"}],
			"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "huge stride", open: "a.gltf", want: "stride 4000", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAA","byteLength":12}],
			"bufferViews":[{"buffer":0,"byteLength":12,"byteStride":4000}],"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3"}],
			"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "node cycle", open: "a.gltf", want: "reached twice", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"nodes":[{"children":[1]},{"children":[0]}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "missing node", open: "a.gltf", want: "node 5 does not exist", files: fstest.MapFS{"a.gltf": {Data: []byte(
			`{"asset":{"version":"2.0"},"nodes":[{"children":[5]}],"scenes":[{"nodes":[0]}]}`)}}},
		{name: "not json", open: "a.gltf", want: "scene: gltf a.gltf", files: fstest.MapFS{"a.gltf": {Data: []byte(`{"asset":`)}}},
		{name: "triangle limit", open: "a.glb", want: "more than 0 triangles", is: fileio.ErrTooLarge, lim: scene.Limits{FileBytes: 1 << 20},
			files: fstest.MapFS{"a.glb": {Data: good}}},
		{name: "file limit", open: "a.glb", want: "limit", is: fileio.ErrTooLarge, lim: scene.Limits{FileBytes: 100, Triangles: 10},
			files: fstest.MapFS{"a.glb": {Data: good}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lim := tc.lim
			if lim == (scene.Limits{}) {
				lim = scene.DefaultLimits()
			}
			_, err := load(tc.files, tc.open, lim)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one containing %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("err = %v, want it to wrap %v", err, tc.is)
			}
			var ue *scene.UnsupportedError
			if errors.As(err, &ue) != tc.unsup {
				t.Errorf("err = %v (%T): UnsupportedError %v, want %v", err, err, !tc.unsup, tc.unsup)
			}
		})
	}
}

// ldGLTFWithIndices returns a .gltf with one triangle of three vertices and the given ubyte indices.
func ldGLTFWithIndices(idx []byte) fstest.MapFS {
	var bin bytes.Buffer
	for _, v := range []float32{0, 0, 0, 1, 0, 0, 0, 1, 0} {
		bin.Write(ldFloat32Bytes(v))
	}
	bin.Write(idx)
	bin.Write(make([]byte, 4-len(idx)%4))
	doc := `{"asset":{"version":"2.0"},"buffers":[{"uri":"a.bin","byteLength":` + strconv.Itoa(bin.Len()) + `}],
	"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":` + strconv.Itoa(len(idx)) + `}],
	"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},{"bufferView":1,"componentType":5121,"count":` + strconv.Itoa(len(idx)) + `,"type":"SCALAR"}],
	"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],"nodes":[{"mesh":0,"name":"t"}],"scenes":[{"nodes":[0]}]}`
	return fstest.MapFS{"a.gltf": {Data: []byte(doc)}, "a.bin": {Data: bin.Bytes()}}
}

func ldFloat32Bytes(v float32) []byte {
	b := math.Float32bits(v)
	return []byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24)}
}

// FuzzGLTF feeds arbitrary bytes to the glTF/GLB reader: it must return a scene or an error,
// never panic or allocate beyond the limits.
func FuzzGLTF(f *testing.F) {
	f.Add(ldTestGLB(f, func(doc *gltf.Document) {
		doc.Scenes[0].Nodes = []int{ldAddNode(doc, &gltf.Node{Name: "a", Mesh: gltf.Index(ldAddMesh(doc, gltf.PrimitiveTriangleStrip, ldUnitTri, []uint32{0, 1, 2}))})}
	}))
	f.Add(ldGLTFWithIndices([]byte{0, 1, 2})["a.gltf"].Data)
	lim := scene.Limits{FileBytes: 1 << 20, Triangles: 1 << 16}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := load(fstest.MapFS{"a.glb": {Data: data}, "a.bin": {Data: make([]byte, 64)}}, "a.glb", lim)
		if err == nil && s.TriangleCount() > lim.Triangles {
			t.Fatalf("%d triangles passed the limit", s.TriangleCount())
		}
	})
}

func BenchmarkLoadGLTFSheenChair(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadFile(testdata + "SheenChair/glTF/SheenChair.gltf"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGLTFQuantizedPositions(t *testing.T) {
	data := ldTestGLB(t, func(doc *gltf.Document) {
		doc.ExtensionsRequired = []string{"KHR_mesh_quantization"}
		acc := modeler.WriteAccessor(doc, gltf.TargetArrayBuffer, [][3]int16{{0, 0, 0}, {32767, 0, 0}, {0, -32767, -32768}})
		doc.Accessors[acc].Normalized = true
		doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: acc}}}}}
		doc.Scenes[0].Nodes = []int{ldAddNode(doc, &gltf.Node{Name: "q", Mesh: gltf.Index(0)})}
	})
	s, err := ldLoadBytes(t, "q.glb", data, scene.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	want := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, -1, -1}}
	for i, v := range s.Objects[0].Parts[0].Mesh.Vertices {
		if !v.ApproxEqualThreshold(want[i], 1e-12) {
			t.Errorf("vertex %d = %v, want %v (snorm16, clamped at −1)", i, v, want[i])
		}
	}
}

// loadFile loads a glTF/GLB file from the operating system's file system.
func loadFile(p string) (*scene.Scene, error) {
	return Load(os.DirFS(filepath.Dir(p)), filepath.Base(p))
}
