package trumans

import (
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// The grid TRUMANS ships with every room: booleans of shape (300, 100, 400), axes x, y, z (Y up),
// covering x ∈ [−3, 3], y ∈ [0, 2], z ∈ [−4, 4] metres in voxels of 2 cm; points outside the box
// count as occupied.
var (
	GridDims  = [3]int{300, 100, 400}
	GridLo    = mgl64.Vec3{-3, 0, -4}
	GridVoxel = 0.02
)

// MaxGridVoxels bounds the voxels of a grid a manifest may name (a TRUMANS grid holds 12 million).
const MaxGridVoxels = 256 << 20

// maxNPYHeader bounds a .npy header's length.
const maxNPYHeader = 64 << 10

// npyGrid is what a grid file's .npy header says.
type npyGrid struct {
	descr   string
	fortran bool
	shape   []int
	offset  int64
}

// readGrid reads the occupancy grid name in fsys: a .npy of bool ('|b1') or uint8 ('|u1', any
// nonzero value occupied) with three dimensions; want, when not zero, is the shape it must have.
func readGrid(fsys fs.FS, name string, want [3]int, lo mgl64.Vec3, voxel float64, outside bool) (*scene.Grid, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("scene: trumans grid: %w", err)
	}
	defer f.Close()
	h, err := readNPYGridHeader(f)
	if err != nil {
		return nil, gridError(name, err.Error())
	}
	dims, err := h.dims(want)
	if err != nil {
		return nil, gridError(name, err.Error())
	}
	occ, err := readVoxels(f, h, dims)
	if err != nil {
		return nil, gridError(name, err.Error())
	}
	return &scene.Grid{Lo: lo, Voxel: voxel, Dims: dims, Occupied: occ, OutsideOccupied: outside}, nil
}

// gridError reports a grid file that is not the grid wanted.
func gridError(name, msg string) error {
	return &scene.FormatError{Format: "trumans grid", Path: name, Msg: msg}
}

// readNPYGridHeader reads a .npy preamble and header dictionary.
func readNPYGridHeader(r io.Reader) (*npyGrid, error) {
	var pre [10]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil || string(pre[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("not a .npy file (no \\x93NUMPY magic), want a (300, 100, 400) boolean array as numpy.save writes it")
	}
	lenBytes := 4
	switch pre[6] {
	case 1:
		lenBytes = 2
	case 2, 3:
	default:
		return nil, fmt.Errorf(".npy format version %d.%d, want 1.0, 2.0 or 3.0", pre[6], pre[7])
	}
	buf := make([]byte, 4)
	if _, err := io.ReadFull(r, buf[:lenBytes]); err != nil {
		return nil, fmt.Errorf("truncated .npy header length")
	}
	hlen := int(binary.LittleEndian.Uint16(buf))
	if lenBytes == 4 {
		hlen = int(binary.LittleEndian.Uint32(buf))
	}
	if hlen > maxNPYHeader {
		return nil, fmt.Errorf(".npy header of %d bytes, want at most %d", hlen, maxNPYHeader)
	}
	hdr := make([]byte, hlen)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, fmt.Errorf("truncated .npy header (want %d bytes)", hlen)
	}
	h, err := parseGridHeader(string(hdr))
	if err != nil {
		return nil, err
	}
	h.offset = int64(8 + lenBytes + hlen)
	return h, nil
}

// parseGridHeader reads the dictionary of a .npy header: descr, fortran_order and shape.
func parseGridHeader(s string) (*npyGrid, error) {
	descr, ok := dictValue(s, "descr")
	if !ok {
		return nil, fmt.Errorf(".npy header %q has no descr", s)
	}
	fo, ok := dictValue(s, "fortran_order")
	if !ok || (fo != "True" && fo != "False") {
		return nil, fmt.Errorf(".npy header %q has no fortran_order True or False", s)
	}
	sh, ok := dictValue(s, "shape")
	if !ok {
		return nil, fmt.Errorf(".npy header %q has no shape", s)
	}
	shape, err := parseShape(sh)
	if err != nil {
		return nil, err
	}
	return &npyGrid{descr: strings.Trim(descr, `'"`), fortran: fo == "True", shape: shape}, nil
}

