package agent

import "interactagent/motion"

// execMem holds a run's executions in memory the way the run folder keeps them (execstore.go):
// each as the frames it does not share with its parent, the execution of its longest prefix. The
// loop executes the accepted prefix and one step more, again and again, so whole clips would hold
// every prefix once per step — memory that grows with the square of a plan's length (2 GB for
// the longest UniHSI trial); shared frames keep what is held to about one copy of each frame
// executed. A clip asked for is built anew from the pieces, so no caller shares frames with the
// store or with another caller.
type execMem struct {
	entries map[string]memExec
}

// memExec is one execution held: Frames frames in all, the first Shared of them its parent's.
type memExec struct {
	parent   string
	shared   int
	frames   int
	fps      float64
	segments []motion.Segment
	tail     []motion.Pose // frames [shared, frames), copied so that the executor's clip is not kept
}

// newExecMem returns an empty store.
func newExecMem() *execMem { return &execMem{entries: map[string]memExec{}} }

// has reports whether key is held.
func (m *execMem) has(key string) bool {
	_, ok := m.entries[key]
	return ok
}

// put holds clip under key, sharing its leading frames with the execution held under parent
// ("" or a key not held for none), and returns how many it shares: at least minShared, or 0.
func (m *execMem) put(key string, clip *motion.Clip, parent string) int {
	n := 0
	if m.has(parent) {
		if n = m.sharedWith(parent, clip.Frames); n < minShared {
			n, parent = 0, ""
		}
	} else {
		parent = ""
	}
	m.entries[key] = memExec{parent: parent, shared: n, frames: clip.Len(), fps: clip.FPS,
		segments: append([]motion.Segment(nil), clip.Segments...), tail: append([]motion.Pose(nil), clip.Frames[n:]...)}
	return n
}

// clip builds the execution held under key; nil when it is not held.
func (m *execMem) clip(key string) *motion.Clip {
	e, ok := m.entries[key]
	if !ok {
		return nil
	}
	frames := make([]motion.Pose, 0, e.frames)
	for _, p := range m.pieces(key, e.frames) {
		frames = append(frames, p...)
	}
	return &motion.Clip{FPS: e.fps, Frames: frames, Segments: append([]motion.Segment(nil), e.segments...)}
}

// pieces returns the first n frames of the execution held under key as slices of the held
// tails, in order.
func (m *execMem) pieces(key string, n int) [][]motion.Pose {
	e := m.entries[key]
	var out [][]motion.Pose
	if e.shared > 0 {
		out = m.pieces(e.parent, min(n, e.shared))
	}
	if n > e.shared {
		out = append(out, e.tail[:n-e.shared])
	}
	return out
}

// sharedWith counts the leading frames that frames and the execution held under key hold bit
// for bit.
func (m *execMem) sharedWith(key string, frames []motion.Pose) int {
	n := 0
	for _, p := range m.pieces(key, m.entries[key].frames) {
		for _, f := range p {
			if n == len(frames) || f != frames[n] {
				return n
			}
			n++
		}
	}
	return n
}

// heldFrames counts the frames held: what the store's memory grows with.
func (m *execMem) heldFrames() int {
	n := 0
	for _, e := range m.entries {
		n += cap(e.tail)
	}
	return n
}
