package eval

import (
	"fmt"
	"math"

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
// once, unweighted — DIMOS's definition, which the paper uses. Vertices are grouped in chunks
// carried mostly by one bone; a frame bounds each chunk by a capsule from its rest capsule, the
// bone's transform and margins for the other bones' weights and the correctives, and only the
// vertices of chunks the probe cannot cull are skinned and measured. It is immutable once made.
type SMPLX struct {
	shaped *smplx.Shaped
	bones  []smplxChunk // all the vertices of a bone, each bone's chunks from first to last
	chunks []smplxChunk
	first  []int // bones[i]'s chunks are chunks[first[i]:first[i+1]]
}

// smplxChunk is a group of vertices carried most by one bone, short enough along it that its
// capsule stays tight.
type smplxChunk struct {
	vertices []int
	joint    motion.Joint
	part     motion.BodyPart
	a, b     mgl64.Vec3 // the rest capsule around the shaped vertices
	radius   float64
	others   []smplxOther               // the other bones that carry some of them
	corr     [smplx.NumBodyPose]float32 // each joint's largest corrective norm over its vertices
}

// smplxOther is a bone other than a chunk's own with the largest weight it has on any of the
// chunk's vertices.
type smplxOther struct {
	joint motion.Joint
	w     float64
}

// NewSMPLX prepares s for penetration: its vertices grouped by the bone that carries them most
// and cut along it.
func NewSMPLX(s *smplx.Shaped) (*SMPLX, error) {
	if s == nil || len(s.Vertices) == 0 {
		return nil, fmt.Errorf("eval: an SMPL-X body needs a shaped model, want one from smplx.Model.Shape")
	}
	b := &SMPLX{shaped: s}
	for j, vs := range byBone(s.Mesh()) {
		if len(vs) == 0 {
			continue
		}
		b.first = append(b.first, len(b.chunks))
		b.bones = append(b.bones, newSMPLXChunk(s, motion.Joint(j), vs))
		for _, piece := range cutAlong(s.Vertices, vs) {
			b.chunks = append(b.chunks, newSMPLXChunk(s, motion.Joint(j), piece))
		}
	}
	b.first = append(b.first, len(b.chunks))
	return b, nil
}

// newSMPLXChunk describes the vertices vs of s, carried most by joint j.
func newSMPLXChunk(s *smplx.Shaped, j motion.Joint, vs []int) smplxChunk {
	c := smplxChunk{vertices: vs, joint: j, part: jointPart[j]}
	c.a, c.b, c.radius = restCapsule(pointsOf(s.Vertices, vs))
	var most [motion.NumJoints]float64
	for _, v := range vs {
		s.Model.Weights(v, func(k motion.Joint, w float64) { most[k] = max(most[k], w) })
		for j, n := range s.Model.CorrectiveNorms(v) {
			c.corr[j] = max(c.corr[j], n)
		}
	}
	for k, w := range most {
		if w > 0 && motion.Joint(k) != j {
			c.others = append(c.others, smplxOther{joint: motion.Joint(k), w: w})
		}
	}
	return c
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

// frames implements Body: the model is fitted to the clip, then each frame is measured.
func (b *SMPLX) frames(prep *PreparedScene, clip *motion.Clip) ([]frameResult, *FitError, error) {
	mo, err := smplx.Fit(b.shaped, clip)
	if err != nil {
		return nil, nil, err
	}
	return b.fitted(prep, mo), fitErrorOf(mo.Fit), nil
}

// fitted measures every frame of a motion fitted to the model.
func (b *SMPLX) fitted(prep *PreparedScene, mo *smplx.Motion) []frameResult {
	return eachFrame(prep, len(mo.Frames), func(t int, sc *frameScratch) frameResult {
		return b.frame(b.shaped.Pose(&mo.Frames[t]), sc)
	})
}

// frame measures one pose: the bones' capsules culled by the probe, then the chunks' of the bones
// left by the second probe, and the vertices of the chunks left skinned exactly and measured.
func (b *SMPLX) frame(q *smplx.Pose, sc *frameScratch) frameResult {
	out := frameResult{solid: distance.FloorSolid}
	sc.geoms = sc.geoms[:0]
	for i := range b.bones {
		sc.geoms = append(sc.geoms, b.bones[i].capsule(q))
	}
	if !sc.probe.Frame(sc.geoms) {
		return out
	}
	sc.fine, sc.geoms = sc.fine[:0], sc.geoms[:0]
	for i := range b.bones {
		if sc.probe.Reaches(i) {
			for c := b.first[i]; c < b.first[i+1]; c++ {
				sc.fine = append(sc.fine, c)
				sc.geoms = append(sc.geoms, b.chunks[c].capsule(q))
			}
		}
	}
	if !sc.chunkProbe.Frame(sc.geoms) {
		return out
	}
	for k, c := range sc.fine {
		if sc.chunkProbe.Reaches(k) {
			b.measure(k, &b.chunks[c], q, sc, &out)
		}
	}
	return out
}

// measure skins chunk c's vertices, the chunk probe's capsule k, and adds their depths to the
// frame's sum.
func (b *SMPLX) measure(k int, c *smplxChunk, q *smplx.Pose, sc *frameScratch, out *frameResult) {
	sc.chunk = sc.chunk[:0]
	for _, v := range c.vertices {
		sc.chunk = append(sc.chunk, q.Vertex(v))
	}
	depth, who := sc.chunkProbe.Depths(k, sc.chunk)
	out.add(1, nil, c.part, depth, who)
}

// capsule returns a capsule that holds the chunk's vertices at pose q: its rest capsule carried by
// its bone's transform A_d, widened by how far a corrective can move a vertex (c) and, for each
// other bone j with weight at most w on a vertex, by w·|(A_j − A_d)(y)| over the rest capsule
// widened by c, since a vertex lands at A_d(y) + Σ_j w_j·(A_j − A_d)(y) with y its corrected rest
// position.
func (c *smplxChunk) capsule(q *smplx.Pose) geom.Capsule {
	rd, td := q.Transform(c.joint)
	corr := q.Reach(&c.corr)
	reach := c.radius + corr
	margin := corr
	for _, o := range c.others {
		rj, tj := q.Transform(o.joint)
		dr, dt := rj.Sub(rd), tj.Sub(td)
		ends := max(dr.Mul3x1(c.a).Add(dt).Len(), dr.Mul3x1(c.b).Add(dt).Len())
		margin += o.w * (ends + frobenius(dr)*reach)
	}
	return geom.Capsule{A: rd.Mul3x1(c.a).Add(td), B: rd.Mul3x1(c.b).Add(td), Radius: c.radius + margin}
}

// frobenius returns a matrix's Frobenius norm, which bounds how far it can stretch a vector.
func frobenius(m mgl64.Mat3) float64 {
	ss := 0.0
	for _, x := range m {
		ss += x * x
	}
	return math.Sqrt(ss)
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
