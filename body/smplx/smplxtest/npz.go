package smplxtest

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"interactagent/body/smplx"
	"interactagent/motion"
)

// Entry is one array of an .npz file: the member Key + ".npy" of the zip archive.
type Entry struct {
	Key     string
	Descr   string    // numpy's dtype: "<f4", ">f8", "<i4", "<u4", "<i8", … or "|O", a pickled object
	Fortran bool      // the data is written in Fortran (column-major) order
	Shape   []int     // the shape the header announces
	Values  []float64 // the elements in C order (integers too); may disagree with Shape on purpose
	Pickle  []byte    // the data of a "|O" entry
}

// Entries returns the .npz entries of raw in o's layout, in the order of a real file of its family,
// with the keys a reader must skip (hand PCA, texture coordinates, landmarks, pickled name tables).
func (r *Raw) Entries(o Options) []Entry {
	o, _ = o.resolved()
	e := &entryMaker{o: o}
	var out []Entry
	if r.Family != smplx.SMPL {
		out = append(out, handEntries(e)...)
	}
	out = append(out, e.ints("f", o.Faces, []int{len(r.Faces), 3}, faceValues(r.Faces)))
	if r.Family == smplx.SMPLX {
		out = append(out, e.ints("ft", o.Faces, []int{len(r.Faces), 3}, faceValues(r.Faces)))
	}
	out = append(out, e.floats("J_regressor", []int{r.NumJoints(), r.NumVertices()}, flatten(r.Regressor)))
	if r.Family == smplx.SMPLX {
		out = append(out, e.floats("vt", []int{r.NumVertices(), 2}, textureCoords(r.Template)),
			pickled("joint2num", r.NumJoints()))
	} else {
		out = append(out, e.floats("J", []int{r.NumJoints(), 3}, make([]float64, r.NumJoints()*3)))
	}
	out = append(out, e.floats("weights", []int{r.NumVertices(), r.NumJoints()}, flatten(r.Weights)),
		e.floats("v_template", []int{r.NumVertices(), 3}, flatten3(r.Template)))
	if r.Family == smplx.SMPLX {
		out = append(out, pickled("part2num", 10))
	}
	out = append(out, e.floats("shapedirs", []int{r.NumVertices(), 3, r.NumShape}, r.ShapeDirs),
		e.floats("posedirs", []int{r.NumVertices(), 3, r.NumPose}, r.PoseDirs),
		e.ints("kintree_table", o.Kintree, []int{2, r.NumJoints()}, kintreeValues(r.Parents, o.Kintree)))
	if r.Family == smplx.SMPLX {
		out = append(out, landmarkEntries(e)...)
	}
	return out
}

// entryMaker makes entries with o's dtype, byte order and array order.
type entryMaker struct{ o Options }

// floats makes a float entry; arrays of two or more dimensions follow o.Fortran.
func (e *entryMaker) floats(key string, shape []int, values []float64) Entry {
	size := "4"
	if e.o.DType == motion.Float64 {
		size = "8"
	}
	return Entry{Key: key, Descr: e.order() + "f" + size, Fortran: e.o.Fortran && len(shape) > 1, Shape: shape, Values: values}
}

// ints makes an integer entry of dtype descr (given little-endian), in C order.
func (e *entryMaker) ints(key, descr string, shape []int, values []float64) Entry {
	return Entry{Key: key, Descr: e.order() + descr[1:], Shape: shape, Values: values}
}

func (e *entryMaker) order() string {
	if e.o.BigEndian {
		return ">"
	}
	return "<"
}

// handEntries are SMPL-H's and SMPL-X's hand PCA arrays: (45, 45) components and (45) means.
func handEntries(e *entryMaker) []Entry {
	var out []Entry
	for _, side := range []string{"l", "r"} {
		comp := make([]float64, 45*45)
		for i := range 45 {
			comp[i*45+i] = 1
		}
		mean := make([]float64, 45)
		for i := range mean {
			mean[i] = 0.1 * math.Sin(float64(i))
		}
		out = append(out, e.floats("hands_components"+side, []int{45, 45}, comp),
			e.floats("hands_mean"+side, []int{45}, mean))
	}
	return out
}

