package trumans_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
	"interactagent/motion/trumans"
	"interactagent/motion/trumans/trumanstest"
)

// write writes a recording (joints only unless shaped) and opens it.
func write(t *testing.T, o trumanstest.Options) (string, *trumanstest.Written, *trumans.Recording) {
	t.Helper()
	dir := t.TempDir()
	w, err := trumanstest.WriteRecording(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	r, err := trumans.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, w, r
}

// Open reads the headers: the frames, the scenes, which motion the folder holds.
func TestOpenReadsHeaders(t *testing.T) {
	_, w, r := write(t, trumanstest.Options{})
	if r.Frames != w.Clip.Len() || !slices.Equal(r.Scenes, []string{"other_room", "living_room"}) {
		t.Errorf("%d frames, scenes %v; want %d, [other_room living_room]", r.Frames, r.Scenes, w.Clip.Len())
	}
	if !r.HasJoints || r.Joints != 24 || r.HasParams {
		t.Errorf("joints %v (%d), params %v; want joints (24) and no parameters", r.HasJoints, r.Joints, r.HasParams)
	}
}

// The takes come from seg_name.npy and scene_flag.npy; the actions are placed in the arrays from
// their segment's first frame, in frame order, with the annotation's text; text and JSON agree.
func TestActionsArePlacedInTheArrays(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		_, w, r := write(t, trumanstest.Options{JSON: asJSON})
		takes, err := r.Takes()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(takes, w.Takes) {
			t.Fatalf("takes %+v, want %+v", takes, w.Takes)
		}
		as, err := r.SceneActions("living_room")
		if err != nil {
			t.Fatal(err)
		}
		if len(as) != 2 {
			t.Fatalf("%d actions, want 2", len(as))
		}
		for i, a := range as {
			ann := w.Annotations[i]
			if a.Start != 15+ann.Start || a.End != 15+ann.End || a.Text != ann.Text || a.Take != trumanstest.MainTake {
				t.Errorf("json %v action %d: %+v, want frames [%d, %d) %q", asJSON, i, a, 15+ann.Start, 15+ann.End, ann.Text)
			}
		}
		if other, _ := r.SceneActions("other_room"); len(other) != 0 {
			t.Errorf("other_room has %d actions, want none", len(other))
		}
	}
}

// A scene the recording lacks and an action out of range are errors that say what there is.
func TestSegmentRefusesWhatIsNotThere(t *testing.T) {
	_, _, r := write(t, trumanstest.Options{})
	a, err := r.Segment("living_room", 1)
	if err != nil || a.Text != "sit on the sofa" {
		t.Fatalf("action 1: %+v, %v; want sit on the sofa", a, err)
	}
	_, err = r.Segment("kitchen", 0)
	if err == nil || !strings.Contains(err.Error(), "scene_list.npy") || !strings.Contains(err.Error(), `"kitchen"`) || !strings.Contains(err.Error(), "living_room") {
		t.Errorf("unknown scene: %v, want the file, the name and the scenes there are", err)
	}
	_, err = r.Segment("living_room", 2)
	if err == nil || !strings.Contains(err.Error(), "2 annotated actions") || !strings.Contains(err.Error(), "want 0 to 1") {
		t.Errorf("action 2: %v, want out of range, 0 to 1", err)
	}
}

