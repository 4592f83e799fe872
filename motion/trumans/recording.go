package trumans

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"interactagent/body/smplx"
	"interactagent/motion"
)

// Recording is an open TRUMANS folder: how many frames its arrays hold, which of the motion arrays
// it has, and its scenes' names. Its methods read the rows they need when called; it keeps no file
// open. A Recording is safe for concurrent use.
type Recording struct {
	Dir    string
	Frames int      // N: rows of every per-frame array
	Scenes []string // scene_list.npy, in order
	// HasJoints and HasParams say which motion it holds: human_joints.npy (Joints: J of them per
	// frame), the SMPL-X parameters (human_orient/pose/transl.npy), or both.
	HasJoints, HasParams bool
	Joints               int

	once     sync.Once
	segments []Take
	segErr   error
}

// perFrame are the arrays whose first dimension must be N, and what each must hold after it.
var perFrame = []struct {
	name string
	cols []int // the shape after N; nil: any
}{
	{smplx.TRUMANSOrient, []int{3}}, {smplx.TRUMANSPose, []int{63}}, {smplx.TRUMANSTransl, []int{3}},
	{JointsFile, nil}, {SceneFlagFile, []int{}}, {SegNameFile, []int{}}, {FrameIDFile, []int{}},
	{ObjectFlagFile, nil}, {ObjectMatFile, nil},
}

// Open opens a recording folder, reading the headers of its arrays and scene_list.npy: every
// per-frame array present must have the same number of rows; the folder must hold motion (joints
// or the three SMPL-X arrays), scene_list.npy, and either scene_flag.npy with seg_name.npy or a
// segments.json manifest.
func Open(dir string) (*Recording, error) {
	r := &Recording{Dir: dir}
	var first string
	for _, pf := range perFrame {
		n, err := r.checkArray(pf.name, pf.cols)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if first == "" {
			first, r.Frames = pf.name, n
		} else if n != r.Frames {
			return nil, &motion.FormatError{Path: filepath.Join(dir, pf.name), Pos: "shape",
				Msg: fmt.Sprintf("%d rows, but %s has %d: want one row per frame in every per-frame array", n, first, r.Frames)}
		}
	}
	if err := r.checkMotion(); err != nil {
		return nil, err
	}
	return r, r.readScenes()
}

// checkArray opens one array's header and checks its shape after the rows; it returns the rows.
func (r *Recording) checkArray(name string, cols []int) (int, error) {
	a, err := openArray(r.Dir, name)
	if err != nil {
		return 0, err
	}
	defer a.Close()
	switch {
	case name == JointsFile && (len(a.shape) != 3 || a.shape[1] < NumJoints || a.shape[2] != 3):
		return 0, a.formatErr("header", "shape %s, want (N, J, 3) with J ≥ %d joints", shapeText(a.shape), NumJoints)
	case cols != nil && !slices.Equal(a.shape[1:], cols):
		return 0, a.formatErr("header", "shape %s, want %s", shapeText(a.shape), shapeText(append([]int{a.rows()}, cols...)))
	}
	if name == JointsFile {
		r.HasJoints, r.Joints = true, a.shape[1]
	}
	return a.rows(), nil
}

// checkMotion says which motion the folder holds, refusing one with none or half the parameters.
func (r *Recording) checkMotion() error {
	var have []string
	for _, n := range []string{smplx.TRUMANSOrient, smplx.TRUMANSPose, smplx.TRUMANSTransl} {
		if _, err := os.Stat(filepath.Join(r.Dir, n)); err == nil {
			have = append(have, n)
		}
	}
	r.HasParams = len(have) == 3
	switch {
	case len(have) > 0 && len(have) < 3:
		return fmt.Errorf("trumans: %s has %s but not all of %s, %s and %s", r.Dir, strings.Join(have, ", "), smplx.TRUMANSOrient, smplx.TRUMANSPose, smplx.TRUMANSTransl)
	case !r.HasParams && !r.HasJoints:
		return fmt.Errorf("trumans: %s holds no motion: want %s, or %s, %s and %s", r.Dir, JointsFile, smplx.TRUMANSOrient, smplx.TRUMANSPose, smplx.TRUMANSTransl)
	}
	return nil
}

// readScenes reads scene_list.npy (a few hundred names at most).
func (r *Recording) readScenes() error {
	a, err := openArray(r.Dir, SceneListFile)
	if err != nil {
		return err
	}
	defer a.Close()
	if len(a.shape) != 1 || a.rows() > maxScenes {
		return a.formatErr("header", "shape %s, want (S,) scene names, S ≤ %d", shapeText(a.shape), maxScenes)
	}
	r.Scenes, err = a.strings(0, a.rows())
	return err
}

// maxScenes bounds scene_list.npy (TRUMANS has 100 rooms).
const maxScenes = 100_000

// SceneIndex returns the index of a scene in Scenes; an unknown name is an error naming the scenes
// the recording has.
func (r *Recording) SceneIndex(scene string) (int, error) {
	if i := slices.Index(r.Scenes, scene); i >= 0 {
		return i, nil
	}
	return -1, fmt.Errorf("trumans: %s: no scene %q in the recording; its scenes: %s", filepath.Join(r.Dir, SceneListFile), scene, listed(r.Scenes))
}

// listed writes names for an error, the first few of many.
func listed(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + fmt.Sprintf(" … (%d in all)", len(names))
	}
	return strings.Join(names, ", ")
}
