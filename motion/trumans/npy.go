package trumans

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"interactagent/motion"
)

// Limits on what a .npy header may announce: far beyond TRUMANS (3.8 million frames), tight
// enough that sizes never overflow.
const (
	maxHeaderBytes = 1 << 16
	maxElements    = 1 << 40
	maxStringChars = 1024 // characters of one name (a scene, a segment, an object)
)

// array is one open .npy file: its header, and the file to read rows from.
type array struct {
	path   string
	f      *os.File
	kind   byte // 'f' float, 'i' signed, 'u' unsigned, 'b' bool, 'U' unicode, 'S' bytes
	size   int  // bytes per element
	order  binary.ByteOrder
	shape  []int
	rowLen int   // elements per row (the product of the shape after the first)
	offset int64 // bytes before the data
	descr  string
}

// openArray opens dir/name and reads its header; the file's size must be what the header says.
func openArray(dir, name string) (*array, error) {
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trumans: %w", err)
	}
	a := &array{path: path, f: f}
	if err := a.readHeader(); err != nil {
		f.Close()
		return nil, err
	}
	return a, nil
}

// Close closes the array's file.
func (a *array) Close() error { return a.f.Close() }

// rows returns the array's first dimension: its number of rows.
func (a *array) rows() int { return a.shape[0] }

func (a *array) formatErr(pos, format string, args ...any) error {
	return &motion.FormatError{Path: a.path, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// readHeader reads the preamble and the header dictionary, and checks the file's size.
func (a *array) readHeader() error {
	br := bufio.NewReader(io.LimitReader(a.f, maxHeaderBytes+12))
	var pre [10]byte
	if _, err := io.ReadFull(br, pre[:]); err != nil || string(pre[:6]) != "\x93NUMPY" {
		return a.formatErr("header", "not a .npy file (no \\x93NUMPY preamble)")
	}
	n, skip := int(binary.LittleEndian.Uint16(pre[8:10])), int64(10)
	if pre[6] >= 2 {
		var b [2]byte
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return a.formatErr("header", "truncated preamble")
		}
		n = int(binary.LittleEndian.Uint32(append(pre[8:10:10], b[:]...)))
		skip = 12
	}
	if n > maxHeaderBytes {
		return &motion.UnsupportedError{Path: a.path, Pos: "header", Msg: fmt.Sprintf("a header of %d bytes, want at most %d", n, maxHeaderBytes)}
	}
	dict := make([]byte, n)
	if _, err := io.ReadFull(br, dict); err != nil {
		return a.formatErr("header", "truncated: %d header bytes announced", n)
	}
	a.offset = skip + int64(n)
	if err := a.parseDict(string(dict)); err != nil {
		return err
	}
	return a.checkSize()
}

// parseDict reads numpy's header dictionary: descr, fortran_order and shape.
func (a *array) parseDict(d string) error {
	descr, ok := dictValue(d, "descr")
	end := -1
	if ok && len(descr) > 1 && (descr[0] == '\'' || descr[0] == '"') {
		end = strings.IndexByte(descr[1:], descr[0])
	}
	if end < 0 {
		return a.formatErr("header", "no 'descr' string in %q", clip(d))
	}
	a.descr = descr[1 : 1+end]
	if v, _ := dictValue(d, "fortran_order"); strings.HasPrefix(v, "True") {
		a.fortran()
	}
	shape, ok := dictValue(d, "shape")
	if !ok {
		return a.formatErr("header", "no 'shape' in %q", clip(d))
	}
	if err := a.parseShape(shape); err != nil {
		return err
	}
	return a.resolveDescr()
}

// fortran marks a Fortran-order array, which only matters beyond one dimension (checkSize).
func (a *array) fortran() { a.descr += "F" }

// dictValue returns the text after 'key': in a header dictionary, up to the next key.
func dictValue(d, key string) (string, bool) {
	i := strings.Index(d, "'"+key+"'")
	if i < 0 {
		return "", false
	}
	v := strings.TrimSpace(d[i+len(key)+2:])
	v, ok := strings.CutPrefix(v, ":")
	return strings.TrimSpace(v), ok
}

// parseShape reads "(N, J, 3), ..." into a.shape.
func (a *array) parseShape(v string) error {
	end := strings.IndexByte(v, ')')
	if !strings.HasPrefix(v, "(") || end < 0 {
		return a.formatErr("header", "shape %q, want a tuple", clip(v))
	}
	total := 1
	for _, f := range strings.Split(v[1:end], ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(f, "L"))
		if err != nil || n < 0 || n > maxElements || total > maxElements/max(n, 1) {
			return a.formatErr("header", "shape %q, want non-negative sizes of at most %d elements", clip(v), int64(maxElements))
		}
		a.shape, total = append(a.shape, n), total*n
	}
	if len(a.shape) == 0 {
		return a.formatErr("header", "shape (), want an array with one row per entry")
	}
	a.rowLen = 1
	for _, n := range a.shape[1:] {
		a.rowLen *= n
	}
	return nil
}

