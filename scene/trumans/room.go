package trumans

import (
	"fmt"
	"io/fs"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/obj"
)

// The room mesh is split into what the rest of the project treats differently: the floor (drawn
// by the renderer itself, never an obstacle), the walls and ceiling (cut away when they hide the
// view, never a target) and the rest (static furniture, drawn and measured, of category "room").
const (
	// CategoryRoom is the category of the room mesh's static remainder: not a wall, not the floor.
	CategoryRoom = "room"
	floorSlack   = 0.03 // the floor's thickness of tolerance (m)
	floorSearch  = 0.5  // how far above the mesh's lowest point the floor may lie (m)
	wallHeight   = 1.8  // the least height of a connected piece taken for a wall (m)
	wallReach    = 0.3  // how near the mesh's outer box a wall piece must come (m)
	flatNormal   = 0.9  // |n.y| above which a triangle faces up or down
)

// triangle classes of the room mesh.
const (
	classRest = iota
	classFloor
	classWall
)

// roomObjects loads the room mesh name and splits it into floor, walls and the rest.
func roomObjects(fsys fs.FS, name string) ([]*scene.Object, error) {
	sc, err := obj.Load(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("scene: trumans room mesh %s: %w", name, err)
	}
	all := &scene.Mesh{}
	var named []int // a class the OBJ's names give each triangle, -1 for none
	for _, o := range sc.Objects {
		for _, p := range o.Parts {
			all.Append(p.Mesh)
			named = appendClass(named, len(p.Mesh.Triangles), namedClass(o, p))
		}
	}
	if len(all.Triangles) == 0 {
		return nil, &scene.FormatError{Format: "trumans room mesh", Path: name, Msg: "no faces, want the room's floor and walls"}
	}
	return splitRoom(all, classify(all, named)), nil
}

// appendClass appends n copies of c.
func appendClass(cs []int, n, c int) []int {
	for range n {
		cs = append(cs, c)
	}
	return cs
}

// namedClass returns the class an OBJ object's or part's name says, -1 when it says none.
func namedClass(o *scene.Object, p scene.Part) int {
	switch {
	case o.IsFloor() || p.Name == "floor":
		return classFloor
	case o.IsWall() || p.Kind == scene.PartWall:
		return classWall
	}
	return -1
}

// classify gives every triangle its class: the OBJ's names where they say, else the floor's
// up-facing triangles at the floor's level (floorLevel), the walls' connected pieces (at least wallHeight tall,
// reaching the mesh's outer box) and the ceiling's down-facing triangles at the top.
func classify(m *scene.Mesh, named []int) []int {
	b := m.Bounds()
	level := floorLevel(m, b.Lo.Y())
	class := make([]int, len(m.Triangles))
	for i := range m.Triangles {
		class[i] = named[i]
		if class[i] < 0 {
			class[i] = flatClass(m, i, level, b.Hi.Y())
		}
	}
	markWalls(m, class, b.Lo, b.Hi)
	for i, c := range class {
		if c < 0 {
			class[i] = classRest
		}
	}
	return class
}

// floorLevel returns the floor's height: of the heights within floorSearch of the mesh's lowest
// point lo, the one (in floorSlack bins) with the most up-facing area, so that a floor slab's
// underside or a sunken step does not pass for the floor; lo when nothing faces up there.
func floorLevel(m *scene.Mesh, lo float64) float64 {
	search, bin := floorSearch, floorSlack
	area := make([]float64, int(search/bin)+1)
	for i := range m.Triangles {
		if a, y, ok := upFacing(m, i); ok && y-lo <= floorSearch {
			area[int((y-lo)/bin)] += a
		}
	}
	best := 0
	for k := range area {
		if area[k] > area[best] {
			best = k
		}
	}
	return lo + float64(best)*bin
}

// flatClass returns classFloor for an up-facing triangle at the floor's level lo (within
// floorSlack), classWall for a down-facing one at the top hi of a room at least wallHeight tall,
// and -1 otherwise.
func flatClass(m *scene.Mesh, i int, lo, hi float64) int {
	a, b, c := m.Triangle(i)
	n := b.Sub(a).Cross(c.Sub(a))
	l := n.Len()
	if l == 0 {
		return -1
	}
	ny := n.Y() / l
	top, bottom := max(a.Y(), b.Y(), c.Y()), min(a.Y(), b.Y(), c.Y())
	switch {
	case ny > flatNormal && top <= lo+2*floorSlack && bottom >= lo-floorSlack:
		return classFloor
	case ny < -flatNormal && bottom >= hi-floorSlack && hi-lo >= wallHeight:
		return classWall
	}
	return -1
}

// markWalls gives classWall to the unclassified triangles of every connected piece that is at
// least wallHeight tall and comes within wallReach of a side of the mesh's box [lo, hi].
func markWalls(m *scene.Mesh, class []int, lo, hi mgl64.Vec3) {
	comp := components(m, class)
	boxes := map[int32]*[2]mgl64.Vec3{}
	for i, c := range comp {
		if c < 0 {
			continue
		}
		a, b, cc := m.Triangle(i)
		growBox(boxes, c, a, b, cc)
	}
	for i, c := range comp {
		if c >= 0 && isWallPiece(boxes[c], lo, hi) {
			class[i] = classWall
		}
	}
}

// growBox grows the box of component c by three points.
func growBox(boxes map[int32]*[2]mgl64.Vec3, c int32, ps ...mgl64.Vec3) {
	bx := boxes[c]
	if bx == nil {
		bx = &[2]mgl64.Vec3{ps[0], ps[0]}
		boxes[c] = bx
	}
	for _, p := range ps {
		for k := 0; k < 3; k++ {
			bx[0][k], bx[1][k] = min(bx[0][k], p[k]), max(bx[1][k], p[k])
		}
	}
}

// isWallPiece reports whether a piece's box is a wall's: tall, and at a side of the room's box.
func isWallPiece(bx *[2]mgl64.Vec3, lo, hi mgl64.Vec3) bool {
	if bx[1].Y()-bx[0].Y() < wallHeight {
		return false
	}
	return bx[0].X()-lo.X() <= wallReach || hi.X()-bx[1].X() <= wallReach ||
		bx[0].Z()-lo.Z() <= wallReach || hi.Z()-bx[1].Z() <= wallReach
}

// components labels the unclassified triangles (class < 0) by the connected piece they belong to
// (triangles sharing a vertex index are connected); classified triangles get -1.
func components(m *scene.Mesh, class []int) []int32 {
	parent := make([]int32, len(m.Vertices))
	for i := range parent {
		parent[i] = int32(i)
	}
	for i, t := range m.Triangles {
		if class[i] < 0 {
			union(parent, t[0], t[1])
			union(parent, t[0], t[2])
		}
	}
	comp := make([]int32, len(m.Triangles))
	for i, t := range m.Triangles {
		comp[i] = -1
		if class[i] < 0 {
			comp[i] = find(parent, t[0])
		}
	}
	return comp
}

// find returns the root of x's set, halving the path on the way.
func find(parent []int32, x int32) int32 {
	for parent[x] != x {
		parent[x] = parent[parent[x]]
		x = parent[x]
	}
	return x
}

// union joins the sets of a and b.
func union(parent []int32, a, b int32) {
	ra, rb := find(parent, a), find(parent, b)
	if ra != rb {
		parent[ra] = rb
	}
}
