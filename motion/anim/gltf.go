package anim

import (
	"errors"
	"fmt"
	"io"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/body"
	"interactagent/motion"
)

// Take is one clip to animate under a name: each take becomes one glTF animation of the same body.
type Take struct {
	Name string
	Clip *motion.Clip
}

// NewDocument returns a glTF document holding only the body animated by the takes (AddBody).
func NewDocument(takes []Take, model *body.Model) (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Asset.Generator = "interactagent"
	if err := AddBody(doc, takes, model); err != nil {
		return nil, err
	}
	return doc, nil
}

// AddBody adds to doc's first scene the rig (Nodes, at rest in BindPose), a body mesh skinned to
// it, and one animation per take: rotation keys for every node and translation keys for the root
// and for any node that leaves its rest offset (Track.Moves), one key per frame at the clip's
// rate, linear between keys.
//
// The mesh is model's (such as body.Human) posed in BindPose by the body package's fit, calibrated
// on the takes' frames, with the model's skinning weights on the rig's 22 joint nodes; a nil model
// gives the body proxy's capsules, each bound whole to the node that carries its bone, weight 1.
// Every take (and the fit) is checked before doc is changed.
func AddBody(doc *gltf.Document, takes []Take, model *body.Model) error {
	tracks, err := newTracks(takes)
	if err != nil {
		return err
	}
	mesh, err := newMesh(model, takes)
	if err != nil {
		return err
	}
	if len(doc.Scenes) == 0 {
		doc.Scenes = append(doc.Scenes, &gltf.Scene{})
		doc.Scene = gltf.Index(0)
	}
	root := addRig(doc)
	addSkinnedMesh(doc, root, mesh)
	for i, tk := range takes {
		addAnimation(doc, root, tk.Name, tracks[i])
	}
	return nil
}

// newTracks turns every take into a Track, so that a take that cannot be animated is refused
// before anything is written.
func newTracks(takes []Take) ([]*Track, error) {
	if len(takes) == 0 {
		return nil, errors.New("anim: no takes to animate")
	}
	tracks := make([]*Track, len(takes))
	for i, tk := range takes {
		tr, err := NewTrack(tk.Clip)
		if err != nil {
			return nil, fmt.Errorf("anim: take %q: %w", tk.Name, err)
		}
		tracks[i] = tr
	}
	return tracks, nil
}

// newMesh returns the mesh AddBody binds: model's, or the body proxy's when model is nil.
func newMesh(model *body.Model, takes []Take) (*boundMesh, error) {
	if model == nil {
		return proxyMesh(), nil
	}
	return bindHuman(model, takes)
}

// addRig appends the rig's nodes in bind pose and returns the index of its root.
func addRig(doc *gltf.Document) int {
	base := len(doc.Nodes)
	bind := BindPose()
	for n, nd := range Nodes() {
		t := nd.Rest
		if nd.Parent < 0 {
			t = bind[nd.At]
		} else {
			p := doc.Nodes[base+nd.Parent]
			p.Children = append(p.Children, base+n)
		}
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: nd.Name, Translation: [3]float64(t), Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}})
	}
	doc.Scenes[sceneIndex(doc)].Nodes = append(doc.Scenes[sceneIndex(doc)].Nodes, base)
	return base
}

// sceneIndex is the document's scene: the one it names, else the first.
func sceneIndex(doc *gltf.Document) int {
	if doc.Scene != nil && *doc.Scene < len(doc.Scenes) {
		return *doc.Scene
	}
	return 0
}

// addAnimation appends one take as an animation of the rig whose root node is root.
func addAnimation(doc *gltf.Document, root int, name string, tr *Track) {
	a := &animation{doc: doc, anim: &gltf.Animation{Name: name}, in: addKeyTimes(doc, tr), root: root}
	for n := range tr.Moves {
		if tr.Moves[n] {
			a.channel(n, gltf.TRSTranslation, tr.translations(n))
		}
		a.channel(n, gltf.TRSRotation, tr.rotations(n))
	}
	doc.Animations = append(doc.Animations, a.anim)
}

// addKeyTimes appends the accessor of a track's key times (seconds, one per frame) and returns
// its index; glTF requires the min and max of an animation's input.
func addKeyTimes(doc *gltf.Document, tr *Track) int {
	times := make([]float32, tr.Len())
	for k := range times {
		times[k] = float32(float64(k) / tr.FPS)
	}
	in := modeler.WriteAccessor(doc, gltf.TargetNone, times)
	doc.Accessors[in].Min = []float64{float64(times[0])}
	doc.Accessors[in].Max = []float64{float64(times[len(times)-1])}
	return in
}

// animation is a glTF animation being written: its channels share the key times in.
type animation struct {
	doc  *gltf.Document
	anim *gltf.Animation
	in   int // the key times' accessor
	root int // the rig's root node
}

// channel appends the keys of one property of rig node n (data, one per key time) and the
// linear sampler and channel that animate it.
func (a *animation) channel(n int, path gltf.TRSProperty, data any) {
	out := modeler.WriteAccessor(a.doc, gltf.TargetNone, data)
	a.anim.Samplers = append(a.anim.Samplers, &gltf.AnimationSampler{Input: a.in, Output: out, Interpolation: gltf.InterpolationLinear})
	a.anim.Channels = append(a.anim.Channels, &gltf.AnimationChannel{Sampler: len(a.anim.Samplers) - 1,
		Target: gltf.AnimationChannelTarget{Node: gltf.Index(a.root + n), Path: path}})
}

// translations returns node n's translation in every frame, as float32.
func (tr *Track) translations(n int) [][3]float32 {
	out := make([][3]float32, tr.Len())
	for k, f := range tr.Frames {
		t := f[n].T
		out[k] = [3]float32{float32(t[0]), float32(t[1]), float32(t[2])}
	}
	return out
}

// rotations returns node n's rotation in every frame as float32 (x, y, z, w), glTF's order.
func (tr *Track) rotations(n int) [][4]float32 {
	out := make([][4]float32, tr.Len())
	for k, f := range tr.Frames {
		q := f[n].R
		out[k] = [4]float32{float32(q.V[0]), float32(q.V[1]), float32(q.V[2]), float32(q.W)}
	}
	return out
}

// Encode writes doc as GLB (binary) or as a single .gltf JSON file with its buffer embedded (base64
// data URI), so that either format is one self-contained file.
func Encode(w io.Writer, doc *gltf.Document, binary bool) error {
	if !binary {
		embedBuffers(doc)
	}
	enc := gltf.NewEncoder(w)
	enc.AsBinary = binary
	if !binary {
		enc.SetJSONIndent("", " ")
	}
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("anim: write glTF: %w", err)
	}
	return nil
}

// embedBuffers gives the buffers without a URI a base64 data URI, so that a .gltf file holds them.
func embedBuffers(doc *gltf.Document) {
	for _, b := range doc.Buffers {
		if b.URI == "" {
			b.EmbeddedResource()
		}
	}
}