// resolveDescr reads the dtype: its kind, size and byte order.
func (a *array) resolveDescr() error {
	d, fortran := strings.CutSuffix(a.descr, "F")
	a.descr = d
	if fortran && len(a.shape) > 1 {
		return &motion.UnsupportedError{Path: a.path, Pos: "header", Msg: "a Fortran-order array of more than one dimension, want C order (np.ascontiguousarray)"}
	}
	if len(d) < 3 || !strings.ContainsRune("<>|=", rune(d[0])) {
		return a.formatErr("header", "dtype %q, want a numpy type string such as '<f4'", d)
	}
	a.order = binary.ByteOrder(binary.LittleEndian)
	if d[0] == '>' {
		a.order = binary.BigEndian
	}
	a.kind = d[1]
	n, err := strconv.Atoi(d[2:])
	if err != nil || n <= 0 || n > 4*maxStringChars {
		return a.unsupported()
	}
	a.size = n
	switch {
	case a.kind == 'U':
		a.size = 4 * n
	case a.kind == 'S':
	case a.kind == 'f' && (n == 4 || n == 8):
	case (a.kind == 'i' || a.kind == 'u') && (n == 1 || n == 2 || n == 4 || n == 8):
	case a.kind == 'b' && n == 1:
	default:
		return a.unsupported()
	}
	return nil
}

func (a *array) unsupported() error {
	return &motion.UnsupportedError{Path: a.path, Pos: "header", Msg: fmt.Sprintf("dtype %q, want floats (<f4, <f8), integers or strings (<U…, |S…); pickled objects (|O) are not read", a.descr)}
}

// checkSize checks that the file holds exactly the bytes the header announces.
func (a *array) checkSize() error {
	st, err := a.f.Stat()
	if err != nil {
		return fmt.Errorf("trumans: %w", err)
	}
	n := int64(a.rows()) * int64(a.rowLen) * int64(a.size)
	if want := a.offset + n; st.Size() != want {
		return a.formatErr("data", "the file has %d bytes, but shape %s of %s needs %d", st.Size(), shapeText(a.shape), a.descr, want)
	}
	return nil
}

// read returns the raw bytes of rows [from, to).
func (a *array) read(from, to int) ([]byte, error) {
	row := int64(a.rowLen * a.size)
	buf := make([]byte, int64(to-from)*row)
	if _, err := a.f.ReadAt(buf, a.offset+int64(from)*row); err != nil {
		return nil, fmt.Errorf("trumans: %s: rows [%d, %d): %w", a.path, from, to, err)
	}
	return buf, nil
}

// floats returns rows [from, to) as numbers (C order), each finite.
func (a *array) floats(from, to int) ([]float64, error) {
	if a.kind == 'U' || a.kind == 'S' {
		return nil, a.formatErr("header", "dtype %s, want numbers", a.descr)
	}
	raw, err := a.read(from, to)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(raw)/a.size)
	for i := range out {
		out[i] = a.number(raw[i*a.size : (i+1)*a.size])
		if math.IsNaN(out[i]) || math.IsInf(out[i], 0) {
			return nil, a.formatErr(fmt.Sprintf("row %d", from+i/a.rowLen), "value %d is %v, want a finite number", i%a.rowLen, out[i])
		}
	}
	return out, nil
}

// number decodes one element.
func (a *array) number(b []byte) float64 {
	switch {
	case a.kind == 'f' && a.size == 4:
		return float64(math.Float32frombits(a.order.Uint32(b)))
	case a.kind == 'f':
		return math.Float64frombits(a.order.Uint64(b))
	}
	var u uint64
	switch a.size {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(a.order.Uint16(b))
	case 4:
		u = uint64(a.order.Uint32(b))
	default:
		u = a.order.Uint64(b)
	}
	if a.kind == 'i' {
		return float64(int64(u<<(64-8*a.size)) >> (64 - 8*a.size))
	}
	return float64(u)
}

// strings returns rows [from, to) of a one-column string array, NUL padding trimmed.
func (a *array) strings(from, to int) ([]string, error) {
	if (a.kind != 'U' && a.kind != 'S') || a.rowLen != 1 {
		return nil, a.formatErr("header", "dtype %s shape %s, want strings (<U…, |S…), one per row", a.descr, shapeText(a.shape))
	}
	raw, err := a.read(from, to)
	if err != nil {
		return nil, err
	}
	out := make([]string, to-from)
	for i := range out {
		if out[i], err = a.text(raw[i*a.size : (i+1)*a.size]); err != nil {
			return nil, a.formatErr(fmt.Sprintf("row %d", from+i), "%v", err)
		}
	}
	return out, nil
}

// text decodes one string element: UTF-32 for 'U', bytes for 'S'.
func (a *array) text(b []byte) (string, error) {
	if a.kind == 'S' {
		s := strings.TrimRight(string(b), "\x00")
		if !utf8.ValidString(s) {
			return "", fmt.Errorf("%q is not UTF-8 text", s)
		}
		return s, nil
	}
	var sb strings.Builder
	for i := 0; i < len(b); i += 4 {
		r := rune(a.order.Uint32(b[i:]))
		if r == 0 {
			break
		}
		if !utf8.ValidRune(r) {
			return "", fmt.Errorf("character %d is U+%X, not a character", i/4, r)
		}
		sb.WriteRune(r)
	}
	return sb.String(), nil
}

func shapeText(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
