package render

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/go-gl/gl/v3.3-core/gl"

	"interactagent/motion"
)

// ErrClosed is returned by every call on an engine after Close.
var ErrClosed = errors.New("render: engine is closed")

// Options tune an engine; the zero value is sensible.
type Options struct {
	// Samples is the multisampling wanted per pixel: 0 takes up to 4 where the driver offers it,
	// 1 turns multisampling off.
	Samples int
	// MaxSize is the largest image width or height accepted (0: 4096, capped by the driver).
	MaxSize int
	// SceneCache is how many uploaded scenes stay on the GPU (0: 8); the least recently drawn is
	// released first.
	SceneCache int
	// StillCache is how many still layers RenderOver keeps (0: 8); the least recently drawn is
	// released first.
	StillCache int
	// Body is the body people are drawn with where a call leaves the choice to the engine
	// (BodyDefault in GhostOptions, ShotOptions, SequenceOptions): BodyDefault is the human body.
	Body BodyKind
}

// Info describes the context an engine got.
type Info struct {
	Backend  string // "EGL surfaceless (Mesa)", "EGL default display" or "hidden GLFW window"
	Version  string // GL_VERSION
	Renderer string // GL_RENDERER, such as "llvmpipe (LLVM 15.0.6, 256 bits)"
	Samples  int    // multisamples per pixel actually used (1: none)
	MaxSize  int    // largest accepted width or height
}

// Engine renders on its own GL thread. All methods are safe for concurrent use; requests are
// served one at a time in arrival order. Close it when done.
type Engine struct {
	work      chan func(*glState)
	quit      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	info      Info
	body      BodyKind // BodyHuman or BodyProxy
}

// NewEngine starts the GL thread and creates the context. It fails with an error wrapping ErrNoGL
// when no backend works, naming the packages to install.
func NewEngine(opts Options) (*Engine, error) {
	if !opts.Body.valid() {
		return nil, fmt.Errorf("render: engine options: body %v, want one of %s", opts.Body, strings.Join(BodyNames(), ", "))
	}
	e := &Engine{
		work: make(chan func(*glState)),
		quit: make(chan struct{}),
		done: make(chan struct{}),
		body: opts.Body.resolved(),
	}
	ready := make(chan error, 1)
	go e.loop(opts, ready)
	if err := <-ready; err != nil {
		return nil, err
	}
	return e, nil
}

// loop is the engine thread: it creates the context, serves work until Close, then releases every
// GL object and the context on the same thread.
func (e *Engine) loop(opts Options, ready chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer close(e.done)
	st, err := newGLState(opts)
	if err != nil {
		ready <- err
		return
	}
	e.info = st.info
	ready <- nil
	for {
		select {
		case fn := <-e.work:
			fn(st)
		case <-e.quit:
			st.release()
			return
		}
	}
}

// Info describes the engine's context.
func (e *Engine) Info() Info { return e.info }

// Body returns the body the engine draws people with where a call leaves the choice to it:
// Options.Body, or BodyHuman when that was BodyDefault.
func (e *Engine) Body() BodyKind { return e.body }

// Close releases every GL object and the context and stops the thread. Work already accepted
// finishes first; later calls return ErrClosed. Close is idempotent and always returns nil.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() { close(e.quit) })
	<-e.done
	return nil
}

// do runs fn on the engine thread and returns its error. A panic in fn (a bug, never bad input)
// is turned into an error so that one bad request cannot take the process down.
func (e *Engine) do(fn func(*glState) error) error {
	res := make(chan error, 1)
	job := func(st *glState) {
		defer func() {
			if r := recover(); r != nil {
				res <- fmt.Errorf("render: internal error: %v", r)
			}
		}()
		res <- fn(st)
	}
	select {
	case <-e.quit:
		return ErrClosed
	default:
	}
	select {
	case e.work <- job:
		return <-res
	case <-e.done:
		return ErrClosed
	}
}

// glState is everything that lives on the engine thread. Only engine jobs touch it.
type glState struct {
	ctx       glContext
	info      Info
	opts      Options
	progs     map[string]*program
	target    *target
	caps      *capsuleMesh
	floor     *dynamicMesh
	flat      *dynamicMesh
	scenes    *sceneCache
	stills    *stillCache
	skins     *skinCache
	view      bodyView // the camera of the image being drawn, for skinned bodies
	body      *motion.Body
	instances []float32                      // capsule instances of the current image, reused
	capsules  []motion.Capsule               // one capsule body's capsules, reused
	bones     [motion.NumJoints * 16]float32 // one skinned body's matrices, reused
	overlay   []float32                      // flat overlay vertices of the current image, reused
}

// newGLState opens the context and prepares the programs and shared meshes.
func newGLState(opts Options) (*glState, error) {
	ctx, err := openContext()
	if err != nil {
		return nil, err
	}
	st := &glState{ctx: ctx, opts: opts, progs: map[string]*program{}}
	if err := st.prepare(); err != nil {
		st.release()
		return nil, err
	}
	return st, nil
}

func (st *glState) prepare() error {
	for _, ps := range programStages {
		p, err := newProgram(ps.name, ps.vert, ps.frag)
		if err != nil {
			return err
		}
		st.progs[ps.name] = p
	}
	var maxSamples, maxRB int32
	gl.GetIntegerv(gl.MAX_SAMPLES, &maxSamples)
	gl.GetIntegerv(gl.MAX_RENDERBUFFER_SIZE, &maxRB)
	st.info = Info{
		Backend:  st.ctx.name(),
		Version:  gl.GoStr(gl.GetString(gl.VERSION)),
		Renderer: gl.GoStr(gl.GetString(gl.RENDERER)),
		Samples:  pickSamples(st.opts.Samples, int(maxSamples)),
		MaxSize:  pickMaxSize(st.opts.MaxSize, int(maxRB)),
	}
	st.target = &target{samples: st.info.Samples}
	st.caps = newCapsuleMesh()
	st.floor = newDynamicMesh(floorLayout)
	st.flat = newDynamicMesh(flatLayout)
	st.scenes = newSceneCache(st.opts.SceneCache)
	st.stills = newStillCache(st.opts.StillCache)
	st.skins = newSkinCache()
	st.body = motion.NewBody()
	if err := glError("prepare"); err != nil {
		return err
	}
	return nil
}

func pickSamples(want, limit int) int {
	if want <= 0 {
		want = 4
	}
	return max(1, min(want, limit))
}

func pickMaxSize(want, limit int) int {
	if want <= 0 {
		want = 4096
	}
	if limit > 0 && want > limit {
		want = limit
	}
	return want
}

// release deletes every GL object and destroys the context.
func (st *glState) release() {
	if st.scenes != nil {
		st.scenes.releaseAll()
	}
	if st.stills != nil {
		st.stills.releaseAll()
	}
	if st.skins != nil {
		st.skins.releaseAll()
	}
	if st.target != nil {
		st.target.release()
	}
	if st.caps != nil {
		st.caps.release()
	}
	if st.floor != nil {
		st.floor.release()
	}
	if st.flat != nil {
		st.flat.release()
	}
	for _, p := range st.progs {
		p.release()
	}
	st.ctx.destroy()
}

// glError reports the first pending GL error, naming where it was found.
func glError(where string) error {
	if code := gl.GetError(); code != gl.NO_ERROR {
		for i := 0; i < 16 && gl.GetError() != gl.NO_ERROR; i++ {
		}
		return fmt.Errorf("render: %s: OpenGL error 0x%x", where, code)
	}
	return nil
}
