package anim

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/body"
	"interactagent/internal/gltfvalidate"
	"interactagent/motion"
)

// A GLB written from a clip and read back through qmuntal/gltf gives, by evaluating its animation
// here (node TRS per key → world matrices down the hierarchy), every joint within 1 mm of the clip
// in every frame, and the skinned mesh where the body proxy's mesh is.
func TestGLTFRoundTrip(t *testing.T) {
	for name, clip := range testClips(t) {
		t.Run(name, func(t *testing.T) {
			for _, binary := range []bool{true, false} {
				doc := readBack(t, []Take{{Name: name, Clip: clip}}, binary)
				ev := newEvaluator(t, doc)
				if len(doc.Animations) != 1 || doc.Animations[0].Name != name {
					t.Fatalf("%d animations, want one named %q", len(doc.Animations), name)
				}
				poses, worlds := ev.play(t, 0, clip.FPS)
				worst := maxJointError(t, poses, clip)
				if worst > 1e-3 {
					t.Errorf("binary %v: joints differ from the clip by up to %.3g mm, want ≤ 1 mm", binary, worst*1e3)
				}
				t.Logf("binary %v: %d frames, largest joint error %.4f mm", binary, len(poses), worst*1e3)
				if name != "stretched" {
					ev.checkSkin(t, clip, worlds)
				}
			}
		})
	}
}

// Several takes become several animations of one body, each with its own frames.
func TestGLTFOneAnimationPerTake(t *testing.T) {
	a, b := wildClip(50, 1), wildClip(80, 2)
	doc := readBack(t, []Take{{Name: "round 1", Clip: a}, {Name: "round 2", Clip: b}}, true)
	if len(doc.Animations) != 2 || len(doc.Skins) != 1 {
		t.Fatalf("%d animations and %d skins, want 2 and 1", len(doc.Animations), len(doc.Skins))
	}
	ev := newEvaluator(t, doc)
	for i, c := range []*motion.Clip{a, b} {
		poses, _ := ev.play(t, i, c.FPS)
		if worst := maxJointError(t, poses, c); worst > 1e-3 {
			t.Errorf("take %d: joints off by %.3g mm", i+1, worst*1e3)
		}
	}
}

func TestGLTFRefusesBadTakes(t *testing.T) {
	doc := gltf.NewDocument()
	for _, takes := range [][]Take{nil, {{Name: "empty", Clip: &motion.Clip{FPS: 20}}}} {
		if err := AddBody(doc, takes, nil); err == nil {
			t.Errorf("AddBody(%v) succeeded, want an error", takes)
		}
	}
	if len(doc.Nodes) != 0 || len(doc.Accessors) != 0 {
		t.Errorf("a refused take changed the document: %d nodes, %d accessors", len(doc.Nodes), len(doc.Accessors))
	}
}

// readBack writes the takes as glTF with the body proxy and decodes the bytes again.
func readBack(t *testing.T, takes []Take, binary bool) *gltf.Document {
	t.Helper()
	return readBackWith(t, takes, binary, nil)
}

// readBackWith writes the takes as glTF with model's body (nil: the proxy) and decodes the bytes
// again.
func readBackWith(t *testing.T, takes []Take, binary bool, model *body.Model) *gltf.Document {
	t.Helper()
	doc, err := NewDocument(takes, model)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, doc, binary); err != nil {
		t.Fatal(err)
	}
	var back gltf.Document
	if err := gltf.NewDecoder(&buf).Decode(&back); err != nil {
		t.Fatal(err)
	}
	return &back
}

// evaluator plays a decoded document's animations the way a viewer does, independently of how
// they were written: it knows only glTF.
type evaluator struct {
	doc    *gltf.Document
	parent []int
}

func newEvaluator(t *testing.T, doc *gltf.Document) *evaluator {
	ev := &evaluator{doc: doc, parent: make([]int, len(doc.Nodes))}
	for i := range ev.parent {
		ev.parent[i] = -1
	}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			ev.parent[c] = i
		}
	}
	return ev
}

