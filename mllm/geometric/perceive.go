package geometric

import (
	"hash/fnv"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// Perception is how well the reasoner sees a motion: a model reading a ghost image judges
// distances and angles only roughly and cannot see a body sink a few centimetres into a cushion.
// Every measurement the reasoner takes passes through it, with errors drawn from a generator
// seeded by the reasoner's seed and the request, so the same request is always seen the same way.
type Perception struct {
	// DistanceError is the relative error of a distance: d is seen as d·(1+e), |e| ≤ bound.
	DistanceError float64
	// AngleError is the error of an angle in degrees, |e| ≤ bound.
	AngleError float64
	// PositionError is how far (metres) a seen position may be from the true one, per axis.
	PositionError float64
	// MinPenetration is the shallowest penetration seen (metres); shallower ones are missed.
	MinPenetration float64
	// ClauseSlip is the chance that a reading of the instruction made without lessons from an
	// earlier round (mllm.Context.Lessons) leaves out each clause after the first: a model
	// planning a long instruction in one pass drops a step now and then, and its observer, which
	// judges steps against the same reading, does not notice. The stop check and reflection read
	// the instruction whole, so only the rounds reflection plans recover what slipped: the
	// planning failures the paper's memory-augmented reflection is for. The draw is seeded by the
	// reasoner's seed and the instruction, so every role of a run slips alike.
	ClauseSlip float64
}

// DefaultPerception returns the bounds the built-in reasoner uses: distances within ±4 %, angles
// within ±3°, positions within ±3 cm, penetrations from 3 cm, and a 5 % chance per later clause
// that a reading without lessons leaves it out.
func DefaultPerception() Perception {
	return Perception{DistanceError: 0.04, AngleError: 3, PositionError: 0.03, MinPenetration: 0.03, ClauseSlip: 0.05}
}

// eye draws one request's perception errors.
type eye struct {
	p   Perception
	rng *rand.Rand
}

// newEye seeds an eye from the reasoner's seed and words that identify the request.
func newEye(p Perception, seed uint64, request ...string) *eye {
	h := fnv.New64a()
	for _, s := range request {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return &eye{p: p, rng: rand.New(rand.NewPCG(seed, h.Sum64()))}
}

// within returns a uniform error in ±bound.
func (e *eye) within(bound float64) float64 { return bound * (2*e.rng.Float64() - 1) }

// distance is how long d looks.
func (e *eye) distance(d float64) float64 { return d * (1 + e.within(e.p.DistanceError)) }

// angle is how big an angle (degrees) looks.
func (e *eye) angle(a float64) float64 { return a + e.within(e.p.AngleError) }

// point is where p looks to be (on the floor plane).
func (e *eye) point(p mgl64.Vec3) mgl64.Vec3 {
	return p.Add(mgl64.Vec3{e.within(e.p.PositionError), 0, e.within(e.p.PositionError)})
}

// depth is how deep a penetration looks: 0 when too shallow to see.
func (e *eye) depth(d float64) float64 {
	if d < e.p.MinPenetration {
		return 0
	}
	return math.Max(0, e.distance(d))
}
