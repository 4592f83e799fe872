package geometric

import (
	"fmt"
	"sync"

	"interactagent/mllm"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/scene/floor"
)

// Name is how the built-in reasoner names itself in every output: a stand-in, not a model.
const Name = "builtin/geometric (stand-in reasoner: reads geometry, not images)"

// Options configure a Reasoner; the zero value is ready to use.
type Options struct {
	// Seed seeds the perception errors; the same seed and request are always seen the same way.
	Seed uint64
	// Perception bounds what the reasoner misjudges; the zero value means DefaultPerception.
	Perception *Perception
}

// Reasoner is the built-in stand-in for a multimodal model (see the package comment). It keeps
// no state between calls but caches, per scene, the walkable floor and the depth field it reads;
// it is safe for concurrent use.
type Reasoner struct {
	seed   uint64
	see    Perception
	mu     sync.Mutex
	floors map[floorKey]*floor.Floor
	depths map[*scene.Scene]*distance.DepthField
}

var _ mllm.Model = (*Reasoner)(nil)

// New returns a reasoner.
func New(opt Options) *Reasoner {
	p := DefaultPerception()
	if opt.Perception != nil {
		p = *opt.Perception
	}
	return &Reasoner{seed: opt.Seed, see: p, floors: map[floorKey]*floor.Floor{}, depths: map[*scene.Scene]*distance.DepthField{}}
}

// Name implements mllm.Model: the reasoner says what it is.
func (r *Reasoner) Name() string { return Name }

// floorKey names a walkable floor: a scene and the clearance it keeps beyond the body's.
type floorKey struct {
	s     *scene.Scene
	extra float64
}

// floor returns the scene's walkable floor, built once.
func (r *Reasoner) floor(s *scene.Scene) (*floor.Floor, error) { return r.floorWith(s, 0) }

// floorWith returns the scene's walkable floor keeping extra clearance, built once per scene and
// clearance.
func (r *Reasoner) floorWith(s *scene.Scene, extra float64) (*floor.Floor, error) {
	if s == nil {
		return nil, fmt.Errorf("geometric: no scene: the built-in reasoner reads the scene's geometry")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	k := floorKey{s, extra}
	if f, ok := r.floors[k]; ok {
		return f, nil
	}
	f, err := floor.New(s, floor.Options{Clearance: floor.BodyClearance + extra})
	if err != nil {
		return nil, err
	}
	r.floors[k] = f
	return f, nil
}

// squeezeClearance is the least clearance a route keeps when nothing else reaches a goal: a stand
// point between two proxies that came out larger than the meshes a plan was made for. The hips
// brush what is beside them; a person would squeeze through as well.
const squeezeClearance = 0.15

// newPlanner returns a planner over the scene's floors: keeping extra clearance beyond the body's
// when it can (a route around what a step walked into), then the body's (base), then the torso's,
// then squeezing through.
func (r *Reasoner) newPlanner(s *scene.Scene, base *floor.Floor, walkScale, turnScale, extra float64) *planner {
	pl := &planner{walkScale: walkScale, turnScale: turnScale}
	for _, c := range []float64{extra, 0, torsoClearance - floor.BodyClearance, squeezeClearance - floor.BodyClearance} {
		f, err := base, error(nil)
		if c != 0 {
			f, err = r.floorWith(s, c)
		}
		if err == nil && (c != extra || extra != 0) {
			pl.floors = append(pl.floors, f)
		}
	}
	pl.floor = pl.floors[0]
	return pl
}

// depth returns the scene's depth field, built once.
func (r *Reasoner) depth(s *scene.Scene) *distance.DepthField {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d, ok := r.depths[s]; ok {
		return d
	}
	d := distance.NewDepthField(s)
	r.depths[s] = d
	return d
}

// usage is what a request to a model with these images would count: one request, one VQU per image
// it carries (the reasoner reads geometry, but counts like the model it stands in for, so cost
// tables of the two backends compare).
func usage(images int) mllm.Usage { return mllm.Usage{Requests: 1, Images: images} }
