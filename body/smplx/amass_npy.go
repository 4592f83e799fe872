package smplx

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"interactagent/motion"
)

// The .npy arrays of motion files, read one at a time: the header is parsed and checked against
// what the key may hold before any data is read, and the data is read only as far as it arrives
// (a header that lies about its size costs nothing). package motion's reader takes floats only;
// motion files also hold strings (gender) and integer scalars (frame rates), so they are read here.

const (
	maxArrayHeader = 1 << 16 // bytes of a .npy header dictionary
	maxTextChars   = 256     // characters of a string entry (gender, surface_model_type)
	maxPickleBytes = 4096    // bytes of a pickled object scalar (an old file's gender)
	// maxArrayElements bounds what a header may announce, so that sizes never overflow; what is
	// read is bounded by each key's own shape check (AMASS) or row range (TRUMANS).
	maxArrayElements = 1 << 40
)

// arrayInfo is what a .npy header says about its array.
type arrayInfo struct {
	descr   string
	kind    byte // 'f' float, 'i' signed integer, 'U' unicode, 'S' bytes, 'O' pickled object
	size    int  // bytes per element
	order   binary.ByteOrder
	fortran bool
	shape   []int
	n       int   // elements
	offset  int64 // bytes before the data
}

// readArrayInfo reads a .npy preamble and header and resolves its dtype. Errors are
// *motion.FormatError or *motion.UnsupportedError without a path or key: the caller adds them.
func readArrayInfo(r io.Reader) (*arrayInfo, error) {
	var pre [12]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return nil, arrayFormatError("the file ends inside the .npy preamble")
	}
	if string(pre[:6]) != "\x93NUMPY" {
		return nil, arrayFormatError(fmt.Sprintf("starts with %q, want the .npy magic \"\\x93NUMPY\"", pre[:6]))
	}
	lenBytes := 2
	switch pre[6] {
	case 1:
	case 2, 3:
		lenBytes = 4
	default:
		return nil, &motion.UnsupportedError{Msg: fmt.Sprintf(".npy format version %d.%d, want 1.0, 2.0 or 3.0", pre[6], pre[7])}
	}
	if _, err := io.ReadFull(r, pre[8:8+lenBytes]); err != nil {
		return nil, arrayFormatError("the file ends inside the .npy header length")
	}
	hlen := int(binary.LittleEndian.Uint16(pre[8:10]))
	if lenBytes == 4 {
		hlen = int(binary.LittleEndian.Uint32(pre[8:12]))
	}
	if hlen > maxArrayHeader {
		return nil, arrayFormatError(fmt.Sprintf(".npy header of %d bytes, want at most %d", hlen, maxArrayHeader))
	}
	hdr := make([]byte, hlen)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, arrayFormatError(fmt.Sprintf("the file ends inside the .npy header of %d bytes", hlen))
	}
	info, err := parseArrayHeader(string(hdr))
	if err != nil {
		return nil, err
	}
	info.offset = int64(8 + lenBytes + hlen)
	return info, nil
}

func arrayFormatError(msg string) error { return &motion.FormatError{Msg: msg} }

// parseArrayHeader reads the header dictionary, such as
// "{'descr': '<f8', 'fortran_order': False, 'shape': (120, 165), }", and resolves the dtype.
func parseArrayHeader(h string) (*arrayInfo, error) {
	dict, err := parseHeaderDict(h)
	if err != nil {
		return nil, err
	}
	descr, ok1 := dict["descr"].(string)
	fortran, ok2 := dict["fortran_order"].(bool)
	shape, ok3 := dict["shape"].([]int)
	if !ok1 || !ok2 || !ok3 || len(dict) != 3 {
		return nil, arrayFormatError(fmt.Sprintf(".npy header %q, want the keys 'descr' (a string), 'fortran_order' (True or False) and 'shape' (a tuple)", shorten(h)))
	}
	info := &arrayInfo{descr: descr, fortran: fortran, shape: shape, n: 1}
	for _, d := range shape {
		if d != 0 && info.n > maxArrayElements/d {
			return nil, &motion.UnsupportedError{Msg: fmt.Sprintf("shape %s holds more than 2^40 elements", shapeText(shape))}
		}
		info.n *= d
	}
	return info, info.resolve()
}

