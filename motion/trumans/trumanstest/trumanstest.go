// Package trumanstest writes small TRUMANS recording folders for tests: the built-in executor's
// motion, fitted to an SMPL-X model for the parameters and posed back for the joints, in a take of
// one scene after a short take in another, with its actions annotated.
package trumanstest

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body/smplx"
	"interactagent/executor/kinematic"
	"interactagent/motion"
	"interactagent/motion/trumans"
)

// Step is one annotated action: what the built-in executor is told, and the annotation's text.
type Step struct {
	Do   []string // executor sentences ("A person walks forward 2 meters")
	Text string   // the annotation ("walk to the chair")
}

// Options says what to write. The zero value writes joints only, in scene "living_room", the
// person walking from (3, 0, 1.5) to the sofa of the built-in living room and sitting on it.
type Options struct {
	// Shaped, when set, is the model the motion is fitted to: the SMPL-X parameters are the fit's,
	// the joints the fit posed on it (so both agree). Nil writes human_joints.npy only.
	Shaped *smplx.Shaped
	Scene  string       // the take's scene; "living_room" when empty
	Start  motion.State // where the person starts; (3, 0, 1.5) facing +Z when zero
	Steps  []Step       // WalkAndSit when nil
	Lead   int          // frames of a take in scene "other_room" before it; 15 when zero
	JSON   bool         // annotations as Actions/SEG.json instead of .txt
	Joints int          // joints per frame of human_joints.npy (≥ 22); 24 when zero
}

// WalkAndSit walks 2 m forward, turns round and sits on a 0.44 m seat: in the built-in living
// room from the default start, onto the middle of the sofa.
var WalkAndSit = []Step{
	{Do: []string{"A person walks forward 2 meters", "A person turns right by 180 degrees"}, Text: "walk to the sofa"},
	{Do: []string{"A person sits down on a 0.44 meter high seat"}, Text: "sit on the sofa"},
}

// Take names: the lead take's and the annotated one's.
const (
	LeadTake   = "lead_take"
	MainTake   = "main_take"
	OtherScene = "other_room"
)

// Written is what WriteRecording wrote.
type Written struct {
	Clip        *motion.Clip  // every frame of the arrays, 30 fps (the joints written, first 22)
	Params      *smplx.Motion // the fitted parameters of the main take; nil without a model
	Takes       []trumans.Take
	Annotations []trumans.Annotation // of MainTake, from its first frame
}

// WriteRecording writes a TRUMANS-layout folder to dir (created if needed).
func WriteRecording(dir string, o Options) (*Written, error) {
	o = withDefaults(o)
	main, anns, err := executeSteps(o)
	if err != nil {
		return nil, err
	}
	w := &Written{Annotations: anns}
	if o.Shaped != nil {
		if w.Params, err = smplx.Fit(o.Shaped, main); err != nil {
			return nil, err
		}
		if main, err = w.Params.Clip(); err != nil {
			return nil, err
		}
	}
	w.Clip = withLead(main, o.Lead)
	w.Takes = []trumans.Take{{Name: LeadTake, Scene: OtherScene, Start: 0, End: o.Lead},
		{Name: MainTake, Scene: o.Scene, Start: o.Lead, End: w.Clip.Len()}}
	if err := os.MkdirAll(filepath.Join(dir, trumans.ActionsDir), 0o755); err != nil {
		return nil, err
	}
	return w, writeAll(dir, o, w)
}

func withDefaults(o Options) Options {
	if o.Scene == "" {
		o.Scene = "living_room"
	}
	if o.Start == (motion.State{}) {
		o.Start = motion.State{Root: mgl64.Vec3{3, 0, 1.5}}
	}
	if o.Steps == nil {
		o.Steps = WalkAndSit
	}
	if o.Lead == 0 {
		o.Lead = 15
	}
	if o.Joints == 0 {
		o.Joints = 24
	}
	return o
}

// executeSteps runs the steps on the built-in executor at 30 fps; each annotation ends where the
// motion of the steps up to it ends (the prefix executed alone: executors carry no posture across
// calls, so a prefix's motion is the start of the whole).
func executeSteps(o Options) (*motion.Clip, []trumans.Annotation, error) {
	var all []string
	var anns []trumans.Annotation
	var c *motion.Clip
	for _, s := range o.Steps {
		all = append(all, s.Do...)
		var err error
		if c, err = execute(o.Start, all); err != nil {
			return nil, nil, err
		}
		start := 0
		if len(anns) > 0 {
			start = anns[len(anns)-1].End
		}
		anns = append(anns, trumans.Annotation{Start: start, End: c.Len(), Text: s.Text})
	}
	return c, anns, nil
}

// execute runs actions on the built-in executor (ideal profile) and resamples to 30 fps.
func execute(start motion.State, actions []string) (*motion.Clip, error) {
	c, err := kinematic.New(kinematic.Options{}).Execute(context.Background(), start, actions)
	if err != nil {
		return nil, err
	}
	return c.Resample(trumans.FPS)
}

// withLead puts lead copies of the first frame before the clip: the other scene's take.
func withLead(c *motion.Clip, lead int) *motion.Clip {
	out := &motion.Clip{FPS: trumans.FPS}
	for range lead {
		out.Frames = append(out.Frames, c.Frames[0])
	}
	out.Frames = append(out.Frames, c.Frames...)
	return out
}

