package gltf

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// Reading a glTF primitive's triangles: accessors are checked against their buffer views before
// qmuntal/gltf's modeler decodes them, because it allocates what an accessor's count claims.

// primitive reads one primitive's triangles in its mesh's space; nil for points and lines and
// for primitives without positions.
func (r *reader) primitive(p *gltf.Primitive) (*scene.Mesh, error) {
	switch p.Mode {
	case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
	default:
		return nil, nil
	}
	pi, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return nil, nil
	}
	pos, err := r.accessor(pi)
	if err != nil {
		return nil, err
	}
	n := pos.Count
	var ia *gltf.Accessor
	if p.Indices != nil {
		if ia, err = r.accessor(*p.Indices); err != nil {
			return nil, err
		}
		n = ia.Count
	}
	if r.tris += triangleCount(p.Mode, n); r.tris > r.lim.Triangles {
		return nil, fmt.Errorf("scene: gltf %s: more than %d triangles: %w", r.name, r.lim.Triangles, fileio.ErrTooLarge)
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
	var tris [][3]int32
	switch mode {
	case gltf.PrimitiveTriangles:
		tris = make([][3]int32, 0, len(idx)/3)
		for i := 0; i+2 < len(idx); i += 3 {
			tris = append(tris, [3]int32{idx[i], idx[i+1], idx[i+2]})
		}
		return tris
	case gltf.PrimitiveTriangleStrip:
		for i := 0; i+2 < len(idx); i++ {
			t := [3]int32{idx[i], idx[i+1], idx[i+2]}
			if i%2 == 1 {
				t = [3]int32{idx[i], idx[i+2], idx[i+1]}
			}
			tris = appendProper(tris, t)
		}
	case gltf.PrimitiveTriangleFan:
		for i := 1; i+1 < len(idx); i++ {
			tris = appendProper(tris, [3]int32{idx[i], idx[i+1], idx[0]})
		}
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

// accessor returns accessor i after checking that it exists and that the data it describes fits
// in its buffer view (or, for an accessor without one, in a small multiple of the document's
// buffers), so that decoding it allocates only about what the file really holds: qmuntal/gltf's
// modeler allocates whatever an accessor's count claims.
func (r *reader) accessor(i int) (*gltf.Accessor, error) {
	if i < 0 || i >= len(r.doc.Accessors) || r.doc.Accessors[i] == nil {
		return nil, r.fail("accessor %d does not exist (%d accessors)", i, len(r.doc.Accessors))
	}
	a := r.doc.Accessors[i]
	elem := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.Count <= 0 || elem <= 0 {
		return nil, r.fail("accessor %d: count %d, element size %d", i, a.Count, elem)
	}
	// Compared before multiplying, so that a huge count cannot overflow the products below.
	if int64(a.Count) > r.lim.FileBytes || int64(a.Count)*int64(elem) > r.lim.FileBytes {
		return nil, fmt.Errorf("scene: gltf %s: accessor %d holds %d elements: %w", r.name, i, a.Count, fileio.ErrTooLarge)
	}
	if a.BufferView == nil {
		if int64(a.Count)*int64(elem) > r.bufferBytes()+1<<20 {
			return nil, r.fail("accessor %d: %d elements without a buffer view, more than the file holds", i, a.Count)
		}
		return a, nil
	}
	bi := *a.BufferView
	if bi < 0 || bi >= len(r.doc.BufferViews) || r.doc.BufferViews[bi] == nil {
		return nil, r.fail("accessor %d: buffer view %d does not exist", i, bi)
	}
	bv := r.doc.BufferViews[bi]
	data, err := modeler.ReadBufferView(r.doc, bv)
	if err != nil {
		return nil, r.fail("accessor %d: buffer view %d: %v", i, bi, err)
	}
	stride := int64(bv.ByteStride)
	if stride == 0 {
		stride = int64(elem)
	}
	if stride < int64(elem) || stride > 252 || a.ByteOffset < 0 || int64(a.ByteOffset) > int64(len(data)) {
		return nil, r.fail("accessor %d: byte offset %d, stride %d in buffer view %d of %d bytes", i, a.ByteOffset, stride, bi, len(data))
	}
	need := int64(a.ByteOffset) + int64(a.Count-1)*stride + int64(elem)
	if need > int64(len(data)) {
		return nil, r.fail("accessor %d: needs %d bytes of buffer view %d, which has %d", i, need, bi, len(data))
	}
	return a, nil
}

// bufferBytes returns the bytes of all the document's buffers.
func (r *reader) bufferBytes() int64 {
	var n int64
	for _, b := range r.doc.Buffers {
		if b != nil {
			n += int64(len(b.Data))
		}
	}
	return n
}

// positions reads a POSITION accessor as float64 points: floats, or the integer types that
// KHR_mesh_quantization allows (normalised or not).
func (r *reader) positions(i int, a *gltf.Accessor) ([]mgl64.Vec3, error) {
	if a.Type != gltf.AccessorVec3 {
		return nil, r.fail("accessor %d: POSITION is %v, want VEC3", i, a.Type)
	}
	raw, err := modeler.ReadAccessor(r.doc, a, nil)
	if err != nil {
		return nil, r.fail("accessor %d: %v", i, err)
	}
	var out []mgl64.Vec3
	switch d := raw.(type) {
	case [][3]float32:
		out = vec3s(d, 1)
	case [][3]int8:
		out = vec3s(d, normScale(a.Normalized, 127))
	case [][3]uint8:
		out = vec3s(d, normScale(a.Normalized, 255))
	case [][3]int16:
		out = vec3s(d, normScale(a.Normalized, 32767))
	case [][3]uint16:
		out = vec3s(d, normScale(a.Normalized, 65535))
	default:
		return nil, r.fail("accessor %d: POSITION of type %T is not supported", i, raw)
	}
	for k, v := range out {
		if !geom.FiniteVec(v) {
			return nil, r.fail("accessor %d: position %d is not finite", i, k)
		}
		if a.Normalized && a.ComponentType != gltf.ComponentFloat {
			out[k] = mgl64.Vec3{max(v[0], -1), max(v[1], -1), max(v[2], -1)} // snorm clamps at −1
		}
	}
	return out, nil
}

func normScale(normalized bool, maxInt float64) float64 {
	if normalized {
		return 1 / maxInt
	}
	return 1
}

func vec3s[T float32 | int8 | uint8 | int16 | uint16](d [][3]T, scale float64) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(d))
	for i, v := range d {
		out[i] = mgl64.Vec3{float64(v[0]) * scale, float64(v[1]) * scale, float64(v[2]) * scale}
	}
	return out
}

// indices returns a primitive's vertex order: its index accessor checked against the vertex
// count, or 0..n−1 for a primitive without indices.
func (r *reader) indices(ai *int, a *gltf.Accessor, nverts int) ([]int32, error) {
	if a == nil {
		idx := make([]int32, nverts)
		for i := range idx {
			idx[i] = int32(i)
		}
		return idx, nil
	}
	raw, err := modeler.ReadIndices(r.doc, a, nil)
	if err != nil {
		return nil, r.fail("accessor %d: indices: %v", *ai, err)
	}
	idx := make([]int32, len(raw))
	for i, v := range raw {
		if int64(v) >= int64(nverts) {
			return nil, r.fail("accessor %d: index %d is %d, want < %d vertices", *ai, i, v, nverts)
		}
		idx[i] = int32(v)
	}
	return idx, nil
}
