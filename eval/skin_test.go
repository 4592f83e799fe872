package eval

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/scene/furniture"
)

// humanSkin returns the open body prepared for penetration.
func humanSkin(t testing.TB) *Skin {
	t.Helper()
	s, err := Human()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// furnitureRoom is the glTF sofa (when the shared test data is there) and several pieces of
// procedural furniture on a 2.5 m grid.
func furnitureRoom(t *testing.T) []*scene.Object {
	objs := gltfSofa(t, mgl64.Vec3{5, 0, 2.5})
	for i, k := range []string{"sofa", "chair", "bed", "dining_table", "bookshelf"} {
		o, err := furniture.New(furniture.Spec{Kind: k, ID: k, Position: mgl64.Vec3{float64(i%3) * 2.5, 0, float64(i/3) * 2.5}, Yaw: 0.4 * float64(i)})
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
	return objs
}

// nearObjects is a clip of n poses around the objects, in turn: standing at random headings and
// heights (some sunk below the floor) and sitting at random heights, each pose's joints jittered.
func nearObjects(objs []*scene.Object, n int, rng *rand.Rand) *motion.Clip {
	c := &motion.Clip{FPS: 20}
	for i := 0; i < n; i++ {
		o := objs[i%len(objs)]
		ctr := o.Bounds().Center()
		at := mgl64.Vec3{ctr.X() + rng.NormFloat64()*0.4, 0, ctr.Z() + rng.NormFloat64()*0.4}
		pose := motion.RestPose().RotateY(rng.Float64() * 6.3).Translate(at.Add(mgl64.Vec3{0, rng.Float64()*0.3 - 0.05, 0}))
		if i%2 == 0 {
			pose = seatedPose(at.Add(mgl64.Vec3{0, 0.35 + 0.3*rng.Float64(), 0}))
		}
		c.Frames = append(c.Frames, jitter(pose, 0.03, rng))
	}
	return c
}

// jitter moves every joint of p by up to about s metres at random.
func jitter(p motion.Pose, s float64, rng *rand.Rand) motion.Pose {
	for j := range p {
		p[j] = p[j].Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(s))
	}
	return p
}

// skinByFormula poses every vertex of m as Σ_k w_k · M_k · (rest, 1) with mgl64's matrix
// product: the formula itself, sharing nothing with Model.Skin.
func skinByFormula(m *body.Model, s *body.Skinning) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(m.Rest))
	for v, r := range m.Rest {
		var p mgl64.Vec4
		for k := range body.MaxInfluences {
			p = p.Add(s[m.Influence[v][k]].Mul4x1(r.Vec4(1)).Mul(float64(m.Weight[v][k])))
		}
		out[v] = p.Vec3()
	}
	return out
}

// bruteFrame is one frame measured the plain way: every vertex skinned by the formula, its depth
// max(0, −SDF) from the exact signed distance, weighted by 10,475 × its area share; with the
// deepest vertex and how deep it is.
func bruteFrame(m *body.Model, s *body.Skinning, exact *distance.Exact) (sum, deepest float64, at int) {
	for v, p := range skinByFormula(m, s) {
		d := max(0, -exact.Distance(p))
		sum += 10475 * m.Area[v] * d
		if d > deepest {
			deepest, at = d, v
		}
	}
	return sum, deepest, at
}

