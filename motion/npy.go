package motion

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"codeberg.org/sbinet/npyio"

	"interactagent/geom"
)

// MaxNPYElements is the most elements ReadNPY accepts in one array: MaxFrames rows of 263
// HumanML3D features.
const MaxNPYElements = MaxFrames * HumanML3DFeatures

const (
	maxNPYHeader = 1 << 16 // bytes; numpy itself refuses headers over 10,000 bytes by default
	maxNPYRank   = 8
)

// DType is an element type of .npy arrays that this package reads and writes.
type DType int

// The element types: IEEE 754 floats of 32 and 64 bits (numpy's float32 and float64).
const (
	Float32 DType = iota + 1
	Float64
)

// String returns numpy's name of the type, such as "float32".
func (d DType) String() string {
	switch d {
	case Float32:
		return "float32"
	case Float64:
		return "float64"
	}
	return "dtype(?)"
}

func (d DType) size() int { return 4 * int(d) }

// Array is a dense n-dimensional array of numbers as a .npy file holds it: Data lists the elements
// in row-major (C) order, len(Data) = the product of Shape. DType is the element type the data had
// on disk when the array was read; Data always holds float64.
type Array struct {
	Shape []int
	Data  []float64
	DType DType
}

// ReadNPY reads one array from a .npy file (format versions 1.0, 2.0 and 3.0) holding float32 or
// float64 numbers of either byte order, in C or Fortran order, with at most 8 dimensions and
// MaxNPYElements elements, every one of them finite. Bad input gives a *FormatError and valid
// input it cannot read an *UnsupportedError, both saying what was expected and where.
//
// The header is parsed and checked against the caps here, and the data is read only as far as it
// actually arrives, before anything is allocated for it; npyio then decodes exactly the bytes the
// shape needs. (npyio's own header reader trusts its input: it panics on some malformed headers,
// sizes its buffer from the header and fills missing data with zeros.)
func ReadNPY(r io.Reader) (*Array, error) { return readNPY(r, nil) }

// readNPY is ReadNPY with an extra check of the shape, made before any data is read.
func readNPY(r io.Reader, checkShape func([]int) error) (*Array, error) {
	h, err := readNPYHeader(r)
	if err != nil {
		return nil, err
	}
	if checkShape != nil {
		if err := checkShape(h.shape); err != nil {
			return nil, err
		}
	}
	raw, err := readNPYData(r, h)
	if err != nil {
		return nil, err
	}
	data, err := decodeNPYData(h, raw)
	if err != nil {
		return nil, err
	}
	if h.fortran && len(h.shape) > 1 {
		data = cOrder(data, h.shape)
	}
	if err := checkFinite(data, h.shape); err != nil {
		return nil, err
	}
	return &Array{Shape: h.shape, Data: data, DType: h.dtype}, nil
}