// read decodes an accessor.
func (ev *evaluator) read(t *testing.T, i int) any {
	t.Helper()
	data, err := modeler.ReadAccessor(ev.doc, ev.doc.Accessors[i], nil)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// play evaluates animation a at each of its keys and returns the 22 joints' world positions and
// every node's world matrix per key. The key times must be k/fps.
func (ev *evaluator) play(t *testing.T, a int, fps float64) ([]motion.Pose, [][]mgl64.Mat4) {
	t.Helper()
	anim := ev.doc.Animations[a]
	times := ev.read(t, anim.Samplers[0].Input).([]float32)
	for k, tm := range times {
		if math.Abs(float64(tm)-float64(k)/fps) > 1e-5 {
			t.Fatalf("key %d at %v s, want %v", k, tm, float64(k)/fps)
		}
	}
	trs := make([][3]mgl64.Vec3, len(ev.doc.Nodes)) // per node: translation, rotation xyz, (w, scale.x, _)
	poses := make([]motion.Pose, len(times))
	worlds := make([][]mgl64.Mat4, len(times))
	for k := range times {
		local := make([]mgl64.Mat4, len(ev.doc.Nodes))
		for i, n := range ev.doc.Nodes {
			tr, rot := n.TranslationOrDefault(), n.RotationOrDefault()
			local[i] = compose(tr, rot)
		}
		for _, ch := range anim.Channels {
			s := anim.Samplers[ch.Sampler]
			if ev.read(t, s.Input).([]float32)[k] != times[k] {
				t.Fatal("samplers disagree on key times")
			}
			n := *ch.Target.Node
			tr, rot := ev.doc.Nodes[n].TranslationOrDefault(), ev.doc.Nodes[n].RotationOrDefault()
			switch ch.Target.Path {
			case gltf.TRSTranslation:
				v := ev.read(t, s.Output).([][3]float32)[k]
				tr = [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
				if r, ok := ev.channel(t, anim, n, gltf.TRSRotation, k); ok {
					rot = r
				}
			case gltf.TRSRotation:
				v := ev.read(t, s.Output).([][4]float32)[k]
				rot = [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}
				if q := mgl64.Vec4(rot); math.Abs(q.Len()-1) > 1e-5 {
					t.Fatalf("node %d key %d: rotation of length %v", n, k, q.Len())
				}
				if v, ok := ev.channel(t, anim, n, gltf.TRSTranslation, k); ok {
					tr = [3]float64{v[0], v[1], v[2]}
				}
			}
			local[n] = compose(tr, rot)
		}
		worlds[k] = ev.world(local)
		poses[k] = ev.joints(t, worlds[k])
	}
	_ = trs
	return poses, worlds
}

// channel returns the value at key k of animation anim's channel for node n and path, if any.
func (ev *evaluator) channel(t *testing.T, anim *gltf.Animation, n int, path gltf.TRSProperty, k int) ([4]float64, bool) {
	for _, ch := range anim.Channels {
		if *ch.Target.Node != n || ch.Target.Path != path {
			continue
		}
		switch v := ev.read(t, anim.Samplers[ch.Sampler].Output).(type) {
		case [][3]float32:
			return [4]float64{float64(v[k][0]), float64(v[k][1]), float64(v[k][2])}, true
		case [][4]float32:
			return [4]float64{float64(v[k][0]), float64(v[k][1]), float64(v[k][2]), float64(v[k][3])}, true
		}
	}
	return [4]float64{}, false
}

// compose is T·R for a translation and a glTF quaternion (x, y, z, w).
func compose(tr [3]float64, rot [4]float64) mgl64.Mat4 {
	q := mgl64.Quat{W: rot[3], V: mgl64.Vec3{rot[0], rot[1], rot[2]}}
	return mgl64.Translate3D(tr[0], tr[1], tr[2]).Mul4(q.Mat4())
}

// world multiplies local matrices down the hierarchy.
func (ev *evaluator) world(local []mgl64.Mat4) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(local))
	done := make([]bool, len(local))
	var get func(i int) mgl64.Mat4
	get = func(i int) mgl64.Mat4 {
		if !done[i] {
			out[i] = local[i]
			if p := ev.parent[i]; p >= 0 {
				out[i] = get(p).Mul4(local[i])
			}
			done[i] = true
		}
		return out[i]
	}
	for i := range local {
		get(i)
	}
	return out
}

// joints finds the nodes named after the 22 joints and returns their world positions.
func (ev *evaluator) joints(t *testing.T, world []mgl64.Mat4) motion.Pose {
	var p motion.Pose
	found := 0
	for i, n := range ev.doc.Nodes {
		if j, ok := motion.JointByName(n.Name); ok {
			p[j] = world[i].Col(3).Vec3()
			found++
		}
	}
	if found != motion.NumJoints {
		t.Fatalf("%d nodes named after joints, want %d", found, motion.NumJoints)
	}
	return p
}

// checkSkin skins the mesh with each key's joint matrices (Σ weight · world · inverse bind) and
// compares the vertices with the body proxy's mesh of the same frame.
func (ev *evaluator) checkSkin(t *testing.T, clip *motion.Clip, worlds [][]mgl64.Mat4) {
	t.Helper()
	sk := ev.newSkinner(t)
	body := motion.NewBody()
	worst := 0.0
	for k := 0; k < clip.Len(); k += max(1, clip.Len()/10) {
		want := body.Mesh(clip.Frames[k]).Positions
		for v, got := range sk.skin(worlds[k]) {
			worst = math.Max(worst, got.Sub(want[v]).Len())
		}
	}
	if worst > 1e-3 {
		t.Errorf("skinned vertices differ from the body proxy's mesh by up to %.3g mm", worst*1e3)
	}
	t.Log(fmt.Sprintf("skinned mesh: largest vertex error %.4f mm", worst*1e3))
}

