package eval

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene/distance"
)

// BodySMPLX is the setting name of the user's SMPL-family model (package smplx).
const BodySMPLX = "smplx"

// SMPLX is penetration measured on the user's SMPL-family model: each clip fitted to it
// (smplx.Fit), every frame skinned exactly, pose correctives included, and every vertex counted
// once, unweighted — DIMOS's definition, which the paper uses. It is immutable once made.
type SMPLX struct {
	shaped *smplx.Shaped
	chunks []smplxChunk
}

// smplxChunk is a group of vertices carried most by one bone, short enough along it that a
// capsule around their posed positions stays tight.
type smplxChunk struct {
	vertices []int
	joint    motion.Joint
	part     motion.BodyPart
	axis     mgl64.Vec3 // the group's principal axis at rest
}

// NewSMPLX prepares s for penetration: its vertices grouped by the bone that carries them most
// and cut along it.
func NewSMPLX(s *smplx.Shaped) (*SMPLX, error) {
	if s == nil || len(s.Vertices) == 0 {
		return nil, fmt.Errorf("eval: an SMPL-X body needs a shaped model, want one from smplx.Model.Shape")
	}
	m := s.Mesh()
	b := &SMPLX{shaped: s}
	for j, vs := range byBone(m) {
		for _, piece := range cutAlong(m.Rest, vs) {
			b.chunks = append(b.chunks, smplxChunk{vertices: piece, joint: motion.Joint(j), part: jointPart[j],
				axis: principalAxis(pointsOf(m.Rest, piece))})
		}
	}
	return b, nil
}

// Name implements Body: BodySMPLX.
func (b *SMPLX) Name() string { return BodySMPLX }

// Description implements Body, such as "SMPL-X vertices: all 10,475 of SMPLX_NEUTRAL.npz
// (sha256:0123456789ab…), unweighted".
func (b *SMPLX) Description() string {
	m := b.shaped.Model
	return fmt.Sprintf("%s vertices: all %s of %s (%s…), unweighted", m.Family, thousands(len(b.shaped.Vertices)), m.Name, shortHash(m.Hash))
}

// Shaped returns the shaped model the body measures.
func (b *SMPLX) Shaped() *smplx.Shaped { return b.shaped }

// shortHash keeps a content hash's algorithm and its first 12 hex digits.
func shortHash(h string) string { return h[:min(len(h), len("sha256:")+12)] }

// frames implements Body: the model is fitted to the clip, then each frame is skinned exactly,
// a capsule drawn around each chunk's posed vertices, and the chunks the probe cannot cull
// measured vertex by vertex.
func (b *SMPLX) frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, *FitError, error) {
	mo, err := smplx.Fit(b.shaped, clip)
	if err != nil {
		return nil, nil, err
	}
	res := eachFrame(prep, clip.Len(), func(t int, sc *frameScratch) frameResult {
		return b.frame(&mo.Frames[t], sc)
	})
	return res, fitErrorOf(mo.Fit), nil
}

// frame measures one pose of the model.
func (b *SMPLX) frame(p *smplx.Params, sc *frameScratch) frameResult {
	out := frameResult{solid: distance.FloorSolid}
	sc.pos = slices.Grow(sc.pos[:0], len(b.shaped.Vertices))[:len(b.shaped.Vertices)]
	b.shaped.Skin(p, sc.pos)
	sk := b.shaped.Skinning(p)
	sc.geoms = sc.geoms[:0]
	for i := range b.chunks {
		sc.geoms = append(sc.geoms, b.chunks[i].capsule(sk[b.chunks[i].joint].Mat3(), sc.pos))
	}
	if !sc.probe.Frame(sc.geoms) {
		return out
	}
	for i := range b.chunks {
		if sc.probe.Reaches(i) {
			b.measure(i, sc, &out)
		}
	}
	return out
}

// measure adds chunk i's vertex depths to the frame's sum.
func (b *SMPLX) measure(i int, sc *frameScratch, out *frameResult) {
	c := &b.chunks[i]
	sc.chunk = sc.chunk[:0]
	for _, v := range c.vertices {
		sc.chunk = append(sc.chunk, sc.pos[v])
	}
	depth, who := sc.probe.Depths(i, sc.chunk)
	out.add(1, nil, c.part, depth, who)
}

// capsule returns a capsule holding the chunk's posed vertices: along its rest axis turned by
// rot, the turn of its bone's skinning matrix, from the first to the last vertex along it, as
// wide as the farthest vertex.
func (c *smplxChunk) capsule(rot mgl64.Mat3, pos []mgl64.Vec3) geom.Capsule {
	u := rot.Mul3x1(c.axis).Normalize()
	var centre mgl64.Vec3
	for _, v := range c.vertices {
		centre = centre.Add(pos[v])
	}
	centre = centre.Mul(1 / float64(len(c.vertices)))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range c.vertices {
		t := pos[v].Sub(centre).Dot(u)
		lo, hi = min(lo, t), max(hi, t)
	}
	cap := geom.Capsule{A: centre.Add(u.Mul(lo)), B: centre.Add(u.Mul(hi))}
	for _, v := range c.vertices {
		cap.Radius = max(cap.Radius, pos[v].Sub(cap.Closest(pos[v])).Len())
	}
	return cap
}

// FitError is how far a body fitted to a clip by optimisation puts its joints from the clip's.
type FitError struct {
	MeanMM     float64 `json:"mean_mm"`
	MaxMM      float64 `json:"max_mm"`
	WorstFrame int     `json:"worst_frame"`
	WorstJoint string  `json:"worst_joint"`
}

// fitErrorOf reports a fit's error, nil when there is none.
func fitErrorOf(f *smplx.FitError) *FitError {
	if f == nil {
		return nil
	}
	return &FitError{MeanMM: f.MeanMM, MaxMM: f.MaxMM, WorstFrame: f.WorstFrame, WorstJoint: f.WorstJoint.String()}
}

// ModelFile names a body model file the user brings, as run.json and reports record it: never
// the file itself.
type ModelFile struct {
	Name string `json:"name"` // base name, such as "SMPLX_NEUTRAL.npz"
	Path string `json:"path"`
	Hash string `json:"hash"` // "sha256:" and the hex digest of its bytes
}

// File returns the model file the body was read from.
func (b *SMPLX) File() ModelFile {
	m := b.shaped.Model
	return ModelFile{Name: m.Name, Path: m.Path, Hash: m.Hash}
}
