package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// sampleFeatures is the executor project's HumanML3D sample (199 × 263 float32) in ../shared.
const sampleFeatures = "../../../shared/testdata/humanml3d/motion_example.npy"

func needSample(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(sampleFeatures); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test file missing under CI: %v", err)
		}
		t.Skipf("test file missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
}

// runCmd runs one command line and returns its exit status, stdout and stderr.
func runCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// checkRun runs one command line, checks its exit status and that its output (stdout, or stderr
// when code is non-zero) holds every string of want, and returns that output.
func checkRun(t *testing.T, args []string, code int, want []string) string {
	t.Helper()
	got, stdout, stderr := runCmd(args...)
	text := stdout
	if code != 0 {
		text = stderr
	}
	if got != code {
		t.Errorf("%v: exit %d, want %d (stderr %s)", args, got, code, stderr)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%v: output lacks %q:\n%s", args, w, text)
		}
	}
	return text
}

// stepClip is a small clip with segments: the rest pose stepping forward and turning left.
func stepClip(t *testing.T, dir string) string {
	t.Helper()
	c := &motion.Clip{FPS: 30, Segments: []motion.Segment{{Action: "A person steps forward.", Start: 0, End: 5, Warnings: []string{"rough"}}}}
	for i := range 5 {
		c.Frames = append(c.Frames, motion.RestPose().RotateY(0.1*float64(i)).Translate(mgl64.Vec3{0, 0, 0.2 * float64(i)}))
	}
	path := filepath.Join(dir, "step.json")
	if err := motion.SaveClipJSON(path, c); err != nil {
		t.Fatal(err)
	}
	return path
}

// Features → joints .npy → clip JSON → joints .npy (float64) keeps every joint to float32 precision.
func TestConvertChain(t *testing.T) {
	needSample(t)
	dir := t.TempDir()
	want, _, err := motion.LoadMotion(sampleFeatures, 20)
	if err != nil {
		t.Fatal(err)
	}
	joints, clip, back := filepath.Join(dir, "j.npy"), filepath.Join(dir, "c.json"), filepath.Join(dir, "b.npy")
	for _, args := range [][]string{
		{"convert", sampleFeatures, joints},
		{"convert", "--fps", "20", joints, clip},
		{"convert", "--dtype", "float64", clip, back},
	} {
		code, out, errOut := runCmd(args...)
		if code != 0 || !strings.Contains(out, "199 frames at 20 fps (9.95 s)") || errOut != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	for _, tc := range []struct {
		path string
		kind motion.Format
	}{{joints, motion.FormatJoints}, {clip, motion.FormatClipJSON}, {back, motion.FormatJoints}} {
		got, kind, err := motion.LoadMotion(tc.path, 20)
		if err != nil || kind != tc.kind || got.Len() != 199 {
			t.Fatalf("%s: %v, %d frames, %v", tc.path, kind, got.Len(), err)
		}
		for i := range got.Frames {
			for j := range got.Frames[i] {
				if d := got.Frames[i][j].Sub(want.Frames[i][j]).Len(); d > 1e-6 {
					t.Fatalf("%s frame %d joint %d off by %g m", tc.path, i, j, d)
				}
			}
		}
	}
}

func TestConvertKeepsSegmentsThroughJSON(t *testing.T) {
	dir := t.TempDir()
	in, out := stepClip(t, dir), filepath.Join(dir, "copy.json")
	if code, _, errOut := runCmd("convert", in, out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	c, _, err := motion.LoadMotion(out, 20)
	if err != nil || c.FPS != 30 || len(c.Segments) != 1 || c.Segments[0].Warnings[0] != "rough" {
		t.Errorf("copy: %+v, %v; want 30 fps with its segment", c, err)
	}
}

// Bad input: an error on stderr, a non-zero exit and nothing written, an earlier output untouched.
func TestConvertRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	good := stepClip(t, dir)
	truncated := filepath.Join(dir, "cut.npy")
	var buf bytes.Buffer
	if err := motion.WriteNPY(&buf, &motion.Array{Shape: []int{2, 22, 3}, Data: make([]float64, 132)}, motion.Float32); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(truncated, buf.Bytes()[:buf.Len()-10], 0o644)
	wrongShape := filepath.Join(dir, "wrong.npy")
	buf.Reset()
	motion.WriteNPY(&buf, &motion.Array{Shape: []int{4, 5}, Data: make([]float64, 20)}, motion.Float32)
	os.WriteFile(wrongShape, buf.Bytes(), 0o644)
	badJSON := filepath.Join(dir, "bad.json")
	os.WriteFile(badJSON, []byte(`{"format": "interactagent.clip", "version": 1, "fps": 20}`), 0o644)

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"truncated npy", []string{truncated, "out.json"}, 1, "cut.npy: byte 606: data ends after 518 of the 528 bytes"},
		{"wrong shape", []string{wrongShape, "out.json"}, 1, "wrong.npy: shape: (4, 5), want (T, 22, 3) joints"},
		{"bad clip", []string{badJSON, "out.npy"}, 1, "bad.json: joints: 0 names"},
		{"missing", []string{filepath.Join(dir, "none.npy"), "out.json"}, 1, "none.npy: no such file"},
		{"one argument", []string{good}, 2, "want 2 argument(s) IN OUT, got 1"},
		{"output type", []string{good, "out.bvh"}, 2, "out.bvh: want a .npy (joint positions) or .json (clip) file name"},
		{"fps for json", []string{"--fps", "30", good, "out.npy"}, 2, "--fps applies to .npy inputs"},
		{"dtype for json", []string{"--dtype", "float64", good, "out.json"}, 2, "--dtype applies to .npy outputs"},
		{"bad dtype", []string{"--dtype", "int8", good, "out.npy"}, 2, `--dtype "int8", want float32 or float64`},
		{"bad fps", []string{"--fps", "-1", truncated, "out.npy"}, 2, "--fps -1, want a rate in (0, 1000]"},
		{"unknown flag", []string{"--speed", "2", good, "out.npy"}, 2, "flag provided but not defined: -speed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"convert"}, tc.args...)
			last := &args[len(args)-1]
			*last = filepath.Join(dir, *last)
			os.WriteFile(filepath.Join(dir, "out.npy"), []byte("earlier"), 0o644)
			os.Remove(filepath.Join(dir, "out.json"))
			code, out, errOut := runCmd(args...)
			if code != tc.code || !strings.HasPrefix(errOut, "interactagent convert: ") || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, tc.code, tc.want)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.json")); err == nil {
				t.Error("out.json was written")
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "out.npy")); string(b) != "earlier" {
				t.Error("out.npy was overwritten")
			}
		})
	}
}

