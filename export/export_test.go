package export

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"interactagent/internal/gltfvalidate"
	"interactagent/motion"
)

// Each motion format written from a run's final round reads back as that round's motion.
func TestExportFormatsFromRun(t *testing.T) {
	run := testRun(t)
	want := roundMotion(t, run, 2) // summary.json's final round of a two-round run
	out := t.TempDir()
	for _, f := range []Format{GLB, GLTF, BVH, NPY, H3D, JSON} {
		fi, _ := f.info()
		path := filepath.Join(out, string(f)+fi.Ext)
		res, err := Do(context.Background(), Request{Source: run, Format: f, Out: path})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(res.Files) != 1 || res.Files[0] != path {
			t.Errorf("%s wrote %v, want %s", f, res.Files, path)
		}
		switch f {
		case NPY, JSON:
			got, _, err := motion.LoadMotion(path, want.FPS)
			if err != nil {
				t.Fatal(err)
			}
			if d := maxDiff(got, want); d > 1e-5 {
				t.Errorf("%s reads back %.3g m off", f, d)
			}
		case H3D:
			got, _, err := motion.LoadMotion(path, motion.HumanML3DFPS)
			if err != nil {
				t.Fatal(err)
			}
			start := want.StartState()
			if d := maxDiff(got.Place(start), want); d > 1e-3 {
				t.Errorf("h3d decodes %.3g m off the round", d)
			}
			if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "started at") {
				t.Errorf("h3d notes %q do not say where the motion started", res.Notes)
			}
		case BVH:
			data, _ := os.ReadFile(path)
			if !strings.HasPrefix(string(data), "HIERARCHY\nROOT pelvis") || !strings.Contains(string(data), "Frames: "+strconv.Itoa(want.Len())+"\n") {
				t.Errorf("bvh does not start with the pelvis or lacks the frame count %d", want.Len())
			}
		case GLB, GLTF:
			doc, err := gltf.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(doc.Animations) != 1 || doc.Animations[0].Name != "round 2" {
				t.Errorf("%s has %d animations, want one named \"round 2\"", f, len(doc.Animations))
			}
		}
	}
}

// maxDiff is the largest joint distance between two clips of the same length.
func maxDiff(a, b *motion.Clip) float64 {
	if a.Len() != b.Len() {
		return math.Inf(1)
	}
	worst := 0.0
	for f := range a.Frames {
		for j := range motion.NumJoints {
			worst = math.Max(worst, a.Frames[f][j].Sub(b.Frames[f][j]).Len())
		}
	}
	return worst
}

// Every round: one animation each in a glTF file, one file each in the other motion formats.
func TestExportAllRounds(t *testing.T) {
	run := testRun(t)
	out := t.TempDir()
	if _, err := Do(context.Background(), Request{Source: run, Round: AllRounds, Out: filepath.Join(out, "all.glb")}); err != nil {
		t.Fatal(err)
	}
	doc, err := gltf.Open(filepath.Join(out, "all.glb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Animations) != 2 || doc.Animations[0].Name != "round 1" || doc.Animations[1].Name != "round 2" {
		t.Errorf("%d animations, want round 1 and round 2", len(doc.Animations))
	}
	res, err := Do(context.Background(), Request{Source: run, Round: AllRounds, Format: BVH, Out: filepath.Join(out, "all.bvh")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(out, "all-round-1.bvh"), filepath.Join(out, "all-round-2.bvh")}
	if strings.Join(res.Files, " ") != strings.Join(want, " ") {
		t.Errorf("wrote %v, want %v", res.Files, want)
	}
	for _, p := range want {
		if _, err := os.Stat(p); err != nil {
			t.Error(err)
		}
	}
}

// A run's glTF, alone and with its scene, as GLB and .gltf, with the human body (the default) and
// with the proxy, passes the Khronos validator without a single message.
func TestExportGLTFPassesKhronosValidator(t *testing.T) {
	run := testRun(t)
	out := t.TempDir()
	var files []string
	for _, body := range []string{"", ProxyBody} {
		for _, withScene := range []bool{false, true} {
			for _, f := range []Format{GLB, GLTF} {
				fi, _ := f.info()
				p := filepath.Join(out, map[string]string{"": "human", ProxyBody: "proxy"}[body]+map[bool]string{false: "-body", true: "-scene"}[withScene]+fi.Ext)
				req := Request{Source: run, Round: AllRounds, Format: f, WithScene: withScene, Body: body, Out: p}
				if _, err := Do(context.Background(), req); err != nil {
					t.Fatal(err)
				}
				files = append(files, p)
			}
		}
	}
	reports, err := gltfvalidate.Validate(files...)
	if errors.Is(err, gltfvalidate.ErrMissing) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		t.Logf("Khronos validator %s on %s: %d errors, %d warnings, %d infos, %d hints", r.Validator, filepath.Base(r.File), r.Errors, r.Warnings, r.Infos, r.Hints)
		for _, m := range r.Messages {
			t.Errorf("%s: severity %d %s at %s: %s", filepath.Base(r.File), m.Severity, m.Code, m.Pointer, m.Message)
		}
	}
}

func TestFormats(t *testing.T) {
	seen := map[Format]bool{}
	for _, fi := range Formats() {
		seen[fi.Format] = true
		if !strings.HasPrefix(fi.Ext, ".") || fi.What == "" {
			t.Errorf("%s: extension %q, description %q", fi.Format, fi.Ext, fi.What)
		}
	}
	for _, f := range []Format{GLB, GLTF, BVH, NPY, H3D, JSON, MP4, GIF, Bundle} {
		if !seen[f] {
			t.Errorf("Formats lacks %s", f)
		}
	}
}
