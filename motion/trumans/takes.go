package trumans

import (
	"fmt"
	"os"
	"path/filepath"

	"interactagent/fileio"
	"interactagent/motion"
)

// Take is one segment of the recording (TRUMANS calls them segments; seg_name.npy names them):
// frames [Start, End) of the arrays, captured in one scene.
type Take struct {
	Name  string `json:"name"`
	Scene string `json:"scene"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// maxTakes bounds how many takes a recording may have (TRUMANS has about 1,600).
const maxTakes = 1_000_000

// scanRows is how many rows of seg_name.npy and scene_flag.npy are read at a time.
const scanRows = 1 << 16

// Takes returns the recording's takes in frame order: from segments.json when the folder has one,
// else from one scan of seg_name.npy and scene_flag.npy (a take is a run of frames with one
// segment name; all its frames must be in one scene). The scan reads those two arrays once, a
// chunk at a time, and its result is kept.
func (r *Recording) Takes() ([]Take, error) {
	r.once.Do(func() { r.segments, r.segErr = r.readTakes() })
	return r.segments, r.segErr
}

func (r *Recording) readTakes() ([]Take, error) {
	if _, err := os.Stat(filepath.Join(r.Dir, ManifestFile)); err == nil {
		return r.readManifest()
	}
	names, err := openArray(r.Dir, SegNameFile)
	if err != nil {
		return nil, fmt.Errorf("%w (or a %s manifest)", err, ManifestFile)
	}
	defer names.Close()
	flags, err := openArray(r.Dir, SceneFlagFile)
	if err != nil {
		return nil, err
	}
	defer flags.Close()
	return r.scan(names, flags)
}

// scan builds the takes from the per-frame segment names and scene flags.
func (r *Recording) scan(names, flags *array) ([]Take, error) {
	var takes []Take
	for from := 0; from < r.Frames; from += scanRows {
		to := min(from+scanRows, r.Frames)
		seg, err := names.strings(from, to)
		if err != nil {
			return nil, err
		}
		sc, err := flags.floats(from, to)
		if err != nil {
			return nil, err
		}
		if takes, err = r.extend(takes, seg, sc, from, flags.path); err != nil {
			return nil, err
		}
	}
	return takes, nil
}

// extend adds frames from.. (their segment names and scene flags) to the takes.
func (r *Recording) extend(takes []Take, seg []string, sc []float64, from int, flagPath string) ([]Take, error) {
	for i, name := range seg {
		f := int(sc[i])
		if float64(f) != sc[i] || f < 0 || f >= len(r.Scenes) {
			return nil, &motion.FormatError{Path: flagPath, Pos: fmt.Sprintf("row %d", from+i), Msg: fmt.Sprintf("%g, want an index into %s's %d scenes", sc[i], SceneListFile, len(r.Scenes))}
		}
		scene := r.Scenes[f]
		if n := len(takes); n > 0 && takes[n-1].Name == name {
			if takes[n-1].Scene != scene {
				return nil, &motion.FormatError{Path: flagPath, Pos: fmt.Sprintf("row %d", from+i), Msg: fmt.Sprintf("scene %s, but segment %s began in %s: want one scene per segment", scene, name, takes[n-1].Scene)}
			}
			takes[n-1].End++
			continue
		}
		if len(takes) == maxTakes {
			return nil, &motion.UnsupportedError{Path: filepath.Join(r.Dir, SegNameFile), Msg: fmt.Sprintf("more than %d segments", maxTakes)}
		}
		takes = append(takes, Take{Name: name, Scene: scene, Start: from + i, End: from + i + 1})
	}
	return takes, nil
}

// readManifest reads segments.json: {"segments": [{"name", "scene", "start", "end"}, …]}, frames
// [start, end) of the arrays, in a scene of scene_list.npy.
func (r *Recording) readManifest() ([]Take, error) {
	path := filepath.Join(r.Dir, ManifestFile)
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trumans: %w", err)
	}
	defer f.Close()
	var m struct {
		Segments []Take `json:"segments"`
	}
	if err := fileio.ReadJSON(f, path, fileio.JSONLimits{Bytes: 64 << 20, Values: 8 * maxTakes}, &m); err != nil {
		return nil, fmt.Errorf("trumans: %w", err)
	}
	for i, t := range m.Segments {
		if err := r.checkTake(t); err != nil {
			return nil, &motion.FormatError{Path: path, Pos: fmt.Sprintf("segments[%d]", i), Msg: err.Error()}
		}
	}
	return m.Segments, nil
}

// checkTake checks a manifest's take against the recording: a name, a known scene, frames within N.
func (r *Recording) checkTake(t Take) error {
	if t.Name == "" {
		return fmt.Errorf("no name")
	}
	if _, err := r.SceneIndex(t.Scene); err != nil {
		return fmt.Errorf("scene %q, want one of %s", t.Scene, listed(r.Scenes))
	}
	if t.Start < 0 || t.End <= t.Start || t.End > r.Frames {
		return fmt.Errorf("frames [%d, %d), want 0 ≤ start < end ≤ %d (the arrays' rows)", t.Start, t.End, r.Frames)
	}
	return nil
}
