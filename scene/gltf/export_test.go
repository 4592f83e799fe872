package gltf

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// ldBoxMesh is a closed box between lo and hi, wound counter-clockwise from outside.
func ldBoxMesh(lo, hi mgl64.Vec3) *scene.Mesh {
	m := &scene.Mesh{}
	for i := 0; i < 8; i++ {
		v := lo
		for k := 0; k < 3; k++ {
			if i&(1<<k) != 0 {
				v[k] = hi[k]
			}
		}
		m.Vertices = append(m.Vertices, v)
	}
	m.Triangles = [][3]int32{{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
		{2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}}
	return m
}

// ldHandScene is a scene built in the test: a stool with two parts and a surface, a marker object
// with no geometry, and a start pose.
func ldHandScene() *scene.Scene {
	seat := ldBoxMesh(mgl64.Vec3{1.2, 0.40, -0.3}, mgl64.Vec3{1.6, 0.45, 0.1})
	leg := ldBoxMesh(mgl64.Vec3{1.38, 0, -0.12}, mgl64.Vec3{1.42, 0.40, -0.08})
	return &scene.Scene{
		Name:  "hand made",
		Start: motion.State{Root: mgl64.Vec3{0.5, 0, -1.25}, Heading: 1.0471975511965976},
		Objects: []*scene.Object{
			{
				ID: "stool_1", Category: "chair", Name: "Stool", Color: [3]float64{0.25, 0.5, 0.125},
				Transform: mgl64.Translate3D(1.4, 0, -0.1), Proxy: true,
				Parts: []scene.Part{{Name: "seat", Kind: scene.PartSeat, Mesh: seat}, {Name: "leg_1", Kind: scene.PartLeg, Mesh: leg}},
				Surfaces: []scene.Surface{{Part: "seat", Center: mgl64.Vec3{1.4, 0.45, -0.1}, Extent: [2]float64{0.2, 0.2},
					Axis: mgl64.Vec3{0, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}, Sit: true}},
				StandPoints: []mgl64.Vec3{{1.4, 0, 0.6}, {2.1, 0, -0.1}},
			},
			{ID: "marker", Category: "stand_point", Transform: mgl64.Ident4(), StandPoints: []mgl64.Vec3{{3, 0, 3}}},
		},
	}
}

func ldRoundTrip(t *testing.T, s *scene.Scene) *scene.Scene {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteGLB(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := load(fstest.MapFS{"s.glb": {Data: buf.Bytes()}}, "s.glb", scene.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// ldSameScene reports the first difference between a scene and its round trip.
func ldSameScene(t *testing.T, want, got *scene.Scene) {
	t.Helper()
	if got.Name != want.Name || got.Start != want.Start {
		t.Errorf("scene %q start %v, want %q %v", got.Name, got.Start, want.Name, want.Start)
	}
	if len(got.Objects) != len(want.Objects) {
		t.Fatalf("%d objects, want %d", len(got.Objects), len(want.Objects))
	}
	for i, w := range want.Objects {
		g := got.Objects[i]
		if g.ID != w.ID || g.Category != w.Category || g.Name != w.Name || g.Proxy != w.Proxy || g.Color != w.Color {
			t.Errorf("object %d = %s %q %q proxy %v colour %v, want %s %q %q %v %v",
				i, g.ID, g.Category, g.Name, g.Proxy, g.Color, w.ID, w.Category, w.Name, w.Proxy, w.Color)
		}
		if g.Transform != w.Transform {
			t.Errorf("%s: transform %v, want %v", w.ID, g.Transform, w.Transform)
		}
		ldSameParts(t, w, g)
		if !slices.Equal(g.Surfaces, w.Surfaces) || !slices.Equal(g.StandPoints, w.StandPoints) {
			t.Errorf("%s: surfaces %v stand points %v, want %v %v", w.ID, g.Surfaces, g.StandPoints, w.Surfaces, w.StandPoints)
		}
	}
}

func ldSameParts(t *testing.T, w, g *scene.Object) {
	t.Helper()
	if len(g.Parts) != len(w.Parts) {
		t.Errorf("%s: %d parts, want %d", w.ID, len(g.Parts), len(w.Parts))
		return
	}
	for k, wp := range w.Parts {
		gp := g.Parts[k]
		if gp.Name != wp.Name || gp.Kind != wp.Kind || len(gp.Mesh.Triangles) != len(wp.Mesh.Triangles) {
			t.Errorf("%s part %d = %s %s %d triangles, want %s %s %d", w.ID, k, gp.Name, gp.Kind,
				len(gp.Mesh.Triangles), wp.Name, wp.Kind, len(wp.Mesh.Triangles))
		}
		gb, wb := gp.Mesh.Bounds(), wp.Mesh.Bounds()
		if !gb.Lo.ApproxEqualThreshold(wb.Lo, 1e-6) || !gb.Hi.ApproxEqualThreshold(wb.Hi, 1e-6) {
			t.Errorf("%s part %s bounds %v, want %v (within 1e-6)", w.ID, wp.Name, gb, wb)
		}
	}
}

func TestWriteGLBRoundTrip(t *testing.T) {
	s := ldHandScene()
	ldSameScene(t, s, ldRoundTrip(t, s))
}

func TestWriteGLBRoundTripFurniture(t *testing.T) {
	s := &scene.Scene{Name: "furniture"}
	for i, kind := range furniture.Kinds() {
		o, err := furniture.New(furniture.Spec{Kind: kind, ID: kind + "_1", Position: mgl64.Vec3{float64(i), 0, 2}, Yaw: 0.3 * float64(i)})
		if err != nil {
			t.Fatal(err)
		}
		s.Objects = append(s.Objects, o)
	}
	ldSameScene(t, s, ldRoundTrip(t, s))
}

func TestWriteGLBRoundTripBuiltin(t *testing.T) {
	names := furniture.BuiltinNames()
	if len(names) == 0 {
		t.Fatal("no built-in scenes")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			s, err := furniture.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			back := ldRoundTrip(t, s)
			ldSameScene(t, s, back)
			if back.TriangleCount() != s.TriangleCount() {
				t.Errorf("%d triangles, want %d", back.TriangleCount(), s.TriangleCount())
			}
		})
	}
}

func TestWriteGLBRefusesBadScenes(t *testing.T) {
	nan := ldHandScene()
	nan.Objects[0].Parts[0].Mesh.Vertices[0] = mgl64.Vec3{math.NaN(), 0, 0}
	dup := ldHandScene()
	dup.Objects[1].ID = "stool_1"
	badIdx := ldHandScene()
	badIdx.Objects[0].Parts[1].Mesh.Triangles[0] = [3]int32{0, 1, 99}
	for name, tc := range map[string]struct {
		s    *scene.Scene
		want string
	}{
		"nan":       {nan, "not finite"},
		"duplicate": {dup, "unique"},
		"index":     {badIdx, "vertex 99"},
	} {
		if err := WriteGLB(&bytes.Buffer{}, tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %q", name, err, tc.want)
		}
	}
}

func BenchmarkWriteGLBLivingRoom(b *testing.B) {
	s, err := furniture.Builtin("living_room")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := WriteGLB(&buf, s); err != nil {
			b.Fatal(err)
		}
	}
}
