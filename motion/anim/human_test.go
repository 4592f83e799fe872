package anim

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"interactagent/body"
	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// humanModel returns the embedded open body or fails.
func humanModel(t testing.TB) *body.Model {
	t.Helper()
	m, err := body.Human()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// builtinClip runs the built-in kinematic executor (ideal profile) on actions from the origin.
func builtinClip(t testing.TB, actions ...string) *motion.Clip {
	t.Helper()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.Ideal()})
	c, err := ex.Execute(context.Background(), motion.State{}, actions)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// bodyErrors is how far the glTF's skinned vertices are from the body package's own skinning of
// the same frames.
type bodyErrors struct {
	worst, sum  float64
	n           int
	all         []float64
	byJoint     [motion.NumJoints]float64 // the worst error among vertices led by each joint
	worstVertex int
	worstFrame  int
}

// add records one frame's vertices.
func (e *bodyErrors) add(m *body.Model, frame int, got, want []mgl64.Vec3) {
	for v := range got {
		d := got[v].Sub(want[v]).Len()
		e.sum += d
		e.n++
		e.all = append(e.all, d)
		lead := m.Influence[v][slices.Index(m.Weight[v][:], slices.Max(m.Weight[v][:]))]
		e.byJoint[lead] = math.Max(e.byJoint[lead], d)
		if d > e.worst {
			e.worst, e.worstVertex, e.worstFrame = d, v, frame
		}
	}
}

// String reports the errors in millimetres.
func (e *bodyErrors) String() string {
	slices.Sort(e.all)
	var b strings.Builder
	fmt.Fprintf(&b, "mean %.1f mm, 99th percentile %.1f mm, largest %.3f mm (vertex %d, frame %d); largest by leading joint:",
		1e3*e.sum/float64(e.n), 1e3*e.all[len(e.all)*99/100], 1e3*e.worst, e.worstVertex, e.worstFrame)
	for j, w := range e.byJoint {
		fmt.Fprintf(&b, " %s %.0f", motion.Joint(j), 1e3*w)
	}
	return b.String()
}

// humanVersusBody writes clip with the human body, evaluates the document's skinning at every
// frame and compares it with the body package's skinning of the same frames.
func humanVersusBody(t *testing.T, clip *motion.Clip) *bodyErrors {
	t.Helper()
	m := humanModel(t)
	doc := readBackWith(t, []Take{{Name: "take", Clip: clip}}, true, m)
	ev := newEvaluator(t, doc)
	_, worlds := ev.play(t, 0, clip.FPS)
	sk := ev.newSkinner(t)
	f, err := body.NewFitter(m, clip)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]mgl64.Vec3, m.NumVertices())
	var e bodyErrors
	for k, p := range clip.Frames {
		s, err := f.Frame(p)
		if err != nil {
			t.Fatal(err)
		}
		m.Skin(&s, want)
		e.add(m, k, sk.skin(worlds[k]), want)
	}
	return &e
}

// Bounds on the distance between the glTF's skinned vertices and the body package's own skinning
// of the same frame (docs/exports.md). The mesh is bound exactly (rigidBound); in motion the two
// differ by how each turns the body's parts between the joints the clip gives: the rig's nodes turn
// by its swing-only rotations (motion.IK) with twist carried down the chain from the pelvis and
// nodes of length 1, the fit turns its calibrated torso by frames (pelvis, chest) and its limbs by
// swings from those frames, and stretches limbs whose bones change length.
const (
	rigidBound       = 1e-4 // m, a clip of the bind pose moved rigidly: any vertex
	builtinMeanBound = 0.01 // m, the built-in executor's walk, sit and lie: mean over vertices and frames
	builtinMaxBound  = 0.05 // m, the same: any vertex in any frame
	sampleMeanBound  = 0.03 // m, the real HumanML3D sample: mean
	sampleMaxBound   = 0.12 // m, the same: any vertex in any frame
)

// The bind mesh is the body posed in the bind pose, and the rig moved rigidly moves it as the fit
// does: a clip of the bind pose turned about several axes and moved gives the body's skinning of
// every frame to float32 precision.
func TestHumanGLTFRigidMotionIsExact(t *testing.T) {
	bind := BindPose()
	c := &motion.Clip{FPS: 20, Frames: []motion.Pose{bind}}
	for i, axis := range []mgl64.Vec3{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {1, 2, -1}} {
		q := mgl64.QuatRotate(0.4+0.5*float64(i), axis.Normalize())
		var p motion.Pose
		for j := range p {
			p[j] = q.Rotate(bind[j].Sub(bind[motion.Pelvis])).Add(mgl64.Vec3{float64(i), 1, -2})
		}
		c.Frames = append(c.Frames, p)
	}
	e := humanVersusBody(t, c)
	t.Logf("bind pose moved rigidly: largest vertex error %.3f µm", 1e6*e.worst)
	if e.worst > rigidBound {
		t.Errorf("vertices up to %.3f mm from the body's, want within %g mm", 1e3*e.worst, 1e3*rigidBound)
	}
}

