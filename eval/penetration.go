package eval

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
)

// PenetrationProxy says what body the penetration numbers are measured on; every
// PenetrationStats carries it, because the numbers are not those of an SMPL-X mesh.
const PenetrationProxy = "capsule body proxy, SMPL-X-vertex weighted (20 capsules, about one " +
	"surface sample per cm², each weighted by the SMPL-X vertices of its part; not an SMPL-X mesh)"

// PenetratingDepth is how deep (metres) a frame's deepest body point must be for the frame to count
// as penetrating: 1 cm. Feet resting on the floor touch it to within a few millimetres (the proxy's
// soles stand 0.1 mm above a standing pose's floor, but a foot rolled or placed by a learned model
// may dip below), and such contact is not what the fraction is meant to count; shallower depths
// still add to the frame's sum.
const PenetratingDepth = 0.01

// PreparedScene is a scene made ready for penetration metrics: its depth field and the body
// proxy. Preparing costs about as much as building the scene's BVH; a PreparedScene is immutable
// and can measure any number of clips, concurrently.
type PreparedScene struct {
	Scene *scene.Scene
	Field *scene.DepthField
	Body  *motion.Body
	// scratch pools per-worker buffers (one capsule's points, depths and solids, and the
	// frame's capsule lists) across clips.
	scratch sync.Pool
}

// Prepare builds the depth field of s.
func Prepare(s *scene.Scene) *PreparedScene {
	return &PreparedScene{Scene: s, Field: scene.NewDepthField(s), Body: motion.NewBody()}
}

// PenetrationStats are the penetration statistics of REFERENCE.md §5 for one clip. The per-frame
// value is s_t = Σ weight · max(0, −SDF(p)) over the body proxy's surface points p, in metres ×
// SMPL-X vertices (summed, not averaged), with the floor's underside counting as inside.
type PenetrationStats struct {
	Proxy  string  `json:"proxy"`
	Frames int     `json:"frames"`
	FPS    float64 `json:"fps"`
	// Max is pe_max, the largest s_t.
	Max float64 `json:"pe_max"`
	// Top10 is pe10%, the mean of the largest ⌈0.1·T⌉ values of s_t (our definition; the paper
	// names it without a formula).
	Top10 float64 `json:"pe_10pct"`
	// Mean is the mean of s_t over all frames.
	Mean float64 `json:"pe_mean"`
	// Penetrating is the fraction of frames whose deepest point is deeper than PenetratingDepth.
	Penetrating float64 `json:"penetrating_fraction"`
	// Worst is the frame with the largest s_t; nil when no point of any frame is inside.
	Worst *WorstFrame `json:"worst,omitempty"`
	// PerFrame holds s_t for every frame.
	PerFrame []float64 `json:"-"`
}

// WorstFrame describes the frame with the largest s_t and its deepest point.
type WorstFrame struct {
	Frame int     `json:"frame"`
	Time  float64 `json:"time_s"`
	Sum   float64 `json:"sum"`
	// Part is the body part of the deepest point and Depth how deep it is (metres).
	Part  string  `json:"body_part"`
	Depth float64 `json:"depth_m"`
	// Object is the id of the object it is inside ("floor" below the floor) and ObjectPart the
	// object's part.
	Object     string `json:"object"`
	ObjectPart string `json:"object_part,omitempty"`
}

// frameResult is one frame's sum and its deepest point.
type frameResult struct {
	sum, deepest float64
	part         motion.BodyPart
	solid        int32 // −1: the floor
}

// Penetration measures clip in the prepared scene. Frames are spread over all CPUs. A clip that
// Validate rejects (no frames, non-finite coordinates) is an error.
func Penetration(prep *PreparedScene, clip *motion.Clip) (PenetrationStats, error) {
	if err := clip.Validate(); err != nil {
		return PenetrationStats{}, fmt.Errorf("eval: penetration: %w", err)
	}
	res := make([]frameResult, clip.Len())
	workers := min(runtime.GOMAXPROCS(0), (clip.Len()+31)/32)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc, _ := prep.scratch.Get().(*frameScratch)
			if sc == nil {
				sc = &frameScratch{}
			}
			for t := w; t < clip.Len(); t += workers {
				res[t] = penetrationFrame(prep, clip.Frames[t], sc)
			}
			prep.scratch.Put(sc)
		}()
	}
	wg.Wait()
	return summarize(prep, clip, res), nil
}

// frameScratch holds one worker's buffers, reused frame after frame.
type frameScratch struct {
	place  motion.Placement
	caps   []motion.Capsule
	cand   []int32
	near   []scene.NearSolid
	ranges [][2]int32
	floor  []bool
	pos    []mgl64.Vec3 // one capsule's points, and their depths and deepest solids
	depth  []float64
	who    []int32
}