// WriteNPY writes a as a .npy file of float32 or float64 numbers (little-endian, C order) with
// npyio. The array must hold at least one element, at most MaxNPYElements, all finite and, for
// Float32, within float32's range.
func WriteNPY(w io.Writer, a *Array, dt DType) error {
	if err := checkWritable(a, dt); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := npyio.Write(bw, nestedValue(a.Shape, a.Data, dt)); err != nil {
		return fmt.Errorf("motion: write npy: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("motion: write npy: %w", err)
	}
	return nil
}

// readNPYData reads exactly the bytes the header announces; the buffer grows only as data arrives,
// so a header that lies about its size costs nothing.
func readNPYData(r io.Reader, h *npyHeader) ([]byte, error) {
	need := int64(h.n * h.dtype.size())
	raw, err := io.ReadAll(io.LimitReader(r, need+1))
	if err != nil {
		return nil, fmt.Errorf("motion: read npy data: %w", err)
	}
	what := fmt.Sprintf("shape %s of %v", shapeString(h.shape), h.dtype)
	switch got := int64(len(raw)); {
	case got < need:
		return nil, &FormatError{Pos: fmt.Sprintf("byte %d", int64(h.offset)+got),
			Msg: fmt.Sprintf("data ends after %d of the %d bytes that %s needs", got, need, what)}
	case got > need:
		return nil, &FormatError{Pos: fmt.Sprintf("byte %d", int64(h.offset)+need),
			Msg: fmt.Sprintf("extra bytes after the %d bytes of %s, want the file to end", need, what)}
	}
	return raw, nil
}

// decodeNPYData lets npyio decode checked data: it gets a canonical header written here (its parser
// expects numpy's exact spelling) followed by exactly the bytes the shape needs, in file order.
func decodeNPYData(h *npyHeader, raw []byte) ([]float64, error) {
	rd, err := npyio.NewReader(io.MultiReader(bytes.NewReader(canonicalNPYHeader(h)), bytes.NewReader(raw)))
	if err != nil {
		return nil, fmt.Errorf("motion: npyio: %w", err)
	}
	if h.dtype == Float64 {
		out := make([]float64, h.n)
		if err := rd.Read(&out); err != nil {
			return nil, fmt.Errorf("motion: npyio: %w", err)
		}
		return out, nil
	}
	f32 := make([]float32, h.n)
	if err := rd.Read(&f32); err != nil {
		return nil, fmt.Errorf("motion: npyio: %w", err)
	}
	out := make([]float64, h.n)
	for i, v := range f32 {
		out[i] = float64(v)
	}
	return out, nil
}

// canonicalNPYHeader spells h as numpy writes it (format 1.0, data in file order).
func canonicalNPYHeader(h *npyHeader) []byte {
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", h.descr, shapeString(h.shape))
	pad := 15 - (10+len(dict))%16 // numpy aligns the data to 16 bytes; the header ends in '\n'
	dict += strings.Repeat(" ", pad) + "\n"
	out := append([]byte("\x93NUMPY\x01\x00"), byte(len(dict)), byte(len(dict)>>8))
	return append(out, dict...)
}

// cOrder reorders data stored in Fortran (column-major) order into C (row-major) order.
func cOrder(data []float64, shape []int) []float64 {
	stride := cStrides(shape)
	idx := make([]int, len(shape))
	out := make([]float64, len(data))
	for _, v := range data {
		off := 0
		for k, i := range idx {
			off += i * stride[k]
		}
		out[off] = v
		for k := range idx { // Fortran order: the first index varies fastest
			if idx[k]++; idx[k] < shape[k] {
				break
			}
			idx[k] = 0
		}
	}
	return out
}

func cStrides(shape []int) []int {
	stride := make([]int, len(shape))
	s := 1
	for k := len(shape) - 1; k >= 0; k-- {
		stride[k] = s
		s *= shape[k]
	}
	return stride
}

func checkFinite(data []float64, shape []int) error {
	for i, v := range data {
		if !geom.Finite(v) {
			return &FormatError{Pos: "element " + indexString(i, shape), Msg: fmt.Sprintf("%v, want a finite number", v)}
		}
	}
	return nil
}

// indexString writes the C-order flat index i as a numpy index such as "(12, 3, 1)".
func indexString(i int, shape []int) string {
	idx := make([]int, len(shape))
	for k, s := range cStrides(shape) {
		idx[k] = i / s
		i %= s
	}
	return shapeString(idx)
}

// shapeString writes a shape as Python does: "()", "(5,)", "(199, 263)".
func shapeString(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	if len(shape) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func shortRead(err error, pos string, got int, want string) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &FormatError{Pos: pos, Msg: fmt.Sprintf("file ends after %d more bytes, want %s", got, want)}
	}
	return fmt.Errorf("motion: read npy: %w", err)
}

func checkWritable(a *Array, dt DType) error {
	if dt != Float32 && dt != Float64 {
		return fmt.Errorf("motion: write npy: dtype %v, want Float32 or Float64", dt)
	}
	if len(a.Shape) > maxNPYRank {
		return fmt.Errorf("motion: write npy: %d dimensions, want at most %d", len(a.Shape), maxNPYRank)
	}
	n := 1
	for _, d := range a.Shape {
		if d < 1 || d > MaxNPYElements || n*d > MaxNPYElements {
			return fmt.Errorf("motion: write npy: shape %s, want positive dimensions and at most %d elements", shapeString(a.Shape), MaxNPYElements)
		}
		n *= d
	}
	if n != len(a.Data) {
		return fmt.Errorf("motion: write npy: shape %s holds %d elements, but the data has %d", shapeString(a.Shape), n, len(a.Data))
	}
	for i, v := range a.Data {
		if x := float64(float32(v)); !geom.Finite(v) || dt == Float32 && math.IsInf(x, 0) {
			return fmt.Errorf("motion: write npy: element %s is %v, want a finite %v", indexString(i, a.Shape), v, dt)
		}
	}
	return nil
}

// nestedValue builds the Go value npyio writes with the right shape: for shape (T, 22, 3) a
// [][22][3]float32, for shape () a scalar.
func nestedValue(shape []int, data []float64, dt DType) any {
	elem := reflect.TypeFor[float64]()
	if dt == Float32 {
		elem = reflect.TypeFor[float32]()
	}
	if len(shape) == 0 {
		return reflect.ValueOf(data[0]).Convert(elem).Interface()
	}
	t := elem
	for k := len(shape) - 1; k >= 1; k-- {
		t = reflect.ArrayOf(shape[k], t)
	}
	v := reflect.MakeSlice(reflect.SliceOf(t), shape[0], shape[0])
	fillValue(v, data)
	return v.Interface()
}

// fillValue stores data into the float leaves of v in row-major order and returns what is left.
func fillValue(v reflect.Value, data []float64) []float64 {
	if k := v.Kind(); k == reflect.Float32 || k == reflect.Float64 {
		v.SetFloat(data[0])
		return data[1:]
	}
	for i := 0; i < v.Len(); i++ {
		data = fillValue(v.Index(i), data)
	}
	return data
}