// TestSkinPenetrationMatchesBruteForce measures 24 jittered standing and sitting poses around a
// room of furniture (convex pieces and, with the shared data, a non-convex glTF sofa) on the human
// body and compares every frame with a brute-force sum over the same 13,380 vertices: culling may
// drop only depths below distance.CullTolerance, so the sums differ by at most 10,475 × that, the
// deepest vertex by at most that, and the worst frame names the part of that vertex's bone.
func TestSkinPenetrationMatchesBruteForce(t *testing.T) {
	objs := furnitureRoom(t)
	prep := Prepare(&scene.Scene{Objects: objs})
	skin := humanSkin(t)
	m := skin.Model()
	clip := nearObjects(objs, 24, rand.New(rand.NewPCG(5, 6)))
	st, err := Penetration(prep, clip, skin)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := body.NewFitter(m, clip)
	if err != nil {
		t.Fatal(err)
	}
	inside := 0
	for f, pose := range clip.Frames {
		s, err := fit.Frame(pose)
		if err != nil {
			t.Fatal(err)
		}
		sum, deepest, v := bruteFrame(m, &s, prep.Field.Exact())
		if d := sum - st.PerFrame[f]; d < -1e-9*sum-1e-12 || d > 10475*distance.CullTolerance {
			t.Errorf("frame %d: fast sum %.6f, brute force %.6f", f, st.PerFrame[f], sum)
		}
		if sum > 1 {
			inside++
		}
		if st.Worst != nil && st.Worst.Frame == f {
			if math.Abs(st.Worst.Depth-deepest) > distance.CullTolerance || st.Worst.Part != partOfVertex(m, v) {
				t.Errorf("worst frame %d: deepest %s %.6f m, brute force vertex %d of %s %.6f m", f, st.Worst.Part, st.Worst.Depth, v, partOfVertex(m, v), deepest)
			}
		}
	}
	if inside < 8 || st.Worst == nil || st.Worst.Depth < 0.05 {
		t.Fatalf("only %d of %d frames sink into the furniture (worst %+v): the test does not exercise depths", inside, clip.Len(), st.Worst)
	}
}

// partOfVertex names the part of the bone with vertex v's largest weight, as the proxy names parts.
func partOfVertex(m *body.Model, v int) string {
	k := 0
	for i := range body.MaxInfluences {
		if m.Weight[v][i] > m.Weight[v][k] {
			k = i
		}
	}
	names := map[motion.Joint]string{motion.Pelvis: "pelvis", motion.LeftHip: "left_thigh", motion.RightHip: "right_thigh",
		motion.Spine1: "abdomen", motion.Spine2: "abdomen", motion.Spine3: "chest", motion.LeftKnee: "left_shin",
		motion.RightKnee: "right_shin", motion.LeftAnkle: "left_foot", motion.RightAnkle: "right_foot", motion.LeftFoot: "left_foot",
		motion.RightFoot: "right_foot", motion.Neck: "neck", motion.Head: "head", motion.LeftCollar: "left_collar",
		motion.RightCollar: "right_collar", motion.LeftShoulder: "left_upper_arm", motion.RightShoulder: "right_upper_arm",
		motion.LeftElbow: "left_forearm", motion.RightElbow: "right_forearm", motion.LeftWrist: "left_hand", motion.RightWrist: "right_hand"}
	return names[motion.Joint(m.Influence[v][k])]
}

// TestChunkCapsulesHoldTheirVertices skins jittered standing and sitting poses (every joint moved
// by about 6 cm at random, so that neighbouring bones turn against each other far more than in
// motion) and checks that every vertex lies inside the frame's capsule of its chunk and of its
// bone, which the culling's correctness rests on; and that the chunks' capsules stay tight enough
// to be worth it.
func TestChunkCapsulesHoldTheirVertices(t *testing.T) {
	skin := humanSkin(t)
	rng := rand.New(rand.NewPCG(7, 8))
	clip := nearObjects(furnitureRoom(t), 30, rng)
	for i := range clip.Frames {
		clip.Frames[i] = jitter(clip.Frames[i], 0.05, rng)
	}
	fit, err := body.NewFitter(skin.Model(), clip)
	if err != nil {
		t.Fatal(err)
	}
	var radii float64
	for f, pose := range clip.Frames {
		s, err := fit.Frame(pose)
		if err != nil {
			t.Fatal(err)
		}
		posed := skinByFormula(skin.sorted, &s)
		for i, c := range append(slices.Clone(skin.chunks), skin.bones...) {
			var b bones
			b.set(&s)
			capsule := chunkCapsule(&c, &b)
			if i < len(skin.chunks) {
				radii += capsule.Radius
			}
			for v := c.start; v < c.end; v++ {
				if d := capsule.Distance(posed[v]); d > 0 {
					t.Fatalf("frame %d: vertex %d of chunk %d (%s) is %.3g m outside its capsule %+v", f, v, i, c.joint, d, capsule)
				}
			}
		}
	}
	if mean := radii / float64(clip.Len()*len(skin.chunks)); mean > 0.12 {
		t.Errorf("the chunk capsules' mean radius is %.3f m, want them tighter than 0.12 m", mean)
	}
}

