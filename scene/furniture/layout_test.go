package furniture

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/assets"
	"interactagent/motion"
)

// layoutSmall is a valid layout the error cases below break one field at a time.
const layoutSmall = `{
  "name": "small",
  "description": "a test room",
  "room": {"width": 4, "depth": 3},
  "doorways": [{"wall": "zmin", "offset": 1, "width": 0.9}],
  "objects": [
    {"kind": "chair", "x": 1, "z": 2},
    {"kind": "chair", "id": "chair_1", "x": 3, "z": 2, "yaw": 180},
    {"kind": "bed", "variant": "single", "x": 2.5, "z": 1.3, "yaw": 90, "size": [0, 0, 1.9]}
  ],
  "start": {"x": 1, "z": 0.5, "heading": 45}
}`

func TestParseLayoutFillsDefaults(t *testing.T) {
	l, err := ParseLayout([]byte(layoutSmall))
	if err != nil {
		t.Fatal(err)
	}
	if l.Room.Height != layoutDefaultHeight || l.Room.WallThickness != layoutDefaultThickness {
		t.Errorf("room defaults: %+v", l.Room)
	}
	if l.Doorways[0].Height != layoutDefaultDoorH {
		t.Errorf("doorway height %g, want %g", l.Doorways[0].Height, layoutDefaultDoorH)
	}
	// The first chair has no id; chair_1 is taken by the second, so it becomes chair_2.
	ids := []string{l.Objects[0].ID, l.Objects[1].ID, l.Objects[2].ID}
	if !reflect.DeepEqual(ids, []string{"chair_2", "chair_1", "bed_1"}) {
		t.Errorf("ids %v, want [chair_2 chair_1 bed_1]", ids)
	}
}

// TestParseLayoutRoundTrip writes a parsed layout back out and parses it again.
func TestParseLayoutRoundTrip(t *testing.T) {
	l, err := ParseLayout([]byte(layoutSmall))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseLayout(data)
	if err != nil {
		t.Fatalf("reparse %s: %v", data, err)
	}
	if !reflect.DeepEqual(l, again) {
		t.Errorf("round trip changed the layout:\n%+v\n%+v", l, again)
	}
}

// layoutEdit returns layoutSmall with old replaced by new (which must occur).
func layoutEdit(t *testing.T, old, new string) string {
	t.Helper()
	if !strings.Contains(layoutSmall, old) {
		t.Fatalf("test layout lacks %q", old)
	}
	return strings.Replace(layoutSmall, old, new, 1)
}

