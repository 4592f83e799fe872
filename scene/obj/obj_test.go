package obj

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// A chair in OBJ: a seat part of one quad (two triangles) and a back part of one pentagon
// (three), written with every face-corner form, a negative index, a comment and a continued line.
const chairOBJ = `# a test chair
mtllib chair.mtl missing.mtl
o Chair_1
v 0 0.45 0
v 0.5 0.45 0
v 0.5 0.45 0.5
v 0 0.45 0.5
vt 0 0
vt 1 0
vn 0 1 0
g seat
usemtl wood
f 1/1/1 4/2/1 3/2/1 2/1/1
g back
v 0 0.45 0 1.0
v 0.5 0.45 0
v 0.5 0.9 0
v 0.25 1.0 0
v 0 0.9 0
s off
f 5//1 6//1 7//1 \
  -2 -1
o lamp
v 3 0 3
v 3.2 0 3
v 3 1.5 3
l 10 11
usemtl other
f -3 -2 -1
`

func TestReadOBJ(t *testing.T) {
	s, err := Read(strings.NewReader(chairOBJ), "room.obj")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "room" || len(s.Objects) != 2 {
		t.Fatalf("scene %q with %d objects, want room with 2", s.Name, len(s.Objects))
	}
	chair := s.Objects[0]
	if chair.ID != "Chair_1" || chair.Category != "chair" || len(chair.Parts) != 2 {
		t.Fatalf("object %s %q with %d parts", chair.ID, chair.Category, len(chair.Parts))
	}
	seat, back := chair.Parts[0], chair.Parts[1]
	if seat.Name != "seat" || seat.Kind != scene.PartSeat || len(seat.Mesh.Triangles) != 2 || len(seat.Mesh.Vertices) != 4 {
		t.Errorf("seat = %s %s, %d triangles, %d vertices", seat.Name, seat.Kind, len(seat.Mesh.Triangles), len(seat.Mesh.Vertices))
	}
	if back.Name != "back" || back.Kind != scene.PartBack || len(back.Mesh.Triangles) != 3 {
		t.Errorf("back = %s %s, %d triangles, want a fan of 3", back.Name, back.Kind, len(back.Mesh.Triangles))
	}
	// The quad 1 4 3 2 winds counter-clockwise seen from above, so its normal points up.
	if a, b, c := seat.Mesh.Triangle(0); b.Sub(a).Cross(c.Sub(a)).Y() <= 0 {
		t.Errorf("seat triangle 0 normal %v, want +Y (winding kept)", b.Sub(a).Cross(c.Sub(a)))
	}
	if got := back.Mesh.Bounds(); got.Hi != (mgl64.Vec3{0.5, 1.0, 0}) {
		t.Errorf("back bounds %v: negative indices resolved wrongly", got)
	}
	lamp := s.Objects[1]
	if lamp.ID != "lamp" || lamp.Category != "lamp" || lamp.Parts[0].Name != "body" || len(lamp.Parts[0].Mesh.Triangles) != 1 {
		t.Errorf("lamp = %s %q parts %+v", lamp.ID, lamp.Category, lamp.Parts)
	}
}

func TestLoadOBJReadsMaterialsAndIgnoresMissingOnes(t *testing.T) {
	fsys := fstest.MapFS{
		"d/room.obj":  {Data: []byte(chairOBJ)},
		"d/chair.mtl": {Data: []byte("newmtl wood\nKd 0.5 0.25 0.125\nnewmtl other\nKd 1 1 1\n")},
	}
	s, err := Load(fsys, "d/room.obj")
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Objects[0].Color; c != [3]float64{0.5, 0.25, 0.125} {
		t.Errorf("chair colour %v, want Kd of wood", c)
	}
	if c := s.Objects[1].Color; c != [3]float64{1, 1, 1} {
		t.Errorf("lamp colour %v, want Kd of other", c)
	}
}

func TestReadOBJGroupsWithoutObjects(t *testing.T) {
	src := "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\ng top\nf 3 2 1\ng top\nf 1 3 2\no\nf 1 2 3\no\nf 1 2 3\n"
	s, err := Read(strings.NewReader(src), "blocks.obj")
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, o := range s.Objects {
		ids = append(ids, o.ID)
	}
	if strings.Join(ids, ",") != "blocks,object_2,object_3" {
		t.Errorf("object ids %v", ids)
	}
	var parts []string
	for _, p := range s.Objects[0].Parts {
		parts = append(parts, p.Name)
	}
	if strings.Join(parts, ",") != "body,top,top_2" {
		t.Errorf("part names %v, want body, top, top_2", parts)
	}
}

func TestReadOBJErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"v 1 2\n", "room.obj:1: vertex has 2 numbers"},
		{"v 0 0 0\nv 1 x 0\n", ":2: vertex coordinate \"x\""},
		{"v 0 0 0\nv NaN 0 0\n", ":2: vertex coordinate \"NaN\" is not a finite number"},
		{"v 0 0 0\n\n# c\nf 1 1 2\n", ":4: vertex index 2 out of range (1 read so far)"},
		{"v 0 0 0\nf 1 1\n", ":2: face has 2 corners"},
		{"v 0 0 0\nf 0 1 1\n", "vertex index 0 out of range"},
		{"v 0 0 0\nf -2 1 1\n", "vertex index -2 out of range"},
		{"v 0 0 0\nf 1/1 1 1\n", "texture coordinate index 1 out of range (0 read so far)"},
		{"v 0 0 0\nvn 0 1 0\nf 1//2 1 1\n", ":3: normal index 2 out of range"},
		{"v 0 0 0\nf 1/2/3/4 1 1\n", "face corner \"1/2/3/4\""},
		{"v 0 0 0\nf 1/ 1 1\n", "face corner \"1/\""},
		{"v 0 0 0\nf a 1 1\n", "vertex index \"a\" is not an integer"},
		{"vn 0 1\n", "vn has 2 numbers, want 3 to 3"},
		{"vt 0 x\n", "vt component \"x\" is not a number"},
		{"v 0 0 0\nbanana 1\n", ":2: unknown statement \"banana\""},
		{"v 0 0 0 \\\n1 2 3 4 5\n", ":1: vertex has 8 numbers"},
		{"v 0 0 0\n\\\nf 1 1 1 \\\n 2\n", ":2: vertex index 2 out of range"}, // the statement starts at line 2
		{"", "room.obj: no faces"},
		{"# only a comment\nv 0 0 0\nv 1 0 0\nl 1 2\n", "room.obj: no faces"},
	}
	for _, tc := range tests {
		_, err := Read(strings.NewReader(tc.src), "room.obj")
		var fe *scene.FormatError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &fe) {
			t.Errorf("%q: err = %v, want a FormatError containing %q", tc.src, err, tc.want)
		}
	}
}

func TestReadOBJTriangleLimit(t *testing.T) {
	p := newParser("big.obj", scene.Limits{FileBytes: 1 << 20, Triangles: 2})
	err := p.parse(strings.NewReader("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 4 3\nf 1 2 3\n"))
	if !errors.Is(err, fileio.ErrTooLarge) || !strings.Contains(err.Error(), "big.obj:6") {
		t.Errorf("err = %v, want fileio.ErrTooLarge at line 6", err)
	}
}

// FuzzOBJ checks that any input gives a scene or an error, never a panic, and that a scene it
// gives is sound: indices in range, coordinates finite, objects with parts and triangles.
func FuzzOBJ(f *testing.F) {
	f.Add([]byte(chairOBJ))
	f.Add([]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -3\n"))
	f.Add([]byte("o a\ng b c\nv 1e308 -1e308 0\nvt 0.5\nvn 0 0 1\nf 1/1/1 1/1/1 1/1/1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Read(strings.NewReader(string(data)), "fuzz.obj")
		if err != nil {
			return
		}
		for _, o := range s.Objects {
			if len(o.Parts) == 0 {
				t.Fatalf("object %s without parts", o.ID)
			}
			for _, p := range o.Parts {
				if len(p.Mesh.Triangles) == 0 {
					t.Fatalf("part %s/%s without triangles", o.ID, p.Name)
				}
				for _, tri := range p.Mesh.Triangles {
					for _, k := range tri {
						if k < 0 || int(k) >= len(p.Mesh.Vertices) {
							t.Fatalf("index %d of %d vertices", k, len(p.Mesh.Vertices))
						}
					}
				}
				for _, v := range p.Mesh.Vertices {
					if !geom.FiniteVec(v) {
						t.Fatalf("vertex %v", v)
					}
				}
			}
		}
	})
}

// BenchmarkReadOBJ reads a 100 × 100 grid of quads (20,000 triangles).
func BenchmarkReadOBJ(b *testing.B) {
	var sb strings.Builder
	const n = 100
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			fmt.Fprintf(&sb, "v %d 0 %d\n", i, j)
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a := i*(n+1) + j + 1
			fmt.Fprintf(&sb, "f %d %d %d %d\n", a, a+1, a+n+2, a+n+1)
		}
	}
	src := sb.String()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(strings.NewReader(src), "grid.obj"); err != nil {
			b.Fatal(err)
		}
	}
}
