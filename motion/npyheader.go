package motion

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
)

// npyHeader is what a .npy header says about its array.
type npyHeader struct {
	descr   string // numpy's dtype string, such as "<f4"
	fortran bool
	shape   []int
	dtype   DType
	n       int // elements
	offset  int // bytes before the data
}

// readNPYHeader reads the preamble and the header dictionary and checks them against what this
// package reads, so that the caller knows exactly how many data bytes to expect.
func readNPYHeader(r io.Reader) (*npyHeader, error) {
	var pre [12]byte
	if n, err := io.ReadFull(r, pre[:8]); err != nil {
		return nil, shortRead(err, "byte 0", n, "the .npy preamble (magic and version)")
	}
	if string(pre[:6]) != "\x93NUMPY" {
		return nil, &FormatError{Pos: "byte 0", Msg: fmt.Sprintf("starts with %q, want the .npy magic \"\\x93NUMPY\"", pre[:6])}
	}
	major, minor, lenBytes := pre[6], pre[7], 4
	switch {
	case major == 1 && minor == 0:
		lenBytes = 2
	case (major == 2 || major == 3) && minor == 0:
	default:
		return nil, &UnsupportedError{Pos: "byte 6", Msg: fmt.Sprintf(".npy format version %d.%d, want 1.0, 2.0 or 3.0", major, minor)}
	}
	if n, err := io.ReadFull(r, pre[8:8+lenBytes]); err != nil {
		return nil, shortRead(err, "byte 8", n, "the header length")
	}
	hlen := int(binary.LittleEndian.Uint16(pre[8:10]))
	if lenBytes == 4 {
		hlen = int(binary.LittleEndian.Uint32(pre[8:12]))
	}
	if hlen > maxNPYHeader {
		return nil, &FormatError{Pos: "byte 8", Msg: fmt.Sprintf("header of %d bytes, want at most %d", hlen, maxNPYHeader)}
	}
	hdr := make([]byte, hlen)
	if n, err := io.ReadFull(r, hdr); err != nil {
		return nil, shortRead(err, fmt.Sprintf("byte %d", 8+lenBytes), n, fmt.Sprintf("a header of %d bytes", hlen))
	}
	p := &dictParser{s: hdr, off: 8 + lenBytes}
	h, err := p.header()
	if err != nil {
		return nil, err
	}
	h.offset = 8 + lenBytes + hlen
	return h, h.check()
}

// check resolves the dtype and counts the elements, refusing what this package does not read.
func (h *npyHeader) check() error {
	switch h.descr {
	case "<f4", ">f4":
		h.dtype = Float32
	case "<f8", ">f8":
		h.dtype = Float64
	default:
		return &UnsupportedError{Pos: "header", Msg: fmt.Sprintf("dtype %q, want float32 or float64 ('<f4', '<f8', '>f4' or '>f8')", h.descr)}
	}
	if len(h.shape) > maxNPYRank {
		return &UnsupportedError{Pos: "header", Msg: fmt.Sprintf("%d dimensions, want at most %d", len(h.shape), maxNPYRank)}
	}
	h.n = 1
	for _, d := range h.shape {
		if d > MaxNPYElements || h.n*d > MaxNPYElements {
			return &UnsupportedError{Pos: "header", Msg: fmt.Sprintf("shape %s holds more than %d elements", shapeString(h.shape), MaxNPYElements)}
		}
		h.n *= d
	}
	return nil
}

// dictParser reads the header dictionary of a .npy file, a Python literal such as
// "{'descr': '<f4', 'fortran_order': False, 'shape': (199, 263), }" padded with spaces and ending
// in a newline. It accepts any key order, spacing and quoting a Python writer may produce, and
// nothing else: every other key, value type or trailing text is a FormatError.
type dictParser struct {
	s   []byte
	i   int
	off int // bytes before s in the file, so errors give file positions
}

// header parses the whole dictionary.
func (p *dictParser) header() (*npyHeader, error) {
	h := &npyHeader{}
	seen := map[string]bool{}
	if err := p.want('{', "'{' opening the header dictionary"); err != nil {
		return nil, err
	}
	for !p.eat('}') {
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, p.fail("key %q appears twice", key)
		}
		seen[key] = true
		if err := p.want(':', "':' after a key"); err != nil {
			return nil, err
		}
		if err := p.value(key, h); err != nil {
			return nil, err
		}
		if !p.eat(',') {
			if err := p.want('}', "',' or '}'"); err != nil {
				return nil, err
			}
			break
		}
	}
	p.space()
	if p.i != len(p.s) {
		return nil, p.fail("found %s after the dictionary, want only padding", p.found())
	}
	if len(seen) != 3 {
		return nil, p.fail("keys %v, want 'descr', 'fortran_order' and 'shape'", keys(seen))
	}
	return h, nil
}

