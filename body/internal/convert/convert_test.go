package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"interactagent/body"
	"interactagent/motion"
)

// sourceDir holds the MakeHuman files, beside the repository.
const sourceDir = "../../../../shared/testdata/body/makehuman"

// needSource skips on a developer's machine without the source files and fails under CI.
func needSource(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(sourceDir, objFile)); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("MakeHuman source missing under CI: %v", err)
		}
		t.Skipf("MakeHuman source missing (%v); it lives in ../shared/testdata beside the repository", err)
	}
}

// converted converts the real source files into asset bytes.
func converted(t testing.TB) []byte {
	t.Helper()
	needSource(t)
	m, err := Convert(os.DirFS(sourceDir))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := body.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestConvertIsDeterministicAndCurrent: two conversions give the same bytes, and they are the bytes
// of the embedded asset (so the asset is what the command makes from the source).
func TestConvertIsDeterministicAndCurrent(t *testing.T) {
	a, b := converted(t), converted(t)
	if !bytes.Equal(a, b) {
		t.Fatal("two conversions of the same files differ")
	}
	asset, err := os.ReadFile("../../../assets/body/" + assetName)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, asset) {
		t.Fatalf("assets/body/%s (%d bytes) is not what the converter makes (%d bytes): rerun go run ./body/internal/convert", assetName, len(asset), len(a))
	}
}

// TestRunWritesAssetAndLicence: the command writes the asset and the CC0 text.
func TestRunWritesAssetAndLicence(t *testing.T) {
	needSource(t)
	out := t.TempDir()
	var log bytes.Buffer
	if err := run(sourceDir, out, &log); err != nil {
		t.Fatal(err)
	}
	lic, err := os.ReadFile(filepath.Join(out, licenceFile))
	if err != nil || !strings.Contains(string(lic), "CC0") {
		t.Errorf("licence %q, %v; want the CC0 text", lic[:min(len(lic), 40)], err)
	}
	if !strings.Contains(log.String(), "13380 vertices, 26756 triangles") {
		t.Errorf("log %q, want the counts", log.String())
	}
}

// TestTopInfluences keeps the four largest weights (ties to the lower joint), renormalised.
func TestTopInfluences(t *testing.T) {
	var sum [motion.NumJoints]float64
	sum[3], sum[7], sum[1], sum[12], sum[20], sum[5] = 0.1, 0.4, 0.2, 0.2, 0.05, 0.05
	inf, w, err := topInfluences(sum)
	if err != nil {
		t.Fatal(err)
	}
	if inf != [4]uint8{7, 1, 12, 3} {
		t.Errorf("influences %v, want [7 1 12 3]", inf)
	}
	if total := w[0] + w[1] + w[2] + w[3]; total < 0.9999 || total > 1.0001 || w[0] < 0.44 || w[0] > 0.45 {
		t.Errorf("weights %v, want 0.4/0.9 first and a sum of 1", w)
	}
	if _, _, err := topInfluences([motion.NumJoints]float64{}); err == nil {
		t.Error("a vertex without weights was accepted")
	}
}

// tinySource is a valid miniature of the source files: one quad of skin and the rig's bones, each
// bone's head a one-vertex joint cube.
func tinySource() fstest.MapFS {
	var obj, groups, rig, weights strings.Builder
	obj.WriteString("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 1\ng body\nf 1/1 2/2 3/3 4/4\ng other\nf 1 2 3\n")
	groups.WriteString(`{"body": [[0, 3]]`)
	rig.WriteString("{")
	weights.WriteString(`{"weights": {`)
	for i, name := range sortedKeys(boneJoint) {
		v := 4 + i
		obj.WriteString("v 0 " + strconv.Itoa(i) + " 0\n")
		groups.WriteString(`, "cube-` + name + `": [[` + strconv.Itoa(v) + `, ` + strconv.Itoa(v) + `]]`)
		sep := map[bool]string{true: "", false: ","}[i == 0]
		rig.WriteString(sep + `"` + name + `": {"parent": "", "head": {"cube_name": "cube-` + name + `", "strategy": "CUBE"}}`)
		weights.WriteString(sep + `"` + name + `": [[` + strconv.Itoa(i%4) + `, 0.5]]`)
	}
	groups.WriteString("}")
	rig.WriteString("}")
	weights.WriteString("}}")
	return fstest.MapFS{
		objFile: {Data: []byte(obj.String())}, groupsFile: {Data: []byte(groups.String())},
		rigFile: {Data: []byte(rig.String())}, weightsFile: {Data: []byte(weights.String())},
	}
}

// TestConvertTiny converts the miniature: two triangles, four vertices in metres.
func TestConvertTiny(t *testing.T) {
	m, err := Convert(tinySource())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rest) != 4 || len(m.Faces) != 2 || m.Rest[2].X() != 0.1 {
		t.Errorf("got %d vertices, %d triangles, vertex 2 at %v; want 4, 2 and x = 0.1 m", len(m.Rest), len(m.Faces), m.Rest[2])
	}
}

// TestConvertRefuses: a missing or malformed source file is an error naming the file and what was
// expected.
func TestConvertRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, file, data, want string
	}{
		{"missing obj", objFile, "", objFile},
		{"bad vertex", objFile, "v 1 x 2\n", objFile + " line 1: vertex coordinate \"x\""},
		{"bad face", objFile, "v 0 0 0\ng body\nf 1 2 9\n", objFile + " line 3: face corner \"2\""},
		{"no skin", objFile, "v 0 0 0\n", `no faces in group "body"`},
		{"bad groups", groupsFile, "[1, 2]", groupsFile + " is not the JSON expected"},
		{"rig lacks a bone", rigFile, `{"Hips": {}}`, "lacks bone"},
		{"bad weight", weightsFile, `{"weights": {"Hips": [[0, 7]]}}`, "weight in [0, 1]"},
		{"unknown bone", weightsFile, `{"weights": {"Tail": [[0, 1]]}}`, `bone "Tail"`},
	} {
		fsys := tinySource()
		if tc.data == "" {
			delete(fsys, tc.file)
		} else {
			fsys[tc.file] = &fstest.MapFile{Data: []byte(tc.data)}
		}
		_, err := Convert(fsys)
		if err == nil || !strings.HasPrefix(err.Error(), "convert: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// FuzzReadOBJ: the OBJ reader never panics, and every face it keeps names vertices it read.
func FuzzReadOBJ(f *testing.F) {
	f.Add([]byte(tinySource()[objFile].Data))
	f.Add([]byte("v 1 2 3\nv 4 5 6\nv 7 8 9\ng body\nf 1//1 2//2 3//3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := readOBJ("fuzz.obj", data, skinGroup)
		if err != nil {
			return
		}
		for _, p := range m.Polygons {
			for _, v := range p {
				if v < 0 || v >= len(m.Vertices) {
					t.Fatalf("face names vertex %d of %d", v, len(m.Vertices))
				}
			}
		}
	})
}
