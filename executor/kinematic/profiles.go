package kinematic

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/geom"
)

// The error model: a learned executor follows distances and angles only roughly, drifts while
// walking, emits motion in 4-frame tokens, sits and lies at the heights it was trained on, and is
// deterministic for a given text. Each action draws its errors from a PCG generator seeded by a
// hash of (seed, action index, clause, text), so the same text and seed give the same motion and
// any change of text gives other errors. No global generator and no clock are involved.

// Profile is the set of error parameters of the built-in executor. Every error is drawn from a
// symmetric triangular distribution on [−bound, +bound] (most draws are moderate, none exceeds its
// bound); docs/executor-language.md lists the profiles.
type Profile struct {
	// Name identifies the profile ("ideal", "motionllm").
	Name string
	// DistanceError bounds the relative error of a walk's or jump's length: the body covers
	// d·(1+e) with |e| ≤ DistanceError.
	DistanceError float64
	// DriftDegPerMetre bounds the heading drift while walking, in degrees per metre walked; the
	// path bends into a gentle arc and the body ends turned by the drift.
	DriftDegPerMetre float64
	// TurnError bounds the relative error of a turn's angle (and a curved walk's heading change).
	TurnError float64
	// TurnOffsetDeg bounds an extra absolute turn error in degrees, so small turns err too.
	TurnOffsetDeg float64
	// PositionJitter bounds how far (metres) the root wanders during a turn on the spot.
	PositionJitter float64
	// FrameGranularity rounds every action's frame count up to a multiple of it (a MotionLLM token
	// is 4 frames); 1 keeps durations as they are. The extra frames hold the final pose.
	FrameGranularity int
	// MaxSeconds is the longest motion one action produces; walks and turns that would take
	// longer are cut short and waits are shortened (0 = no limit). MotionLLM was trained on clips
	// of at most 199 frames.
	MaxSeconds float64
	// SeatHeight and BedHeight are the surface heights (metres) used when the text gives none.
	SeatHeight, BedHeight float64
}

// The built-in profiles are functions rather than package variables so that no importer can
// change what "ideal" or "motionllm" means for everyone else; each call returns a fresh copy.

// Ideal executes every action exactly as asked.
func Ideal() Profile {
	return Profile{Name: "ideal", FrameGranularity: 1, SeatHeight: 0.45, BedHeight: 0.55}
}

// MotionLLM imitates the paper's learned executor: over- and undershoot of ±25 %, drift of up to
// 4° per metre, turn errors of ±15 % ± 3°, a few centimetres of wandering when turning, 4-frame
// tokens, clips of at most 9.8 s, and fixed seat and bed heights.
func MotionLLM() Profile {
	return Profile{Name: "motionllm", DistanceError: 0.25, DriftDegPerMetre: 4, TurnError: 0.15,
		TurnOffsetDeg: 3, PositionJitter: 0.05, FrameGranularity: 4, MaxSeconds: 9.8,
		SeatHeight: 0.45, BedHeight: 0.55}
}

// Profiles returns the built-in profiles, Ideal first.
func Profiles() []Profile { return []Profile{Ideal(), MotionLLM()} }