// writeAll writes every array and the action file.
func writeAll(dir string, o Options, w *Written) error {
	n := w.Clip.Len()
	segs, flags, ids := make([]string, n), make([]float64, n), make([]float64, n)
	for _, t := range w.Takes {
		for f := t.Start; f < t.End; f++ {
			segs[f], ids[f] = t.Name, float64(f-t.Start)
			if t.Scene == o.Scene {
				flags[f] = 1
			}
		}
	}
	files := []struct {
		name  string
		descr string
		shape []int
		data  []byte
	}{
		{trumans.JointsFile, "<f4", []int{n, o.Joints, 3}, floats32(jointRows(w.Clip, o.Joints))},
		{trumans.SceneListFile, "<U16", []int{2}, ucs4([]string{OtherScene, o.Scene}, 16)},
		{trumans.SceneFlagFile, "<i8", []int{n}, ints64(flags)},
		{trumans.SegNameFile, "<U16", []int{n}, ucs4(segs, 16)},
		{trumans.FrameIDFile, "<i8", []int{n}, ints64(ids)},
		{trumans.ObjectListFile, "<U16", []int{1}, ucs4([]string{"chair"}, 16)},
		{trumans.ObjectFlagFile, "<i4", []int{n, 5}, ints32(n * 5)},
		{trumans.ObjectMatFile, "<f4", []int{n, 5, 4, 4}, floats32(make([]float64, n*80))},
	}
	for _, f := range files {
		if err := WriteNPY(filepath.Join(dir, f.name), f.descr, f.shape, f.data); err != nil {
			return err
		}
	}
	if err := writeParams(dir, o.Lead, w); err != nil {
		return err
	}
	return writeActions(dir, o.JSON, w.Annotations)
}

// jointRows flattens the clip's joints to (n, joints, 3), the joints past 22 copies of the head.
func jointRows(c *motion.Clip, joints int) []float64 {
	var out []float64
	for _, p := range c.Frames {
		for j := range joints {
			q := p[min(j, motion.NumJoints-1)]
			if j >= motion.NumJoints {
				q = p[motion.Head]
			}
			out = append(out, q[:]...)
		}
	}
	return out
}

// writeParams writes the SMPL-X arrays when there are parameters: the lead frames repeat the first.
func writeParams(dir string, lead int, w *Written) error {
	if w.Params == nil {
		return nil
	}
	frames := append(make([]smplx.Params, 0, lead+len(w.Params.Frames)), w.Params.Frames...)
	for range lead {
		frames = append([]smplx.Params{w.Params.Frames[0]}, frames...)
	}
	var orient, pose, transl []float64
	for _, f := range frames {
		orient = append(orient, f.Orient[:]...)
		transl = append(transl, f.Trans[:]...)
		for _, r := range f.Body {
			pose = append(pose, r[:]...)
		}
	}
	n := len(frames)
	for _, a := range []struct {
		name string
		cols int
		data []float64
	}{{smplx.TRUMANSOrient, 3, orient}, {smplx.TRUMANSPose, 63, pose}, {smplx.TRUMANSTransl, 3, transl}} {
		if err := WriteNPY(filepath.Join(dir, a.name), "<f8", []int{n, a.cols}, floats64(a.data)); err != nil {
			return err
		}
	}
	return nil
}

// writeActions writes the main take's annotations, as text or JSON.
func writeActions(dir string, asJSON bool, anns []trumans.Annotation) error {
	path := filepath.Join(dir, trumans.ActionsDir, MainTake+".txt")
	data := trumans.FormatActions(anns)
	if asJSON {
		path = strings.TrimSuffix(path, ".txt") + ".json"
		var err error
		if data, err = trumans.MarshalActions(anns); err != nil {
			return err
		}
	}
	return os.WriteFile(path, data, 0o644)
}

// WriteNPY writes a .npy file (version 1.0, C order) with the given dtype, shape and raw data.
func WriteNPY(path, descr string, shape []int, data []byte) error {
	dims := make([]string, len(shape))
	for i, n := range shape {
		dims[i] = fmt.Sprint(n)
	}
	sh := strings.Join(dims, ", ")
	if len(shape) == 1 {
		sh += ","
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, sh)
	for (10+len(dict)+1)%64 != 0 {
		dict += " "
	}
	dict += "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(dict)))
	b.WriteString(dict)
	b.Write(data)
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func floats32(v []float64) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(x)))
	}
	return b
}

func floats64(v []float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

func ints64(v []float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(int64(x)))
	}
	return b
}

// ints32 is n little-endian int32 values of -1 (no object).
func ints32(n int) []byte {
	b := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(b[4*i:], math.MaxUint32)
	}
	return b
}

// ucs4 writes strings as numpy's '<U width' (UTF-32, NUL padded).
func ucs4(s []string, width int) []byte {
	b := make([]byte, 4*width*len(s))
	for i, str := range s {
		for k, r := range []rune(str) {
			if k < width {
				binary.LittleEndian.PutUint32(b[4*(i*width+k):], uint32(r))
			}
		}
	}
	return b
}
