package gltf

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"interactagent/fileio"
	"interactagent/geom"
)

// accessor returns accessor i after checking that it exists and that the data it describes fits
// in its buffer view (or, for an accessor without one, in a small multiple of the document's
// buffers), so that decoding it allocates only about what the file really holds: qmuntal/gltf's
// modeler allocates whatever an accessor's count claims.
func (r *reader) accessor(i int) (*gltf.Accessor, error) {
	if i < 0 || i >= len(r.doc.Accessors) || r.doc.Accessors[i] == nil {
		return nil, r.fail("accessor %d does not exist (%d accessors)", i, len(r.doc.Accessors))
	}
	a := r.doc.Accessors[i]
	if err := r.checkSize(i, a); err != nil {
		return nil, err
	}
	return a, nil
}

// checkSize checks accessor i's count and element size, and that its data fits where it lies:
// in its buffer view (checkInView), or without one, in about the bytes the document holds.
func (r *reader) checkSize(i int, a *gltf.Accessor) error {
	elem := gltf.SizeOfElement(a.ComponentType, a.Type)
	if a.Count <= 0 || elem <= 0 {
		return r.fail("accessor %d: count %d, element size %d", i, a.Count, elem)
	}
	// Compared before multiplying, so that a huge count cannot overflow the products below.
	if int64(a.Count) > r.lim.FileBytes || int64(a.Count)*int64(elem) > r.lim.FileBytes {
		return fmt.Errorf("scene: gltf %s: accessor %d holds %d elements: %w", r.name, i, a.Count, fileio.ErrTooLarge)
	}
	if a.BufferView != nil {
		return r.checkInView(i, a, *a.BufferView, int64(elem))
	}
	if int64(a.Count)*int64(elem) > r.bufferBytes()+1<<20 {
		return r.fail("accessor %d: %d elements without a buffer view, more than the file holds", i, a.Count)
	}
	return nil
}

// checkInView checks that accessor i's elements of elem bytes, from its byte offset at the view's
// stride, lie within buffer view bi.
func (r *reader) checkInView(i int, a *gltf.Accessor, bi int, elem int64) error {
	data, stride, err := r.bufferView(i, bi, elem)
	if err != nil {
		return err
	}
	if stride < elem || stride > 252 || a.ByteOffset < 0 || int64(a.ByteOffset) > int64(len(data)) {
		return r.fail("accessor %d: byte offset %d, stride %d in buffer view %d of %d bytes", i, a.ByteOffset, stride, bi, len(data))
	}
	need := int64(a.ByteOffset) + int64(a.Count-1)*stride + elem
	if need > int64(len(data)) {
		return r.fail("accessor %d: needs %d bytes of buffer view %d, which has %d", i, need, bi, len(data))
	}
	return nil
}

// bufferView returns the bytes of buffer view bi, which accessor i lies in, and its stride (elem,
// the accessor's element size, when the view gives none).
func (r *reader) bufferView(i, bi int, elem int64) ([]byte, int64, error) {
	if bi < 0 || bi >= len(r.doc.BufferViews) || r.doc.BufferViews[bi] == nil {
		return nil, 0, r.fail("accessor %d: buffer view %d does not exist", i, bi)
	}
	bv := r.doc.BufferViews[bi]
	data, err := modeler.ReadBufferView(r.doc, bv)
	if err != nil {
		return nil, 0, r.fail("accessor %d: buffer view %d: %v", i, bi, err)
	}
	if bv.ByteStride == 0 {
		return data, elem, nil
	}
	return data, int64(bv.ByteStride), nil
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
	out, ok := toVec3s(raw, a.Normalized)
	if !ok {
		return nil, r.fail("accessor %d: POSITION of type %T is not supported", i, raw)
	}
	if err := r.checkPositions(i, a, out); err != nil {
		return nil, err
	}
	return out, nil
}

// toVec3s converts decoded POSITION data to float64 points, scaling normalised integers to
// [−1, 1] or [0, 1]; false for a type POSITION may not have.
func toVec3s(raw any, normalized bool) ([]mgl64.Vec3, bool) {
	switch d := raw.(type) {
	case [][3]float32:
		return vec3s(d, 1), true
	case [][3]int8:
		return vec3s(d, normScale(normalized, 127)), true
	case [][3]uint8:
		return vec3s(d, normScale(normalized, 255)), true
	case [][3]int16:
		return vec3s(d, normScale(normalized, 32767)), true
	case [][3]uint16:
		return vec3s(d, normScale(normalized, 65535)), true
	}
	return nil, false
}

// checkPositions refuses positions that are not finite, and clamps normalised integer ones at −1,
// as the specification defines snorm (its most negative integer maps below −1).
func (r *reader) checkPositions(i int, a *gltf.Accessor, out []mgl64.Vec3) error {
	clamp := a.Normalized && a.ComponentType != gltf.ComponentFloat
	for k, v := range out {
		if !geom.FiniteVec(v) {
			return r.fail("accessor %d: position %d is not finite", i, k)
		}
		if clamp {
			out[k] = mgl64.Vec3{max(v[0], -1), max(v[1], -1), max(v[2], -1)} // snorm clamps at −1
		}
	}
	return nil
}

// normScale is the factor that maps a normalised integer component to [−1, 1] or [0, 1]: 1/maxInt,
// or 1 when the accessor is not normalised.
func normScale(normalized bool, maxInt float64) float64 {
	if normalized {
		return 1 / maxInt
	}
	return 1
}

// vec3s converts components to float64 points, each multiplied by scale.
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
		return sequence(nverts), nil
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

// sequence returns 0, 1, …, n−1: the vertex order of a primitive without indices.
func sequence(n int) []int32 {
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	return idx
}