// ProfileByName returns the built-in profile with that name (case-insensitive, surrounding spaces
// ignored).
func ProfileByName(name string) (Profile, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	var names []string
	for _, p := range Profiles() {
		if p.Name == want {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Profile{}, fmt.Errorf("kinematic: unknown profile %q, want %s", name, strings.Join(names, " or "))
}

// validate reports a profile that cannot be used.
func (p Profile) validate() error {
	for _, v := range []float64{p.DistanceError, p.DriftDegPerMetre, p.TurnError, p.TurnOffsetDeg,
		p.PositionJitter, p.MaxSeconds, p.SeatHeight, p.BedHeight} {
		if !geom.Finite(v) || v < 0 {
			return fmt.Errorf("kinematic: profile %q has a negative or non-finite parameter", p.Name)
		}
	}
	switch {
	case p.DistanceError >= 1:
		return fmt.Errorf("kinematic: profile %q DistanceError %.3g, want < 1", p.Name, p.DistanceError)
	case p.FrameGranularity < 1 || p.FrameGranularity > 64:
		return fmt.Errorf("kinematic: profile %q FrameGranularity %d, want 1–64", p.Name, p.FrameGranularity)
	case p.SeatHeight > action.MaxSurface || p.BedHeight > action.MaxSurface:
		return fmt.Errorf("kinematic: profile %q surface heights %.2f/%.2f m, want at most %.1f m",
			p.Name, p.SeatHeight, p.BedHeight, action.MaxSurface)
	case p.MaxSeconds > 0 && p.MaxSeconds < 1:
		return fmt.Errorf("kinematic: profile %q MaxSeconds %.3g, want 0 (no limit) or at least 1", p.Name, p.MaxSeconds)
	}
	return nil
}

// step is an action with the profile's errors applied: the amounts the body will really perform.
type step struct {
	action.Action
	drift  float64    // extra heading change while walking (radians)
	jitter mgl64.Vec3 // body-frame displacement of a turn on the spot (metres)
	lead   int        // the foot that steps first
}

// actionRand returns the generator of one clause: seeded by the run seed, the action's index in
// the plan, the clause's index in the sentence and the action text.
func actionRand(seed uint64, index, clause int, text string) *rand.Rand {
	h := fnv.New64a()
	var buf [24]byte
	binary.LittleEndian.PutUint64(buf[0:], seed)
	binary.LittleEndian.PutUint64(buf[8:], uint64(index))
	binary.LittleEndian.PutUint64(buf[16:], uint64(clause))
	h.Write(buf[:])
	h.Write([]byte(text))
	s := h.Sum64()
	return rand.New(rand.NewPCG(s, splitmix(s)))
}

// splitmix scrambles a word (SplitMix64's finaliser) to make the generator's second seed word.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// triangular draws from the symmetric triangular distribution on [−bound, bound].
func triangular(r *rand.Rand, bound float64) float64 {
	return bound * (r.Float64() + r.Float64() - 1)
}

// resolve applies the profile to an action. The draws happen in a fixed order whatever the kind,
// so adding a parameter to one kind does not reshuffle the others.
func (p Profile) resolve(a action.Action, r *rand.Rand) step {
	eDist := triangular(r, p.DistanceError)
	drift := mgl64.DegToRad(triangular(r, p.DriftDegPerMetre))
	eTurn := triangular(r, p.TurnError)
	offTurn := mgl64.DegToRad(triangular(r, p.TurnOffsetDeg))
	jAngle, jRadius := 2*math.Pi*r.Float64(), p.PositionJitter*math.Sqrt(r.Float64())
	st := step{Action: a, lead: r.IntN(2)}
	switch a.Kind {
	case action.Walk:
		st.Distance *= 1 + eDist
		if a.Curved {
			st.Angle = a.Angle*(1+eTurn) + offTurn
		}
		st.drift = drift * st.Distance
	case action.Turn:
		st.Angle = a.Angle*(1+eTurn) + offTurn
		st.jitter = mgl64.Vec3{jRadius * math.Sin(jAngle), 0, jRadius * math.Cos(jAngle)}
	case action.Jump:
		st.Distance *= 1 + eDist
	case action.Sit:
		if !a.HasHeight {
			st.Height = p.SeatHeight
		}
	case action.LieDown:
		if !a.HasHeight {
			st.Height = p.BedHeight
		}
	}
	if p.MaxSeconds > 0 {
		st.Seconds = math.Min(st.Seconds, p.MaxSeconds)
	}
	return st
}

// maxFrames returns the longest motion one action may produce, or 0 for no limit.
func (p Profile) maxFrames() int {
	if p.MaxSeconds <= 0 {
		return 0
	}
	return int(math.Floor(p.MaxSeconds * fps))
}

// snap rounds a frame count up to the profile's granularity.
func (p Profile) snap(n int) int {
	g := max(p.FrameGranularity, 1)
	return (n + g - 1) / g * g
}
