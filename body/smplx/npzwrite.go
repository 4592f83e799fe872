package smplx

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"interactagent/fileio"
	"interactagent/motion"
)

// WriteAMASS writes a fitted motion to path as an AMASS-style motion file (EncodeAMASS), Z up as
// AMASS is, or Y up on request. The file is replaced atomically: a failed write leaves nothing
// half-written and any earlier file as it was.
func WriteAMASS(path string, mo *Motion, up Up) error {
	q, err := NewSequence(mo, up)
	if err != nil {
		return err
	}
	return SaveAMASS(path, q)
}

// SaveAMASS writes q to path as EncodeAMASS does, atomically.
func SaveAMASS(path string, q *Sequence) error {
	if err := q.check(); err != nil {
		return err
	}
	return fileio.WriteAtomic(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := EncodeAMASS(bw, q); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("smplx: write %s: %w", path, err)
		}
		return nil
	})
}

// EncodeAMASS writes q as numpy's savez does (a zip of .npy entries, stored uncompressed), with
// the keys AMASS files have and that aitviewer's SMPLSequence.from_amass and the SMPL-X add-on for
// Blender read: `poses` (T, 165|156|72) float64 (global orientation, 21 body joints, then jaw,
// eyes and hands as the family has them; zero where q holds none), `trans` (T, 3) float64,
// `betas` (B,) float64, `gender` and `surface_model_type` ("smplx", "smplh" or "smpl") as numpy
// unicode strings, the frame rate as a float64 scalar under both `mocap_frame_rate` (AMASS's
// SMPL-X files) and `mocap_framerate` (its SMPL-H files, and what aitviewer reads), and
// `up_axis`, "z" or "y", which ReadAMASS honours and other readers ignore.
func EncodeAMASS(w io.Writer, q *Sequence) error {
	if err := q.check(); err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	width := PoseWidth(q.Family)
	up := "z"
	if q.Up == YUp {
		up = "y"
	}
	entries := []struct {
		key   string
		write func(io.Writer) error
	}{
		{"poses", floatEntry([]int{len(q.Frames), width}, amassPoses(q, width))},
		{"trans", floatEntry([]int{len(q.Frames), 3}, amassTrans(q))},
		{"betas", floatEntry([]int{len(q.Betas)}, q.Betas)},
		{"gender", textEntry(q.Gender)},
		{"mocap_frame_rate", floatEntry([]int{}, []float64{q.FPS})},
		{"mocap_framerate", floatEntry([]int{}, []float64{q.FPS})},
		{"surface_model_type", textEntry(SurfaceModelType(q.Family))},
		{"up_axis", textEntry(up)},
	}
	for _, e := range entries {
		ew, err := zw.CreateHeader(&zip.FileHeader{Name: e.key + ".npy", Method: zip.Store})
		if err != nil {
			return fmt.Errorf("smplx: write %s: %w", e.key, err)
		}
		if err := e.write(ew); err != nil {
			return fmt.Errorf("smplx: write %s: %w", e.key, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("smplx: write npz: %w", err)
	}
	return nil
}

// amassPoses lays the frames' pose values out row by row.
func amassPoses(q *Sequence, width int) []float64 {
	out := make([]float64, 0, len(q.Frames)*width)
	for _, f := range q.Frames {
		out = append(out, f.Orient[:]...)
		for _, r := range f.Body {
			out = append(out, r[:]...)
		}
		if f.Extra != nil {
			out = append(out, f.Extra...)
		} else {
			out = append(out, make([]float64, width-3*(NumBodyPose+1))...)
		}
	}
	return out
}

func amassTrans(q *Sequence) []float64 {
	out := make([]float64, 0, 3*len(q.Frames))
	for _, f := range q.Frames {
		out = append(out, f.Trans[:]...)
	}
	return out
}

// floatEntry writes a float64 .npy array (motion.WriteNPY; shape () is a scalar). An empty array
// (no betas) is written here, which motion.WriteNPY refuses.
func floatEntry(shape []int, data []float64) func(io.Writer) error {
	return func(w io.Writer) error {
		if len(data) == 0 {
			return writeArrayHeader(w, "<f8", shapeText(shape))
		}
		return motion.WriteNPY(w, &motion.Array{Shape: shape, Data: data, DType: motion.Float64}, motion.Float64)
	}
}

// textEntry writes s as a numpy unicode string scalar ('<Un', UCS-4 little-endian), what
// np.savez makes of a Python str.
func textEntry(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		runes := []rune(s)
		n := max(len(runes), 1)
		if err := writeArrayHeader(w, fmt.Sprintf("<U%d", n), "()"); err != nil {
			return err
		}
		buf := make([]byte, 4*n)
		for i, r := range runes {
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(r))
		}
		_, err := w.Write(buf)
		return err
	}
}

// writeArrayHeader writes a version 1.0 .npy preamble and header, padded as numpy pads it so that
// the data starts at a multiple of 64 bytes.
func writeArrayHeader(w io.Writer, descr, shape string) error {
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape)
	pad := 63 - (10+len(dict))%64
	dict += strings.Repeat(" ", pad) + "\n"
	hdr := append([]byte("\x93NUMPY\x01\x00"), byte(len(dict)), byte(len(dict)>>8))
	_, err := w.Write(append(hdr, dict...))
	return err
}
