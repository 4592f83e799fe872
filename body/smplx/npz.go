package smplx

import (
	"archive/zip"
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// ModelError reports a model file that Load cannot use, naming the file, the array (its key) and
// what was expected. Unsupported marks a file that may be valid but holds what this package does
// not read (a model of another joint count, an array beyond the bounds); otherwise the file is
// malformed.
type ModelError struct {
	Path        string // the file as the caller named it
	Key         string // the array, such as "weights"; "" for the archive as a whole
	Msg         string
	Unsupported bool
	Err         error // the cause a lower layer reported, if any
}

// Error says "smplx: FILE: key "KEY": MESSAGE".
func (e *ModelError) Error() string {
	s := "smplx: " + e.Path + ": "
	if e.Key != "" {
		s += "key " + strconv.Quote(e.Key) + ": "
	}
	if e.Unsupported {
		s += "unsupported: "
	}
	return s + e.Msg
}

// Unwrap returns the cause, if any.
func (e *ModelError) Unwrap() error { return e.Err }

// modelArchive is an open .npz model file: its zip directory, members by key.
type modelArchive struct {
	path    string
	zr      *zip.ReadCloser
	members map[string]*zip.File
}

// openModelArchive opens path as a zip archive and lists its .npy members; it reads no array.
func openModelArchive(path string) (*modelArchive, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		msg := "cannot read the file"
		if errors.Is(err, zip.ErrFormat) {
			msg = "not a zip archive, or a truncated one (want an .npz file such as SMPLX_NEUTRAL.npz)"
		}
		return nil, &ModelError{Path: path, Msg: msg + ": " + err.Error(), Err: err}
	}
	a := &modelArchive{path: path, zr: zr, members: map[string]*zip.File{}}
	for _, f := range zr.File {
		key, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			continue
		}
		if a.members[key] != nil {
			zr.Close()
			return nil, a.fail(key, "appears twice in the archive, want one array per key")
		}
		a.members[key] = f
	}
	return a, nil
}

// Close closes the file.
func (a *modelArchive) Close() error { return a.zr.Close() }

// fail returns a ModelError about key.
func (a *modelArchive) fail(key, format string, args ...any) *ModelError {
	return &ModelError{Path: a.path, Key: key, Msg: fmt.Sprintf(format, args...)}
}

// unsupported returns a ModelError about key marked Unsupported.
func (a *modelArchive) unsupported(key, format string, args ...any) *ModelError {
	e := a.fail(key, format, args...)
	e.Unsupported = true
	return e
}

// open opens key's member and reads its header; check sees the header before any data is read and
// the member's size is compared with what the header announces.
func (a *modelArchive) open(key string, check func(*npyHead) error) (*npyStream, error) {
	f := a.members[key]
	if f == nil {
		return nil, a.fail(key, "missing, want the array %s of an SMPL-family model file", key+".npy")
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &ModelError{Path: a.path, Key: key, Msg: "cannot open the member: " + err.Error(), Err: err}
	}
	s := &npyStream{a: a, key: key, rc: rc, r: bufio.NewReaderSize(rc, 1<<16)}
	if err := s.start(f, check); err != nil {
		rc.Close()
		return nil, err
	}
	return s, nil
}

// npyStream reads one member's data in file order, a row at a time.
type npyStream struct {
	a    *modelArchive
	key  string
	rc   io.ReadCloser
	r    *bufio.Reader
	head *npyHead
	read int     // elements read so far
	max  float64 // when positive, the largest magnitude rows accepts
}

// start reads the header and checks it, then the member's size against it.
func (s *npyStream) start(f *zip.File, check func(*npyHead) error) error {
	h, err := readNPYHead(s.r)
	if err != nil {
		return &ModelError{Path: s.a.path, Key: s.key, Msg: err.Error()}
	}
	s.head = h
	if err := check(h); err != nil {
		return err
	}
	want := uint64(h.length) + uint64(h.count())*uint64(h.size)
	if f.UncompressedSize64 != want {
		return s.a.fail(s.key, "the member holds %d bytes, but a header of %d bytes and shape %s of %s make %d",
			f.UncompressedSize64, h.length, shapeString(h.shape), h.dtypeName(), want)
	}
	return nil
}

// Close closes the member.
func (s *npyStream) Close() error { return s.rc.Close() }

