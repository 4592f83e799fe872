package eval

import (
	"fmt"
	"math"
	"path"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/task"
	"interactagent/task/goal"
)

// Judge decides whether motion fulfils a task in a scene, under a rule. It builds the distance
// structures of the parts it needs once and may judge any number of clips, concurrently.
type Judge struct {
	s     *scene.Scene
	mu    sync.Mutex
	parts map[[2]string]*partGeom
}

// NewJudge returns a judge over s.
func NewJudge(s *scene.Scene) *Judge { return &Judge{s: s, parts: map[[2]string]*partGeom{}} }

// Outcome is the verdict on one task under one rule: whether every step was fulfilled in order,
// the frame of each fulfilled step, and, on failure, which step failed and why.
type Outcome struct {
	Rule       string `json:"rule"`
	Success    bool   `json:"success"`
	Fulfilled  int    `json:"steps_fulfilled"`
	Steps      int    `json:"steps"`
	Frames     []int  `json:"frames,omitempty"`
	FailedStep int    `json:"failed_step,omitempty"` // from 1; 0 when it succeeded
	Why        string `json:"why,omitempty"`
}

// Judge follows the task's steps along the clip: each step's pairs must all hold at one frame,
// later than the frame that fulfilled the step before.
func (j *Judge) Judge(t task.Task, c *motion.Clip, r Rule) Outcome {
	out := Outcome{Rule: r.Name, Steps: len(t.Steps)}
	prev := -1
	for i, st := range t.Steps {
		f, why := j.firstFrame(st, c, prev+1, r)
		if f < 0 {
			out.FailedStep, out.Why = i+1, why
			if early, _ := j.firstFrame(st, c, 0, r); early >= 0 && early <= prev {
				out.Why = fmt.Sprintf("out of order: fulfilled at %.2f s, not after step %d's %.2f s", float64(early)/c.FPS, i, float64(prev)/c.FPS)
			}
			return out
		}
		out.Frames = append(out.Frames, f)
		out.Fulfilled, prev = i+1, f
	}
	out.Success = true
	return out
}

// firstFrame returns the first frame from from on where every pair of the step holds, or −1 and
// why the frame that came nearest failed.
func (j *Judge) firstFrame(st goal.Step, c *motion.Clip, from int, r Rule) (int, string) {
	best, why := math.Inf(1), "no frame after the previous step"
	for t := max(from, 0); t < c.Len(); t++ {
		worst, reason := 0.0, ""
		for _, p := range st {
			if miss, w := j.pair(p, c.Frames[t], r); miss > worst {
				worst, reason = miss, w
			}
		}
		if worst == 0 {
			return t, ""
		}
		if worst < best || math.IsInf(best, 1) && why == "no frame after the previous step" {
			best, why = worst, fmt.Sprintf("%s (nearest at %.2f s)", reason, float64(t)/c.FPS)
		}
	}
	return -1, why
}

// pair measures one pair at one pose: 0 when it holds, else how badly it misses (for choosing the
// nearest failure) and why.
func (j *Judge) pair(p goal.Pair, pose motion.Pose, r Rule) (float64, string) {
	if p.Walk() {
		return j.walk(p, pose, r)
	}
	point := joints[p.Joint](pose)
	d, normal, err := j.measure(p, point)
	if err != nil {
		return math.Inf(1), err.Error()
	}
	if p.Contact == goal.Avoid {
		if d >= r.NotContact {
			return 0, ""
		}
		return r.NotContact - d, fmt.Sprintf("%s should not touch %s/%s: %.3f m from it (want at least %.3f)", p.Joint, p.Object, p.Part, d, r.NotContact)
	}
	if d >= r.Contact {
		return d - r.Contact + 1e-9, fmt.Sprintf("too far: %s is %.3f m from %s/%s (want under %.3f)", p.Joint, d, p.Object, p.Part, r.Contact)
	}
	if dir := directions[p.Direction]; dir != (mgl64.Vec3{}) {
		if c := normal.Dot(dir); !r.cosineOK(c) {
			return r.Cosine - c + 1e-9, fmt.Sprintf("wrong direction: %s meets %s/%s from a direction of cosine %.2f with %s (want %.2f)", p.Joint, p.Object, p.Part, c, p.Direction, r.Cosine)
		}
	}
	return 0, ""
}

