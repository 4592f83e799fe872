package smplx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// fitTPose returns a hand-made SMPL-X-like shaped body for testing the fit's maths: the 22
// joints of HumanML3D's bone lengths with each bone scaled by scale[j] (nil: 1), arms stretched
// out sideways (a T pose, as SMPL's rest), the pelvis where SMPL-X's lies. Only its joints and
// parents are set: what the fit reads.
func fitTPose(scale *[motion.NumJoints]float64) *Shaped {
	off := motion.RestOffsets()
	for _, j := range []motion.Joint{motion.LeftShoulder, motion.LeftElbow, motion.LeftWrist} {
		off[j] = mgl64.Vec3{motion.BoneLength(j), 0, 0}
	}
	for _, j := range []motion.Joint{motion.RightShoulder, motion.RightElbow, motion.RightWrist} {
		off[j] = mgl64.Vec3{-motion.BoneLength(j), 0, 0}
	}
	joints := make([]mgl64.Vec3, motion.NumJoints)
	joints[0] = mgl64.Vec3{0.003, -0.35, 0.012}
	for j := 1; j < motion.NumJoints; j++ {
		k := 1.0
		if scale != nil {
			k = scale[j]
		}
		joints[j] = joints[motion.Parent(motion.Joint(j))].Add(off[j].Mul(k))
	}
	parents := make([]int, motion.NumJoints)
	for j := range parents {
		parents[j] = int(motion.Parent(motion.Joint(j)))
	}
	return &Shaped{Model: &Model{Name: "t-pose", Family: SMPLX, Parents: parents}, Joints: joints}
}

// fitRandomScales returns bone scales drawn from [1−spread, 1+spread].
func fitRandomScales(rng *rand.Rand, spread float64) *[motion.NumJoints]float64 {
	var s [motion.NumJoints]float64
	for j := range s {
		s[j] = 1 + spread*(2*rng.Float64()-1)
	}
	return &s
}

// fitRandomParams returns a plausible pose: any heading with a small tilt, body rotations of a few
// tenths of a radian, a translation within a room.
func fitRandomParams(rng *rand.Rand) Params {
	var p Params
	tilt := mgl64.Vec3{rng.NormFloat64(), 0, rng.NormFloat64()}.Mul(0.15)
	p.Orient = logRot(mgl64.Rotate3DY(2 * math.Pi * rng.Float64()).Mul3(expRot(tilt)))
	for j := range p.Body {
		p.Body[j] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.3)
	}
	p.Trans = mgl64.Vec3{4 * rng.Float64(), 1.2 + 0.1*rng.Float64(), 4 * rng.Float64()}
	return p
}

// fitSmoothParams returns frames that pass through random poses every key frames, turning between
// them along the shortest arcs, with each frame's axis-angles nearest to the previous frame's.
func fitSmoothParams(rng *rand.Rand, frames, key int) []Params {
	keys := make([]Params, frames/key+2)
	for i := range keys {
		keys[i] = fitRandomParams(rng)
	}
	out := make([]Params, frames)
	for t := range out {
		a, b, f := &keys[t/key], &keys[t/key+1], float64(t%key)/float64(key)
		out[t].Trans = a.Trans.Mul(1 - f).Add(b.Trans.Mul(f))
		out[t].Orient = fitSlerp(a.Orient, b.Orient, f)
		for j := range out[t].Body {
			out[t].Body[j] = fitSlerp(a.Body[j], b.Body[j], f)
		}
		if t > 0 {
			q := poseOf(&out[t])
			out[t] = q.params(&out[t-1])
		}
	}
	return out
}

// fitSlerp returns the rotation a fraction f of the way from a to b along the shortest arc.
func fitSlerp(a, b mgl64.Vec3, f float64) mgl64.Vec3 {
	ra := expRot(a)
	return logRot(ra.Mul3(expRot(logRot(ra.Transpose().Mul3(expRot(b))).Mul(f))))
}

// fitClipOf returns the joints of frames on s as a clip at fps.
func fitClipOf(t testing.TB, s *Shaped, frames []Params, fps float64) *motion.Clip {
	t.Helper()
	mo := &Motion{Shaped: s, FPS: fps, Frames: frames}
	c, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fitOrFail fits c to s or fails the test.
func fitOrFail(t testing.TB, s *Shaped, c *motion.Clip) *Motion {
	t.Helper()
	mo, err := Fit(s, c)
	if err != nil {
		t.Fatal(err)
	}
	return mo
}

// fitSkeleton returns s's skeleton or fails the test.
func fitSkeleton(t testing.TB, s *Shaped) *skeleton {
	t.Helper()
	sk, err := shapedSkeleton(s)
	if err != nil {
		t.Fatal(err)
	}
	return sk
}