// value parses the value of key into h.
func (p *dictParser) value(key string, h *npyHeader) error {
	var err error
	switch key {
	case "descr":
		if p.space(); p.peek() == '[' || p.peek() == '{' {
			return &UnsupportedError{Pos: p.pos(), Msg: "structured dtype, want float32 or float64"}
		}
		h.descr, err = p.str()
	case "fortran_order":
		switch w := p.word(); w {
		case "True":
			h.fortran = true
		case "False":
		default:
			return p.fail("fortran_order %q, want True or False", w)
		}
	case "shape":
		h.shape, err = p.tuple()
	default:
		return p.fail("unknown key %q, want 'descr', 'fortran_order' and 'shape'", key)
	}
	return err
}

// tuple parses a shape: "()", "(5,)", "(199, 263)".
func (p *dictParser) tuple() ([]int, error) {
	if err := p.want('(', "a shape tuple such as (199, 263)"); err != nil {
		return nil, err
	}
	shape := []int{}
	for !p.eat(')') {
		if len(shape) == maxNPYRank {
			return nil, &UnsupportedError{Pos: p.pos(), Msg: fmt.Sprintf("more than %d dimensions", maxNPYRank)}
		}
		d, err := p.dim()
		if err != nil {
			return nil, err
		}
		shape = append(shape, d)
		if !p.eat(',') {
			if err := p.want(')', "',' or ')' in the shape"); err != nil {
				return nil, err
			}
			break
		}
	}
	return shape, nil
}

// dim parses one dimension, a non-negative integer.
func (p *dictParser) dim() (int, error) {
	p.space()
	j := p.i
	for j < len(p.s) && '0' <= p.s[j] && p.s[j] <= '9' {
		j++
	}
	if j == p.i {
		return 0, p.fail("found %s, want a dimension (a non-negative integer)", p.found())
	}
	if j-p.i > 12 {
		return 0, &UnsupportedError{Pos: p.pos(), Msg: fmt.Sprintf("dimension %s, want at most %d elements", p.s[p.i:j], MaxNPYElements)}
	}
	d, _ := strconv.Atoi(string(p.s[p.i:j])) // at most 12 digits: always fits
	p.i = j
	if p.peek() == 'L' { // Python 2's numpy wrote dimensions as long integers: (199L, 263L)
		p.i++
	}
	return d, nil
}

// str parses a quoted string without escapes; numpy's keys and dtype strings have none.
func (p *dictParser) str() (string, error) {
	p.space()
	q := p.peek()
	if q != '\'' && q != '"' {
		return "", p.fail("found %s, want a quoted string", p.found())
	}
	end := bytes.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", p.fail("string never ends")
	}
	v := p.s[p.i+1 : p.i+1+end]
	if bytes.IndexByte(v, '\\') >= 0 {
		return "", p.fail("string %q has an escape, want a plain dtype or key", v)
	}
	p.i += end + 2
	return string(v), nil
}

// word parses a bare name such as True.
func (p *dictParser) word() string {
	p.space()
	j := p.i
	for j < len(p.s) && ('a' <= p.s[j] && p.s[j] <= 'z' || 'A' <= p.s[j] && p.s[j] <= 'Z') {
		j++
	}
	w := string(p.s[p.i:j])
	p.i = j
	return w
}

func (p *dictParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *dictParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// eat skips spaces and then c if it comes next, reporting whether it did.
func (p *dictParser) eat(c byte) bool {
	if p.space(); p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *dictParser) want(c byte, what string) error {
	if !p.eat(c) {
		return p.fail("found %s, want %s", p.found(), what)
	}
	return nil
}

func (p *dictParser) found() string {
	if p.i >= len(p.s) {
		return "the end of the header"
	}
	return fmt.Sprintf("%q", p.s[p.i:p.i+1])
}

func (p *dictParser) pos() string { return fmt.Sprintf("header byte %d", p.off+p.i) }

func (p *dictParser) fail(format string, args ...any) error {
	return &FormatError{Pos: p.pos(), Msg: fmt.Sprintf(format, args...)}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if m[k] {
			out = append(out, k)
		}
	}
	return out
}