// Without a model the clip is human_joints.npy's first 22 joints of exactly the rows asked for.
func TestClipFromJoints(t *testing.T) {
	_, w, r := write(t, trumanstest.Options{})
	a, err := r.Segment("living_room", 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.ActionClip(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.FPS != 30 || c.Len() != a.Frames() || len(c.Segments) != 1 || c.Segments[0].Action != "sit on the sofa" {
		t.Fatalf("%d frames at %g fps, segments %+v; want %d at 30, one sit segment", c.Len(), c.FPS, c.Segments, a.Frames())
	}
	checkSame(t, c, w.Clip.Slice(a.Start, a.End), 1e-5)
	if _, err := r.Clip(10, r.Frames+1, nil); err == nil || !strings.Contains(err.Error(), "want 0 ≤ from < to ≤") {
		t.Errorf("frames past the end: %v", err)
	}
}

// With a model the clip poses the SMPL-X parameters, and lands on the joints the recording holds.
func TestClipFromSMPLXParameters(t *testing.T) {
	model := filepath.Join(t.TempDir(), "SMPLX_MALE.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 1500}); err != nil {
		t.Fatal(err)
	}
	s, err := smplx.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	_, w, r := write(t, trumanstest.Options{Shaped: s})
	if !r.HasParams || w.Params.Fit.MeanMM > 100 { // the stand-in model's collars sit far from the executor's (docs/smplx.md)
		t.Fatalf("params %v, fit %v", r.HasParams, w.Params.Fit)
	}
	a, err := r.Segment("living_room", 0)
	if err != nil {
		t.Fatal(err)
	}
	posed, err := r.ActionClip(a, s.Model)
	if err != nil {
		t.Fatal(err)
	}
	joints, err := r.ActionClip(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSame(t, posed, joints, 1e-4)
}

func checkSame(t *testing.T, got, want *motion.Clip, tol float64) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Fatalf("%d frames, want %d", got.Len(), want.Len())
	}
	for i := range want.Frames {
		for j := range motion.NumJoints {
			if d := got.Frames[i][j].Sub(want.Frames[i][j]).Len(); d > tol {
				t.Fatalf("frame %d joint %s is %.3g m off", i, motion.Joint(j), d)
			}
		}
	}
}

// Arrays that disagree in length, an annotation past its segment's end, and an action file of a
// segment the recording lacks are refused naming the file.
func TestBadRecordings(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(dir string) error
		open  bool // the error comes from Open, else from Actions
		want  []string
	}{
		{"short seg_name", func(dir string) error {
			return trumanstest.WriteNPY(filepath.Join(dir, trumans.SegNameFile), "<U16", []int{3}, make([]byte, 3*64))
		}, true, []string{"seg_name.npy", "3 rows", "one row per frame"}},
		{"joints of 20", func(dir string) error {
			return trumanstest.WriteNPY(filepath.Join(dir, trumans.JointsFile), "<f4", []int{2, 20, 3}, make([]byte, 2*20*12))
		}, true, []string{"human_joints.npy", "J ≥ 22"}},
		{"action past its segment", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "Actions", "main_take.txt"), []byte("0 10 walk\n5 9000 sit down\n"), 0o644)
		}, false, []string{"main_take.txt", "action 2", "want end ≤"}},
		{"unknown segment", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "Actions", "nobody.txt"), []byte("0 10 walk\n"), 0o644)
		}, false, []string{"nobody.txt", `segment "nobody"`}},
		{"bad line", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "Actions", "main_take.txt"), []byte("0 10 walk\nten 20 sit\n"), 0o644)
		}, false, []string{"main_take.txt", "line 2", "START END TEXT", "whole frame numbers"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := trumanstest.WriteRecording(dir, trumanstest.Options{}); err != nil {
				t.Fatal(err)
			}
			if err := c.spoil(dir); err != nil {
				t.Fatal(err)
			}
			r, err := trumans.Open(dir)
			if !c.open && err == nil {
				_, err = r.Actions()
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v\nwant it to say %q", err, w)
				}
			}
		})
	}
}

// A segments.json manifest stands in for seg_name.npy and scene_flag.npy.
func TestManifestNamesTheTakes(t *testing.T) {
	dir, w, _ := write(t, trumanstest.Options{})
	os.Remove(filepath.Join(dir, trumans.SegNameFile))
	os.Remove(filepath.Join(dir, trumans.SceneFlagFile))
	m := `{"segments": [{"name": "lead_take", "scene": "other_room", "start": 0, "end": 15}, {"name": "main_take", "scene": "living_room", "start": 15, "end": ` +
		itoa(w.Clip.Len()) + `}]}`
	if err := os.WriteFile(filepath.Join(dir, trumans.ManifestFile), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := trumans.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Segment("living_room", 1)
	if err != nil || a.Start != 15+w.Annotations[1].Start {
		t.Fatalf("%+v, %v", a, err)
	}
	bad := strings.Replace(m, `"other_room"`, `"attic"`, 1)
	os.WriteFile(filepath.Join(dir, trumans.ManifestFile), []byte(bad), 0o644)
	r, _ = trumans.Open(dir)
	if _, err := r.Takes(); err == nil || !strings.Contains(err.Error(), "segments.json") || !strings.Contains(err.Error(), "attic") {
		t.Errorf("unknown scene in the manifest: %v", err)
	}
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return fmtInt(n/10) + string(rune('0'+n%10))
}
