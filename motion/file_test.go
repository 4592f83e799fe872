package motion

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func writeTestNPY(t *testing.T, path string, a *Array, dt DType) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteNPY(&buf, a, dt); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func walkClip() *Clip {
	c := &Clip{FPS: 30, Segments: []Segment{{Action: "A person walks forward.", Start: 0, End: 3, Warnings: []string{"approximate"}}, {Action: "A person waves.", Start: 3, End: 4}}}
	for i := range 4 {
		c.Frames = append(c.Frames, RestPose().RotateY(0.1*float64(i)).Translate(mgl64.Vec3{0.013 * float64(i), 0, 0.1 * float64(i)}))
	}
	return c
}

func TestLoadMotionDetectsFormat(t *testing.T) {
	needFile(t, sampleFeaturesPath)
	dir := t.TempDir()
	want, _, err := LoadMotion(sampleFeaturesPath, 20)
	if err != nil {
		t.Fatal(err)
	}
	feats, _ := readNPYFile(t, sampleFeaturesPath)
	batched := filepath.Join(dir, "batched.npy")
	writeTestNPY(t, batched, &Array{Shape: []int{1, 199, HumanML3DFeatures}, Data: feats.Data}, Float32)
	joints := filepath.Join(dir, "joints.npy")
	if err := SaveJointsNPY(joints, want, Float64); err != nil {
		t.Fatal(err)
	}
	clip := filepath.Join(dir, "clip.json")
	if err := SaveClipJSON(clip, want); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		fps  float64
		kind Format
	}{
		{sampleFeaturesPath, 20, FormatFeatures},
		{batched, 20, FormatFeatures},
		{joints, 20, FormatJoints},
		{clip, 99, FormatClipJSON}, // the document's fps wins
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			c, kind, err := LoadMotion(tc.path, tc.fps)
			if err != nil {
				t.Fatal(err)
			}
			if kind != tc.kind || c.FPS != 20 || c.Len() != 199 {
				t.Fatalf("loaded %v at %v fps with %d frames, want %v at 20 fps with 199", kind, c.FPS, c.Len(), tc.kind)
			}
			for i := range c.Frames {
				if c.Frames[i] != want.Frames[i] {
					t.Fatalf("frame %d differs from the decoded sample", i)
				}
			}
		})
	}
}

// readNPYFile reads a whole .npy file for tests.
func readNPYFile(t *testing.T, path string) (*Array, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ReadNPY(f)
}

func TestSaveJointsNPYFloat32KeepsJointsToFloat32Precision(t *testing.T) {
	path := filepath.Join(t.TempDir(), "walk.npy")
	c := walkClip()
	if err := SaveJointsNPY(path, c, Float32); err != nil {
		t.Fatal(err)
	}
	got, kind, err := LoadMotion(path, 30)
	if err != nil || kind != FormatJoints {
		t.Fatalf("load: %v, %v", kind, err)
	}
	for i := range c.Frames {
		for j := range c.Frames[i] {
			if !nearVec(got.Frames[i][j], c.Frames[i][j], 1e-6) {
				t.Fatalf("frame %d %v = %v, want %v", i, Joint(j), got.Frames[i][j], c.Frames[i][j])
			}
		}
	}
}

func TestLoadMotionErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	wrongShape := filepath.Join(dir, "wrong.npy")
	writeTestNPY(t, wrongShape, &Array{Shape: []int{3, 5}, Data: seq(15)}, Float32)
	tooShort := filepath.Join(dir, "short.npy")
	writeTestNPY(t, tooShort, &Array{Shape: []int{2, 22, 3}, Data: seq(132)}, Float32)
	b, _ := os.ReadFile(tooShort)
	os.WriteFile(tooShort, b[:len(b)-7], 0o644)
	empty := filepath.Join(dir, "empty.npy")
	os.WriteFile(empty, rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 22, 3), }", nil), 0o644)
	for _, tc := range []struct {
		name string
		path string
		fps  float64
		want string
	}{
		{"wrong shape", wrongShape, 20, "wrong.npy: shape: (3, 5), want (T, 22, 3) joints, (T, 263) or (1, T, 263) HumanML3D features"},
		{"truncated", tooShort, 20, "short.npy: byte 609: data ends after 521 of the 528 bytes"},
		{"no frames", empty, 20, "empty.npy: shape: (0, 22, 3), want"},
		{"missing", filepath.Join(dir, "nope.npy"), 20, "nope.npy: no such file"},
		{"extension", filepath.Join(dir, "walk.bvh"), 20, `walk.bvh: unsupported: file type ".bvh", want .npy`},
		{"fps", wrongShape, math.Inf(1), "fps +Inf, want a rate in (0, 1000]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := LoadMotion(tc.path, tc.fps)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "motion: ") {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// A failed save leaves the earlier file as it was and no temporary file behind.
func TestSavesAreAtomic(t *testing.T) {
	dir := t.TempDir()
	bad := walkClip()
	bad.Frames[2][Head] = mgl64.Vec3{math.NaN(), 0, 0}
	for _, tc := range []struct {
		name string
		save func(path string) error
	}{
		{"npy bad clip", func(p string) error { return SaveJointsNPY(p, bad, Float32) }},
		{"json bad clip", func(p string) error { return SaveClipJSON(p, bad) }},
		{"failing writer", func(p string) error {
			return saveAtomic(p, func(w io.Writer) error {
				w.Write([]byte("half a fi"))
				return errors.New("disk full")
			})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "keep.dat")
			os.WriteFile(path, []byte("earlier"), 0o644)
			if err := tc.save(path); err == nil {
				t.Fatal("save succeeded, want an error")
			}
			if b, _ := os.ReadFile(path); string(b) != "earlier" {
				t.Errorf("file now holds %q, want the earlier content", b)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("folder holds %d entries, want only the earlier file", len(entries))
			}
		})
	}
}

// Errors of the file system start with the package and name the file; the writer's own error
// comes back as it is.
func TestSaveErrorsNameThePackageAndFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no such folder", "walk.json")
	for _, err := range []error{SaveClipJSON(missing, walkClip()), SaveJointsNPY(missing, walkClip(), Float32)} {
		if err == nil || !strings.HasPrefix(err.Error(), "motion: write "+missing+": ") {
			t.Errorf("save into a missing folder: %v, want an error starting with motion: and the path", err)
		}
	}
	full := errors.New("disk full")
	if err := saveAtomic(filepath.Join(dir, "x.dat"), func(io.Writer) error { return full }); err != full {
		t.Errorf("failing writer: %v, want its own error unchanged", err)
	}
}

func TestWithPathFillsTypedErrorsOnly(t *testing.T) {
	fe := withPath(&FormatError{Pos: "byte 3", Msg: "bad"}, "a.npy")
	ue := withPath(&UnsupportedError{Msg: "float16"}, "b.npy")
	plain := withPath(errors.New("motion: other"), "c.npy")
	for _, tc := range []struct{ got, want string }{
		{fe.Error(), "motion: a.npy: byte 3: bad"},
		{ue.Error(), "motion: b.npy: unsupported: float16"},
		{plain.Error(), "motion: other"},
	} {
		if tc.got != tc.want {
			t.Errorf("error %q, want %q", tc.got, tc.want)
		}
	}
}

// LoadMotion refuses a wrong shape or too many frames from the header, before reading any data.
func TestLoadMotionChecksShapeBeforeData(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		shape string
		want  string
	}{
		{"(100001, 22, 3)", "unsupported: 100001 frames, want at most 100000"},
		{"(7, 22, 2)", "shape: (7, 22, 2), want (T, 22, 3) joints"},
	} {
		path := filepath.Join(dir, "big.npy")
		os.WriteFile(path, rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': "+tc.shape+", }", nil), 0o644)
		if _, _, err := LoadMotion(path, 20); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("shape %s: error %v, want one saying %q (not about missing data)", tc.shape, err, tc.want)
		}
	}
}
