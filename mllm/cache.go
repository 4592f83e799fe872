package mllm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"interactagent/fileio"
)

// maxCachedReply bounds a cache file read back: replies are text, far below it.
const maxCachedReply = 8 << 20

// Cached wraps a Model with an on-disk reply cache in dir: a request whose key (the backend's name,
// the role, the full request with images and geometry as hashes) has been answered before is
// answered from the file, without calling the model, and marked Cached. Only successful replies
// are stored, each in its own file written atomically, so a re-run or a resumed run repeats no
// call and a crash corrupts nothing. Files hold replies only: no key, no credential.
type Cached struct {
	m        Model
	dir      string
	fp       fingerprints
	failures atomic.Int64
}

// WithCache returns m with a reply cache in dir (created when missing).
func WithCache(m Model, dir string) (*Cached, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("mllm: cache: %w", err)
	}
	return &Cached{m: m, dir: dir}, nil
}

// Name returns the wrapped model's name: a cached reply is that model's reply.
func (c *Cached) Name() string { return c.m.Name() }

// AnalyzeScene implements Model through the cache.
func (c *Cached) AnalyzeScene(ctx context.Context, in SceneInput) (SceneAnalysis, error) {
	return through(c, RoleAnalyze, c.fp.sceneInput(in), func() (SceneAnalysis, error) { return c.m.AnalyzeScene(ctx, in) })
}

// Plan implements Model through the cache.
func (c *Cached) Plan(ctx context.Context, in PlanInput) (Plan, error) {
	return through(c, RolePlan, c.fp.planInput(in), func() (Plan, error) { return c.m.Plan(ctx, in) })
}

// Observe implements Model through the cache.
func (c *Cached) Observe(ctx context.Context, in ObserveInput) (Observation, error) {
	return through(c, RoleObserve, c.fp.observeInput(in), func() (Observation, error) { return c.m.Observe(ctx, in) })
}

// Reflect implements Model through the cache.
func (c *Cached) Reflect(ctx context.Context, in ReflectInput) (Reflection, error) {
	return through(c, RoleReflect, c.fp.reflectInput(in), func() (Reflection, error) { return c.m.Reflect(ctx, in) })
}

// Check implements Model through the cache.
func (c *Cached) Check(ctx context.Context, in CheckInput) (Verdict, error) {
	return through(c, RoleCheck, c.fp.checkInput(in), func() (Verdict, error) { return c.m.Check(ctx, in) })
}

// cachedReply is what every reply type is, for the cache: a value with Meta.
type cachedReply interface {
	SceneAnalysis | Plan | Observation | Reflection | Verdict
}

// through answers from the cache when it can, else calls and stores a successful reply.
func through[R cachedReply](c *Cached, role Role, view any, call func() (R, error)) (R, error) {
	key, ok := c.fp.key(backendKey(c.m), role, view)
	if !ok {
		return call()
	}
	path := filepath.Join(c.dir, string(role), key[:2], key+".json")
	if r, err := load[R](path, role, key); err == nil {
		markCached(&r)
		return r, nil
	}
	r, err := call()
	if err != nil {
		return r, err
	}
	if err := store(path, cacheFile[R]{Key: key, Role: role, Reply: r}); err != nil {
		c.failures.Add(1) // the reply is good; only a later run loses it
	}
	return r, nil
}

// StoreFailures counts replies that could not be written to the cache (a full disk, a read-only
// folder): their calls would be repeated by a re-run.
func (c *Cached) StoreFailures() int64 { return c.failures.Load() }

// cacheFile is one cached reply on disk with the request it answers: the key (the request's hash)
// and the role. A file is answered only to that request, so a file copied, renamed or edited under
// another request's name — or written before files carried their key — is a miss, never a reply
// to a question it was not given.
type cacheFile[R cachedReply] struct {
	Key   string `json:"key"`
	Role  Role   `json:"role"`
	Reply R      `json:"reply"`
}

// errOtherRequest is a cache file that answers another request than the one it is read for.
var errOtherRequest = errors.New("mllm: cache: the file answers another request")

// load reads the reply cached for key in role; a missing, unreadable or foreign file is a miss.
func load[R cachedReply](path string, role Role, key string) (R, error) {
	var f cacheFile[R]
	data, err := fileio.ReadFile(os.DirFS(filepath.Dir(path)), filepath.Base(path), maxCachedReply)
	if err != nil {
		return f.Reply, err
	}
	if err := fileio.DecodeJSON(data, &f, false); err != nil {
		return f.Reply, err
	}
	if f.Key != key || f.Role != role {
		return *new(R), errOtherRequest
	}
	return f.Reply, nil
}

// store writes a cache file atomically.
func store(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return fileio.WriteAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}

// markCached sets Meta.Cached on any reply type.
func markCached[R cachedReply](r *R) {
	switch v := any(r).(type) {
	case *SceneAnalysis:
		v.Cached = true
	case *Plan:
		v.Cached = true
	case *Observation:
		v.Cached = true
	case *Reflection:
		v.Cached = true
	case *Verdict:
		v.Cached = true
	}
}

// Entries counts the replies stored in the cache, per role.
func (c *Cached) Entries() map[Role]int {
	out := map[Role]int{}
	filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			rel, _ := filepath.Rel(c.dir, p)
			out[Role(strings.Split(filepath.ToSlash(rel), "/")[0])]++
		}
		return nil
	})
	return out
}

// backendKey names a model for cache keys: its name and, when it has one, its settings' digest.
func backendKey(m Model) string {
	if k, ok := m.(CacheKeyer); ok && k.CacheKey() != "" {
		return m.Name() + "#" + k.CacheKey()
	}
	return m.Name()
}

// innerKey returns the wrapped model's settings digest, so that wrappers stacked in any order
// keep it visible to a cache around them.
func innerKey(m Model) string {
	if k, ok := m.(CacheKeyer); ok {
		return k.CacheKey()
	}
	return ""
}

// CacheKey returns the wrapped model's settings digest.
func (c *Cached) CacheKey() string { return innerKey(c.m) }

// CacheKey returns the wrapped model's settings digest.
func (w *Accounted) CacheKey() string { return innerKey(w.m) }

// CacheKey returns the wrapped model's settings digest.
func (w *Limited) CacheKey() string { return innerKey(w.m) }
