package anim

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/motion"
)

// bodyColor is the body's base colour (linear RGB): the blue-grey the renderer draws bodies in.
var bodyColor = [4]float64{0.45, 0.55, 0.72, 1}

// boundMesh is a body's mesh in the bind pose, bound to the rig: float32 positions and unit
// normals, up to four rig nodes (indices into Nodes) and weights per vertex, triangles.
type boundMesh struct {
	pos, nrm [][3]float32
	joints   [][4]uint8
	weights  [][4]float32
	tris     []uint32
}

// addSkinnedMesh appends mesh, bound to the rig whose root node is root, with its material and
// skin, as a node of its own at the scene's root (glTF ignores a skinned mesh node's transform;
// the joints place it).
func addSkinnedMesh(doc *gltf.Document, root int, mesh *boundMesh) {
	prim := addBodyPrimitive(doc, mesh)
	doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: "body", Primitives: []*gltf.Primitive{prim}})
	doc.Skins = append(doc.Skins, skin(doc, root))
	doc.Nodes = append(doc.Nodes, &gltf.Node{Name: "body", Mesh: gltf.Index(len(doc.Meshes) - 1), Skin: gltf.Index(len(doc.Skins) - 1),
		Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}})
	doc.Scenes[sceneIndex(doc)].Nodes = append(doc.Scenes[sceneIndex(doc)].Nodes, len(doc.Nodes)-1)
}

// addBodyPrimitive writes the mesh (positions, unit normals, joints and weights, indices) and its
// material, and returns the primitive that draws them.
func addBodyPrimitive(doc *gltf.Document, mesh *boundMesh) *gltf.Primitive {
	return &gltf.Primitive{
		Attributes: gltf.PrimitiveAttributes{
			gltf.POSITION:  modeler.WritePosition(doc, mesh.pos),
			gltf.NORMAL:    modeler.WriteNormal(doc, mesh.nrm),
			gltf.JOINTS_0:  modeler.WriteJoints(doc, mesh.joints),
			gltf.WEIGHTS_0: modeler.WriteWeights(doc, mesh.weights),
		},
		Indices:  gltf.Index(modeler.WriteIndices(doc, indices(mesh.tris, len(mesh.pos)))),
		Material: gltf.Index(addMaterial(doc)),
	}
}

// proxyMesh is the body proxy's mesh in the bind pose, each capsule bound whole to the node that
// carries its bone (capsuleWeights).
func proxyMesh() *boundMesh {
	body := motion.NewBody()
	m := body.Mesh(BindPose())
	pos, nrm := float32Vertices(m)
	joints, weights := capsuleWeights(body, len(pos))
	return &boundMesh{pos: pos, nrm: nrm, joints: joints, weights: weights, tris: flatTriangles(m.Triangles)}
}

// float32Vertices returns a mesh's positions and its normals, made unit length, as the float32
// that glTF's accessors hold.
func float32Vertices(m *motion.BodyMesh) (pos, nrm [][3]float32) {
	nrm = make([][3]float32, len(m.Normals))
	for i, n := range m.Normals {
		n = n.Normalize()
		nrm[i] = [3]float32{float32(n[0]), float32(n[1]), float32(n[2])}
	}
	return float32s(m.Positions), nrm
}

// flatTriangles lists the triangles' corners in order.
func flatTriangles(tris [][3]int32) []uint32 {
	idx := make([]uint32, 0, 3*len(tris))
	for _, t := range tris {
		idx = append(idx, uint32(t[0]), uint32(t[1]), uint32(t[2]))
	}
	return idx
}

// capsuleWeights binds every vertex of a capsule to the rig node that sits at the capsule's joint
// and turns with its frame joint (motion.Body.CapsuleJoints), with weight 1.
func capsuleWeights(body *motion.Body, n int) ([][4]uint8, [][4]float32) {
	nodes := Nodes()
	joints := make([][4]uint8, n)
	weights := make([][4]float32, n)
	for i := range body.NumCapsules() {
		at, frame := body.CapsuleJoints(i)
		k := carrier(nodes, at, frame)
		start, end := body.MeshRange(i)
		for v := start; v < end; v++ {
			joints[v] = [4]uint8{uint8(k)}
			weights[v] = [4]float32{1}
		}
	}
	return joints, weights
}

// carrier returns the node that sits at joint at and turns with frame's bone; every capsule of the
// body proxy has one (the rig is built so), and the root is the fallback.
func carrier(nodes []Node, at, frame motion.Joint) int {
	for k, nd := range nodes {
		if nd.At == at && nd.Turns == frame {
			return k
		}
	}
	return 0
}

// indices returns idx as 16-bit indices when the vertices allow it, the smaller accessor.
func indices(idx []uint32, vertices int) any {
	if vertices > 1<<16-1 {
		return idx
	}
	out := make([]uint16, len(idx))
	for i, v := range idx {
		out[i] = uint16(v)
	}
	return out
}

// addMaterial appends the body's material and returns its index.
func addMaterial(doc *gltf.Document) int {
	color := bodyColor
	doc.Materials = append(doc.Materials, &gltf.Material{
		Name: "body",
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			BaseColorFactor: &color,
			MetallicFactor:  gltf.Float(0),
			RoughnessFactor: gltf.Float(0.8),
		},
	})
	return len(doc.Materials) - 1
}

// skin returns the skin of the rig whose root node is root: every rig node is a joint, in Nodes'
// order, and each inverse bind matrix undoes its node's bind transform (a translation to its joint
// in BindPose, with no rotation).
func skin(doc *gltf.Document, root int) *gltf.Skin {
	bind := BindPose()
	nodes := Nodes()
	ibm := make([][4][4]float32, len(nodes))
	joints := make([]int, len(nodes))
	for k, nd := range nodes {
		ibm[k] = inverseBind(bind[nd.At])
		joints[k] = root + k
	}
	acc := modeler.WriteAccessor(doc, gltf.TargetNone, ibm)
	return &gltf.Skin{Name: "body", Joints: joints, Skeleton: gltf.Index(root), InverseBindMatrices: gltf.Index(acc)}
}

// inverseBind returns the inverse bind matrix of a node bound at p, the translation by −p, indexed
// [row][column] as qmuntal/gltf takes matrices (it writes them column-major).
func inverseBind(p mgl64.Vec3) [4][4]float32 {
	m := mgl64.Translate3D(-p[0], -p[1], -p[2])
	var ibm [4][4]float32
	for c := range 4 {
		for r := range 4 {
			ibm[r][c] = float32(m.At(r, c))
		}
	}
	return ibm
}
