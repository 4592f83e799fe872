package agent

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"interactagent/fileio"
	"interactagent/motion"
)

// An execution is kept in the run folder as cache/exec/KEY.exec: one JSON header line, then the
// frames the execution does not share with its parent as float64 little-endian x, y, z per joint.
// The loop executes the accepted prefix and one step more, again and again, and executors are
// deterministic, so most of an execution's frames are its prefix's: storing only what is new, and
// storing it exactly, keeps a run folder small (about a tenth of whole clips as JSON) and a
// resumed run bit-identical to an uninterrupted one.
type execHeader struct {
	// Parent is the key of the execution whose first Shared frames this one repeats; "" for none.
	Parent   string           `json:"parent,omitempty"`
	Shared   int              `json:"shared,omitempty"`
	FPS      float64          `json:"fps"`
	Frames   int              `json:"frames"` // in all, Shared included
	Segments []motion.Segment `json:"segments"`
}

// Limits on a stored execution: what motion itself allows, and how deep a chain of parents may go.
const (
	maxExecHeader = 1 << 20
	maxExecChain  = 1_000
)

// minShared is the fewest frames worth referring to a parent for.
const minShared = 8

// writeExec stores clip under key, its first shared frames those of the execution stored under
// parent (0 and "" for none; fewer than minShared are stored whole).
func writeExec(dir, key string, clip *motion.Clip, parent string, shared int) error {
	h := execHeader{FPS: clip.FPS, Frames: clip.Len(), Segments: clip.Segments}
	if shared >= minShared && shared <= clip.Len() && parent != "" {
		h.Parent, h.Shared = parent, shared
	}
	return fileio.WriteAtomic(filepath.Join(dir, key+".exec"), func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := json.NewEncoder(bw).Encode(h); err != nil {
			return err
		}
		var b [8]byte
		for _, p := range clip.Frames[h.Shared:] {
			for _, v := range p {
				for _, x := range v {
					binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
					bw.Write(b[:])
				}
			}
		}
		return bw.Flush()
	})
}

// readExec loads the execution stored under key, following its parents.
func readExec(dir, key string) (*motion.Clip, error) {
	return readExecDepth(dir, key, 0)
}

// readExecDepth is readExec at a depth of the chain of parents.
func readExecDepth(dir, key string, depth int) (*motion.Clip, error) {
	if depth > maxExecChain {
		return nil, fmt.Errorf("agent: execution %s: a chain of more than %d parents", key, maxExecChain)
	}
	f, err := os.Open(filepath.Join(dir, key+".exec"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(io.LimitReader(f, maxExecHeader+int64(motion.MaxFrames)*int64(motion.NumJoints)*24), 1<<16)
	line, err := br.ReadBytes('\n')
	if err != nil || len(line) > maxExecHeader {
		return nil, fmt.Errorf("agent: execution %s: no header line of at most %d bytes (%v)", key, maxExecHeader, err)
	}
	var h execHeader
	if err := fileio.DecodeJSON(line, &h, true); err != nil {
		return nil, fmt.Errorf("agent: execution %s: %w", key, err)
	}
	if h.Frames < h.Shared || h.Shared < 0 || h.Frames > motion.MaxFrames {
		return nil, fmt.Errorf("agent: execution %s: %d frames, %d shared", key, h.Frames, h.Shared)
	}
	clip := &motion.Clip{FPS: h.FPS, Segments: h.Segments, Frames: make([]motion.Pose, 0, min(h.Frames, 4096))}
	if h.Shared > 0 {
		parent, err := readExecDepth(dir, h.Parent, depth+1)
		if err != nil {
			return nil, err
		}
		if parent.Len() < h.Shared {
			return nil, fmt.Errorf("agent: execution %s shares %d frames of %s, which has %d", key, h.Shared, h.Parent, parent.Len())
		}
		clip.Frames = append(clip.Frames, parent.Frames[:h.Shared]...)
	}
	return clip, readFrames(br, clip, h.Frames-h.Shared, key)
}

// readFrames appends n frames of float64 coordinates to clip.
func readFrames(r io.Reader, clip *motion.Clip, n int, key string) error {
	buf := make([]byte, motion.NumJoints*3*8)
	for i := 0; i < n; i++ {
		if _, err := io.ReadFull(r, buf); err != nil {
			return fmt.Errorf("agent: execution %s: frame %d of %d: %w", key, i+1, n, err)
		}
		var p motion.Pose
		for j := range p {
			for k := 0; k < 3; k++ {
				p[j][k] = math.Float64frombits(binary.LittleEndian.Uint64(buf[(j*3+k)*8:]))
			}
		}
		clip.Frames = append(clip.Frames, p)
	}
	return nil
}