// dictValue returns the text of key's value in a .npy header dictionary: a quoted string, a
// parenthesised tuple, or a bare word.
func dictValue(s, key string) (string, bool) {
	i := strings.Index(s, "'"+key+"'")
	if i < 0 {
		return "", false
	}
	rest := strings.TrimLeft(s[i+len(key)+2:], " ")
	if !strings.HasPrefix(rest, ":") {
		return "", false
	}
	rest = strings.TrimLeft(rest[1:], " ")
	end := strings.IndexAny(rest, ",}")
	switch {
	case strings.HasPrefix(rest, "("):
		end = strings.IndexByte(rest, ')') + 1
	case strings.HasPrefix(rest, "'"):
		end = strings.IndexByte(rest[1:], '\'') + 2
	}
	if end <= 0 {
		return "", false
	}
	return rest[:end], true
}

// parseShape reads a shape tuple such as "(300, 100, 400)".
func parseShape(t string) ([]int, error) {
	inner := strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	var shape []int
	for _, f := range strings.Split(inner, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || len(shape) >= 8 {
			return nil, fmt.Errorf(".npy shape %s: want non-negative integers", t)
		}
		shape = append(shape, n)
	}
	return shape, nil
}

// dims checks the header's dtype and shape against a grid's: three dimensions, each at least 1,
// equal to want where want is given, bool or uint8.
func (h *npyGrid) dims(want [3]int) ([3]int, error) {
	var d [3]int
	if h.descr != "|b1" && h.descr != "|u1" && h.descr != "<u1" && h.descr != ">u1" {
		return d, fmt.Errorf("dtype %q, want bool ('|b1') or uint8 ('|u1')", h.descr)
	}
	if len(h.shape) != 3 {
		return d, fmt.Errorf("shape %v, want three dimensions (x, y, z) such as %v", h.shape, GridDims)
	}
	copy(d[:], h.shape)
	if want != ([3]int{}) && d != want {
		return d, fmt.Errorf("shape %v, want %v (x, y, z voxels of %g m)", d, want, GridVoxel)
	}
	if d[0] < 1 || d[1] < 1 || d[2] < 1 || d[0]*d[1] > MaxGridVoxels || d[0]*d[1]*d[2] > MaxGridVoxels {
		return d, fmt.Errorf("shape %v, want 1 to %d voxels", d, MaxGridVoxels)
	}
	return d, nil
}

// readVoxels reads the grid's bytes (exactly its size: a shorter or longer file is an error)
// into occupancy in x-slowest, z-fastest order.
func readVoxels(r io.Reader, h *npyGrid, d [3]int) ([]bool, error) {
	n := d[0] * d[1] * d[2]
	raw := make([]byte, n+1)
	got, err := io.ReadFull(r, raw)
	if got != n || (err != io.ErrUnexpectedEOF && err != io.EOF && err != nil) {
		if got > n {
			return nil, fmt.Errorf("more data than a %v array holds, want exactly %d bytes after the header", d, n)
		}
		return nil, fmt.Errorf("%d data bytes, want %d for a %v array", got, n, d)
	}
	occ := make([]bool, n)
	if !h.fortran {
		for i, b := range raw[:n] {
			occ[i] = b != 0
		}
		return occ, nil
	}
	fortranToC(raw[:n], occ, d)
	return occ, nil
}

// fortranToC reorders a column-major (x fastest) array into occ, row-major (z fastest).
func fortranToC(raw []byte, occ []bool, d [3]int) {
	i := 0
	for k := 0; k < d[2]; k++ {
		for j := 0; j < d[1]; j++ {
			for x := 0; x < d[0]; x++ {
				occ[(x*d[1]+j)*d[2]+k] = raw[i] != 0
				i++
			}
		}
	}
}