func TestConvertHelp(t *testing.T) {
	code, out, _ := runCmd("convert", "--help")
	if code != 0 || !strings.Contains(out, "usage: interactagent convert [flags] IN OUT") || !strings.Contains(out, "-dtype") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
}

func TestInfoText(t *testing.T) {
	path := stepClip(t, t.TempDir())
	code, out, errOut := runCmd("info", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"kind            clip JSON\n", "frames          5\n", "fps             30\n",
		"duration        0.17 s\n", "path length     0.800 m\n", "heading change  +22.9°",
		"segments        1\n", "   0  [0, 5)  A person steps forward.\n", "warning: rough\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("info output lacks %q:\n%s", want, out)
		}
	}
}

func TestInfoJSONOnTheSample(t *testing.T) {
	needSample(t)
	code, out, errOut := runCmd("info", "--json", sampleFeatures)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var f clipFacts
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	// The hips and shoulders end facing 22.3° to the right (the root itself turns 29.8°).
	if f.Frames != 199 || f.FPS != 20 || f.Duration != 9.95 || f.Kind != "HumanML3D features" ||
		math.Abs(f.HeadingChange-(-22.3)) > 0.05 || f.BoundsMax[1] < 1.5 || f.PathLength <= 0 {
		t.Errorf("facts %+v", f)
	}
}

func TestInfoRefusesBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "x.npy")
	os.WriteFile(bad, []byte("not numpy"), 0o644)
	code, out, errOut := runCmd("info", bad)
	if code != 1 || out != "" || !strings.Contains(errOut, "x.npy: byte 0: starts with") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, _ := runCmd("info"); code != 2 {
		t.Errorf("info without a file: exit %d, want 2", code)
	}
}
