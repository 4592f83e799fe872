package smplx

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// Load reads an SMPL-family model file (.npz: SMPL-X, SMPL-H or SMPL, told by its joint count 55,
// 52 or 24) and keeps what posing needs (docs/smplx.md, "Reading the model file").
//
// It reads only the keys it needs — v_template, J_regressor, kintree_table, weights, f, shapedirs,
// posedirs — one member at a time, never decoding the others (pickled objects among them). Each
// member's header is checked (dtype float32 or float64 of either byte order for the float arrays,
// an integer type for f and kintree_table; the shape; C or Fortran order; the bounds MaxVertices,
// 22 to 64 joints, MaxFaces, MaxShapeColumns) before its data is read, and the data streams in:
// of posedirs only the columns of body joints 1 to 21 are kept, in float32. A value that is not
// finite, a face naming a missing vertex, weights outside [0, 1] or not summing to 1, a joint tree
// with a cycle or a parent after its child, or one whose first 22 joints are not SMPL's body is
// refused. Every error is a *ModelError naming the file, the key and what was expected.
func Load(path string) (*Model, error) {
	a, err := openModelArchive(path)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	hash := startHash(path)
	defer hash.stop()
	l := &modelLoader{a: a, m: &Model{Path: path, Name: baseName(path)}}
	for _, step := range []func() error{l.template, l.regressor, l.kintree, l.weights, l.faces, l.shapeDirs, l.poseDirs} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if l.m.Hash, err = hash.wait(); err != nil {
		return nil, &ModelError{Path: path, Msg: "cannot hash the file: " + err.Error(), Err: err}
	}
	return l.m, nil
}

// modelLoader reads the arrays of one file in order, each step using the sizes found before.
type modelLoader struct {
	a    *modelArchive
	m    *Model
	n, j int // vertices (v_template), joints (J_regressor)
}

// read opens key, checks its header with check, which returns how many rows to read (−1: all of
// them, checking that the member ends there), reads them with fn and closes the member. The
// entries of shapedirs, posedirs and J_regressor must lie within ±maxEntry.
func (l *modelLoader) read(key string, check func(*npyHead) (int, error), fn func(int, []float64) error) error {
	var rows int
	s, err := l.a.open(key, func(h *npyHead) (err error) {
		rows, err = check(h)
		return err
	})
	if err != nil {
		return err
	}
	defer s.Close()
	if key == "shapedirs" || key == "posedirs" || key == "J_regressor" {
		s.max = maxEntry
	}
	all := rows < 0
	if all {
		rows = s.head.count() / max(1, s.rowLen())
	}
	if err := s.rows(rows, fn); err != nil {
		return err
	}
	if all {
		return s.finish()
	}
	return nil
}

// allRows tells read to read every row of a member.
const allRows = -1

// template reads v_template (N, 3): the rest vertices, metres.
func (l *modelLoader) template() error {
	const key = "v_template"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantFloat(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 2 || h.shape[1] != 3 || h.shape[0] < 1 || h.shape[0] > MaxVertices {
			return 0, l.a.fail(key, "shape %s, want (N, 3) with 1 ≤ N ≤ %d vertices", shapeString(h.shape), MaxVertices)
		}
		l.n, fortran = h.shape[0], h.fortran
		l.m.Template = make([]mgl64.Vec3, l.n)
		return allRows, nil
	}
	return l.read(key, check, func(r int, row []float64) error {
		for i, x := range row {
			v, c := r, i // C order: a row per vertex
			if fortran {
				v, c = i, r // Fortran order: a row per coordinate
			}
			if !geom.InWorld(x) {
				return l.a.fail(key, "element (%d, %d) is %v m, want within ±%g m", v, c, x, geom.MaxCoord)
			}
			l.m.Template[v][c] = x
		}
		return nil
	})
}

