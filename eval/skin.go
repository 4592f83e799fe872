package eval

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
)

// Skin is a mesh body (a body.Model) prepared for penetration: per frame, the sum over the mesh's
// vertices of w_v · max(0, −SDF(v)) at their skinned positions, each vertex weighted by its share
// of the rest surface (Model.Area) times SMPL-X's 10,475 vertices, w_v = 10,475 · Area[v], so that
// a dense patch (the face, the hands) counts for the skin it covers and the whole body weighs what
// DIMOS's sum over SMPL-X's vertices does.
//
// Skinning every vertex of every frame would cost more than the depths. So the vertices are
// grouped, once, by the bone that carries them most (their largest skinning weight), and each
// bone's group is cut into chunks (cutAlong), each with a rest capsule around it. Per frame a
// capsule is carried by its bone's skinning matrix and grown by a bound on what the other bones'
// weights can add (chunkCapsule), so that it holds every skinned vertex it stands for. The depth
// field's probe culls the bones' capsules first, then the chunks' of the bones it keeps, and only
// the chunks left are skinned and measured. Culling changes no depth deeper than
// distance.CullTolerance.
type Skin struct {
	model *body.Model
	name  string
	// sorted holds the rest vertices, influences and weights in chunk order, so that a chunk and
	// a bone's group are ranges; weight holds each one's weight in the sum.
	sorted *body.Model
	weight []float64
	chunks []chunk
	bones  []chunk // one per bone that carries vertices, first and last naming its chunks
}

// chunk is a range of Skin.sorted's vertices carried most by one bone, with a rest capsule that
// holds them and what the frame's capsule around their skinned positions is made from. A bone's
// group is a chunk too, whose first and last name its chunks.
type chunk struct {
	start, end  int
	first, last int             // a bone's chunks: Skin.chunks[first:last]
	joint       motion.Joint    // the bone that carries them most
	part        motion.BodyPart // its part, as the proxy names parts
	a, b        mgl64.Vec3      // the rest capsule's segment
	radius      float64
	others      []influence // the other bones that move them
	sumErr      float64     // the largest |Σ weights − 1| among them
}

// influence is a bone that moves some vertices of a chunk, with the midrange of its weights over
// all of them (0 where it moves none) and half their range.
type influence struct {
	joint       motion.Joint
	mid, spread float64
}

// maxChunkLength is the longest a chunk is along its bone's axis (metres): shorter chunks fit
// their capsules tighter, so fewer vertices are skinned near a surface, but each costs the probe
// some work every frame.
const maxChunkLength = 0.3

// maxChunkVertices is the most vertices a chunk has: a chunk is skinned whole when its capsule
// comes near a surface, and the soles, which stand on the floor, are densely modelled.
const maxChunkVertices = 96

