package floor

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// BenchmarkNewDense measures building the floor of a room as dense as a loaded glTF one:
// 30 smooth pieces of furniture of 10,000 triangles each (300,000 in all) in a 10 × 8 m room.
func BenchmarkNewDense(b *testing.B) {
	s := denseRoom(30, 50, 100)
	b.Logf("%d triangles", s.TriangleCount())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// denseRoom returns a scene of n ellipsoids (slices × stacks × 2 triangles each) on a 6 × 5 grid
// over a 10 × 8 m floor.
func denseRoom(n, slices, stacks int) *scene.Scene {
	s := &scene.Scene{Name: "dense"}
	for k := 0; k < n; k++ {
		c := mgl64.Vec3{1 + float64(k%6)*1.6, 0.45, 1 + float64(k/6)*1.5}
		m := ellipsoidMesh(c, mgl64.Vec3{0.5, 0.45, 0.4}, slices, stacks)
		s.Objects = append(s.Objects, &scene.Object{ID: "blob", Category: "object", Parts: []scene.Part{{Name: "body", Mesh: m}}})
	}
	return s
}

// ellipsoidMesh returns a closed latitude–longitude ellipsoid around c with radii r.
func ellipsoidMesh(c, r mgl64.Vec3, slices, stacks int) *scene.Mesh {
	m := &scene.Mesh{}
	for i := 0; i <= stacks; i++ {
		th := math.Pi * float64(i) / float64(stacks)
		for j := 0; j < slices; j++ {
			ph := 2 * math.Pi * float64(j) / float64(slices)
			d := mgl64.Vec3{math.Sin(th) * math.Cos(ph), math.Cos(th), math.Sin(th) * math.Sin(ph)}
			m.Vertices = append(m.Vertices, c.Add(mgl64.Vec3{d.X() * r.X(), d.Y() * r.Y(), d.Z() * r.Z()}))
		}
	}
	at := func(i, j int) int32 { return int32(i*slices + (j+slices)%slices) }
	for i := 0; i < stacks; i++ {
		for j := 0; j < slices; j++ {
			m.Triangles = append(m.Triangles, [3]int32{at(i, j), at(i, j+1), at(i+1, j)}, [3]int32{at(i, j+1), at(i+1, j+1), at(i+1, j)})
		}
	}
	return m
}

// TestBuriedChangesNothing builds the floor of a smooth blob of many small triangles, most
// of them buried in the others, and compares it with the same floor measured without skipping
// any: within the reach every cell's distance is the same.
func TestBuriedChangesNothing(t *testing.T) {
	s := floorCaseNamed("dense blob").s
	f := newTestFloor(t, s, Options{})
	ref, err := newGrid(extentOf(s, f.opt), f.opt)
	if err != nil {
		t.Fatal(err)
	}
	reach, buried, all := max(f.opt.Clearance, f.opt.Cell), 0, 0
	ref.eachPoly(s, func(p poly) { ref.rasterisePoly(&p, reach) })
	f.eachPoly(s, func(p poly) {
		all++
		if f.buried(&p) {
			buried++
		}
	})
	if buried < all/4 {
		t.Errorf("%d of %d triangles buried, want at least a quarter: the test would not test skipping", buried, all)
	}
	for c, d := range ref.dist {
		if d < reach && math.Abs(f.dist[c]-d) > 1e-12 {
			t.Errorf("cell %d: distance %.6f, %.6f without skipping buried triangles", c, f.dist[c], d)
		}
	}
}