// regressor reads J_regressor (J, N), keeping its nonzero entries; J tells the family.
func (l *modelLoader) regressor() error {
	const key = "J_regressor"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantFloat(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 2 || h.shape[1] != l.n || h.shape[0] < motion.NumJoints || h.shape[0] > 64 {
			return 0, l.a.fail(key, "shape %s, want (J, %d): J joints from %d to 64 by the %d vertices of v_template",
				shapeString(h.shape), l.n, motion.NumJoints, l.n)
		}
		l.j, fortran = h.shape[0], h.fortran
		return allRows, l.family(key)
	}
	l.m.regressor = nil
	return l.read(key, check, func(r int, row []float64) error {
		if l.m.regressor == nil {
			l.m.regressor = make([][]regressorTerm, l.j)
		}
		for i, w := range row {
			j, v := r, i
			if fortran {
				j, v = i, r
			}
			if w != 0 {
				l.m.regressor[j] = append(l.m.regressor[j], regressorTerm{vertex: int32(v), weight: w})
			}
		}
		return nil
	})
}

// family tells the family by the joint count.
func (l *modelLoader) family(key string) error {
	switch l.j {
	case 24:
		l.m.Family = SMPL
	case 52:
		l.m.Family = SMPLH
	case 55:
		l.m.Family = SMPLX
	default:
		return l.a.unsupported(key, "%d joints, want 24 (SMPL), 52 (SMPL-H) or 55 (SMPL-X)", l.j)
	}
	return nil
}

// kintree reads kintree_table (2, J): row 0 holds the parents (the root's is ignored, as the
// reference loader sets it to -1).
func (l *modelLoader) kintree() error {
	const key = "kintree_table"
	var fortran bool
	check := func(h *npyHead) (int, error) {
		if err := l.wantInt(key, h); err != nil {
			return 0, err
		}
		if len(h.shape) != 2 || h.shape[0] != 2 || h.shape[1] != l.j {
			return 0, l.a.fail(key, "shape %s, want (2, %d) like J_regressor", shapeString(h.shape), l.j)
		}
		fortran = h.fortran
		return allRows, nil
	}
	parents := make([]float64, l.j)
	err := l.read(key, check, func(r int, row []float64) error {
		switch {
		case !fortran && r == 0:
			copy(parents, row)
		case fortran:
			parents[r] = row[0]
		}
		return nil
	})
	if err != nil {
		return err
	}
	l.m.Parents, err = checkParents(l.a, parents)
	return err
}

// wantFloat refuses a header whose dtype is not float32 or float64.
func (l *modelLoader) wantFloat(key string, h *npyHead) error {
	if h.kind != 'f' {
		return l.a.fail(key, "dtype %q (%s), want float32 or float64", h.descr, h.dtypeName())
	}
	return nil
}

// wantInt refuses a header whose dtype is not an integer type.
func (l *modelLoader) wantInt(key string, h *npyHead) error {
	if h.kind == 'f' {
		return l.a.fail(key, "dtype %q (%s), want an integer type (int32, int64, uint32 or uint64)", h.descr, h.dtypeName())
	}
	return nil
}

// fileHash hashes a file on its own goroutine while Load reads it.
type fileHash struct {
	done    chan struct{}
	stopped atomic.Bool
	sum     string
	err     error
}

// startHash starts hashing the file at path: "sha256:" and the hex SHA-256 of its bytes, read as
// a stream.
func startHash(path string) *fileHash {
	h := &fileHash{done: make(chan struct{})}
	go func() {
		defer close(h.done)
		h.sum, h.err = h.hash(path)
	}()
	return h
}

// hash reads and hashes the file, a megabyte at a time, until the end or stop.
func (h *fileHash) hash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	buf := make([]byte, 1<<20)
	for !h.stopped.Load() {
		n, err := f.Read(buf)
		sum.Write(buf[:n])
		if err == io.EOF {
			return "sha256:" + hex.EncodeToString(sum.Sum(nil)), nil
		}
		if err != nil {
			return "", err
		}
	}
	return "", errors.New("stopped")
}

// wait returns the hash once the file is read.
func (h *fileHash) wait() (string, error) {
	<-h.done
	return h.sum, h.err
}

// stop ends the hashing early (Load failed) and waits for the goroutine to close the file.
func (h *fileHash) stop() {
	h.stopped.Store(true)
	<-h.done
}
