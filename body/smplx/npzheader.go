package smplx

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// npyHead is what a .npy header says about its array, checked: a number dtype of 4 or 8 bytes,
// at most npyMaxRank dimensions, each at most npyMaxDim.
type npyHead struct {
	descr   string // numpy's dtype string, such as "<f4"
	kind    byte   // 'f' (float), 'i' (signed integer) or 'u' (unsigned integer)
	size    int    // bytes per element: 4 or 8
	order   binary.ByteOrder
	fortran bool
	shape   []int
	length  int // bytes of the preamble and header, before the data
}

const (
	npyMaxHeader = 1 << 16 // bytes; numpy writes at most 65,535 in version 1.0
	npyMaxRank   = 3       // the model's arrays have at most three dimensions
	npyMaxDim    = 1 << 30 // per dimension; the keys' own bounds are far lower
)

// readNPYHead reads and checks the preamble and the header of one .npy array.
func readNPYHead(r io.Reader) (*npyHead, error) {
	var pre [12]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return nil, fmt.Errorf("the .npy preamble ends early (%v)", err)
	}
	if string(pre[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("starts with %q, want the .npy magic \"\\x93NUMPY\"", pre[:6])
	}
	lenBytes := 4
	switch v := [2]byte{pre[6], pre[7]}; v {
	case [2]byte{1, 0}:
		lenBytes = 2
	case [2]byte{2, 0}, [2]byte{3, 0}:
	default:
		return nil, fmt.Errorf(".npy format version %d.%d, want 1.0, 2.0 or 3.0", v[0], v[1])
	}
	if _, err := io.ReadFull(r, pre[8:8+lenBytes]); err != nil {
		return nil, fmt.Errorf("the .npy header length ends early (%v)", err)
	}
	n := int(binary.LittleEndian.Uint16(pre[8:10]))
	if lenBytes == 4 {
		n = int(binary.LittleEndian.Uint32(pre[8:12]))
	}
	if n > npyMaxHeader {
		return nil, fmt.Errorf("a .npy header of %d bytes, want at most %d", n, npyMaxHeader)
	}
	dict := make([]byte, n)
	if _, err := io.ReadFull(r, dict); err != nil {
		return nil, fmt.Errorf("the .npy header of %d bytes ends early (%v)", n, err)
	}
	h, err := parseNPYDict(dict)
	if err != nil {
		return nil, err
	}
	h.length = 8 + lenBytes + n
	return h, h.resolve()
}

// resolve reads the dtype string: a byte order and a float or integer type of 4 or 8 bytes.
func (h *npyHead) resolve() error {
	d := h.descr
	if len(d) != 3 || !strings.Contains("<>=|", d[:1]) || !strings.Contains("fiu", d[1:2]) || (d[2] != '4' && d[2] != '8') {
		return fmt.Errorf("dtype %q, want a number of 4 or 8 bytes such as '<f4', '<f8', '<i4' or '<i8'", d)
	}
	h.kind, h.size = d[1], int(d[2]-'0')
	h.order = binary.ByteOrder(binary.LittleEndian)
	if d[0] == '>' {
		h.order = binary.BigEndian
	}
	return nil
}

// count returns the number of elements (the product of the shape).
func (h *npyHead) count() int {
	n := 1
	for _, d := range h.shape {
		n *= d
	}
	return n
}

// dtypeName returns numpy's name of the dtype, such as "float32".
func (h *npyHead) dtypeName() string {
	name := map[byte]string{'f': "float", 'i': "int", 'u': "uint"}[h.kind]
	return name + strconv.Itoa(8*h.size)
}

// parseNPYDict parses a header dictionary, a Python literal such as "{'descr': '<f4',
// 'fortran_order': False, 'shape': (10475, 3), }" padded with spaces, in any key order.
func parseNPYDict(s []byte) (*npyHead, error) {
	p := &npyDictParser{s: s}
	h := &npyHead{}
	seen := 0
	if !p.eat('{') {
		return nil, p.fail("'{' opening the header dictionary")
	}
	for !p.eat('}') {
		if err := p.entry(h, &seen); err != nil {
			return nil, err
		}
		if !p.eat(',') {
			if !p.eat('}') {
				return nil, p.fail("',' or '}'")
			}
			break
		}
	}
	if p.skipSpace(); p.i != len(p.s) {
		return nil, p.fail("only padding after the dictionary")
	}
	if seen != 7 {
		return nil, fmt.Errorf(".npy header lacks a key, want 'descr', 'fortran_order' and 'shape'")
	}
	return h, nil
}