// penetrationFrame measures one pose: capsules that certainly stay outside every solid and above
// the floor are skipped (see scene.DepthField), and surface points, the expensive part, are
// computed only for the capsules left.
func penetrationFrame(prep *PreparedScene, pose motion.Pose, sc *frameScratch) frameResult {
	f := prep.Field
	out := frameResult{solid: -1}
	sc.place = prep.Body.Place(pose)
	if !cullCapsules(f, &sc.place, sc) {
		return out
	}
	for i := range sc.caps {
		r := sc.ranges[i]
		if r[0] == r[1] && !sc.floor[i] {
			continue
		}
		sc.pos = sc.place.Positions(i, sc.pos)
		capsuleDepths(f, sc, prep.Body.PointWeight(i), sc.caps[i].Part, sc.near[r[0]:r[1]], sc.floor[i], &out)
	}
	return out
}

// cullCapsules finds, for each capsule of the placed body, the solids it may enter
// (sc.near[sc.ranges[i]]) and whether it may reach below the floor (sc.floor[i]); it reports
// whether any capsule may.
func cullCapsules(f *scene.DepthField, pl *motion.Placement, sc *frameScratch) bool {
	sc.caps = pl.Capsules(sc.caps)
	box := scene.EmptyBox()
	for _, c := range sc.caps {
		box = box.Union(scene.Box(c.Bounds()))
	}
	sc.cand = f.Overlapping(box, sc.cand)
	sc.near, sc.ranges, sc.floor = sc.near[:0], sc.ranges[:0], sc.floor[:0]
	needed := false
	for _, c := range sc.caps {
		start := int32(len(sc.near))
		var floor bool
		sc.near, floor = f.CapsuleSolids(c.A, c.B, c.Radius, sc.cand, sc.near)
		sc.ranges = append(sc.ranges, [2]int32{start, int32(len(sc.near))})
		sc.floor = append(sc.floor, floor)
		needed = needed || floor || int(start) < len(sc.near)
	}
	return needed
}

// capsuleDepths adds one capsule's points (sc.pos, each weighing w) to the frame: each point's
// depth is the deepest of the floor's (when the capsule reaches below it) and the near solids',
// one solid at a time.
func capsuleDepths(f *scene.DepthField, sc *frameScratch, w float64, part motion.BodyPart, near []scene.NearSolid, floor bool, out *frameResult) {
	pos := sc.pos
	n := len(pos)
	sc.depth = slices.Grow(sc.depth[:0], n)[:n]
	sc.who = slices.Grow(sc.who[:0], n)[:n]
	depth, who := sc.depth, sc.who
	for k := range pos {
		depth[k], who[k] = 0, -1
		if floor && pos[k][1] < 0 {
			depth[k] = -pos[k][1]
		}
	}
	for i := range near {
		f.Depths(&near[i], pos, depth, who)
	}
	sum := 0.0
	for k, d := range depth {
		if d <= 0 {
			continue
		}
		sum += d
		if d > out.deepest {
			out.deepest, out.part, out.solid = d, part, who[k]
		}
	}
	out.sum += w * sum
}

// summarize turns per-frame results into the statistics.
func summarize(prep *PreparedScene, clip *motion.Clip, res []frameResult) PenetrationStats {
	st := PenetrationStats{Proxy: PenetrationProxy, Frames: len(res), FPS: clip.FPS, PerFrame: make([]float64, len(res))}
	worst, hit := 0, 0
	for t, r := range res {
		st.PerFrame[t] = r.sum
		st.Mean += r.sum
		if r.sum > res[worst].sum {
			worst = t
		}
		if r.deepest > PenetratingDepth {
			hit++
		}
	}
	st.Mean /= float64(len(res))
	st.Penetrating = float64(hit) / float64(len(res))
	st.Max = res[worst].sum
	st.Top10 = topMean(st.PerFrame, int(math.Ceil(0.1*float64(len(res)))))
	if r := res[worst]; r.sum > 0 {
		st.Worst = &WorstFrame{Frame: worst, Time: float64(worst) / clip.FPS, Sum: r.sum,
			Part: r.part.String(), Depth: r.deepest, Object: "floor"}
		if r.solid >= 0 {
			st.Worst.Object, st.Worst.ObjectPart = prep.Field.SolidPart(r.solid)
		}
	}
	return st
}

// topMean returns the mean of the k largest values (k ≥ 1, at most len(v)).
func topMean(v []float64, k int) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	k = min(max(k, 1), len(s))
	sum := 0.0
	for _, x := range s[len(s)-k:] {
		sum += x
	}
	return sum / float64(k)
}