func TestParseLayoutErrors(t *testing.T) {
	many := `{"name": "m", "room": {"width": 40, "depth": 40}, "start": {"x": 1, "z": 1}, "objects": [` +
		strings.TrimSuffix(strings.Repeat(`{"kind": "plant", "x": 5, "z": 5},`, LayoutMaxObjects+1), ",") + `]}`
	tests := []struct {
		name, input, want string
	}{
		{"empty", ``, "empty input"},
		{"not JSON", `{"name": ]`, "invalid JSON at byte 10"},
		{"truncated", `{"name": `, "JSON ends early after 9 bytes"},
		{"array", `[1, 2]`, "got a JSON array, want an object"},
		{"trailing", layoutSmall + `{}`, "trailing data"},
		{"unknown field", layoutEdit(t, `"name": "small",`, `"name": "small", "colour": 1,`), `unknown field "colour"`},
		{"wrong type", layoutEdit(t, `"x": 1, "z": 2`, `"x": "one", "z": 2`), `field "objects.x"`},
		{"bad name", layoutEdit(t, `"name": "small"`, `"name": "Small Room"`), "name \"Small Room\""},
		{"unknown kind", layoutEdit(t, `"kind": "chair", "x": 1`, `"kind": "throne", "x": 1`), `kind "throne" unknown; known kinds: armchair, bed`},
		{"unknown variant", layoutEdit(t, `"variant": "single"`, `"variant": "king"`), `variant "king" unknown; variants of bed: [double single]`},
		{"duplicate id", layoutEdit(t, `{"kind": "chair", "x": 1, "z": 2}`, `{"kind": "chair", "id": "chair_1", "x": 1, "z": 2}`), `objects[1] (chair chair_1): id "chair_1" already used by objects[0]`},
		{"reserved id", layoutEdit(t, `"id": "chair_1"`, `"id": "walls"`), "reserved for the walls"},
		{"bad id", layoutEdit(t, `"id": "chair_1"`, `"id": "Chair 1"`), `id "Chair 1"`},
		{"outside the room", layoutEdit(t, `"x": 3, "z": 2`, `"x": 3.9, "z": 2`), "footprint corner (4.140, 2.250) outside the room"},
		{"turned outside", layoutEdit(t, `"x": 2.5, "z": 1.3, "yaw": 90`, `"x": 2.5, "z": 0.6, "yaw": 0`), "outside the room"},
		{"huge size", layoutEdit(t, `"size": [0, 0, 1.9]`, `"size": [0, 0, 1e300]`), "depth 1e+300 m out of range"},
		{"short size", layoutEdit(t, `"size": [0, 0, 1.9]`, `"size": [1.9]`), "size has 1 numbers"},
		{"huge position", layoutEdit(t, `"x": 1, "z": 2`, `"x": 1e308, "z": 2`), "position (1e+308, 2)"},
		{"yaw", layoutEdit(t, `"yaw": 180`, `"yaw": 1e9`), "yaw 1e+09°"},
		{"room too big", layoutEdit(t, `"width": 4`, `"width": 400`), "room: 400 × 3 m"},
		{"room too small", layoutEdit(t, `"width": 4`, `"width": 0`), "room: 0 × 3 m"},
		{"wall too tall", layoutEdit(t, `"depth": 3}`, `"depth": 3, "height": 60}`), "height 60 m, want 2–6 m"},
		{"door side", layoutEdit(t, `"wall": "zmin"`, `"wall": "north"`), `wall "north" unknown, want xmin, xmax, zmin or zmax`},
		{"door outside", layoutEdit(t, `"offset": 1, "width": 0.9`, `"offset": 3.8, "width": 0.9`), "spans 3.350–4.250 m, want inside the wall's 0–4 m"},
		{"door too narrow", layoutEdit(t, `"offset": 1, "width": 0.9`, `"offset": 1, "width": 0.1`), "width 0.1 m, want 0.6–4 m"},
		{"doors overlap", layoutEdit(t, `"doorways": [{"wall": "zmin", "offset": 1, "width": 0.9}]`, `"doorways": [{"wall": "zmin", "offset": 1, "width": 0.9}, {"wall": "zmin", "offset": 1.5, "width": 0.9}]`), "overlap"},
		{"start outside", layoutEdit(t, `"x": 1, "z": 0.5, "heading": 45`, `"x": 1, "z": -2, "heading": 45`), "start (1, -2)"},
		{"heading", layoutEdit(t, `"heading": 45`, `"heading": 4500`), "heading 4500°"},
		{"diagonal wall", layoutEdit(t, `"objects"`, `"walls": [{"from": [1, 1], "to": [2, 2]}], "objects"`), "want a wall along x or along z"},
		{"wall outside", layoutEdit(t, `"objects"`, `"walls": [{"from": [1, 1], "to": [1, 9]}], "objects"`), "end (1, 9) outside the room"},
		{"wall door side", layoutEdit(t, `"objects"`, `"walls": [{"from": [2, 0], "to": [2, 3], "doorways": [{"wall": "zmin", "offset": 1, "width": 0.9}]}], "objects"`), "leave it empty on an interior wall"},
		{"wall ids", layoutEdit(t, `"objects"`, `"walls": [{"id": "a", "from": [2, 0], "to": [2, 3]}, {"id": "a", "from": [3, 0], "to": [3, 3]}], "objects"`), `id "a" used twice`},
		{"too many objects", many, "201 objects, want at most 200"},
		{"too big", `{"name": "` + strings.Repeat("a", LayoutMaxBytes) + `"}`, "bytes, want at most"},
	}
	for _, tc := range tests {
		_, err := ParseLayout([]byte(tc.input))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "scene: layout") {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestLayoutBuild(t *testing.T) {
	l, err := ParseLayout([]byte(layoutSmall))
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Build()
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "small" || len(s.Objects) != 4 || s.Objects[0].ID != "walls" {
		t.Fatalf("scene %q with %d objects, first %q", s.Name, len(s.Objects), s.Objects[0].ID)
	}
	if got := s.Start; got.Root != pv(1, 0, 0.5) || math.Abs(got.Heading-math.Pi/4) > 1e-12 {
		t.Errorf("start %v, want (1, 0.5) at 45°", got)
	}
	// The zmin wall has one doorway: two segments and a lintel; the other walls are whole.
	walls := s.Objects[0]
	var names []string
	for _, p := range walls.Parts {
		names = append(names, p.Name)
	}
	want := []string{"wall_zmin_1", "wall_zmin_2", "wall_zmin_lintel_1", "wall_zmax", "wall_xmin", "wall_xmax"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("wall parts %v, want %v", names, want)
	}
	lintel, _ := walls.Part("wall_zmin_lintel_1")
	b := lintel.Mesh.Bounds()
	if math.Abs(b.Lo.X()-0.55) > 1e-9 || math.Abs(b.Hi.X()-1.45) > 1e-9 || math.Abs(b.Lo.Y()-layoutDefaultDoorH) > 1e-9 {
		t.Errorf("lintel bounds %v–%v, want x 0.55–1.45 from 2.05 m up", b.Lo, b.Hi)
	}
	if bed, _ := s.Object("bed_1"); math.Abs(bed.Bounds().Size().X()-1.9) > 1e-6 {
		t.Errorf("bed length along x %.3f, want 1.9 (size turned by yaw 90)", bed.Bounds().Size().X())
	}
}

// TestLayoutBuildDropsBlockedStandPoints puts a chair with its back to a wall and its side
// against another: only the stand points that are clear stay.
func TestLayoutBuildDropsBlockedStandPoints(t *testing.T) {
	in := `{"name": "corner", "room": {"width": 3, "depth": 3},
	  "objects": [{"kind": "chair", "id": "c", "x": 0.4, "z": 0.4}],
	  "start": {"x": 2, "z": 2}}`
	l, err := ParseLayout([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Build()
	if err != nil {
		t.Fatal(err)
	}
	c, _ := s.Object("c")
	all, _ := New(Spec{Kind: "chair", Position: pv(0.4, 0, 0.4)})
	// Candidates: front, +X side, −X side, and beside the back on either side (see standAround).
	if len(all.StandPoints) != 5 || len(c.StandPoints) != 2 || c.StandPoints[0] != all.StandPoints[0] || c.StandPoints[1] != all.StandPoints[1] {
		t.Errorf("kept %v of %v, want the front and the +X side", c.StandPoints, all.StandPoints)
	}
}

func TestLayoutBuildErrors(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"start in a chair", `{"name": "a", "room": {"width": 3, "depth": 3}, "objects": [{"kind": "chair", "id": "c", "x": 1.5, "z": 1.5}], "start": {"x": 1.5, "z": 1.5}}`,
			"start (1.5, 1.5) is 0.00 m from c/"},
		{"seat boxed in", `{"name": "a", "room": {"width": 3, "depth": 3}, "objects": [{"kind": "chair", "id": "c", "x": 1.5, "z": 1.5}, {"kind": "wardrobe", "id": "w", "x": 1.5, "z": 2.3, "yaw": 180}, {"kind": "wardrobe", "id": "l", "x": 2.3, "z": 1.5, "yaw": 90}, {"kind": "wardrobe", "id": "r", "x": 0.7, "z": 1.5, "yaw": -90}], "start": {"x": 0.5, "z": 0.5}}`,
			fmt.Sprintf("c: no stand point at least %g m from everything", LayoutClearance)},
		{"wall names clash", `{"name": "a", "room": {"width": 3, "depth": 3}, "walls": [{"id": "zmin_1", "from": [1, 0], "to": [1, 3]}], "doorways": [{"wall": "zmin", "offset": 2, "width": 0.8}], "objects": [], "start": {"x": 2, "z": 2}}`,
			`two parts named "wall_zmin_1"`},
	}
	for _, tc := range tests {
		l, err := ParseLayout([]byte(tc.input))
		if err != nil {
			t.Fatalf("%s: parse: %v", tc.name, err)
		}
		_, err = l.Build()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// FuzzParseLayout feeds arbitrary bytes to the parser: no panics, and whatever parses builds or
// fails cleanly, and survives a round trip through JSON unchanged.
func FuzzParseLayout(f *testing.F) {
	for _, name := range BuiltinNames() {
		data, err := fs.ReadFile(assets.Scenes(), name+".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(layoutSmall))
	f.Add([]byte(`{"name": "a", "room": {"width": 3, "depth": 3}, "walls": [{"from": [1, 0], "to": [1, 3], "doorways": [{"offset": 1.5, "width": 0.9}]}], "objects": [], "start": {"x": 2, "z": 2}}`))
	f.Add([]byte(`{"name": "a", "room": {"width": 3, "depth": 3}, "objects": [{"kind": "sofa", "x": 1.5, "z": 2.5, "yaw": 180}], "start": {"x": 0.5, "z": 0.5}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLayout(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "scene: layout") {
				t.Fatalf("error without the package prefix: %v", err)
			}
			return
		}
		out, err := json.Marshal(l)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		again, err := ParseLayout(out)
		if err != nil || !reflect.DeepEqual(l, again) {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
		if s, err := l.Build(); err == nil && s.TriangleCount() == 0 {
			t.Fatalf("built an empty scene")
		}
	})
}

// TestLayoutClearanceCoversBody checks that LayoutClearance is the body proxy's horizontal reach
// at rest, rounded up by at most 2 cm: a body standing at a kept stand point, turned any way,
// reaches no part's bounds, and the clearance asks for no more room than the body needs. The
// farthest point of a capsule from the vertical axis through the root lies at one of its ends.
func TestLayoutClearanceCoversBody(t *testing.T) {
	reach, what := 0.0, ""
	for _, c := range motion.NewBody().Capsules(motion.RestPose(), nil) {
		for _, e := range []mgl64.Vec3{c.A, c.B} {
			if r := math.Hypot(e.X(), e.Z()) + c.Radius; r > reach {
				reach, what = r, c.Part.String()
			}
		}
	}
	if reach > LayoutClearance || LayoutClearance > reach+0.02 {
		t.Errorf("body proxy at rest reaches %.3f m from its root (%s); LayoutClearance %g m should be that rounded up to the centimetre", reach, what, LayoutClearance)
	}
}

// TestLayoutDocExampleBuilds builds the example of docs/scene-layout.md, so that the documented
// layout stays one a reader can copy: it parses, and every seat and bed keeps a stand point.
func TestLayoutDocExampleBuilds(t *testing.T) {
	data, err := os.ReadFile("../../docs/scene-layout.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "```json\n")
	example, _, closed := strings.Cut(rest, "```")
	if !ok || !closed {
		t.Fatal("docs/scene-layout.md: no ```json example")
	}
	l, err := ParseLayout([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Build(); err != nil {
		t.Errorf("docs/scene-layout.md example: %v", err)
	}
}
