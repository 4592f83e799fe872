package agent

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"

	"interactagent/executor"
	"interactagent/motion"
)

// execCache runs the executor at most once per (start, actions, seed): executors carry no posture
// across calls, so the loop re-executes the accepted prefix with every new step, and this cache
// makes that free, holding each execution as the frames it adds to its prefix's (execMem). It
// also keeps every execution in the run folder, so that a resumed run reads back what was
// executed before. Requests counts the distinct executions the run needed — what an
// uninterrupted run makes the executor serve, and what the paper counts; Served counts the calls
// the executor really served in this process.
type execCache struct {
	exec     executor.Executor
	name     string
	seed     uint64
	dir      string // "" keeps nothing on disk
	mem      *execMem
	Requests int
	Served   int
}

// newExecCache wraps an executor; dir may be "".
func newExecCache(e executor.Executor, name string, seed uint64, dir string) *execCache {
	return &execCache{exec: e, name: name, seed: seed, dir: dir, mem: newExecMem()}
}

// run returns the motion of actions from start, executing only what no earlier request did.
func (c *execCache) run(ctx context.Context, start motion.State, actions []string) (clip *motion.Clip, fresh bool, err error) {
	key := c.key(start, actions)
	if clip := c.mem.clip(key); clip != nil {
		return clip, false, nil
	}
	c.Requests++
	if clip, ok := c.load(key); ok {
		c.mem.put(key, clip, c.parent(start, actions))
		return clip, false, nil
	}
	clip, err = c.exec.Execute(ctx, start, actions)
	if err != nil {
		return nil, false, err
	}
	c.Served++
	parent := c.parent(start, actions)
	shared := c.mem.put(key, clip, parent)
	c.store(key, clip, parent, shared)
	return clip, true, nil
}

// parent returns the key of the held execution of actions' longest prefix; "" for none.
func (c *execCache) parent(start motion.State, actions []string) string {
	for n := len(actions) - 1; n > 0; n-- {
		if key := c.key(start, actions[:n]); c.mem.has(key) {
			return key
		}
	}
	return ""
}

// key hashes the executor's name, the seed, the start and the actions.
func (c *execCache) key(start motion.State, actions []string) string {
	h := sha256.New()
	h.Write([]byte(c.name + "\x00"))
	var b [8]byte
	for _, x := range []float64{start.Root.X(), start.Root.Y(), start.Root.Z(), start.Heading, float64(c.seed)} {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
		h.Write(b[:])
	}
	for _, a := range actions {
		h.Write([]byte(a + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// load reads a stored execution (or one a run folder of an earlier version kept as JSON); any
// problem is a miss.
func (c *execCache) load(key string) (*motion.Clip, bool) {
	if c.dir == "" {
		return nil, false
	}
	clip, err := readExec(c.dir, key)
	if os.IsNotExist(err) {
		clip, _, err = motion.LoadMotion(filepath.Join(c.dir, key+".json"), 0)
	}
	if err != nil || clip.Validate() != nil {
		return nil, false
	}
	return clip, true
}

// store keeps an execution on disk, its first shared frames those of the execution stored under
// parent; a failure only costs a resume its reuse.
func (c *execCache) store(key string, clip *motion.Clip, parent string, shared int) {
	if c.dir == "" || os.MkdirAll(c.dir, 0o755) != nil {
		return
	}
	writeExec(c.dir, key, clip, parent, shared)
}