// npyDictParser reads a .npy header dictionary.
type npyDictParser struct {
	s []byte
	i int
}

// entry parses one key and its value into h, marking the key in seen (bits 1, 2, 4).
func (p *npyDictParser) entry(h *npyHead, seen *int) error {
	key, ok := p.quoted()
	if !ok {
		return p.fail("a quoted key")
	}
	bit := map[string]int{"descr": 1, "fortran_order": 2, "shape": 4}[key]
	if bit == 0 || *seen&bit != 0 {
		return fmt.Errorf(".npy header key %q is unknown or repeated, want 'descr', 'fortran_order' and 'shape' once each", key)
	}
	*seen |= bit
	if !p.eat(':') {
		return p.fail("':' after a key")
	}
	switch key {
	case "descr":
		if h.descr, ok = p.quoted(); !ok {
			return p.fail("a dtype string such as '<f4' (structured dtypes are not read)")
		}
	case "fortran_order":
		return p.boolean(&h.fortran)
	default:
		return p.tuple(&h.shape)
	}
	return nil
}

// boolean parses True or False.
func (p *npyDictParser) boolean(b *bool) error {
	p.skipSpace()
	for _, w := range []string{"True", "False"} {
		if bytes.HasPrefix(p.s[p.i:], []byte(w)) {
			p.i += len(w)
			*b = w == "True"
			return nil
		}
	}
	return p.fail("True or False")
}

// tuple parses a shape: "()", "(5,)", "(10475, 3)".
func (p *npyDictParser) tuple(shape *[]int) error {
	if !p.eat('(') {
		return p.fail("a shape tuple such as (10475, 3)")
	}
	*shape = []int{}
	for !p.eat(')') {
		if len(*shape) == npyMaxRank {
			return fmt.Errorf(".npy shape of more than %d dimensions, want at most %d", npyMaxRank, npyMaxRank)
		}
		d, err := p.dim()
		if err != nil {
			return err
		}
		*shape = append(*shape, d)
		if !p.eat(',') {
			if !p.eat(')') {
				return p.fail("',' or ')' in the shape")
			}
			break
		}
	}
	return nil
}

// dim parses one dimension, an integer from 0 to npyMaxDim (Python 2 wrote a trailing L).
func (p *npyDictParser) dim() (int, error) {
	p.skipSpace()
	j := p.i
	for j < len(p.s) && j-p.i <= 10 && '0' <= p.s[j] && p.s[j] <= '9' {
		j++
	}
	d, err := strconv.Atoi(string(p.s[p.i:j]))
	if err != nil || d > npyMaxDim {
		return 0, p.fail(fmt.Sprintf("a dimension from 0 to %d", npyMaxDim))
	}
	p.i = j
	if p.i < len(p.s) && p.s[p.i] == 'L' {
		p.i++
	}
	return d, nil
}

// quoted parses a string in single or double quotes, without escapes.
func (p *npyDictParser) quoted() (string, bool) {
	p.skipSpace()
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", false
	}
	end := bytes.IndexByte(p.s[p.i+1:], p.s[p.i])
	if end < 0 || bytes.IndexByte(p.s[p.i+1:p.i+1+end], '\\') >= 0 {
		return "", false
	}
	v := string(p.s[p.i+1 : p.i+1+end])
	p.i += end + 2
	return v, true
}

func (p *npyDictParser) skipSpace() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// eat skips spaces and then c if it comes next, reporting whether it did.
func (p *npyDictParser) eat(c byte) bool {
	if p.skipSpace(); p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// fail says what the parser found at its position and what it wanted.
func (p *npyDictParser) fail(want string) error {
	found := "the end of the header"
	if p.i < len(p.s) {
		found = strconv.Quote(string(p.s[p.i:min(len(p.s), p.i+12)]))
	}
	return fmt.Errorf(".npy header byte %d: found %s, want %s", p.i, found, want)
}
