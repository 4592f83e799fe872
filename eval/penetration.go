package eval

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/body"
	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
)

// PenetrationProxy describes the capsule proxy (Proxy) in every report of numbers measured on it,
// because they are not those of a mesh.
const PenetrationProxy = "capsule body proxy, SMPL-X-vertex weighted (20 capsules, about one " +
	"surface sample per cm², each weighted by the SMPL-X vertices of its part; not an SMPL-X mesh)"

// PenetratingDepth is how deep (metres) a frame's deepest body point must be for the frame to count
// as penetrating: 1 cm. Feet resting on the floor touch it to within a few millimetres (the proxy's
// soles stand 0.1 mm above a standing pose's floor, but a foot rolled or placed by a learned model
// may dip below), and such contact is not what the fraction is meant to count; shallower depths
// still add to the frame's sum.
const PenetratingDepth = 0.01

// PreparedScene is a scene made ready for penetration metrics: its depth field and the capsule
// body proxy. Preparing costs about as much as building the scene's BVH; a PreparedScene is
// immutable and can measure any number of clips on any body, concurrently.
type PreparedScene struct {
	Scene *scene.Scene
	Field *distance.DepthField
	Body  *motion.Body // the capsule proxy (Proxy measures with it)
	// scratch pools per-worker buffers (a depth probe, a frame's capsules and points) across
	// clips.
	scratch sync.Pool
}

// Prepare builds the depth field of s.
func Prepare(s *scene.Scene) *PreparedScene {
	return &PreparedScene{Scene: s, Field: distance.NewDepthField(s), Body: motion.NewBody()}
}

// PenetrationStats are the penetration statistics of REFERENCE.md §5 for one clip. The per-frame
// value is s_t = Σ weight · max(0, −SDF(p)) over the body's points p, in metres × SMPL-X vertices
// (summed, not averaged), with the floor's underside counting as inside: on the human body the
// points are the skinned mesh's vertices, each weighted by its share of the surface × 10,475; on
// the proxy the capsules' surface samples, each weighted by the SMPL-X vertices of its part.
type PenetrationStats struct {
	// Body names the body the numbers were measured on (BodyHuman, BodyProxy) and MeasuredOn
	// says what it is in words. Files written before issue 22 have neither, but "proxy" with the
	// proxy's description: they read back as measured on BodyProxy (UnmarshalJSON).
	Body       string  `json:"body"`
	MeasuredOn string  `json:"measured_on"`
	Frames     int     `json:"frames"`
	FPS        float64 `json:"fps"`
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
	// Fit is how far the fitted model's joints lie from the clip's, for a body fitted by
	// optimisation (the user's SMPL-X model); nil for the others.
	Fit *FitError `json:"fit,omitempty"`
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

// Penetration measures clip in the prepared scene on body b (Proxy, Human, a Skin, or BodyNamed's).
// Frames are spread over all CPUs. A clip that Validate rejects (no frames, non-finite
// coordinates), and on a mesh one whose bones are too short to fit it (body.NewFitter), is an error.
func Penetration(prep *PreparedScene, clip *motion.Clip, b Body) (PenetrationStats, error) {
	if err := clip.Validate(); err != nil {
		return PenetrationStats{}, fmt.Errorf("eval: penetration: %w", err)
	}
	if b == nil {
		return PenetrationStats{}, errors.New("eval: penetration: no body, want Proxy(), Human() or one from BodyNamed")
	}
	res, fit, err := b.frames(prep, clip)
	if err != nil {
		return PenetrationStats{}, fmt.Errorf("eval: penetration on the %s body: %w", b.Name(), err)
	}
	st := summarize(prep, clip, b, res)
	st.Fit = fit
	return st, nil
}

// frameScratch holds one worker's buffers, reused frame after frame and clip after clip.
type frameScratch struct {
	probe *distance.Probe
	geoms []geom.Capsule // the frame's capsules as the probe takes them
	// the proxy's
	place motion.Placement
	caps  []motion.Capsule
	pos   []mgl64.Vec3     // one capsule's points, or the kept chunks' skinned vertices
	chunk []mgl64.Vec3     // an SMPL-family model's chunk's posed vertices
	depth []float64        // and the depths of those below the floor
	who   []distance.Solid // (the floor's)
	// a mesh's: the chunks of the bones kept (fine), culled by chunkProbe; the entries of fine
	// kept and their vertices, gathered for one Model.Skin
	chunkProbe *distance.Probe
	bones      bones // the frame's skinning matrices
	fine, keep []int
	mesh       body.Model
}

// eachFrame measures frames [0, n) with measure, spread over all CPUs, each worker with scratch
// of its own from prep's pool.
func eachFrame(prep *PreparedScene, n int, measure func(t int, sc *frameScratch) frameResult) []frameResult {
	res := make([]frameResult, n)
	workers := min(runtime.GOMAXPROCS(0), (n+31)/32)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc, _ := prep.scratch.Get().(*frameScratch)
			if sc == nil {
				sc = &frameScratch{probe: prep.Field.NewProbe(), chunkProbe: prep.Field.NewProbe()}
			}
			for t := w; t < n; t += workers {
				res[t] = measure(t, sc)
			}
			prep.scratch.Put(sc)
		}()
	}
	wg.Wait()
	return res
}

// add weights one capsule's (or chunk's) point depths into the frame's sum, all by w or, when
// weights is set, each by its own, and keeps the deepest point.
func (r *frameResult) add(w float64, weights []float64, part motion.BodyPart, depth []float64, who []distance.Solid) {
	sum := 0.0
	for k, d := range depth {
		if d <= 0 {
			continue
		}
		if weights != nil {
			sum += weights[k] * d
		} else {
			sum += d
		}
		if d > r.deepest {
			r.deepest, r.part, r.solid = d, part, who[k]
		}
	}
	r.sum += w * sum
}

// summarize turns per-frame results into the statistics.
func summarize(prep *PreparedScene, clip *motion.Clip, b Body, res []frameResult) PenetrationStats {
	st := PenetrationStats{Body: b.Name(), MeasuredOn: b.Description(), Frames: len(res), FPS: clip.FPS, PerFrame: make([]float64, len(res))}
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