// resolve reads the dtype string: byte order, kind and size.
func (a *arrayInfo) resolve() error {
	d := a.descr
	if len(d) < 2 || !strings.ContainsRune("<>|=", rune(d[0])) {
		return &motion.UnsupportedError{Msg: fmt.Sprintf("dtype %q, want a plain numpy dtype such as '<f8'", shorten(d))}
	}
	a.order = binary.LittleEndian
	if d[0] == '>' {
		a.order = binary.BigEndian
	}
	a.kind = d[1]
	size, err := strconv.Atoi(d[2:])
	if d[1:] == "O" {
		size, err = 0, nil
	}
	a.size = size
	switch {
	case err != nil:
	case a.kind == 'f' && (size == 4 || size == 8), a.kind == 'i' && (size == 4 || size == 8), a.kind == 'O':
		return nil
	case a.kind == 'U' && size >= 1 && size <= maxTextChars:
		a.size = 4 * size
		return nil
	case a.kind == 'S' && size >= 1 && size <= maxTextChars:
		return nil
	}
	return &motion.UnsupportedError{Msg: fmt.Sprintf("dtype %q, want float32/float64 numbers, int32/int64 or a string", shorten(d))}
}

// readArrayFloats reads the array's data as float64 numbers in C (row-major) order. Only 0-, 1- and
// 2-dimensional arrays reach it (the keys' shape checks refuse others).
func readArrayFloats(r io.Reader, a *arrayInfo) ([]float64, error) {
	if a.kind != 'f' && a.kind != 'i' {
		return nil, arrayFormatError(fmt.Sprintf("dtype %q, want numbers", a.descr))
	}
	raw, err := readArrayData(r, a, int64(a.n*a.size))
	if err != nil {
		return nil, err
	}
	out := make([]float64, a.n)
	for i := range out {
		out[i] = decodeNumber(raw[i*a.size:], a)
	}
	if a.fortran && len(a.shape) == 2 {
		out = transposeFortran(out, a.shape[0], a.shape[1])
	}
	return out, nil
}

// readArrayData reads exactly need bytes of data, growing its buffer only as they arrive.
func readArrayData(r io.Reader, a *arrayInfo, need int64) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r, need))
	if err != nil {
		return nil, fmt.Errorf("read data: %w", err)
	}
	if int64(len(raw)) < need {
		return nil, arrayFormatError(fmt.Sprintf("data ends after %d of the %d bytes that shape %s of %s needs", len(raw), need, shapeText(a.shape), a.descr))
	}
	return raw, nil
}

func decodeNumber(b []byte, a *arrayInfo) float64 {
	switch {
	case a.kind == 'f' && a.size == 4:
		return float64(math.Float32frombits(a.order.Uint32(b)))
	case a.kind == 'f':
		return math.Float64frombits(a.order.Uint64(b))
	case a.size == 4:
		return float64(int32(a.order.Uint32(b)))
	}
	return float64(int64(a.order.Uint64(b)))
}

// transposeFortran reorders a rows × cols array stored column by column into row order.
func transposeFortran(data []float64, rows, cols int) []float64 {
	out := make([]float64, len(data))
	for c := range cols {
		for r := range rows {
			out[r*cols+c] = data[c*rows+r]
		}
	}
	return out
}

// readArrayText reads a string scalar: a numpy unicode ('<U7') or bytes ('|S7') string, or a pickled
// object holding one (old files' gender). Of a pickle only the gender words are looked for; no
// pickle is run.
func readArrayText(r io.Reader, a *arrayInfo) (string, error) {
	if a.n != 1 {
		return "", arrayFormatError(fmt.Sprintf("shape %s, want one string: () or (1,)", shapeText(a.shape)))
	}
	switch a.kind {
	case 'U':
		raw, err := readArrayData(r, a, int64(a.size))
		if err != nil {
			return "", err
		}
		return decodeUCS4(raw, a.order)
	case 'S':
		raw, err := readArrayData(r, a, int64(a.size))
		if err != nil {
			return "", err
		}
		return decodeByteText(raw)
	case 'O':
		raw, err := io.ReadAll(io.LimitReader(r, maxPickleBytes))
		if err != nil {
			return "", fmt.Errorf("read data: %w", err)
		}
		return pickledGender(raw)
	}
	return "", arrayFormatError(fmt.Sprintf("dtype %q, want a string ('<U…', '|S…' or a pickled bytes object)", a.descr))
}

func decodeUCS4(raw []byte, order binary.ByteOrder) (string, error) {
	var sb strings.Builder
	for i := 0; i+4 <= len(raw); i += 4 {
		c := rune(order.Uint32(raw[i:]))
		if c == 0 {
			break
		}
		if !utf8.ValidRune(c) || c < ' ' {
			return "", arrayFormatError(fmt.Sprintf("character %U, want printable text", c))
		}
		sb.WriteRune(c)
	}
	return sb.String(), nil
}