// landmarkEntries are SMPL-X's face landmark arrays.
func landmarkEntries(e *entryMaker) []Entry {
	bary := func(n int) []float64 {
		out := make([]float64, n*3)
		for i := range out {
			out[i] = 1.0 / 3
		}
		return out
	}
	return []Entry{
		e.ints("lmk_faces_idx", "<i8", []int{51}, make([]float64, 51)),
		e.floats("lmk_bary_coords", []int{51, 3}, bary(51)),
		e.ints("dynamic_lmk_faces_idx", "<i8", []int{79, 17}, make([]float64, 79*17)),
		e.floats("dynamic_lmk_bary_coords", []int{79, 17, 3}, bary(79*17)),
	}
}

// pickled makes a "|O" entry holding a pickled dict of n names, as numpy writes object arrays.
func pickled(key string, n int) Entry {
	p := []byte("\x80\x02}q\x00(")
	for i := range n {
		name := "joint" + strconv.Itoa(i)
		p = append(p, 'X')
		p = binary.LittleEndian.AppendUint32(p, uint32(len(name)))
		p = append(p, name...)
		p = append(p, 'K', byte(i))
	}
	p = append(p, "u."...)
	return Entry{Key: key, Descr: "|O", Shape: []int{}, Pickle: p}
}

func faceValues(faces [][3]uint32) []float64 {
	out := make([]float64, 0, len(faces)*3)
	for _, t := range faces {
		out = append(out, float64(t[0]), float64(t[1]), float64(t[2]))
	}
	return out
}

// kintreeValues returns kintree_table's two rows: the parents, the root's written as the real
// files do (4294967295, or -1 in a signed 32-bit table), then the joints' own indices.
func kintreeValues(parents []int, descr string) []float64 {
	out := make([]float64, 2*len(parents))
	for j, p := range parents {
		out[j], out[len(parents)+j] = float64(p), float64(j)
	}
	if descr[1:] != "i4" {
		out[0] = 4294967295
	}
	return out
}

func textureCoords(verts [][3]float64) []float64 {
	out := make([]float64, 0, len(verts)*2)
	for _, p := range verts {
		out = append(out, 0.5+p[0]/2, p[1]/2)
	}
	return out
}

