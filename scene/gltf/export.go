package gltf

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// WriteGLB writes s as a binary glTF 2.0 file that Load reads back to the same scene.
//
// Each object is one top-level node named after its id, with one mesh whose primitives are its
// parts in order (world-space vertices as float32, so coordinates keep about 1e-6 m in a room of
// 10 m; the node's transform is the identity) and one material in the object's colour. What
// glTF has no place for goes in extras (JSON, full float64 precision): on each node
// {"category", "name", "color", "proxy", "transform", "parts": [{"name", "kind"}],
// "surfaces": [...], "stand_points": [...]}, and on the scene {"name", "start": {"root", "heading"}}. Parts without
// triangles are left out, because a glTF primitive cannot be empty. Normals are not written:
// viewers compute flat normals, as the glTF specification requires of them.
func WriteGLB(w io.Writer, s *scene.Scene) error {
	doc, err := glbDocument(s)
	if err != nil {
		return err
	}
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("scene: write glb: %w", err)
	}
	return nil
}

// SaveGLB writes s with WriteGLB to a file at path, atomically (fileio.WriteAtomic): a failure
// leaves any old file as it was and no partial file behind. A scene that cannot be written is
// refused before the file is touched.
func SaveGLB(path string, s *scene.Scene) error {
	doc, err := glbDocument(s)
	if err != nil {
		return err
	}
	err = fileio.WriteAtomic(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		enc := gltf.NewEncoder(bw)
		enc.AsBinary = true
		if err := enc.Encode(doc); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("scene: save %s: %w", path, err)
	}
	return nil
}

// Document returns the glTF document WriteGLB writes for s, for exporters that add to it before
// encoding (an animated body, see motion/anim). Its one buffer holds the scene's data; what is
// added goes into the same buffer.
func Document(s *scene.Scene) (*gltf.Document, error) { return glbDocument(s) }

// glbDocument builds the glTF document of a scene.
func glbDocument(s *scene.Scene) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Asset.Generator = "interactagent"
	root := doc.Scenes[0]
	root.Name = s.Name
	root.Extras = glbSceneExtras{Name: s.Name, Start: &glbStart{Root: s.Start.Root, Heading: s.Start.Heading}}
	ids := map[string]bool{}
	for _, o := range s.Objects {
		if o == nil || o.ID == "" || ids[o.ID] {
			return nil, fmt.Errorf("scene: write glb: object ids must be unique and non-empty (%q)", glbObjectID(o))
		}
		ids[o.ID] = true
		if err := glbWriteObject(doc, o); err != nil {
			return nil, fmt.Errorf("scene: write glb: object %s: %w", o.ID, err)
		}
		root.Nodes = append(root.Nodes, len(doc.Nodes)-1)
	}
	return doc, nil
}

func glbObjectID(o *scene.Object) string {
	if o == nil {
		return "<nil>"
	}
	return o.ID
}

// glbWriteObject appends one object's node, mesh and material to doc.
func glbWriteObject(doc *gltf.Document, o *scene.Object) error {
	name, color := o.Name, o.Color
	ex := &glbObjectExtras{Category: o.Category, Name: &name, Proxy: o.Proxy, Color: &color, StandPoints: o.StandPoints}
	t := [16]float64(o.Transform)
	ex.Transform = &t
	for _, sf := range o.Surfaces {
		ex.Surfaces = append(ex.Surfaces, glbSurface(sf))
	}
	node := &gltf.Node{Name: o.ID}
	var prims []*gltf.Primitive
	mat := len(doc.Materials)
	for _, p := range o.Parts {
		if p.Mesh == nil || len(p.Mesh.Triangles) == 0 {
			continue
		}
		prim, err := glbWritePart(doc, p, mat)
		if err != nil {
			return fmt.Errorf("part %s: %w", p.Name, err)
		}
		prims = append(prims, prim)
		ex.Parts = append(ex.Parts, glbPartExtras{Name: p.Name, Kind: string(p.Kind)})
	}
	if len(prims) > 0 {
		c := o.Color
		doc.Materials = append(doc.Materials, &gltf.Material{
			Name: o.ID,
			PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
				BaseColorFactor: &[4]float64{c[0], c[1], c[2], 1},
				MetallicFactor:  gltf.Float(0),
				RoughnessFactor: gltf.Float(0.9),
			},
		})
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: o.ID, Primitives: prims})
		node.Mesh = gltf.Index(len(doc.Meshes) - 1)
	}
	node.Extras = ex
	doc.Nodes = append(doc.Nodes, node)
	return nil
}

