package eval

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
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
	Field *distance.DepthField
	Body  *motion.Body
	// scratch pools per-worker buffers (a depth probe, the frame's capsules and one capsule's
	// points) across clips.
	scratch sync.Pool
}

// Prepare builds the depth field of s.
func Prepare(s *scene.Scene) *PreparedScene {
	return &PreparedScene{Scene: s, Field: distance.NewDepthField(s), Body: motion.NewBody()}
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
	solid        distance.Solid // FloorSolid: the floor
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
				sc = &frameScratch{probe: prep.Field.NewProbe()}
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
	probe *distance.Probe
	place motion.Placement
	caps  []motion.Capsule
	geoms []geom.Capsule
	pos   []mgl64.Vec3 // one capsule's points
}

// penetrationFrame measures one pose: the probe culls capsules that certainly stay outside every
// solid and above the floor, and surface points, the expensive part, are computed only for the
// capsules left.
func penetrationFrame(prep *PreparedScene, pose motion.Pose, sc *frameScratch) frameResult {
	out := frameResult{solid: distance.FloorSolid}
	sc.place = prep.Body.Place(pose)
	sc.caps = sc.place.Capsules(sc.caps)
	sc.geoms = sc.geoms[:0]
	for _, c := range sc.caps {
		sc.geoms = append(sc.geoms, c.Capsule)
	}
	if !sc.probe.Frame(sc.geoms) {
		return out
	}
	for i, c := range sc.caps {
		if !sc.probe.Reaches(i) {
			continue
		}
		sc.pos = sc.place.Positions(i, sc.pos)
		depth, who := sc.probe.Depths(i, sc.pos)
		out.add(prep.Body.PointWeight(i), c.Part, depth, who)
	}
	return out
}

// add weights one capsule's point depths into the frame's sum and keeps the deepest point.
func (r *frameResult) add(w float64, part motion.BodyPart, depth []float64, who []distance.Solid) {
	sum := 0.0
	for k, d := range depth {
		if d <= 0 {
			continue
		}
		sum += d
		if d > r.deepest {
			r.deepest, r.part, r.solid = d, part, who[k]
		}
	}
	r.sum += w * sum
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
		if r.solid != distance.FloorSolid {
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
