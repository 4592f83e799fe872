package furniture

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// wtProblems lists what keeps a part's mesh from being a set of closed, outward-wound, disjoint
// solids: indices out of range, degenerate triangles, a directed edge that is not matched by
// exactly one reverse edge, a component whose signed volume is not positive, or two components
// whose boxes (in the object's frame, toObject) overlap or touch.
func wtProblems(m *scene.Mesh, toObject mgl64.Mat4) []string {
	var out []string
	edges := map[[2]int32]int{}
	for i, t := range m.Triangles {
		for k := 0; k < 3; k++ {
			if t[k] < 0 || int(t[k]) >= len(m.Vertices) {
				return []string{fmt.Sprintf("triangle %d: index %d out of range", i, t[k])}
			}
		}
		a, b, c := m.Triangle(i)
		if b.Sub(a).Cross(c.Sub(a)).Len() < 1e-12 {
			out = append(out, fmt.Sprintf("triangle %d is degenerate", i))
		}
		for k := 0; k < 3; k++ {
			edges[[2]int32{t[k], t[(k+1)%3]}]++
		}
	}
	for e, n := range edges {
		if n != 1 || edges[[2]int32{e[1], e[0]}] != 1 {
			out = append(out, fmt.Sprintf("edge %v appears %d times, its reverse %d times", e, n, edges[[2]int32{e[1], e[0]}]))
			break
		}
	}
	comps := wtComponents(m)
	boxes := make([]geom.Box, len(comps))
	for ci, tris := range comps {
		if v := wtSignedVolume(m, tris); v <= 0 {
			out = append(out, fmt.Sprintf("component %d: signed volume %g, want > 0 (inward normals?)", ci, v))
		}
		boxes[ci] = geom.EmptyBox()
		for _, ti := range tris {
			for _, vi := range m.Triangles[ti] {
				boxes[ci] = boxes[ci].AddPoint(mgl64.TransformCoordinate(m.Vertices[vi], toObject))
			}
		}
		for cj := 0; cj < ci; cj++ {
			if wtBoxesMeet(boxes[ci], boxes[cj]) {
				out = append(out, fmt.Sprintf("components %d and %d overlap or touch", cj, ci))
			}
		}
	}
	return out
}

// wtComponents groups triangles that share vertices (union–find over vertex indices).
func wtComponents(m *scene.Mesh) [][]int {
	parent := make([]int, len(m.Vertices))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, t := range m.Triangles {
		parent[find(int(t[1]))] = find(int(t[0]))
		parent[find(int(t[2]))] = find(int(t[0]))
	}
	byRoot := map[int]int{}
	var out [][]int
	for i, t := range m.Triangles {
		r := find(int(t[0]))
		ci, ok := byRoot[r]
		if !ok {
			ci = len(out)
			byRoot[r] = ci
			out = append(out, nil)
		}
		out[ci] = append(out[ci], i)
	}
	return out
}

// wtSignedVolume returns the volume enclosed by the given triangles (positive when they wind
// counter-clockwise seen from outside).
func wtSignedVolume(m *scene.Mesh, tris []int) float64 {
	v := 0.0
	for _, i := range tris {
		a, b, c := m.Triangle(i)
		v += a.Dot(b.Cross(c)) / 6
	}
	return v
}

// wtBoxesMeet reports whether two boxes overlap or touch (within 1e-9 m).
func wtBoxesMeet(a, b geom.Box) bool {
	for k := 0; k < 3; k++ {
		if a.Lo[k] > b.Hi[k]+1e-9 || b.Lo[k] > a.Hi[k]+1e-9 {
			return false
		}
	}
	return true
}

// wtCheckObject fails t for every part of o that is not watertight and outward.
func wtCheckObject(t *testing.T, label string, o *scene.Object) {
	t.Helper()
	inv := o.Transform.Inv()
	for _, p := range o.Parts {
		if p.Mesh == nil || len(p.Mesh.Triangles) == 0 {
			t.Errorf("%s: %s/%s: empty mesh", label, o.ID, p.Name)
			continue
		}
		for _, msg := range wtProblems(p.Mesh, inv) {
			t.Errorf("%s: %s/%s: %s", label, o.ID, p.Name, msg)
		}
	}
}

func TestBuiltinScenesWatertight(t *testing.T) {
	for _, name := range BuiltinNames() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatalf("Builtin(%q): %v", name, err)
		}
		for _, o := range s.Objects {
			wtCheckObject(t, name, o)
		}
	}
}

// TestWatertightCheckerCatchesFlaws makes sure the checker itself fails broken meshes.
func TestWatertightCheckerCatchesFlaws(t *testing.T) {
	box := func() *scene.Mesh { return BoxMesh(pv(0, 0, 0), pv(1, 1, 1)) }
	flipped := box()
	for i, tr := range flipped.Triangles {
		flipped.Triangles[i] = [3]int32{tr[0], tr[2], tr[1]}
	}
	open := box()
	open.Triangles = open.Triangles[1:]
	oneFlipped := box()
	oneFlipped.Triangles[0] = [3]int32{oneFlipped.Triangles[0][0], oneFlipped.Triangles[0][2], oneFlipped.Triangles[0][1]}
	overlap := primJoin(box(), BoxMesh(pv(0.5, 0.5, 0.5), pv(2, 2, 2)))
	touching := primJoin(box(), BoxMesh(pv(1, 0, 0), pv(2, 1, 1)))
	apart := primJoin(box(), BoxMesh(pv(1.1, 0, 0), pv(2, 1, 1)))
	tests := []struct {
		name string
		m    *scene.Mesh
		ok   bool
	}{
		{"box", box(), true},
		{"two separate boxes", apart, true},
		{"inward", flipped, false},
		{"open", open, false},
		{"one triangle flipped", oneFlipped, false},
		{"overlapping boxes", overlap, false},
		{"touching boxes", touching, false},
	}
	for _, tc := range tests {
		got := wtProblems(tc.m, mgl64.Ident4())
		if (len(got) == 0) != tc.ok {
			t.Errorf("%s: problems %v, want ok=%v", tc.name, got, tc.ok)
		}
	}
}
