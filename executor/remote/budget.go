package remote

import (
	"errors"
	"io"
	"sync"
)

// Defaults of what a Handler lets requests hold at once (docs/executor-protocol.md publishes them).
const (
	// DefaultFramesInFlight is the default of Handler.MaxFramesInFlight: four replies at the
	// frame limit, about 42 MB of motion (a frame of 22 joints is 528 bytes) and about 120 MB
	// of resident memory with the collector's headroom.
	DefaultFramesInFlight = 4 * MaxFrames
	// DefaultBodyBytesInFlight is the default of Handler.MaxBodyBytesInFlight: 64 bodies at the
	// size limit.
	DefaultBodyBytesInFlight = 64 * MaxRequestSize
)

// budget is an amount that requests take a share of and give back; a share that does not fit in
// what is left is refused at once, never waited for. Safe for use by several goroutines.
type budget struct {
	mu   sync.Mutex
	max  int64
	used int64
}

// take reserves n; false, reserving nothing, when n does not fit.
func (b *budget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 0 || b.used+n > b.max {
		return false
	}
	b.used += n
	return true
}

// give returns n taken before.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// inUse returns what is taken now.
func (b *budget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// errBodiesFull is returned by a bodyReader when the bytes of the bodies being read at once
// would pass their budget.
var errBodiesFull = errors.New("remote: the request bodies being read at once fill the server's buffer")

// bodyReader reads a request body, taking every byte it passes on from a budget shared by the
// bodies read at once; release gives them back once the body is decoded. A body that trickles
// in holds only the bytes it has sent, not an execution slot.
type bodyReader struct {
	r     io.Reader
	b     *budget
	taken int64
}

// Read reads from the body, failing with errBodiesFull when the bytes read do not fit.
func (br *bodyReader) Read(p []byte) (int, error) {
	n, err := br.r.Read(p)
	if n > 0 {
		if !br.b.take(int64(n)) {
			return 0, errBodiesFull
		}
		br.taken += int64(n)
	}
	return n, err
}

// release gives back every byte taken.
func (br *bodyReader) release() {
	br.b.give(br.taken)
	br.taken = 0
}