// walk checks a walking step: the root (the pelvis on the floor) within the rule's reach of one of
// the object's stand points.
func (j *Judge) walk(p goal.Pair, pose motion.Pose, r Rule) (float64, string) {
	o, ok := j.s.Object(p.Object)
	if !ok {
		return math.Inf(1), fmt.Sprintf("no object %q in the scene", p.Object)
	}
	if len(o.StandPoints) == 0 {
		return math.Inf(1), fmt.Sprintf("%s has no stand point to walk to", p.Object)
	}
	root := pose[motion.Pelvis]
	best := math.Inf(1)
	for _, sp := range o.StandPoints {
		best = min(best, math.Hypot(root.X()-sp.X(), root.Z()-sp.Z()))
	}
	if best <= r.Walk {
		return 0, ""
	}
	return best - r.Walk, fmt.Sprintf("too far: the root is %.3f m from %s's nearest stand point (want within %.3f)", best, p.Object, r.Walk)
}

// measure returns the distance from point to the pair's part (0 inside it) and the direction the
// contact comes from: from the part's nearest point towards the point, or, inside, the outward
// normal of the part's surface there.
func (j *Judge) measure(p goal.Pair, point mgl64.Vec3) (float64, mgl64.Vec3, error) {
	if p.Part == "floor" {
		return max(0, point.Y()), mgl64.Vec3{0, 1, 0}, nil
	}
	g, err := j.geometry(p.Object, p.Part)
	if err != nil {
		return 0, mgl64.Vec3{}, err
	}
	return g.measure(point)
}

// partGeom is the distance structure of a part (or of the parts a pattern names).
type partGeom struct {
	bvh   *distance.BVH
	exact *distance.Exact
	mesh  *scene.Mesh
}

// geometry returns, built once, the geometry of an object's parts whose names match the pattern.
func (j *Judge) geometry(object, pattern string) (*partGeom, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	key := [2]string{object, pattern}
	if g, ok := j.parts[key]; ok {
		return g, nil
	}
	o, ok := j.s.Object(object)
	if !ok {
		return nil, fmt.Errorf("no object %q in the scene", object)
	}
	m := &scene.Mesh{}
	for _, pt := range o.Parts {
		if ok, _ := path.Match(pattern, pt.Name); ok || pt.Name == pattern {
			m.Append(pt.Mesh)
		}
	}
	if len(m.Triangles) == 0 {
		return nil, fmt.Errorf("%s has no part %q", object, pattern)
	}
	g := &partGeom{bvh: distance.NewBVH(m), exact: distance.NewExactMeshes([]*scene.Mesh{m}, false), mesh: m}
	j.parts[key] = g
	return g, nil
}

// measure implements Judge.measure for one part's geometry.
func (g *partGeom) measure(point mgl64.Vec3) (float64, mgl64.Vec3, error) {
	q, d, tri, ok := g.bvh.Closest(point)
	if !ok {
		return 0, mgl64.Vec3{}, fmt.Errorf("empty part")
	}
	if g.exact.Distance(point) < 0 {
		return 0, triangleNormal(g.mesh, tri), nil
	}
	if d < 1e-9 {
		return 0, triangleNormal(g.mesh, tri), nil
	}
	return d, point.Sub(q).Mul(1 / d), nil
}

// triangleNormal returns the unit outward normal of a mesh's triangle.
func triangleNormal(m *scene.Mesh, i int) mgl64.Vec3 {
	a, b, c := m.Triangle(i)
	n := b.Sub(a).Cross(c.Sub(a))
	if l := n.Len(); l > 0 {
		return n.Mul(1 / l)
	}
	return mgl64.Vec3{0, 1, 0}
}
