package export

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Requests that cannot work are refused with an error that starts with the package name and says
// what was expected and where, and nothing is written.
func TestExportBadRequests(t *testing.T) {
	run := testRun(t)
	noMotion := copyRun(t)
	for _, r := range []string{"round-1", "round-2"} {
		os.Remove(filepath.Join(noMotion, r, "motion.json"))
		os.Remove(filepath.Join(noMotion, r, "motion.npy"))
	}
	oneGone := copyRun(t)
	os.Remove(filepath.Join(oneGone, "round-1", "motion.json"))
	os.Remove(filepath.Join(oneGone, "round-1", "motion.npy"))
	finalGone := copyRun(t) // it stopped at round 2; export --round final wrote round 1
	os.Remove(filepath.Join(finalGone, "round-2", "motion.json"))
	os.Remove(filepath.Join(finalGone, "round-2", "motion.npy"))
	notRun := t.TempDir()
	motionFile := filepath.Join(run, "round-1", "motion.json")
	aFile := filepath.Join(t.TempDir(), "file")
	os.WriteFile(aFile, []byte("x"), 0o644)
	out := t.TempDir()
	for _, tc := range []struct {
		name string
		req  Request
		says []string
	}{
		{"unknown format", Request{Source: run, Format: "fbx", Out: filepath.Join(out, "a.fbx")}, []string{"unknown format", "glb, gltf"}},
		{"no format, unknown extension", Request{Source: run, Out: filepath.Join(out, "a.abc")}, []string{"no format given", ".abc"}},
		{"extension of another format", Request{Source: run, Format: GIF, Out: filepath.Join(out, "a.mp4")}, []string{".gif file", "a.mp4"}},
		{"no such round", Request{Source: run, Round: 7, Out: filepath.Join(out, "a.bvh")}, []string{"no round 7", "1, 2", run}},
		{"bad round", Request{Source: run, Round: -3, Out: filepath.Join(out, "a.bvh")}, []string{"round -3", "want 1…N"}},
		{"run without motion", Request{Source: noMotion, Out: filepath.Join(out, "a.glb")}, []string{"no round with motion", noMotion}},
		{"round without motion", Request{Source: oneGone, Round: 1, Out: filepath.Join(out, "a.glb")}, []string{"round-1 has no motion", "motion.json or motion.npy", "rounds with motion: 2"}},
		{"final round without motion", Request{Source: finalGone, Out: filepath.Join(out, "a.glb")}, []string{"stopped at round 2", "round-2 has no motion", "--round"}},
		{"not a run folder", Request{Source: notRun, Out: filepath.Join(out, "a.glb")}, []string{"not a run folder", "run.json"}},
		{"no source", Request{Source: filepath.Join(out, "nothing"), Out: filepath.Join(out, "a.glb")}, []string{"source", "nothing"}},
		{"round of a motion file", Request{Source: motionFile, Round: 2, Out: filepath.Join(out, "a.glb")}, []string{"motion file", "round 2"}},
		{"scene for a motion file", Request{Source: motionFile, WithScene: true, Out: filepath.Join(out, "a.glb")}, []string{"--with-scene", "needs a scene"}},
		{"output folder missing", Request{Source: run, Out: filepath.Join(out, "no", "a.glb")}, []string{"cannot write", filepath.Join(out, "no")}},
		{"output under a file", Request{Source: run, Out: filepath.Join(aFile, "a.glb")}, []string{"cannot write", aFile}},
		{"output is a folder", Request{Source: run, Format: GLB, Out: out + "/x.glb/"}, []string{"export: "}},
		{"no output", Request{Source: run, Format: GLB}, []string{"no output"}},
		{"bundle of a round", Request{Source: run, Round: 1, Out: filepath.Join(out, "a.zip")}, []string{"whole run", "round 1"}},
		{"bundle of a motion file", Request{Source: motionFile, Out: filepath.Join(out, "a.zip")}, []string{"run folder", "run.json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Do(context.Background(), tc.req)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.HasPrefix(err.Error(), "export: ") {
				t.Errorf("error %q does not start with the package name", err)
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
	if names := listDir(t, out); len(names) != 0 {
		t.Errorf("refused requests left %v in the output folder", names)
	}
}

// A write that fails part way leaves none of the files, not even the complete ones, and no
// temporary file.
func TestWriteAllIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	paths := []string{filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")}
	os.WriteFile(paths[0], []byte("old"), 0o644)
	err := writeAll(paths, func(i int, w io.Writer) error {
		w.Write([]byte("new"))
		if i == 2 {
			return errors.New("disk full")
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the failure", err)
	}
	if names := listDir(t, dir); len(names) != 1 || names[0] != "a" {
		t.Errorf("folder holds %v, want only the old a", names)
	}
	if data, _ := os.ReadFile(paths[0]); string(data) != "old" {
		t.Errorf("a holds %q, want the old content", data)
	}
}
