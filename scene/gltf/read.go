package gltf

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// Load reads a glTF 2.0 file named name in fsys: a .gltf with its buffers in the same folder
// (or below it), or a .glb. Each top-level node of the default scene that holds geometry (itself
// or in its descendants) becomes an object named after the node; the meshes of the node and its
// descendants become its parts, placed by the node hierarchy's transforms (matrix or TRS). Every
// triangle primitive is read (indexed or not; strips and fans are converted), points and lines
// are skipped, and images are never read. Object.Color is the base colour of the first material.
//
// Nodes written by WriteGLB carry extras (category, parts, surfaces, stand points) that are read
// back, so such a file loads to the scene that was written. glTF is Y up in metres, like this
// package, so no conversion is made.
//
// Buffers outside the file's folder (absolute paths, "..", http URLs) are refused, as are files
// that require Draco, meshopt or KTX2/Basis extensions (an *UnsupportedError) and files over
// scene.DefaultLimits().
func Load(fsys fs.FS, name string) (*scene.Scene, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("scene: gltf %q: not a valid path inside the folder (no .., no leading /)", name)
	}
	return load(fsys, name, scene.DefaultLimits())
}

func load(fsys fs.FS, name string, lim scene.Limits) (*scene.Scene, error) {
	data, err := fileio.ReadFile(fsys, name, lim.FileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: gltf: %w", err)
	}
	doc, err := decode(fsys, name, data, lim)
	if err != nil {
		return nil, err
	}
	r := &reader{doc: doc, name: name, lim: lim, seen: make([]bool, len(doc.Nodes))}
	return r.scene()
}

// reader turns a decoded document into a Scene, checking every index it follows.
type reader struct {
	doc  *gltf.Document
	name string
	lim  scene.Limits
	tris int    // triangles read so far, against lim.Triangles
	seen []bool // nodes already visited: a node with two parents is malformed
}

// maxNodeDepth bounds the node hierarchy so that recursion stays shallow on hostile files.
const maxNodeDepth = 256

