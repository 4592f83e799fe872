package gltf

import (
	"fmt"

	"github.com/qmuntal/gltf"

	"interactagent/fileio"
	"interactagent/scene"
)

// Reading a glTF primitive's triangles: accessors are checked against their buffer views before
// qmuntal/gltf's modeler decodes them, because it allocates what an accessor's count claims.

// primitive reads one primitive's triangles in its mesh's space; nil for points and lines and
// for primitives without positions.
func (r *reader) primitive(p *gltf.Primitive) (*scene.Mesh, error) {
	pi, ok := p.Attributes[gltf.POSITION]
	if !ok || !isTriangles(p.Mode) {
		return nil, nil
	}
	pos, ia, err := r.primitiveAccessors(pi, p.Indices)
	if err != nil {
		return nil, err
	}
	if err := r.countTriangles(p.Mode, pos, ia); err != nil {
		return nil, err
	}
	verts, err := r.positions(pi, pos)
	if err != nil {
		return nil, err
	}
	idx, err := r.indices(p.Indices, ia, len(verts))
	if err != nil {
		return nil, err
	}
	return &scene.Mesh{Vertices: verts, Triangles: assemble(p.Mode, idx)}, nil
}

// isTriangles reports whether primitives of the mode are made of triangles (lists, strips or fans).
func isTriangles(mode gltf.PrimitiveMode) bool {
	switch mode {
	case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
		return true
	}
	return false
}

// primitiveAccessors returns a primitive's position accessor pi and its index accessor (nil for a
// primitive without indices), both checked (accessor).
func (r *reader) primitiveAccessors(pi int, indices *int) (pos, ia *gltf.Accessor, err error) {
	if pos, err = r.accessor(pi); err != nil {
		return nil, nil, err
	}
	if indices == nil {
		return pos, nil, nil
	}
	if ia, err = r.accessor(*indices); err != nil {
		return nil, nil, err
	}
	return pos, ia, nil
}

// countTriangles adds the triangles a primitive's accessors claim to those read so far, and
// refuses the file once they pass the limit: checked before anything is decoded.
func (r *reader) countTriangles(mode gltf.PrimitiveMode, pos, ia *gltf.Accessor) error {
	n := pos.Count
	if ia != nil {
		n = ia.Count
	}
	if r.tris += triangleCount(mode, n); r.tris > r.lim.Triangles {
		return fmt.Errorf("scene: gltf %s: more than %d triangles: %w", r.name, r.lim.Triangles, fileio.ErrTooLarge)
	}
	return nil
}

// triangleCount returns how many triangles n vertices make in a primitive of the given mode.
func triangleCount(mode gltf.PrimitiveMode, n int) int {
	if mode == gltf.PrimitiveTriangles {
		return n / 3
	}
	return max(n-2, 0)
}

// assemble turns a primitive's vertex order into triangles. Strips alternate winding
// so that every triangle keeps the first one's orientation; triangles of strips and fans whose
// corners repeat an index (used to join strips) are dropped.
func assemble(mode gltf.PrimitiveMode, idx []int32) [][3]int32 {
	switch mode {
	case gltf.PrimitiveTriangles:
		return triangleList(idx)
	case gltf.PrimitiveTriangleStrip:
		return strip(idx)
	case gltf.PrimitiveTriangleFan:
		return fan(idx)
	}
	return nil
}

// triangleList takes the vertex order three at a time, one triangle each.
func triangleList(idx []int32) [][3]int32 {
	tris := make([][3]int32, 0, len(idx)/3)
	for i := 0; i+2 < len(idx); i += 3 {
		tris = append(tris, [3]int32{idx[i], idx[i+1], idx[i+2]})
	}
	return tris
}

// strip makes a triangle of every three consecutive vertices, swapping the last two of every
// other one so that all keep the first one's winding.
func strip(idx []int32) [][3]int32 {
	var tris [][3]int32
	for i := 0; i+2 < len(idx); i++ {
		t := [3]int32{idx[i], idx[i+1], idx[i+2]}
		if i%2 == 1 {
			t = [3]int32{idx[i], idx[i+2], idx[i+1]}
		}
		tris = appendProper(tris, t)
	}
	return tris
}

// fan makes a triangle of the first vertex with every two consecutive others.
func fan(idx []int32) [][3]int32 {
	var tris [][3]int32
	for i := 1; i+1 < len(idx); i++ {
		tris = appendProper(tris, [3]int32{idx[i], idx[i+1], idx[0]})
	}
	return tris
}

// appendProper appends t unless two of its corners are the same vertex.
func appendProper(tris [][3]int32, t [3]int32) [][3]int32 {
	if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
		return tris
	}
	return append(tris, t)
}
