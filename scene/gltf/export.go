package gltf

import (
	"bufio"
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
	if err := encodeGLB(w, doc); err != nil {
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
		if err := encodeGLB(bw, doc); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("scene: save %s: %w", path, err)
	}
	return nil
}

// encodeGLB writes doc as binary glTF.
func encodeGLB(w io.Writer, doc *gltf.Document) error {
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	return enc.Encode(doc)
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
		if err := glbAddObject(doc, o, ids); err != nil {
			return nil, err
		}
		root.Nodes = append(root.Nodes, len(doc.Nodes)-1)
	}
	return doc, nil
}

// glbAddObject appends an object's node to doc (glbWriteObject), refusing an object whose id is
// empty or among ids, the ids written so far, to which it adds its own.
func glbAddObject(doc *gltf.Document, o *scene.Object, ids map[string]bool) error {
	if o == nil || o.ID == "" || ids[o.ID] {
		return fmt.Errorf("scene: write glb: object ids must be unique and non-empty (%q)", glbObjectID(o))
	}
	ids[o.ID] = true
	if err := glbWriteObject(doc, o); err != nil {
		return fmt.Errorf("scene: write glb: object %s: %w", o.ID, err)
	}
	return nil
}

// glbObjectID is an object's id for messages, which say "<nil>" for a nil object.
func glbObjectID(o *scene.Object) string {
	if o == nil {
		return "<nil>"
	}
	return o.ID
}

// glbWriteObject appends one object's node, mesh and material to doc.
func glbWriteObject(doc *gltf.Document, o *scene.Object) error {
	ex := glbExtras(o)
	prims, err := glbWriteParts(doc, o, ex)
	if err != nil {
		return err
	}
	node := &gltf.Node{Name: o.ID, Extras: ex}
	if len(prims) > 0 {
		doc.Materials = append(doc.Materials, glbMaterial(o))
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: o.ID, Primitives: prims})
		node.Mesh = gltf.Index(len(doc.Meshes) - 1)
	}
	doc.Nodes = append(doc.Nodes, node)
	return nil
}

// glbWriteParts writes the parts that have triangles as primitives of the material the object's
// mesh will have (the next in doc), and lists them in the extras ex.
func glbWriteParts(doc *gltf.Document, o *scene.Object, ex *glbObjectExtras) ([]*gltf.Primitive, error) {
	var prims []*gltf.Primitive
	mat := len(doc.Materials)
	for _, p := range o.Parts {
		if p.Mesh == nil || len(p.Mesh.Triangles) == 0 {
			continue
		}
		prim, err := glbWritePart(doc, p, mat)
		if err != nil {
			return nil, fmt.Errorf("part %s: %w", p.Name, err)
		}
		prims = append(prims, prim)
		ex.Parts = append(ex.Parts, glbPartExtras{Name: p.Name, Kind: string(p.Kind)})
	}
	return prims, nil
}

// glbMaterial is an object's material: its colour, not metallic, rough.
func glbMaterial(o *scene.Object) *gltf.Material {
	c := o.Color
	return &gltf.Material{
		Name: o.ID,
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			BaseColorFactor: &[4]float64{c[0], c[1], c[2], 1},
			MetallicFactor:  gltf.Float(0),
			RoughnessFactor: gltf.Float(0.9),
		},
	}
}

// glbWritePart writes one part's vertices and triangles as a primitive with material mat.
func glbWritePart(doc *gltf.Document, p scene.Part, mat int) (*gltf.Primitive, error) {
	pos, err := float32s(p.Mesh.Vertices)
	if err != nil {
		return nil, err
	}
	idx, err := flatIndices(p.Mesh.Triangles, len(pos))
	if err != nil {
		return nil, err
	}
	return &gltf.Primitive{
		Attributes: gltf.PrimitiveAttributes{gltf.POSITION: modeler.WritePosition(doc, pos)},
		Indices:    gltf.Index(modeler.WriteIndices(doc, idx)),
		Material:   gltf.Index(mat),
	}, nil
}

// float32s converts vertices to the float32 a glTF position accessor holds, refusing any that is
// not finite.
func float32s(verts []mgl64.Vec3) ([][3]float32, error) {
	pos := make([][3]float32, len(verts))
	for i, v := range verts {
		if !geom.FiniteVec(v) {
			return nil, fmt.Errorf("vertex %d is not finite", i)
		}
		pos[i] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
	}
	return pos, nil
}

// flatIndices lists the triangles' corners in order, refusing a corner outside the n vertices.
func flatIndices(tris [][3]int32, n int) ([]uint32, error) {
	idx := make([]uint32, 0, 3*len(tris))
	for i, t := range tris {
		for _, k := range t {
			if k < 0 || int(k) >= n {
				return nil, fmt.Errorf("triangle %d refers to vertex %d of %d", i, k, n)
			}
			idx = append(idx, uint32(k))
		}
	}
	return idx, nil
}
