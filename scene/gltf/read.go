package gltf

import (
	"fmt"
	"io/fs"

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

// load reads name with the limits lim (Load's are scene.DefaultLimits; tests use smaller ones).
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

// fail returns a *scene.FormatError about the file being read.
func (r *reader) fail(format string, args ...any) error {
	return formatError(r.name, format, args...)
}

// scene builds the scene: one object per root node that holds geometry, and the scene's name and
// start from its extras (WriteGLB's).
func (r *reader) scene() (*scene.Scene, error) {
	roots, sc, err := r.rootNodes()
	if err != nil {
		return nil, err
	}
	s := &scene.Scene{Name: scene.NameFromFile(r.name)}
	if sc != nil {
		sceneExtras(s, sc.Extras)
	}
	if s.Objects, err = r.objects(roots); err != nil {
		return nil, err
	}
	return s, nil
}

// objects builds the objects of the root nodes, in order, leaving out those without geometry.
func (r *reader) objects(roots []int) ([]*scene.Object, error) {
	var objs []*scene.Object
	used := map[string]bool{}
	for _, i := range roots {
		o, err := r.object(i, used)
		if err != nil {
			return nil, err
		}
		if o != nil {
			objs = append(objs, o)
		}
	}
	return objs, nil
}

// rootNodes returns the root nodes of the document's default scene (or its first), or every
// node without a parent when the document has no scenes.
func (r *reader) rootNodes() ([]int, *gltf.Scene, error) {
	if len(r.doc.Scenes) == 0 {
		return r.parentless(), nil, nil
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

// parentless returns the nodes that are no node's child: the roots of a document without scenes.
func (r *reader) parentless() []int {
	child := r.children()
	var roots []int
	for i, c := range child {
		if !c {
			roots = append(roots, i)
		}
	}
	return roots
}

// children marks the nodes that some node names as its child; indices out of range are left to
// walk to refuse.
func (r *reader) children() []bool {
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
	return child
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
	o := &scene.Object{ID: scene.UniqueName(used, objectID(n, idx)), Name: n.Name, Category: scene.GuessCategory(n.Name), Transform: world}
	o.Parts = r.parts(pieces, ex)
	o.Color = r.color(pieces)
	if ex != nil {
		ex.apply(o)
	}
	return o, nil
}

// objectID is the id of node idx's object before it is made unique: the node's name, else
// object_IDX.
func objectID(n *gltf.Node, idx int) string {
	if n.Name == "" {
		return fmt.Sprintf("object_%d", idx)
	}
	return n.Name
}

// walk appends the triangles of node idx and its descendants to out and returns the node's
// world matrix.
func (r *reader) walk(idx int, parent mgl64.Mat4, depth int, out *[]piece) (mgl64.Mat4, error) {
	if err := r.enter(idx, depth); err != nil {
		return parent, err
	}
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

// enter marks node idx visited, after checking that it exists, has not been reached before (a
// node has one parent) and lies no deeper than maxNodeDepth.
func (r *reader) enter(idx, depth int) error {
	if idx < 0 || idx >= len(r.doc.Nodes) || r.doc.Nodes[idx] == nil {
		return r.fail("node %d does not exist (%d nodes)", idx, len(r.doc.Nodes))
	}
	if r.seen[idx] {
		return r.fail("node %d is reached twice (a node may have one parent only)", idx)
	}
	if depth > maxNodeDepth {
		return r.fail("node hierarchy deeper than %d", maxNodeDepth)
	}
	r.seen[idx] = true
	return nil
}

// nodeMatrix returns a node's local transform: its matrix when it has one, else T·R·S.
func nodeMatrix(n *gltf.Node) (mgl64.Mat4, error) {
	m := mgl64.Mat4(n.Matrix) // both column-major
	if n.Matrix == gltf.DefaultMatrix || n.Matrix == ([16]float64{}) {
		m = trsMatrix(n)
	}
	if !geom.AllFinite(m[:]) {
		return m, fmt.Errorf("transform is not finite")
	}
	return m, nil
}

// trsMatrix returns T·R·S of a node's translation, rotation (normalised, as glTF requires unit
// quaternions but files round them) and scale.
func trsMatrix(n *gltf.Node) mgl64.Mat4 {
	t, rot, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	q := mgl64.Quat{W: rot[3], V: mgl64.Vec3{rot[0], rot[1], rot[2]}}
	if l := q.Len(); l > 0 {
		q = q.Scale(1 / l)
	}
	return mgl64.Translate3D(t[0], t[1], t[2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(s[0], s[1], s[2]))
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
		return extrasParts(pieces, ex.Parts)
	}
	return r.nodeParts(pieces)
}

// extrasParts names and kinds the pieces as the extras list them, one part each.
func extrasParts(pieces []piece, ex []glbPartExtras) []scene.Part {
	parts := make([]scene.Part, len(pieces))
	for i, p := range pieces {
		parts[i] = scene.Part{Name: ex[i].Name, Kind: scene.PartKind(ex[i].Kind), Mesh: p.mesh}
	}
	return parts
}

// nodeParts joins the pieces of each node into one part named after the node (partName), its kind
// guessed from the name.
func (r *reader) nodeParts(pieces []piece) []scene.Part {
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
		if m := r.material(p.material); m != nil {
			return baseColor(m)
		}
	}
	return scene.DefaultColor()
}

// material returns the material a primitive refers to, or nil for none or one that does not
// exist (a colour is not worth refusing a file for).
func (r *reader) material(i *int) *gltf.Material {
	if i == nil || *i < 0 || *i >= len(r.doc.Materials) {
		return nil
	}
	return r.doc.Materials[*i]
}

// baseColor returns a material's base colour factor without alpha, clamped to [0, 1]: glTF's
// default white when it has none.
func baseColor(m *gltf.Material) [3]float64 {
	c := [4]float64{1, 1, 1, 1} // the glTF default base colour
	if m.PBRMetallicRoughness != nil {
		c = m.PBRMetallicRoughness.BaseColorFactorOrDefault()
	}
	return [3]float64{geom.Clamp(c[0], 0, 1), geom.Clamp(c[1], 0, 1), geom.Clamp(c[2], 0, 1)}
}