// NewSkin prepares m (which Validate must accept, with an Area per vertex) for penetration.
func NewSkin(m *body.Model) (*Skin, error) {
	if m == nil {
		return nil, fmt.Errorf("eval: no body model, want one from body.Human or body.Decode")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	if err := checkArea(m); err != nil {
		return nil, err
	}
	s := &Skin{model: m, name: m.Name, sorted: &body.Model{Name: m.Name}}
	for j, vs := range byBone(m) {
		if len(vs) > 0 {
			s.addBone(motion.Joint(j), vs)
		}
	}
	return s, nil
}

// checkArea reports a model whose areas are missing, negative or not finite.
func checkArea(m *body.Model) error {
	if len(m.Area) != len(m.Rest) {
		return fmt.Errorf("eval: model %q has %d vertices and %d areas, want one area per vertex", m.Name, len(m.Rest), len(m.Area))
	}
	for v, a := range m.Area {
		if !(a >= 0 && a <= 1) {
			return fmt.Errorf("eval: model %q: vertex %d has area share %v, want a share in [0, 1]", m.Name, v, a)
		}
	}
	return nil
}

// byBone lists, per joint, the vertices whose largest skinning weight is that joint's bone.
func byBone(m *body.Model) [motion.NumJoints][]int {
	var out [motion.NumJoints][]int
	for v := range m.Rest {
		out[dominant(m, v)] = append(out[dominant(m, v)], v)
	}
	return out
}

// dominant returns the joint with vertex v's largest weight (the first of equals).
func dominant(m *body.Model, v int) motion.Joint {
	best := 0
	for k := 1; k < body.MaxInfluences; k++ {
		if m.Weight[v][k] > m.Weight[v][best] {
			best = k
		}
	}
	return motion.Joint(m.Influence[v][best])
}

// addBone appends the vertices vs of m, carried most by joint j's bone, as chunks, and the bone's
// group around them.
func (s *Skin) addBone(j motion.Joint, vs []int) {
	first, start := len(s.chunks), len(s.sorted.Rest)
	for _, piece := range cutAlong(s.model.Rest, vs) {
		s.chunks = append(s.chunks, s.newChunk(j, piece))
	}
	g := s.describe(j, start, len(s.sorted.Rest))
	g.first, g.last = first, len(s.chunks)
	s.bones = append(s.bones, g)
}

// newChunk appends the vertices vs of m, carried most by joint j, to the sorted ones and returns
// their chunk.
func (s *Skin) newChunk(j motion.Joint, vs []int) chunk {
	m := s.model
	start := len(s.sorted.Rest)
	for _, v := range vs {
		s.sorted.Rest = append(s.sorted.Rest, m.Rest[v])
		s.sorted.Influence = append(s.sorted.Influence, m.Influence[v])
		s.sorted.Weight = append(s.sorted.Weight, m.Weight[v])
		s.weight = append(s.weight, motion.SMPLXVertices*m.Area[v])
	}
	return s.describe(j, start, len(s.sorted.Rest))
}

// describe returns the chunk of sorted vertices [start, end), carried most by joint j: its rest
// capsule and its other bones.
func (s *Skin) describe(j motion.Joint, start, end int) chunk {
	c := chunk{start: start, end: end, joint: j, part: jointPart[j]}
	c.a, c.b, c.radius = restCapsule(s.sorted.Rest[start:end])
	c.others, c.sumErr = otherBones(j, s.sorted.Influence[start:end], s.sorted.Weight[start:end])
	return c
}

// otherBones lists the bones other than j that move some of the vertices with influences inf and
// weights w, each with the midrange and half the range of its weights over all of them, and
// returns how far the largest sum of a vertex's weights is from 1.
func otherBones(j motion.Joint, inf [][body.MaxInfluences]uint8, w [][body.MaxInfluences]float32) ([]influence, float64) {
	lo, hi, sumErr := weightRanges(inf, w)
	var out []influence
	for k := range hi {
		if motion.Joint(k) != j && hi[k] > 0 {
			out = append(out, influence{joint: motion.Joint(k), mid: (lo[k] + hi[k]) / 2, spread: (hi[k] - lo[k]) / 2})
		}
	}
	return out, sumErr
}

// weightRanges returns, per joint, the least and greatest weight of it among the vertices (0 for
// a vertex it does not move), and the largest distance of a vertex's weights' sum from 1.
func weightRanges(inf [][body.MaxInfluences]uint8, w [][body.MaxInfluences]float32) (lo, hi [motion.NumJoints]float64, sumErr float64) {
	for k := range lo {
		lo[k] = math.Inf(1)
	}
	for v := range inf {
		var per [motion.NumJoints]float64
		for k := range body.MaxInfluences {
			per[inf[v][k]] += float64(w[v][k])
		}
		for k := range per {
			lo[k], hi[k] = min(lo[k], per[k]), max(hi[k], per[k])
		}
		sumErr = max(sumErr, math.Abs(sumOf(w[v])-1))
	}
	return lo, hi, sumErr
}

// sumOf returns the sum of a vertex's weights.
func sumOf(w [body.MaxInfluences]float32) float64 {
	s := 0.0
	for _, x := range w {
		s += float64(x)
	}
	return s
}

// Name implements Body: BodyHuman for the open body, else the model's name.
func (s *Skin) Name() string { return s.name }

// Description implements Body, such as "MakeHuman hm08 with CMU-MB weights (CC0), 13,380 vertices
// weighted by surface share to SMPL-X's 10,475".
func (s *Skin) Description() string {
	return fmt.Sprintf("%s, %s vertices weighted by surface share to SMPL-X's %s", s.model.Name,
		thousands(s.model.NumVertices()), thousands(motion.SMPLXVertices))
}

// Model returns the body model the skin was prepared from.
func (s *Skin) Model() *body.Model { return s.model }

// thousands writes n with commas between thousands: 13,380.
func thousands(n int) string {
	if n < 1000 {
		return fmt.Sprint(n)
	}
	return thousands(n/1000) + fmt.Sprintf(",%03d", n%1000)
}

// jointPart names the part of a bone as the proxy names its parts: the bone a joint heads (the
// thigh is left_hip's), so that a report reads the same on either body.
var jointPart = [motion.NumJoints]motion.BodyPart{
	motion.Pelvis: motion.PartPelvis, motion.LeftHip: motion.PartLeftThigh, motion.RightHip: motion.PartRightThigh,
	motion.Spine1: motion.PartAbdomen, motion.LeftKnee: motion.PartLeftShin, motion.RightKnee: motion.PartRightShin,
	motion.Spine2: motion.PartAbdomen, motion.LeftAnkle: motion.PartLeftFoot, motion.RightAnkle: motion.PartRightFoot,
	motion.Spine3: motion.PartChest, motion.LeftFoot: motion.PartLeftFoot, motion.RightFoot: motion.PartRightFoot,
	motion.Neck: motion.PartNeck, motion.LeftCollar: motion.PartLeftCollar, motion.RightCollar: motion.PartRightCollar,
	motion.Head: motion.PartHead, motion.LeftShoulder: motion.PartLeftUpperArm, motion.RightShoulder: motion.PartRightUpperArm,
	motion.LeftElbow: motion.PartLeftForearm, motion.RightElbow: motion.PartRightForearm,
	motion.LeftWrist: motion.PartLeftHand, motion.RightWrist: motion.PartRightHand,
}