func (r *reader) fail(format string, args ...any) error {
	return &scene.FormatError{Format: "gltf", Path: r.name, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) scene() (*scene.Scene, error) {
	roots, sc, err := r.rootNodes()
	if err != nil {
		return nil, err
	}
	s := &scene.Scene{Name: scene.NameFromFile(r.name)}
	if sc != nil {
		sceneExtras(s, sc.Extras)
	}
	used := map[string]bool{}
	for _, i := range roots {
		o, err := r.object(i, used)
		if err != nil {
			return nil, err
		}
		if o != nil {
			s.Objects = append(s.Objects, o)
		}
	}
	return s, nil
}

// rootNodes returns the root nodes of the document's default scene (or its first), or every
// node without a parent when the document has no scenes.
func (r *reader) rootNodes() ([]int, *gltf.Scene, error) {
	if len(r.doc.Scenes) == 0 {
		child := make([]bool, len(r.doc.Nodes))
		for _, n := range r.doc.Nodes {
			if n == nil {
				continue
			}
			for _, c := range n.Children {
				if c >= 0 && c < len(child) {
					child[c] = true
				}
			}
		}
		var roots []int
		for i, c := range child {
			if !c {
				roots = append(roots, i)
			}
		}
		return roots, nil, nil
	}
	i := 0
	if r.doc.Scene != nil {
		i = *r.doc.Scene
	}
	if i < 0 || i >= len(r.doc.Scenes) || r.doc.Scenes[i] == nil {
		return nil, nil, r.fail("scene %d does not exist (%d scenes)", i, len(r.doc.Scenes))
	}
	return r.doc.Scenes[i].Nodes, r.doc.Scenes[i], nil
}

// piece is the triangles of one primitive in world space, with the node it came from.
type piece struct {
	node     int
	mesh     *scene.Mesh
	material *int
}

// object builds the object of top-level node idx, or nil when the node holds no geometry and no
// object extras (a light or a camera).
func (r *reader) object(idx int, used map[string]bool) (*scene.Object, error) {
	var pieces []piece
	world, err := r.walk(idx, mgl64.Ident4(), 0, &pieces)
	if err != nil {
		return nil, err
	}
	n := r.doc.Nodes[idx]
	ex := objectExtras(n.Extras)
	if len(pieces) == 0 && ex == nil {
		return nil, nil
	}
	id := n.Name
	if id == "" {
		id = fmt.Sprintf("object_%d", idx)
	}
	o := &scene.Object{ID: scene.UniqueName(used, id), Name: n.Name, Category: scene.GuessCategory(n.Name), Transform: world}
	o.Parts = r.parts(pieces, ex)
	o.Color = r.color(pieces)
	if ex != nil {
		ex.apply(o)
	}
	return o, nil
}

// walk appends the triangles of node idx and its descendants to out and returns the node's
// world matrix.
func (r *reader) walk(idx int, parent mgl64.Mat4, depth int, out *[]piece) (mgl64.Mat4, error) {
	if idx < 0 || idx >= len(r.doc.Nodes) || r.doc.Nodes[idx] == nil {
		return parent, r.fail("node %d does not exist (%d nodes)", idx, len(r.doc.Nodes))
	}
	if r.seen[idx] {
		return parent, r.fail("node %d is reached twice (a node may have one parent only)", idx)
	}
	if depth > maxNodeDepth {
		return parent, r.fail("node hierarchy deeper than %d", maxNodeDepth)
	}
	r.seen[idx] = true
	n := r.doc.Nodes[idx]
	local, err := nodeMatrix(n)
	if err != nil {
		return parent, r.fail("node %d: %v", idx, err)
	}
	world := parent.Mul4(local)
	if n.Mesh != nil {
		if err := r.mesh(idx, *n.Mesh, world, out); err != nil {
			return world, err
		}
	}
	for _, c := range n.Children {
		if _, err := r.walk(c, world, depth+1, out); err != nil {
			return world, err
		}
	}
	return world, nil
}

// nodeMatrix returns a node's local transform: its matrix when it has one, else T·R·S.
func nodeMatrix(n *gltf.Node) (mgl64.Mat4, error) {
	var m mgl64.Mat4
	if n.Matrix != gltf.DefaultMatrix && n.Matrix != ([16]float64{}) {
		m = mgl64.Mat4(n.Matrix) // both column-major
	} else {
		t, rot, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
		q := mgl64.Quat{W: rot[3], V: mgl64.Vec3{rot[0], rot[1], rot[2]}}
		if l := q.Len(); l > 0 {
			q = q.Scale(1 / l)
		}
		m = mgl64.Translate3D(t[0], t[1], t[2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
	}
	for _, v := range m {
		if !geom.Finite(v) {
			return m, fmt.Errorf("transform is not finite")
		}
	}
	return m, nil
}

// mesh appends the triangle primitives of mesh mi, placed by world, to out.
func (r *reader) mesh(node, mi int, world mgl64.Mat4, out *[]piece) error {
	if mi < 0 || mi >= len(r.doc.Meshes) || r.doc.Meshes[mi] == nil {
		return r.fail("node %d: mesh %d does not exist (%d meshes)", node, mi, len(r.doc.Meshes))
	}
	for pi, p := range r.doc.Meshes[mi].Primitives {
		if p == nil {
			return r.fail("mesh %d: primitive %d is null", mi, pi)
		}
		m, err := r.primitive(p)
		if err != nil {
			return fmt.Errorf("%w (mesh %d primitive %d)", err, mi, pi)
		}
		if m != nil && len(m.Triangles) > 0 {
			*out = append(*out, piece{node: node, mesh: m.Transformed(world), material: p.Material})
		}
	}
	return nil
}

// parts turns the pieces of one object into parts: one per piece when the object's extras name
// exactly that many parts (as WriteGLB writes them), else one per node, named after the node.
func (r *reader) parts(pieces []piece, ex *glbObjectExtras) []scene.Part {
	if ex != nil && len(ex.Parts) == len(pieces) && len(pieces) > 0 {
		parts := make([]scene.Part, len(pieces))
		for i, p := range pieces {
			parts[i] = scene.Part{Name: ex.Parts[i].Name, Kind: scene.PartKind(ex.Parts[i].Kind), Mesh: p.mesh}
		}
		return parts
	}
	var parts []scene.Part
	byNode := map[int]int{}
	used := map[string]bool{}
	for _, p := range pieces {
		if k, ok := byNode[p.node]; ok {
			parts[k].Mesh.Append(p.mesh)
			continue
		}
		name := r.partName(p.node)
		byNode[p.node] = len(parts)
		parts = append(parts, scene.Part{Name: scene.UniqueName(used, name), Kind: scene.GuessPartKind(name), Mesh: p.mesh})
	}
	return parts
}

// partName names a part after its node, else the node's mesh.
func (r *reader) partName(node int) string {
	n := r.doc.Nodes[node]
	if n.Name != "" {
		return n.Name
	}
	if m := r.doc.Meshes[*n.Mesh]; m.Name != "" {
		return m.Name
	}
	return fmt.Sprintf("part_%d", node)
}

// color returns the base colour of the first piece that has a material.
func (r *reader) color(pieces []piece) [3]float64 {
	for _, p := range pieces {
		if p.material == nil || *p.material < 0 || *p.material >= len(r.doc.Materials) {
			continue
		}
		m := r.doc.Materials[*p.material]
		if m == nil {
			continue
		}
		c := [4]float64{1, 1, 1, 1} // the glTF default base colour
		if m.PBRMetallicRoughness != nil {
			c = m.PBRMetallicRoughness.BaseColorFactorOrDefault()
		}
		return [3]float64{geom.Clamp(c[0], 0, 1), geom.Clamp(c[1], 0, 1), geom.Clamp(c[2], 0, 1)}
	}
	return scene.DefaultColor()
}

// decode decodes the document in data, reading its buffers from name's folder in fsys.
func decode(fsys fs.FS, name string, data []byte, lim scene.Limits) (*gltf.Document, error) {
	sub := fsys
	if dir := path.Dir(name); dir != "." {
		var err error
		if sub, err = fs.Sub(fsys, dir); err != nil {
			return nil, fmt.Errorf("scene: gltf %s: %w", name, err)
		}
	}
	if isGLB(data) {
		if err := checkGLB(data, name, lim); err != nil {
			return nil, err
		}
	}
	bfs := &bufferFS{fsys: sub, budget: lim.FileBytes - int64(len(data))}
	doc := new(gltf.Document)
	err := gltf.NewDecoderFS(bytes.NewReader(data), bfs).Decode(doc)
	// The JSON part is decoded before the buffers, so these checks see the document even when
	// reading a buffer failed, and can say why in our words.
	if e := checkExtensions(doc, name); e != nil {
		return nil, e
	}
	if e := checkURIs(doc, name); e != nil {
		return nil, e
	}
	if bfs.err != nil {
		return nil, fmt.Errorf("scene: gltf %s: buffer: %w", name, bfs.err)
	}
	if err != nil {
		return nil, &scene.FormatError{Format: "gltf", Path: name, Msg: err.Error()}
	}
	if err := checkBuffers(doc, name, lim); err != nil {
		return nil, err
	}
	return doc, nil
}

// ignorableExtensions may be required by a file without changing its geometry.
var ignorableExtensions = map[string]bool{
	"KHR_texture_transform": true, "KHR_lights_punctual": true, "KHR_mesh_quantization": true,
	"KHR_texture_webp": true, "EXT_texture_webp": true, "EXT_texture_avif": true,
	"KHR_materials_unlit": true, "KHR_materials_variants": true, "KHR_materials_sheen": true,
	"KHR_materials_specular": true, "KHR_materials_clearcoat": true, "KHR_materials_transmission": true,
	"KHR_materials_volume": true, "KHR_materials_ior": true, "KHR_materials_emissive_strength": true,
	"KHR_materials_iridescence": true, "KHR_materials_anisotropy": true, "KHR_materials_dispersion": true,
	"KHR_materials_pbrSpecularGlossiness": true,
}

// unsupportedExtensions are extensions a reader must understand to see the geometry, with why.
var unsupportedExtensions = map[string]string{
	"KHR_draco_mesh_compression": "Draco-compressed meshes (KHR_draco_mesh_compression); re-export without compression",
	"EXT_meshopt_compression":    "meshopt-compressed buffers (EXT_meshopt_compression); re-export without compression",
	"KHR_meshopt_compression":    "meshopt-compressed buffers (KHR_meshopt_compression); re-export without compression",
	"KHR_texture_basisu":         "KTX2/Basis Universal textures (KHR_texture_basisu)",
}

// checkExtensions refuses a document that requires an extension this package cannot honour.
func checkExtensions(doc *gltf.Document, name string) error {
	for _, e := range doc.ExtensionsRequired {
		if why, ok := unsupportedExtensions[e]; ok {
			return &scene.UnsupportedError{Format: "gltf", Path: name, Feature: why}
		}
		if !ignorableExtensions[e] {
			return &scene.UnsupportedError{Format: "gltf", Path: name, Feature: "required extension " + e}
		}
	}
	return nil
}

// checkURIs refuses buffers outside the file's folder: URLs with a scheme (other than
// embedded data), absolute paths and paths through "..".
func checkURIs(doc *gltf.Document, name string) error {
	for i, b := range doc.Buffers {
		if b == nil || b.URI == "" || b.IsEmbeddedResource() {
			continue
		}
		u, err := url.Parse(b.URI)
		p := b.URI
		if err == nil && u.Scheme == "" {
			p = u.Path
		}
		p = strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "./")
		if err != nil || u.Scheme != "" || !fs.ValidPath(p) {
			return &scene.FormatError{Format: "gltf", Path: name, Msg: fmt.Sprintf(
				"buffer %d URI %q is outside the file's folder; only files beside it (or below) are read", i, b.URI)}
		}
	}
	return nil
}

// bufferFS serves a glTF's external buffers from its folder, within a byte budget shared by all
// of them; the first failure is kept so that the loader reports it rather than the decoder's
// rewording.
type bufferFS struct {
	fsys   fs.FS
	budget int64
	err    error
}

// Open opens a file of the folder; the decoder reads through ReadFile.
func (b *bufferFS) Open(name string) (fs.File, error) { return b.fsys.Open(name) }

// ReadFile reads a whole buffer file, refusing it when it passes the remaining budget.
func (b *bufferFS) ReadFile(name string) ([]byte, error) {
	data, err := fileio.ReadFile(b.fsys, name, b.budget)
	if err != nil {
		if b.err == nil {
			b.err = err
		}
		return nil, err
	}
	b.budget -= int64(len(data))
	return data, nil
}
