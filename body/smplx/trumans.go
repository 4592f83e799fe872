package smplx

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
)

// TRUMANSFPS is the frame rate of TRUMANS' motion capture arrays.
const TRUMANSFPS = 30

// The TRUMANS arrays ReadTRUMANS reads: every frame of the dataset, all segments one after the
// other, SMPL-X parameters in TRUMANS' Y-up world.
const (
	TRUMANSOrient = "human_orient.npy" // (N, 3) global orientation, axis-angle
	TRUMANSPose   = "human_pose.npy"   // (N, 63) the 21 body rotations, axis-angle
	TRUMANSTransl = "human_transl.npy" // (N, 3) translation, metres
)

// ReadTRUMANS reads frames [from, to) of a TRUMANS folder's per-frame arrays (TRUMANSOrient,
// TRUMANSPose, TRUMANSTransl; float32 or float64, C or Fortran order), to = 0 meaning the last
// frame. The arrays hold the whole dataset (millions of frames), so only the rows asked for are
// read, at most motion.MaxFrames of them; the three must have the same number of rows. The
// sequence is SMPL-X at 30 fps, Y up, with no betas and the male gender: TRUMANS fits its capture
// with betas 0 on the male SMPL-X model, so that is the model its motion means. Hand poses are not
// read (the hands stay flat).
//
// Bad input is a *motion.FormatError or *motion.UnsupportedError naming the array's file.
func ReadTRUMANS(dir string, from, to int) (*Sequence, error) {
	orient, err := openTRUMANS(dir, TRUMANSOrient, 3)
	if err != nil {
		return nil, err
	}
	defer orient.f.Close()
	pose, err := openTRUMANS(dir, TRUMANSPose, 3*NumBodyPose)
	if err != nil {
		return nil, err
	}
	defer pose.f.Close()
	transl, err := openTRUMANS(dir, TRUMANSTransl, 3)
	if err != nil {
		return nil, err
	}
	defer transl.f.Close()
	if from, to, err = trumansRange(orient, pose, transl, from, to); err != nil {
		return nil, err
	}
	q := &Sequence{Path: dir, Family: SMPLX, Gender: "male", FPS: TRUMANSFPS, Up: YUp, Frames: make([]Frame, to-from)}
	for _, a := range []*trumansArray{orient, pose, transl} {
		rows, err := a.rows(from, to)
		if err != nil {
			return nil, err
		}
		a.store(q.Frames, rows)
	}
	return q, trumansTrans(transl.path, q.Frames, from)
}

// trumansArray is one open per-frame array: its file, header and columns.
type trumansArray struct {
	path string
	f    *os.File
	info *arrayInfo
	cols int
}

// openTRUMANS opens dir/name and checks its header: (N, cols) floats, the file's size exactly
// what the header announces.
func openTRUMANS(dir, name string, cols int) (*trumansArray, error) {
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("smplx: TRUMANS folder %s: %w", dir, err)
	}
	a := &trumansArray{path: path, f: f, cols: cols}
	if err := a.readHeader(); err != nil {
		f.Close()
		return nil, namePath(err, path)
	}
	return a, nil
}

func (a *trumansArray) readHeader() error {
	info, err := readArrayInfo(bufio.NewReader(io.LimitReader(a.f, maxArrayHeader+16)))
	if err != nil {
		return atKey(err, "header")
	}
	a.info = info
	s := info.shape
	if info.kind != 'f' || len(s) != 2 || s[1] != a.cols {
		return &motion.FormatError{Pos: "header", Msg: fmt.Sprintf("dtype %s shape %s, want float32 or float64 (N, %d)", info.descr, shapeText(s), a.cols)}
	}
	st, err := a.f.Stat()
	if err != nil {
		return err
	}
	if want := info.offset + int64(info.n*info.size); st.Size() != want {
		return &motion.FormatError{Pos: "data", Msg: fmt.Sprintf("the file has %d bytes, but shape %s of %s needs %d", st.Size(), shapeText(s), info.descr, want)}
	}
	return nil
}

// trumansRange checks that the arrays agree on N and resolves [from, to) within it.
func trumansRange(orient, pose, transl *trumansArray, from, to int) (int, int, error) {
	n := orient.info.shape[0]
	for _, a := range []*trumansArray{pose, transl} {
		if a.info.shape[0] != n {
			return 0, 0, &motion.FormatError{Path: a.path, Pos: "shape", Msg: fmt.Sprintf("%d frames, but %s has %d: want the same number of rows in all three arrays", a.info.shape[0], orient.path, n)}
		}
	}
	if to == 0 {
		to = n
	}
	switch {
	case from < 0 || to <= from || to > n:
		return 0, 0, fmt.Errorf("smplx: TRUMANS frames [%d, %d): want 0 ≤ from < to ≤ %d (the arrays' frames)", from, to, n)
	case to-from > motion.MaxFrames:
		return 0, 0, fmt.Errorf("smplx: TRUMANS frames [%d, %d) are %d frames, want at most %d: pick a range (--from, --to)", from, to, to-from, motion.MaxFrames)
	}
	return from, to, nil
}

// rows reads rows [from, to) in C order, every value finite. C-order rows are contiguous;
// Fortran-order arrays are read column by column.
func (a *trumansArray) rows(from, to int) ([]float64, error) {
	n, k := a.info.shape[0], to-from
	var out []float64
	spans := [][2]int64{{int64(from * a.cols), int64(k * a.cols)}} // element offset, count
	if a.info.fortran {
		spans = spans[:0]
		for c := range a.cols {
			spans = append(spans, [2]int64{int64(c*n + from), int64(k)})
		}
	}
	for _, sp := range spans {
		sub := *a.info
		sub.n, sub.shape, sub.fortran = int(sp[1]), []int{int(sp[1])}, false
		r := io.NewSectionReader(a.f, a.info.offset+sp[0]*int64(a.info.size), sp[1]*int64(a.info.size))
		vals, err := readArrayFloats(r, &sub)
		if err != nil {
			return nil, namePath(atKey(err, "data"), a.path)
		}
		out = append(out, vals...)
	}
	if a.info.fortran {
		out = transposeFortran(out, k, a.cols)
	}
	return out, a.checkFinite(out, from)
}

func (a *trumansArray) checkFinite(rows []float64, from int) error {
	for i, v := range rows {
		if !geom.Finite(v) {
			return &motion.FormatError{Path: a.path, Pos: fmt.Sprintf("frame %d", from+i/a.cols), Msg: fmt.Sprintf("column %d is %v, want a finite number", i%a.cols, v)}
		}
	}
	return nil
}

// store puts the array's rows into the frames, by which array it is.
func (a *trumansArray) store(frames []Frame, rows []float64) {
	name := filepath.Base(a.path)
	for t := range frames {
		row := rows[t*a.cols : (t+1)*a.cols]
		switch name {
		case TRUMANSOrient:
			frames[t].Orient = mgl64.Vec3(row)
		case TRUMANSTransl:
			frames[t].Trans = mgl64.Vec3(row)
		case TRUMANSPose:
			for j := range frames[t].Body {
				frames[t].Body[j] = mgl64.Vec3(row[3*j : 3*j+3])
			}
		}
	}
}

// trumansTrans refuses a translation beyond ±geom.MaxCoord.
func trumansTrans(path string, frames []Frame, from int) error {
	for t, f := range frames {
		if !geom.InWorldVec(f.Trans) {
			return &motion.FormatError{Path: path, Pos: fmt.Sprintf("frame %d", from+t), Msg: fmt.Sprintf("%v, want coordinates within ±%g m", f.Trans, geom.MaxCoord)}
		}
	}
	return nil
}