func flatten(rows [][]float64) []float64 {
	var out []float64
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

func flatten3(rows [][3]float64) []float64 {
	out := make([]float64, 0, len(rows)*3)
	for _, r := range rows {
		out = append(out, r[:]...)
	}
	return out
}

// Find returns the entry named key, or nil.
func Find(entries []Entry, key string) *Entry {
	for i := range entries {
		if entries[i].Key == key {
			return &entries[i]
		}
	}
	return nil
}

// Without returns entries less the one named key.
func Without(entries []Entry, key string) []Entry {
	var out []Entry
	for _, e := range entries {
		if e.Key != key {
			out = append(out, e)
		}
	}
	return out
}

// WriteEntries writes entries to path as an .npz file: a zip archive of .npy members, stored as
// np.savez does or deflated as np.savez_compressed does.
func WriteEntries(path string, entries []Entry, compress bool) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("smplxtest: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("smplxtest: %w", cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	for i := range entries {
		if err := writeEntry(zw, &entries[i], compress); err != nil {
			return fmt.Errorf("smplxtest: %s: %w", entries[i].Key, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("smplxtest: %w", err)
	}
	return bw.Flush()
}

// writeEntry writes one .npy member: numpy's version 1.0 header, padded so that the data starts at
// a multiple of 64 bytes, then the data.
func writeEntry(zw *zip.Writer, e *Entry, compress bool) error {
	method := zip.Store
	if compress {
		method = zip.Deflate
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: e.Key + ".npy", Method: method,
		Modified: time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if _, err := bw.Write(npyHeader(e)); err != nil {
		return err
	}
	if e.Descr == "|O" {
		_, err = bw.Write(e.Pickle)
	} else {
		err = writeValues(bw, e)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// npyHeader spells e's header as numpy does.
func npyHeader(e *Entry) []byte {
	dims := make([]string, len(e.Shape))
	for i, d := range e.Shape {
		dims[i] = strconv.Itoa(d)
	}
	shape := "(" + strings.Join(dims, ", ") + ")"
	if len(dims) == 1 {
		shape = "(" + dims[0] + ",)"
	}
	fortran := "False"
	if e.Fortran {
		fortran = "True"
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': %s, 'shape': %s, }", e.Descr, fortran, shape)
	pad := 63 - (10+len(dict))%64
	dict += strings.Repeat(" ", pad) + "\n"
	out := append([]byte("\x93NUMPY\x01\x00"), byte(len(dict)), byte(len(dict)>>8))
	return append(out, dict...)
}

// writeValues writes e's values in its dtype and order.
func writeValues(w *bufio.Writer, e *Entry) error {
	enc, err := encoder(e.Descr)
	if err != nil {
		return err
	}
	buf := make([]byte, 0, 1<<16)
	for i := range fileOrder(len(e.Values), e.Shape, e.Fortran) {
		buf = enc(buf, e.Values[i])
		if len(buf) >= 1<<16-8 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err = w.Write(buf)
	return err
}

// encoder returns a function appending one value in dtype descr.
func encoder(descr string) (func([]byte, float64) []byte, error) {
	if len(descr) != 3 {
		return nil, fmt.Errorf("dtype %q, want a number dtype such as \"<f4\"", descr)
	}
	var bo binary.AppendByteOrder = binary.LittleEndian
	if descr[0] == '>' {
		bo = binary.BigEndian
	}
	switch descr[1:] {
	case "f4":
		return func(b []byte, x float64) []byte { return bo.AppendUint32(b, math.Float32bits(float32(x))) }, nil
	case "f8":
		return func(b []byte, x float64) []byte { return bo.AppendUint64(b, math.Float64bits(x)) }, nil
	case "i4", "u4":
		return func(b []byte, x float64) []byte { return bo.AppendUint32(b, uint32(int64(x))) }, nil
	case "i8", "u8":
		return func(b []byte, x float64) []byte { return bo.AppendUint64(b, uint64(int64(x))) }, nil
	}
	return nil, fmt.Errorf("dtype %q, want f4, f8, i4, u4, i8 or u8", descr)
}

// fileOrder yields the C-order indices of n values in the order a file stores them: C order, or
// Fortran order (the first index fastest) when fortran and the shape holds exactly n values.
func fileOrder(n int, shape []int, fortran bool) func(func(int) bool) {
	return func(yield func(int) bool) {
		count := 1
		for _, d := range shape {
			count *= d
		}
		if !fortran || count != n || len(shape) < 2 {
			for i := range n {
				if !yield(i) {
					return
				}
			}
			return
		}
		fortranOrder(shape, yield)
	}
}

// fortranOrder yields the C-order index of every element of shape in Fortran order.
func fortranOrder(shape []int, yield func(int) bool) {
	stride := make([]int, len(shape))
	s := 1
	for k := len(shape) - 1; k >= 0; k-- {
		stride[k], s = s, s*shape[k]
	}
	idx := make([]int, len(shape))
	off := 0
	for range s {
		if !yield(off) {
			return
		}
		for k := range idx {
			idx[k]++
			off += stride[k]
			if idx[k] < shape[k] {
				break
			}
			off -= idx[k] * stride[k]
			idx[k] = 0
		}
	}
}

// Truncate cuts the file at path to its first size bytes.
func Truncate(path string, size int64) error {
	if err := os.Truncate(path, size); err != nil {
		return fmt.Errorf("smplxtest: %w", err)
	}
	return nil
}

// WriteNotZip writes a file that is not a zip archive: a lone .npy array, as if the user named a
// .npy file instead of the model's .npz.
func WriteNotZip(path string) error {
	e := Entry{Key: "v_template", Descr: "<f4", Shape: []int{2, 3}, Values: []float64{0, 1, 2, 3, 4, 5}}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("smplxtest: %w", err)
	}
	bw := bufio.NewWriter(f)
	_, err = bw.Write(npyHeader(&e))
	if err == nil {
		err = writeValues(bw, &e)
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("smplxtest: %w", err)
	}
	return nil
}
