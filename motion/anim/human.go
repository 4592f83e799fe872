package anim

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// bindHuman poses model in the rig's bind pose and binds it to the rig: the body package's fit
// (body.NewFitter), calibrated on every frame of the takes as the renderer calibrates on a clip,
// poses the mesh as BindPose; each vertex keeps the model's influences, each joint's moved onto the
// rig node that carries the same part of the body (bodyCarriers).
func bindHuman(model *body.Model, takes []Take) (*boundMesh, error) {
	f, err := body.NewFitter(model, allFrames(takes))
	if err != nil {
		return nil, fmt.Errorf("anim: fit the body to the takes: %w", err)
	}
	s, err := f.Frame(BindPose())
	if err != nil {
		return nil, fmt.Errorf("anim: fit the body to the bind pose: %w", err)
	}
	pos := make([]mgl64.Vec3, model.NumVertices())
	model.Skin(&s, pos)
	nrm := make([]mgl64.Vec3, len(pos))
	model.Normals(pos, nrm)
	mesh := &boundMesh{pos: float32s(pos), nrm: float32s(nrm), tris: modelTriangles(model)}
	mesh.joints, mesh.weights = humanWeights(model)
	return mesh, nil
}

// allFrames returns one clip of every take's frames, in order, for calibrating the fit once for
// the one mesh all takes animate.
func allFrames(takes []Take) *motion.Clip {
	c := &motion.Clip{FPS: takes[0].Clip.FPS}
	for _, tk := range takes {
		c.Frames = append(c.Frames, tk.Clip.Frames...)
	}
	return c
}

// bodyCarriers returns, for each of the body's 22 joints, the rig node that moves the part of the
// mesh the joint's weights cover: the node named after the joint. A body joint's skinning matrix
// turns its bone toward its child (the elbow's turns the forearm, the wrist's the hand with the
// forearm), and the node named after a joint turns with the same bone (Node.Turns), so no
// intermediate node carries weight.
func bodyCarriers() [motion.NumJoints]uint8 {
	var out [motion.NumJoints]uint8
	for k, nd := range Nodes() {
		if j, ok := nd.Joint(); ok {
			out[j] = uint8(k)
		}
	}
	return out
}

// humanWeights returns each vertex's rig nodes and weights: the model's influences with weight,
// strongest first, on their carriers (bodyCarriers), made to sum to 1 in float32; the slots
// without weight name node 0, as glTF asks.
func humanWeights(model *body.Model) ([][4]uint8, [][4]float32) {
	carrier := bodyCarriers()
	joints := make([][4]uint8, model.NumVertices())
	weights := make([][4]float32, model.NumVertices())
	for v := range joints {
		joints[v], weights[v] = vertexWeights(model.Influence[v], model.Weight[v], &carrier)
	}
	return joints, weights
}

// vertexWeights maps one vertex's influences onto rig nodes (see humanWeights).
func vertexWeights(inf [body.MaxInfluences]uint8, w [body.MaxInfluences]float32, carrier *[motion.NumJoints]uint8) ([4]uint8, [4]float32) {
	var nodes [4]uint8
	var out [4]float32
	order := strongestFirst(w)
	sum := 0.0
	for k, i := range order {
		if w[i] > 0 {
			nodes[k], out[k] = carrier[inf[i]], w[i]
			sum += float64(w[i])
		}
	}
	return nodes, normalised(out, sum)
}

// strongestFirst returns the indices of w from the largest weight to the smallest.
func strongestFirst(w [body.MaxInfluences]float32) [body.MaxInfluences]int {
	order := [body.MaxInfluences]int{0, 1, 2, 3}
	for i := 1; i < len(order); i++ {
		for k := i; k > 0 && w[order[k]] > w[order[k-1]]; k-- {
			order[k], order[k-1] = order[k-1], order[k]
		}
	}
	return order
}

// normalised divides w by sum and gives the rounding left over in float32 to the largest weight,
// so that the four add up to 1 as closely as float32 allows.
func normalised(w [4]float32, sum float64) [4]float32 {
	if !(sum > 0) {
		return [4]float32{1}
	}
	rest := 0.0
	for k := 1; k < 4; k++ {
		w[k] = float32(float64(w[k]) / sum)
		rest += float64(w[k])
	}
	w[0] = float32(math.Max(0, 1-rest))
	return w
}

// float32s converts points to the float32 that glTF's accessors hold.
func float32s(ps []mgl64.Vec3) [][3]float32 {
	out := make([][3]float32, len(ps))
	for i, p := range ps {
		out[i] = [3]float32{float32(p[0]), float32(p[1]), float32(p[2])}
	}
	return out
}

// modelTriangles lists the model's triangles' corners in order.
func modelTriangles(model *body.Model) []uint32 {
	idx := make([]uint32, 0, 3*len(model.Faces))
	for _, f := range model.Faces {
		idx = append(idx, f[0], f[1], f[2])
	}
	return idx
}
