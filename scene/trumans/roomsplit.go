package trumans

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// splitRoom builds the room's objects from its classified triangles: "floor" (category floor),
// "walls" (category wall, one part per wall piece so that each can be cut away on its own) and
// "room" (category room); objects without triangles are left out.
func splitRoom(m *scene.Mesh, class []int) []*scene.Object {
	var out []*scene.Object
	if f := subMesh(m, class, classFloor); f != nil {
		out = append(out, roomObject("floor", scene.CategoryFloor, "Floor",
			[]scene.Part{{Name: "floor", Kind: scene.PartBody, Mesh: f}}))
	}
	if parts := wallParts(m, class); len(parts) > 0 {
		out = append(out, roomObject("walls", scene.CategoryWall, "Walls", parts))
	}
	if r := subMesh(m, class, classRest); r != nil {
		out = append(out, roomObject("room", CategoryRoom, "Room (static mesh)",
			[]scene.Part{{Name: "static", Kind: scene.PartBody, Mesh: r}}))
	}
	return out
}

// roomObject returns one static object of the room.
func roomObject(id, category, name string, parts []scene.Part) *scene.Object {
	return &scene.Object{ID: id, Category: category, Name: name, Transform: mgl64.Ident4(),
		Parts: parts, Color: [3]float64{0.88, 0.86, 0.82}}
}

// wallParts returns the wall triangles as parts, one per connected piece.
func wallParts(m *scene.Mesh, class []int) []scene.Part {
	others := make([]int, len(class)) // components joins only the triangles marked -1
	for i, c := range class {
		if c != classWall {
			others[i] = 1
		} else {
			others[i] = -1
		}
	}
	comp := components(m, others)
	index := map[int32]int{}
	remap := newRemap(len(m.Vertices)) // a vertex belongs to one piece only
	var parts []scene.Part
	for i, c := range comp {
		if c < 0 {
			continue
		}
		k, ok := index[c]
		if !ok {
			k = len(parts)
			index[c] = k
			parts = append(parts, scene.Part{Name: fmt.Sprintf("wall_%d", k+1), Kind: scene.PartWall, Mesh: &scene.Mesh{}})
		}
		addRemapped(parts[k].Mesh, m, i, remap)
	}
	return parts
}

// subMesh returns the triangles of class c as a mesh of their own; nil when there are none.
func subMesh(m *scene.Mesh, class []int, c int) *scene.Mesh {
	var out *scene.Mesh
	var remap []int32
	for i, k := range class {
		if k != c {
			continue
		}
		if out == nil {
			out, remap = &scene.Mesh{}, newRemap(len(m.Vertices))
		}
		addRemapped(out, m, i, remap)
	}
	return out
}

// newRemap returns a vertex map of n entries, each -1 (not yet copied).
func newRemap(n int) []int32 {
	r := make([]int32, n)
	for i := range r {
		r[i] = -1
	}
	return r
}

// addRemapped copies triangle i of m into out, sharing the vertices already copied (remap maps
// m's vertex indices to out's, -1 where not yet copied).
func addRemapped(out, m *scene.Mesh, i int, remap []int32) {
	var t [3]int32
	for k, v := range m.Triangles[i] {
		j := remap[v]
		if j < 0 {
			j = int32(len(out.Vertices))
			out.Vertices = append(out.Vertices, m.Vertices[v])
			remap[v] = j
		}
		t[k] = j
	}
	out.Triangles = append(out.Triangles, t)
}