// The glTF's skinning of real motion stays close to the body package's own: the built-in
// executor's walk, sit and lie and the real HumanML3D sample, every vertex of every frame.
func TestHumanGLTFFollowsTheBody(t *testing.T) {
	for _, tc := range []struct {
		name          string
		clip          *motion.Clip
		mean, largest float64
	}{
		{"walk", builtinClip(t, "A person walks forward 2 meters"), builtinMeanBound, builtinMaxBound},
		{"sit", builtinClip(t, "A person sits down"), builtinMeanBound, builtinMaxBound},
		{"lie", builtinClip(t, "A person lies down"), builtinMeanBound, builtinMaxBound},
		{"humanml3d sample", sampleClip(t), sampleMeanBound, sampleMaxBound},
	} {
		e := humanVersusBody(t, tc.clip)
		t.Logf("%s (%d frames): %s", tc.name, tc.clip.Len(), e)
		if mean := e.sum / float64(e.n); mean > tc.mean || e.worst > tc.largest {
			t.Errorf("%s: vertices %.1f mm from the body's on average and up to %.1f mm, want within %g and %g mm",
				tc.name, 1e3*mean, 1e3*e.worst, 1e3*tc.mean, 1e3*tc.largest)
		}
	}
}

// The human mesh is written whole: every vertex and triangle of the model, unit normals, positions
// with their bounds, and per vertex up to four distinct joint nodes (never an intermediate node)
// whose weights are positive and sum to 1, the unused slots naming node 0 with weight 0.
func TestHumanMeshIsBoundToJointNodes(t *testing.T) {
	m := humanModel(t)
	doc := readBackWith(t, []Take{{Name: "walk", Clip: builtinClip(t, "A person walks forward 2 meters")}}, true, m)
	sk := newEvaluator(t, doc).newSkinner(t)
	if len(sk.pos) != m.NumVertices() || doc.Accessors[*sk.prim.Indices].Count != 3*len(m.Faces) {
		t.Fatalf("%d vertices and %d indices, want %d and %d", len(sk.pos), doc.Accessors[*sk.prim.Indices].Count, m.NumVertices(), 3*len(m.Faces))
	}
	if acc := doc.Accessors[sk.prim.Attributes[gltf.POSITION]]; len(acc.Min) != 3 || len(acc.Max) != 3 {
		t.Errorf("positions carry min %v and max %v, want both", acc.Min, acc.Max)
	}
	nodes := Nodes()
	for v := range sk.pos {
		if err := checkInfluences(sk.jts[v], sk.wts[v], nodes); err != nil {
			t.Fatalf("vertex %d: %v", v, err)
		}
	}
	nrm := newEvaluator(t, doc).read(t, sk.prim.Attributes[gltf.NORMAL]).([][3]float32)
	for v, n := range nrm {
		if l := math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])); math.Abs(l-1) > 1e-5 {
			t.Fatalf("vertex %d: normal of length %v", v, l)
		}
	}
}

// checkInfluences checks one vertex's joints and weights (TestHumanMeshIsBoundToJointNodes).
func checkInfluences(jts [4]uint8, wts [4]float32, nodes []Node) error {
	sum, seen := 0.0, map[uint8]bool{}
	for k := range 4 {
		if wts[k] == 0 {
			if jts[k] != 0 {
				return fmt.Errorf("slot %d names node %d with weight 0", k, jts[k])
			}
			continue
		}
		if _, ok := nodes[jts[k]].Joint(); !ok || seen[jts[k]] || !(wts[k] > 0) {
			return fmt.Errorf("slot %d: node %s (seen before: %v) with weight %v", k, nodes[jts[k]].Name, seen[jts[k]], wts[k])
		}
		seen[jts[k]] = true
		sum += float64(wts[k])
	}
	if math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("weights %v sum to %v", wts, sum)
	}
	return nil
}

// A take the body cannot be fitted to (a bone shorter than body.MinBone) is refused, naming the
// frame and the joint, before the document changes; the proxy takes it.
func TestHumanRefusesWhatTheFitRefuses(t *testing.T) {
	c := wildClip(5, 4)
	c.Frames[3][motion.LeftElbow] = c.Frames[3][motion.LeftShoulder]
	doc := gltf.NewDocument()
	err := AddBody(doc, []Take{{Name: "bad", Clip: c}}, humanModel(t))
	if err == nil || !strings.HasPrefix(err.Error(), "anim: ") || !strings.Contains(err.Error(), "frame 3") || !strings.Contains(err.Error(), "left_elbow") {
		t.Errorf("AddBody = %v, want an anim: error naming frame 3 and left_elbow", err)
	}
	if len(doc.Nodes) != 0 || len(doc.Accessors) != 0 {
		t.Errorf("a refused take changed the document: %d nodes, %d accessors", len(doc.Nodes), len(doc.Accessors))
	}
	if err := AddBody(gltf.NewDocument(), []Take{{Name: "bad", Clip: c}}, nil); err != nil {
		t.Errorf("the proxy refused the take: %v", err)
	}
}
