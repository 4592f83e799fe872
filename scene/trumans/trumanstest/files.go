package trumanstest

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"interactagent/scene"
)

// writeOBJ writes objects as a Wavefront OBJ: an "o" per object, a "g" per part.
func writeOBJ(w io.Writer, objects []*scene.Object) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	base := 1
	var line []byte
	for _, o := range objects {
		fmt.Fprintf(bw, "o %s\n", o.ID)
		for _, p := range o.Parts {
			fmt.Fprintf(bw, "g %s\n", p.Name)
			for _, v := range p.Mesh.Vertices {
				line = append(line[:0], 'v')
				for _, c := range v {
					line = append(line, ' ')
					line = strconv.AppendFloat(line, c, 'f', 6, 64)
				}
				bw.Write(append(line, '\n'))
			}
			for _, t := range p.Mesh.Triangles {
				fmt.Fprintf(bw, "f %d %d %d\n", int(t[0])+base, int(t[1])+base, int(t[2])+base)
			}
			base += len(p.Mesh.Vertices)
		}
	}
	return bw.Flush()
}

// WriteGridNPY writes an occupancy grid as numpy.save writes a boolean array of shape dims
// (C order: x slowest, z fastest).
func WriteGridNPY(w io.Writer, dims [3]int, occ []bool) error {
	raw := make([]byte, len(occ))
	for i, o := range occ {
		if o {
			raw[i] = 1
		}
	}
	return writeNPY(w, "|b1", fmt.Sprintf("(%d, %d, %d)", dims[0], dims[1], dims[2]), raw)
}

// writeNPY writes a .npy (version 1.0) of the given descr and shape tuple around data.
func writeNPY(w io.Writer, descr, shape string, data []byte) error {
	h := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape)
	pad := 64 - (10+len(h)+1)%64
	h += strings.Repeat(" ", pad%64) + "\n"
	pre := append([]byte("\x93NUMPY\x01\x00"), 0, 0)
	binary.LittleEndian.PutUint16(pre[8:], uint16(len(h)))
	for _, b := range [][]byte{pre, []byte(h), data} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// writePoseNPY writes six numbers as a float32 .npy of shape (6,).
func writePoseNPY(w io.Writer, v []float64) error {
	return writeNPY(w, "<f4", fmt.Sprintf("(%d,)", len(v)), float32Bytes(v))
}

// float32Bytes returns v as little-endian float32s.
func float32Bytes(v []float64) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(x)))
	}
	return out
}
