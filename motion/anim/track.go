package anim

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Local is a node's transform relative to its parent node in one frame: the child's point x lands
// at T + R·x in the parent's space.
type Local struct {
	T mgl64.Vec3
	R mgl64.Quat
}

// StretchTolerance is how far (metres) a node's translation may stray from its rest offset before
// the node gets translation keys of its own. Clips whose bone lengths are the skeleton's to 0.1 mm
// (the built-in executor's exactly, decoded HumanML3D's to its 4 decimals: 0.044 mm at most in the
// real sample) animate by rotation alone, and their joints land within 0.1 mm per bone between
// them and the pelvis: at most 0.7 mm at a wrist, 7 bones out. Any other clip gets translation
// keys where it needs them and still lands every joint where it is.
const StretchTolerance = 1e-4

// Track is a clip as the rig's local transforms, ready to be written.
type Track struct {
	FPS    float64
	Frames [][]Local // Frames[t][n]: node n of Nodes in frame t
	// Moves says, per node, whether its translation leaves its rest offset in some frame (by more
	// than StretchTolerance) and so needs keys; the root always moves.
	Moves []bool
}

// NewTrack turns a clip into the rig's local transforms: in each frame the joints' global bone
// rotations come from motion.IK, every node sits at its joint and turns with its bone, and its
// local transform is that relative to its parent. Consecutive rotations are kept in one hemisphere
// so that interpolating between frames takes the short way.
func NewTrack(c *motion.Clip) (*Track, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("anim: %w", err)
	}
	nodes := Nodes()
	tr := &Track{FPS: c.FPS, Frames: make([][]Local, len(c.Frames)), Moves: make([]bool, len(nodes))}
	tr.Moves[0] = true
	for t, p := range c.Frames {
		tr.Frames[t] = locals(nodes, p)
		if t > 0 {
			shortWay(tr.Frames[t], tr.Frames[t-1])
		}
		tr.markMoves(nodes, tr.Frames[t])
	}
	return tr, nil
}

// shortWay negates the rotations of frame f that lie in the other hemisphere from the same node's
// in the frame before, prev: q and −q are one rotation, and interpolating between neighbours in
// one hemisphere takes the short way.
func shortWay(f, prev []Local) {
	for n := range f {
		if f[n].R.Dot(prev[n].R) < 0 {
			f[n].R = f[n].R.Scale(-1)
		}
	}
}

// markMoves notes the nodes whose translation in frame f strays from their rest offset by more
// than StretchTolerance (Track.Moves).
func (tr *Track) markMoves(nodes []Node, f []Local) {
	for n := range nodes {
		if f[n].T.Sub(nodes[n].Rest).Len() > StretchTolerance {
			tr.Moves[n] = true
		}
	}
}

// locals returns every node's local transform in pose p.
func locals(nodes []Node, p motion.Pose) []Local {
	_, rot := motion.IK(p)
	g := motion.GlobalRotations(rot)
	out := make([]Local, len(nodes))
	for n, nd := range nodes {
		if nd.Parent < 0 {
			out[n] = Local{T: p[nd.At], R: g[nd.Turns].Normalize()}
			continue
		}
		par := nodes[nd.Parent]
		inv := g[par.Turns].Conjugate()
		out[n] = Local{T: inv.Rotate(p[nd.At].Sub(p[par.At])), R: inv.Mul(g[nd.Turns]).Normalize()}
	}
	return out
}

// Len returns the number of frames.
func (tr *Track) Len() int { return len(tr.Frames) }
