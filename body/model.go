package body

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// MaxInfluences is the number of skinning influences a vertex carries.
const MaxInfluences = 4

// Model is a human body: a rest mesh (metres, Y up, facing +Z with its left at +X), triangles, the
// rest positions of our 22 joints, and at most MaxInfluences skinning influences per vertex.
// A Model returned by Human is shared: callers must not modify it.
type Model struct {
	Name      string                       // where the body comes from, such as "MakeHuman hm08 (CC0)"
	Rest      []mgl64.Vec3                 // rest vertex positions, metres
	Faces     [][3]uint32                  // triangles, counter-clockwise seen from outside
	Joints    [motion.NumJoints]mgl64.Vec3 // rest joint positions, metres
	Influence [][MaxInfluences]uint8       // joint indices (0..21) per vertex
	Weight    [][MaxInfluences]float32     // weights per vertex, each in [0, 1], summing to 1
	Area      []float64                    // each vertex's share of the rest surface, summing to 1

	feet *footSets // the foot vertices the fit calibrates on, found by Decode (nil: found per fit)
}

// NumVertices returns the number of vertices of the mesh.
func (m *Model) NumVertices() int { return len(m.Rest) }
