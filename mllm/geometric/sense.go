package geometric

import (
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
)

// body is the capsule body proxy the reasoner checks penetration with, built once.
var body = sync.OnceValue(motion.NewBody)

// sinking is the deepest penetration of a stretch of motion into the scene's objects (the floor
// not counted: feet touch it).
type sinking struct {
	depth  float64 // metres
	frame  int
	object string
	part   string
}

// deepest finds the deepest body point inside an object over frames [from, to) of c, looking at
// every frameStride-th frame.
func (r *Reasoner) deepest(s *scene.Scene, c *motion.Clip, from, to int) sinking {
	_, other := r.deepestApart(s, c, from, to, nil)
	return other
}

// deepestApart is deepest, with the objects for which support returns true (what the body sits or
// lies on, which gives like a cushion) kept apart from the rest.
func (r *Reasoner) deepestApart(s *scene.Scene, c *motion.Clip, from, to int, support func(string) bool) (onSupport, other sinking) {
	f := r.depth(s)
	probe := f.NewProbe()
	var caps []motion.Capsule
	var geoms []geom.Capsule
	var pts []mgl64.Vec3
	for t := max(from, 0); t < min(to, c.Len()); t += frameStride {
		pl := body().Place(c.Frames[t])
		caps = pl.Capsules(caps)
		geoms = geoms[:0]
		for _, cp := range caps {
			geoms = append(geoms, cp.Capsule)
		}
		if !probe.Frame(geoms) {
			continue
		}
		for i := range caps {
			if !probe.Reaches(i) {
				continue
			}
			pts = pl.Positions(i, pts)
			depth, who := probe.Depths(i, pts)
			for k, d := range depth {
				if who[k] == distance.FloorSolid || d <= min(onSupport.depth, other.depth) {
					continue
				}
				obj, part := f.SolidPart(who[k])
				into := &other
				if support != nil && support(obj) {
					into = &onSupport
				}
				if d > into.depth {
					*into = sinking{depth: d, frame: t, object: obj, part: part}
				}
			}
		}
	}
	return onSupport, other
}