// TestHumanWeightsAreSurfaceShares checks the weighting: each vertex weighs 10,475 × its share of
// the surface, so the body weighs SMPL-X's 10,475 vertices; every vertex is in exactly one chunk;
// and the description says so.
func TestHumanWeightsAreSurfaceShares(t *testing.T) {
	skin := humanSkin(t)
	m := skin.Model()
	total, seen := 0.0, 0
	for i := range skin.chunks {
		seen += skin.chunks[i].end - skin.chunks[i].start
	}
	for _, w := range skin.weight {
		total += w
	}
	if math.Abs(total-10475) > 1e-6 || seen != m.NumVertices() || len(skin.weight) != m.NumVertices() {
		t.Fatalf("weights sum to %v over %d vertices in chunks of %d; want 10475 over %d", total, len(skin.weight), seen, m.NumVertices())
	}
	want := "MakeHuman hm08 with CMU-MB weights (CC0), 13,380 vertices weighted by surface share to SMPL-X's 10,475"
	if skin.Name() != BodyHuman || skin.Description() != want {
		t.Fatalf("the open body is %q, %q; want %q, %q", skin.Name(), skin.Description(), BodyHuman, want)
	}
}

// TestPenetrationOnTheHumanBody walks through, around and sits on a sofa on the human body: the
// walk through sinks deep into the sofa, the walk around penetrates nothing, not even the floor
// (the fitted soles rest on it in every standing frame, docs/body.md; they sank 11 mm into it
// before the feet were calibrated), and sitting sinks little; the statistics name the body.
func TestPenetrationOnTheHumanBody(t *testing.T) {
	s, sofa := sofaScene(t)
	prep := Prepare(s)
	skin := humanSkin(t)
	measure := func(p *PreparedScene, c *motion.Clip) PenetrationStats {
		st, err := Penetration(p, c, skin)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	through := measure(prep, walkClip(mgl64.Vec3{0, 0, -2.5}, mgl64.Vec3{0, 0, 2.5}, 100))
	aroundClip := walkClip(mgl64.Vec3{1.8, 0, -2.5}, mgl64.Vec3{1.8, 0, 2.5}, 100)
	around, empty := measure(prep, aroundClip), measure(Prepare(&scene.Scene{}), aroundClip)
	sit := measure(prep, holdClip(seatedPose(sofa.Surfaces[0].Center.Add(mgl64.Vec3{0, 0.1, 0.08})), 40))
	t.Logf("through pe_max %.2f, around %.4f, sit %.3f (worst %+v)", through.Max, around.Max, sit.Max, sit.Worst)
	if through.Max < 20 || through.Worst == nil || through.Worst.Object != "sofa_1" || through.Worst.Depth < 0.1 {
		t.Errorf("walking through the sofa: pe_max %.2f, worst %+v; want ≥ 20 and ≥ 0.1 m into sofa_1", through.Max, through.Worst)
	}
	if !slices.Equal(around.PerFrame, empty.PerFrame) || around.Max != 0 || around.Worst != nil {
		t.Errorf("walking around the sofa: pe_max %v, worst %+v; want what an empty room gives (%v): nothing, the soles on the floor", around.Max, around.Worst, empty.Max)
	}
	if !(sit.Max < through.Max/5) {
		t.Errorf("sitting on the sofa: pe_max %.3f, want under a fifth of walking through it (%.2f)", sit.Max, through.Max)
	}
	if through.Body != BodyHuman || !strings.Contains(through.MeasuredOn, "13,380 vertices") {
		t.Errorf("the statistics say they are measured on %q (%q), want the human body", through.Body, through.MeasuredOn)
	}
}