// skinner is the skinned mesh of a decoded document, as a viewer reads it.
type skinner struct {
	joints []int           // the skin's joint nodes
	ibm    []mgl64.Mat4    // their inverse bind matrices
	pos    [][3]float32    // bind-pose positions
	jts    [][4]uint8      // JOINTS_0
	wts    [][4]float32    // WEIGHTS_0
	prim   *gltf.Primitive // the skinned primitive
}

// newSkinner reads the document's one skinned mesh.
func (ev *evaluator) newSkinner(t *testing.T) *skinner {
	t.Helper()
	sk := ev.doc.Skins[0]
	s := &skinner{joints: sk.Joints}
	for _, m := range ev.read(t, *sk.InverseBindMatrices).([][4][4]float32) {
		s.ibm = append(s.ibm, mat4(m))
	}
	for _, n := range ev.doc.Nodes {
		if n.Skin != nil {
			s.prim = ev.doc.Meshes[*n.Mesh].Primitives[0]
		}
	}
	s.pos = ev.read(t, s.prim.Attributes[gltf.POSITION]).([][3]float32)
	s.jts = ev.read(t, s.prim.Attributes[gltf.JOINTS_0]).([][4]uint8)
	s.wts = ev.read(t, s.prim.Attributes[gltf.WEIGHTS_0]).([][4]float32)
	return s
}

// skin returns every vertex posed by the nodes' world matrices: Σ weight · world · inverse bind.
func (s *skinner) skin(world []mgl64.Mat4) []mgl64.Vec3 {
	jm := make([]mgl64.Mat4, len(s.joints))
	for i, n := range s.joints {
		jm[i] = world[n].Mul4(s.ibm[i])
	}
	out := make([]mgl64.Vec3, len(s.pos))
	for v, p := range s.pos {
		r := mgl64.Vec4{float64(p[0]), float64(p[1]), float64(p[2]), 1}
		for k := range 4 {
			if w := s.wts[v][k]; w != 0 {
				out[v] = out[v].Add(jm[s.jts[v][k]].Mul4x1(r).Vec3().Mul(float64(w)))
			}
		}
	}
	return out
}

// mat4 reads qmuntal/gltf's matrix, indexed [row][column].
func mat4(m [4][4]float32) mgl64.Mat4 {
	var out mgl64.Mat4
	for c := range 4 {
		for r := range 4 {
			out[4*c+r] = float64(m[r][c])
		}
	}
	return out
}

// Every kind of document this package writes passes the Khronos validator with no error: a clip
// that fits the skeleton, one that stretches (translation keys), a single frame, several takes, as
// GLB and as .gltf, with the body proxy and with the open human body.
func TestGLTFPassesKhronosValidator(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for bodyName, model := range map[string]*body.Model{"proxy": nil, "human": humanModel(t)} {
		for name, takes := range map[string][]Take{
			"wild":      {{Name: "wild", Clip: wildClip(40, 5)}},
			"stretched": {{Name: "stretched", Clip: stretchedClip(20)}},
			"one-frame": {{Name: "still", Clip: &motion.Clip{FPS: 20, Frames: []motion.Pose{motion.RestPose()}}}},
			"two-takes": {{Name: "round 1", Clip: wildClip(30, 6)}, {Name: "round 2", Clip: wildClip(45, 7)}},
		} {
			for _, binary := range []bool{true, false} {
				path := filepath.Join(dir, bodyName+"-"+name+map[bool]string{true: ".glb", false: ".gltf"}[binary])
				writeDocument(t, path, takes, model, binary)
				files = append(files, path)
			}
		}
	}
	validateClean(t, files...)
}

// validateClean runs the Khronos validator over the files and fails on any message at all: no
// error, warning, info or hint. Without the validator it skips, except under CI=true.
func validateClean(t *testing.T, files ...string) {
	t.Helper()
	reports, err := gltfvalidate.Validate(files...)
	if errors.Is(err, gltfvalidate.ErrMissing) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		t.Logf("Khronos validator %s on %s: %d errors, %d warnings, %d infos, %d hints",
			r.Validator, filepath.Base(r.File), r.Errors, r.Warnings, r.Infos, r.Hints)
		for _, m := range r.Messages {
			t.Errorf("%s: severity %d %s at %s: %s", filepath.Base(r.File), m.Severity, m.Code, m.Pointer, m.Message)
		}
	}
}

// writeDocument writes the takes with model's body (nil: the proxy) to path.
func writeDocument(t *testing.T, path string, takes []Take, model *body.Model, binary bool) {
	t.Helper()
	doc, err := NewDocument(takes, model)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := Encode(f, doc, binary); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