// glbWritePart writes one part's vertices and triangles as a primitive with material mat.
func glbWritePart(doc *gltf.Document, p scene.Part, mat int) (*gltf.Primitive, error) {
	pos := make([][3]float32, len(p.Mesh.Vertices))
	for i, v := range p.Mesh.Vertices {
		if !geom.FiniteVec(v) {
			return nil, fmt.Errorf("vertex %d is not finite", i)
		}
		pos[i] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
	}
	idx := make([]uint32, 0, 3*len(p.Mesh.Triangles))
	for i, t := range p.Mesh.Triangles {
		for _, k := range t {
			if k < 0 || int(k) >= len(pos) {
				return nil, fmt.Errorf("triangle %d refers to vertex %d of %d", i, k, len(pos))
			}
			idx = append(idx, uint32(k))
		}
	}
	return &gltf.Primitive{
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: modeler.WritePosition(doc, pos)},
		Indices:    gltf.Index(modeler.WriteIndices(doc, idx)),
		Material:   gltf.Index(mat),
	}, nil
}

// glbSceneExtras are the scene-level extras WriteGLB writes.
type glbSceneExtras struct {
	Name  string    `json:"name,omitempty"`
	Start *glbStart `json:"start,omitempty"`
}

type glbStart struct {
	Root    mgl64.Vec3 `json:"root"`
	Heading float64    `json:"heading"`
}

// glbObjectExtras are the node extras WriteGLB writes and Load reads.
type glbObjectExtras struct {
	Category    string           `json:"category,omitempty"`
	Name        *string          `json:"name,omitempty"`
	Color       *[3]float64      `json:"color,omitempty"` // also for objects without geometry
	Proxy       bool             `json:"proxy,omitempty"`
	Transform   *[16]float64     `json:"transform,omitempty"` // column-major, like glTF matrices
	Parts       []glbPartExtras  `json:"parts,omitempty"`
	Surfaces    []glbSurfaceJSON `json:"surfaces,omitempty"`
	StandPoints []mgl64.Vec3     `json:"stand_points,omitempty"`
}

type glbPartExtras struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}

type glbSurfaceJSON struct {
	Part    string     `json:"part"`
	Center  mgl64.Vec3 `json:"center"`
	Extent  [2]float64 `json:"extent"`
	Axis    mgl64.Vec3 `json:"axis"`
	Normal  mgl64.Vec3 `json:"normal"`
	Sit     bool       `json:"sit,omitempty"`
	LieDown bool       `json:"lie_down,omitempty"`
}

func glbSurface(s scene.Surface) glbSurfaceJSON {
	return glbSurfaceJSON{Part: s.Part, Center: s.Center, Extent: s.Extent, Axis: s.Axis, Normal: s.Normal, Sit: s.Sit, LieDown: s.LieDown}
}

func (s glbSurfaceJSON) surface() scene.Surface {
	return scene.Surface{Part: s.Part, Center: s.Center, Extent: s.Extent, Axis: s.Axis, Normal: s.Normal, Sit: s.Sit, LieDown: s.LieDown}
}

// decodeExtras re-reads free-form extras (decoded by the glTF package into maps) into v.
func decodeExtras(x any, v any) bool {
	if x == nil {
		return false
	}
	data, err := json.Marshal(x)
	return err == nil && json.Unmarshal(data, v) == nil
}

// objectExtras returns a node's object extras, or nil when it has none of ours. Extras of
// other tools that do not fit are ignored: they are application data, not errors.
func objectExtras(x any) *glbObjectExtras {
	var ex glbObjectExtras
	if !decodeExtras(x, &ex) {
		return nil
	}
	if ex.Category == "" && len(ex.Parts) == 0 && len(ex.Surfaces) == 0 && len(ex.StandPoints) == 0 {
		return nil
	}
	return &ex
}

// apply copies the extras' fields onto o.
func (ex *glbObjectExtras) apply(o *scene.Object) {
	if ex.Category != "" {
		o.Category = ex.Category
	}
	if ex.Name != nil {
		o.Name = *ex.Name
	}
	if ex.Color != nil {
		o.Color = *ex.Color
	}
	o.Proxy = ex.Proxy
	if ex.Transform != nil && geom.AllFinite(ex.Transform[:]) {
		o.Transform = mgl64.Mat4(*ex.Transform)
	}
	for _, s := range ex.Surfaces {
		o.Surfaces = append(o.Surfaces, s.surface())
	}
	o.StandPoints = append(o.StandPoints, ex.StandPoints...)
}

// sceneExtras copies the scene name and start pose from scene extras onto s.
func sceneExtras(s *scene.Scene, x any) {
	var ex glbSceneExtras
	if !decodeExtras(x, &ex) {
		return
	}
	if ex.Name != "" {
		s.Name = ex.Name
	}
	if ex.Start != nil {
		s.Start.Root, s.Start.Heading = ex.Start.Root, ex.Start.Heading
	}
}