func decodeByteText(raw []byte) (string, error) {
	s := strings.TrimRight(string(raw), "\x00")
	for _, c := range []byte(s) {
		if c < ' ' || c > '~' {
			return "", arrayFormatError(fmt.Sprintf("byte %#x, want printable ASCII text", c))
		}
	}
	return s, nil
}

// pickledGender finds the gender word in a pickled string or bytes object (numpy's object arrays
// are pickles): "female" is looked for before "male", which it contains.
func pickledGender(raw []byte) (string, error) {
	s := string(raw)
	for _, g := range []string{"female", "male", "neutral"} {
		if strings.Contains(s, g) {
			return g, nil
		}
	}
	return "", arrayFormatError("a pickled object without a gender word (male, female or neutral)")
}

// parseHeaderDict parses a Python dictionary literal of string keys whose values are strings, True,
// False or tuples of non-negative integers: all a .npy header holds.
func parseHeaderDict(h string) (map[string]any, error) {
	p := &dictReader{s: h}
	out := map[string]any{}
	if !p.eat('{') {
		return nil, p.fail("'{' opening the dictionary")
	}
	for !p.eat('}') {
		k, ok := p.str()
		if !ok || !p.eat(':') {
			return nil, p.fail("a quoted key and ':'")
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := out[k]; dup {
			return nil, p.fail(fmt.Sprintf("key %q once", k))
		}
		out[k] = v
		if !p.eat(',') && !p.peekIs('}') {
			return nil, p.fail("',' or '}'")
		}
	}
	if strings.TrimSpace(h[p.i:]) != "" {
		return nil, p.fail("nothing but padding after the dictionary")
	}
	return out, nil
}

// dictReader walks a header dictionary.
type dictReader struct {
	s string
	i int
}

func (p *dictReader) skip() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *dictReader) peekIs(c byte) bool { p.skip(); return p.i < len(p.s) && p.s[p.i] == c }

func (p *dictReader) eat(c byte) bool {
	if p.peekIs(c) {
		p.i++
		return true
	}
	return false
}

func (p *dictReader) fail(want string) error {
	return arrayFormatError(fmt.Sprintf(".npy header %q: at byte %d, want %s", shorten(p.s), p.i, want))
}

// str reads a quoted string without escapes.
func (p *dictReader) str() (string, bool) {
	p.skip()
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", false
	}
	end := strings.IndexByte(p.s[p.i+1:], p.s[p.i])
	if end < 0 || strings.IndexByte(p.s[p.i+1:p.i+1+end], '\\') >= 0 {
		return "", false
	}
	v := p.s[p.i+1 : p.i+1+end]
	p.i += end + 2
	return v, true
}

// value reads a string, True, False or a shape tuple.
func (p *dictReader) value() (any, error) {
	if s, ok := p.str(); ok {
		return s, nil
	}
	for _, w := range []string{"True", "False"} {
		if strings.HasPrefix(p.s[p.i:], w) {
			p.i += len(w)
			return w == "True", nil
		}
	}
	if p.eat('(') {
		return p.tuple()
	}
	return nil, p.fail("a string, True, False or a shape tuple")
}

// tuple reads the rest of a shape tuple after its '(': "120, 165)", "3,)", ")".
func (p *dictReader) tuple() ([]int, error) {
	shape := []int{}
	for !p.eat(')') {
		p.skip()
		j := p.i
		for j < len(p.s) && j-p.i < 10 && '0' <= p.s[j] && p.s[j] <= '9' {
			j++
		}
		if j == p.i || len(shape) == 8 {
			return nil, p.fail("a dimension (a non-negative integer below 10^10; at most 8)")
		}
		d, _ := strconv.Atoi(p.s[p.i:j])
		p.i = j
		if p.i < len(p.s) && p.s[p.i] == 'L' { // Python 2 wrote long integers: (120L, 165L)
			p.i++
		}
		shape = append(shape, d)
		if !p.eat(',') && !p.peekIs(')') {
			return nil, p.fail("',' or ')' in the shape")
		}
	}
	return shape, nil
}

// shapeText writes a shape as Python does: "()", "(3,)", "(120, 165)".
func shapeText(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	if len(shape) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// shorten shortens s for a message.
func shorten(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