// rowLen returns the length of the runs the file stores contiguously: the last dimension in C
// order, the first in Fortran order (1 for a scalar).
func (s *npyStream) rowLen() int {
	switch sh := s.head.shape; {
	case len(sh) == 0:
		return 1
	case s.head.fortran:
		return sh[0]
	default:
		return sh[len(sh)-1]
	}
}

// rows reads the next count rows (runs of rowLen elements in file order), refusing a value that is
// not finite or beyond ±s.max, and hands each to fn with its index among all rows; fn's slice is
// reused.
func (s *npyStream) rows(count int, fn func(r int, row []float64) error) error {
	n := s.rowLen()
	if n == 0 {
		return nil
	}
	raw := make([]byte, n*s.head.size)
	row := make([]float64, n)
	for range count {
		if _, err := io.ReadFull(s.r, raw); err != nil {
			return s.ioError(err)
		}
		s.decode(raw, row)
		if i := nonFinite(row); i >= 0 {
			return s.a.fail(s.key, "element %s is %v, want a finite number", s.index(s.read+i), row[i])
		}
		if i := beyond(row, s.max); i >= 0 {
			return s.a.fail(s.key, "element %s is %v, want a value within ±%g", s.index(s.read+i), row[i], s.max)
		}
		if err := fn(s.read/n, row); err != nil {
			return err
		}
		s.read += n
	}
	return nil
}

// finish checks that the member ends where its data does; reading to its end makes the zip
// reader compare the checksum.
func (s *npyStream) finish() error {
	var b [1]byte
	switch _, err := io.ReadFull(s.r, b[:]); err {
	case io.EOF:
		return nil
	case nil:
		return s.a.fail(s.key, "bytes after the data the header announces, want the member to end")
	default:
		return s.ioError(err)
	}
}

// ioError describes a failed read of the member's data.
func (s *npyStream) ioError(err error) error {
	msg := "the data ends early or is damaged: " + err.Error()
	if errors.Is(err, zip.ErrChecksum) {
		msg = "the data is damaged (its checksum differs from the archive's)"
	}
	return &ModelError{Path: s.a.path, Key: s.key, Msg: msg, Err: err}
}

// decode converts raw elements of the member's dtype to float64 (integers of more than 53 bits
// lose precision, which no index or parent in a model file has).
func (s *npyStream) decode(raw []byte, out []float64) {
	h := s.head
	switch {
	case h.kind == 'f' && h.size == 4:
		for i := range out {
			out[i] = float64(math.Float32frombits(h.order.Uint32(raw[4*i:])))
		}
	case h.kind == 'f':
		for i := range out {
			out[i] = math.Float64frombits(h.order.Uint64(raw[8*i:]))
		}
	case h.size == 4:
		for i := range out {
			out[i] = decodeInt(h.kind, uint64(h.order.Uint32(raw[4*i:])), 32)
		}
	default:
		for i := range out {
			out[i] = decodeInt(h.kind, h.order.Uint64(raw[8*i:]), 64)
		}
	}
}

// decodeInt converts the bits of a signed ('i') or unsigned integer of the given width.
func decodeInt(kind byte, bits uint64, width int) float64 {
	if kind == 'u' {
		return float64(bits)
	}
	return float64(int64(bits<<(64-width)) >> (64 - width))
}

// index writes the file-order element i as a numpy index such as "(12, 1, 5)".
func (s *npyStream) index(i int) string {
	sh := s.head.shape
	idx := make([]int, len(sh))
	if s.head.fortran {
		for k := range sh {
			idx[k], i = i%sh[k], i/sh[k]
		}
	} else {
		for k := len(sh) - 1; k >= 0; k-- {
			idx[k], i = i%sh[k], i/sh[k]
		}
	}
	return shapeString(idx)
}

// nonFinite returns the index of the first NaN or infinity in xs, or -1.
func nonFinite(xs []float64) int {
	for i, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return i
		}
	}
	return -1
}

// beyond returns the index of the first value of xs beyond ±limit, or -1; a limit of 0 bounds
// nothing.
func beyond(xs []float64, limit float64) int {
	if limit <= 0 {
		return -1
	}
	for i, x := range xs {
		if x < -limit || x > limit {
			return i
		}
	}
	return -1
}

// shapeString writes a shape as Python does: "()", "(5,)", "(10475, 3)".
func shapeString(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// baseName returns the file's base name.
func baseName(path string) string { return filepath.Base(path) }
