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
	weights  []smplxWeight              // the bones that carry some of them, its own too
	corr     [smplx.NumBodyPose]float32 // each joint's largest corrective norm over its vertices
}

// smplxWeight is a bone's weight over a chunk's vertices: the middle of its range (0 for a
// vertex it does not carry) and half the range.
type smplxWeight struct {
	joint       motion.Joint
	mid, spread float64
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
	var lo, hi [motion.NumJoints]float64
	for k := range lo {
		lo[k] = math.Inf(1)
	}
	for _, v := range vs {
		var w [motion.NumJoints]float64
		s.Model.Weights(v, func(k motion.Joint, x float64) { w[k] = x })
		for k := range w {
			lo[k], hi[k] = min(lo[k], w[k]), max(hi[k], w[k])
		}
		for j, n := range s.Model.CorrectiveNorms(v) {
			c.corr[j] = max(c.corr[j], n)
		}
	}
	for k := range hi {
		if hi[k] > 0 {
			c.weights = append(c.weights, smplxWeight{joint: motion.Joint(k), mid: (lo[k] + hi[k]) / 2, spread: (hi[k] - lo[k]) / 2})
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
	if sc.chunkProbe.FloorOnly(k) {
		b.measureFloor(c, q, sc, out)
		return
	}
	sc.chunk = sc.chunk[:0]
	for _, v := range c.vertices {
		sc.chunk = append(sc.chunk, q.Vertex(v))
	}
	depth, who := sc.chunkProbe.Depths(k, sc.chunk)
	out.add(1, nil, c.part, depth, who)
}

// measureFloor adds the depths below the floor of chunk c's vertices, for a chunk that reaches
// into no solid: a vertex whose blended position stands higher above the floor than its
// corrective can move it is not skinned (a foot walking on the floor keeps its chunks near the
// floor in every frame).
func (b *SMPLX) measureFloor(c *smplxChunk, q *smplx.Pose, sc *frameScratch, out *frameResult) {
	sc.depth, sc.who = sc.depth[:0], sc.who[:0]
	for _, v := range c.vertices {
		if q.Blend(v)[1] > q.CorrectiveReach(v) {
			continue
		}
		if y := q.Vertex(v)[1]; y < 0 {
			sc.depth, sc.who = append(sc.depth, -y), append(sc.who, distance.FloorSolid)
		}
	}
	out.add(1, nil, c.part, sc.depth, sc.who)
}

// capsule returns a capsule that holds the chunk's vertices at pose q. A vertex with corrected
// rest position y (within the rest capsule widened by c, what the correctives can add) lands at
// B(y) + Σ_j (w_j − mid_j)·(A_j − A_d)(y), where B = Σ_j mid_j·A_j + (1 − Σ_j mid_j)·A_d is one
// affine map for the whole chunk and d its bone. B carries the rest capsule to the capsule from
// B(a) to B(b), its radius stretched by at most the sum of B's coefficients' sizes (each A_j
// turns rigidly); each bone whose weight varies over the chunk widens it by its half range times
// |(A_j − A_d)(y)| over the widened rest capsule.
func (c *smplxChunk) capsule(q *smplx.Pose) geom.Capsule {
	rd, td := q.Transform(c.joint)
	reach := c.radius + q.Reach(&c.corr)
	var m mgl64.Mat3
	var t mgl64.Vec3
	sum, size, margin := 0.0, 0.0, 0.0
	for _, w := range c.weights {
		rj, tj := q.Transform(w.joint)
		m, t = m.Add(rj.Mul(w.mid)), t.Add(tj.Mul(w.mid))
		sum, size = sum+w.mid, size+math.Abs(w.mid)
		if w.joint != c.joint && w.spread > 0 {
			dr, dt := rj.Sub(rd), tj.Sub(td)
			ends := max(dr.Mul3x1(c.a).Add(dt).Len(), dr.Mul3x1(c.b).Add(dt).Len())
			margin += w.spread * (ends + frobenius(dr)*reach)
		}
	}
	e := 1 - sum
	m, t, size = m.Add(rd.Mul(e)), t.Add(td.Mul(e)), size+math.Abs(e)
	return geom.Capsule{A: m.Mul3x1(c.a).Add(t), B: m.Mul3x1(c.b).Add(t), Radius: size*reach + margin}
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
