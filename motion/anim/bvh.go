package anim

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// BVH conventions (docs/exports.md): Y up, metres, angles in degrees. Every joint's rotation
// channels are "Zrotation Xrotation Yrotation": the local rotation is Rz·Rx·Ry, applied to a child's
// offset as a column vector (so Y turns first), the order most BVH readers (Blender's among them)
// take as written. The root has "Xposition Yposition Zposition" too, the pelvis in world space
// (its OFFSET is zero); any other joint has position channels only where the clip's bones stray
// from the skeleton's (Track.Moves), and then its position replaces its OFFSET, as in Blender.
const (
	bvhRotationChannels = "Zrotation Xrotation Yrotation"
	bvhPositionChannels = "Xposition Yposition Zposition"
)

// endSiteLength is how far a leaf's End Site reaches past its joint along its bone (metres): a
// readable tail for the feet (toes), head and wrists (hands) in tools that draw bones.
var endSiteLength = map[motion.Joint]float64{
	motion.LeftFoot: 0.05, motion.RightFoot: 0.05, motion.Head: 0.15, motion.LeftWrist: 0.1, motion.RightWrist: 0.1,
}

// WriteBVH writes the clip as BVH: the rig of Nodes as the hierarchy (the 22 joints under their
// HumanML3D names, with the intermediate nodes of the pelvis and spine3 as joints of zero offset),
// OFFSETs from HumanML3D's bone lengths (motion.RestOffsets), one MOTION line per frame, and the
// frame time 1/fps.
func WriteBVH(w io.Writer, c *motion.Clip) error {
	tr, err := NewTrack(c)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	nodes := Nodes()
	writeHierarchy(bw, nodes, tr.Moves)
	fmt.Fprintf(bw, "MOTION\nFrames: %d\nFrame Time: %.9f\n", tr.Len(), 1/tr.FPS)
	for _, f := range tr.Frames {
		writeFrame(bw, f, tr.Moves)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("anim: write BVH: %w", err)
	}
	return nil
}

// writeHierarchy writes the HIERARCHY section, depth first as Nodes lists the rig.
func writeHierarchy(w *bufio.Writer, nodes []Node, moves []bool) {
	h := hierarchy{w: w, nodes: nodes, kids: nodeChildren(nodes), moves: moves}
	w.WriteString("HIERARCHY\n")
	h.joint(0, 0)
}

// nodeChildren lists each node's children, in Nodes' order.
func nodeChildren(nodes []Node) [][]int {
	kids := make([][]int, len(nodes))
	for n, nd := range nodes {
		if nd.Parent >= 0 {
			kids[nd.Parent] = append(kids[nd.Parent], n)
		}
	}
	return kids
}

// hierarchy writes a rig's joints as BVH.
type hierarchy struct {
	w     *bufio.Writer
	nodes []Node
	kids  [][]int // each node's children
	moves []bool  // which nodes have position channels (Track.Moves)
}

// joint writes node n, depth tabs in, with its children (or, for a leaf, its End Site) inside.
func (h hierarchy) joint(n, depth int) {
	in := strings.Repeat("\t", depth)
	nd := h.nodes[n]
	kind, channels := "JOINT", h.channels(n)
	if nd.Parent < 0 {
		kind = "ROOT"
	}
	fmt.Fprintf(h.w, "%s%s %s\n%s{\n", in, kind, nd.Name, in)
	fmt.Fprintf(h.w, "%s\tOFFSET %s\n", in, bvhVec(nd.Rest))
	fmt.Fprintf(h.w, "%s\tCHANNELS %d %s\n", in, len(strings.Fields(channels)), channels)
	for _, k := range h.kids[n] {
		h.joint(k, depth+1)
	}
	if len(h.kids[n]) == 0 {
		h.endSite(in, nd)
	}
	fmt.Fprintf(h.w, "%s}\n", in)
}

// channels returns node n's channels: its rotation, after its position if it moves.
func (h hierarchy) channels(n int) string {
	if h.moves[n] {
		return bvhPositionChannels + " " + bvhRotationChannels
	}
	return bvhRotationChannels
}

// endSite writes a leaf's End Site, endSiteLength past its joint along its bone, indented in.
func (h hierarchy) endSite(in string, nd Node) {
	end := restOffsets[nd.At].Normalize().Mul(endSiteLength[nd.At])
	fmt.Fprintf(h.w, "%s\tEnd Site\n%s\t{\n%s\t\tOFFSET %s\n%s\t}\n", in, in, in, bvhVec(end), in)
}

// writeFrame writes one MOTION line: per node, in hierarchy order, its positions if it moves and
// its rotation as Z, X, Y angles.
func writeFrame(w *bufio.Writer, f []Local, moves []bool) {
	var b []byte
	for n, l := range f {
		if moves[n] {
			b = append(b, bvhVec(l.T)...)
			b = append(b, ' ')
		}
		z, x, y := eulerZXY(l.R)
		b = fmt.Appendf(b, "%.6f %.6f %.6f ", z, x, y)
	}
	b[len(b)-1] = '\n'
	w.Write(b)
}

// bvhVec formats a vector in metres to the micrometre.
func bvhVec(v mgl64.Vec3) string { return fmt.Sprintf("%.6f %.6f %.6f", v[0], v[1], v[2]) }

// eulerZXY returns angles z, x, y in degrees with Rz(z)·Rx(x)·Ry(y) = q. Where x is within 1e-9 rad
// of ±90° (gimbal lock) z is 0 and y takes the whole turn about the vertical.
func eulerZXY(q mgl64.Quat) (z, x, y float64) {
	m := q.Normalize().Mat4()
	cx := math.Hypot(m.At(0, 1), m.At(1, 1))
	x = math.Atan2(m.At(2, 1), cx)
	if cx > 1e-9 {
		z = math.Atan2(-m.At(0, 1), m.At(1, 1))
		y = math.Atan2(-m.At(2, 0), m.At(2, 2))
	} else {
		y = math.Atan2(m.At(0, 2), m.At(0, 0))
	}
	const deg = 180 / math.Pi
	return z * deg, x * deg, y * deg
}
