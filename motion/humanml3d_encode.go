package motion

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// Encoding joint positions into HumanML3D's 263 features follows HumanML3D's process_file step by
// step, quirks included, so that tools trained on HumanML3D read our motion as they read theirs:
//
//   - the root rotation of frame t turns the body's forward direction to +Z, where the forward
//     direction comes from HumanML3D's inverse kinematics: its hip and shoulder indices are unpacked
//     in another order than they are listed, so the "across" vector there is (left hip − right hip)
//     + (right shoulder − left shoulder), and the forward directions are smoothed over time by a
//     Gaussian of σ = 20 frames (scipy's gaussian_filter1d, mode "nearest", radius 80). Frame 0's
//     root rotation is set to the identity, as HumanML3D does;
//   - before that, the clip is moved so that frame 0's root stands at the origin and frame 0's own
//     facing (hips and shoulders, as Pose.Facing) is +Z.
//
// Three deliberate departures: heights are kept as they are (HumanML3D moves its lowest joint to
// y = 0, our clips already stand on the floor); T frames give T rows rather than T−1 (the last
// row's velocity features repeat the row before it, zeros for a one-frame clip), so that decoding
// gives back every frame; and the yaw velocity is taken the shorter way round. HumanML3D takes the
// arcsine of the y part of r_rot[t+1]·r_rot[t]⁻¹, which has the wrong sign when the body's heading
// crosses the direction behind its start (the product's w turns negative); we flip the product to
// w ≥ 0 first, which changes nothing for any other step.

// hml3dSmoothSigma and hml3dSmoothRadius are HumanML3D's smoothing of the forward direction:
// gaussian_filter1d(σ = 20) with scipy's default truncation at 4σ.
const (
	hml3dSmoothSigma  = 20.0
	hml3dSmoothRadius = 80
	// hml3dFootContact is HumanML3D's threshold on a foot joint's squared displacement per frame
	// (m²) below which it counts as in contact.
	hml3dFootContact = 0.002
)

// hml3dRawOffsets are HumanML3D's raw bone directions (t2m_raw_offsets): its inverse kinematics
// measures each joint's rotation from these unit axes.
var hml3dRawOffsets = [NumJoints]mgl64.Vec3{
	{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, -1, 0}, {0, 1, 0}, {0, -1, 0},
	{0, -1, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1},
	{0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {0, -1, 0},
}

// hml3dFeet are the joints whose contacts fill features 259..262: left ankle and foot, then right.
var hml3dFeet = [4]Joint{LeftAnkle, LeftFoot, RightAnkle, RightFoot}

// EncodeHumanML3D turns a 20 fps clip into HumanML3D's 263 features per frame (T rows for T frames;
// resample other rates first): root yaw velocity as a half angle, root XZ velocity in the heading
// frame, root height, 21 joints relative to the root with the heading removed, 21 local rotations
// in the continuous 6D form, 22 joint velocities and 4 foot contacts, computed as HumanML3D's
// process_file computes them (see the comment at the top of this file for its quirks and our two
// departures).
//
// HumanML3D motion starts at the origin facing +Z; start is where the clip really started, so
// that DecodeHumanML3D's poses placed at start (Clip.Place) give the clip back.
func EncodeHumanML3D(c *Clip) (feats [][]float64, start State, err error) {
	if err := c.Validate(); err != nil {
		return nil, State{}, err
	}
	if math.Abs(c.FPS-HumanML3DFPS) > 1e-9 {
		return nil, State{}, fmt.Errorf("motion: encode HumanML3D: the clip is %g fps, want %g (resample first)", c.FPS, HumanML3DFPS)
	}
	start = c.StartState()
	p := c.Transformed(-start.Heading, mgl64.Rotate3DY(-start.Heading).Mul3x1(start.Root.Mul(-1))).Frames
	rot := hml3dRootRotations(p)
	feats = make([][]float64, len(p))
	for t := range p {
		row := make([]float64, HumanML3DFeatures)
		hml3dPositions(row, p[t], rot[t])
		hml3dRotations(row[67:193], p[t], rot[t])
		if t+1 < len(p) {
			hml3dVelocities(row, p[t], p[t+1], rot[t], rot[t+1])
		} else if t > 0 {
			copyVelocities(row, feats[t-1])
		}
		feats[t] = row
	}
	return feats, start, nil
}

// hml3dRootRotations returns each frame's root rotation: the yaw that turns the smoothed forward
// direction to +Z, with frame 0's set to the identity.
func hml3dRootRotations(p []Pose) []mgl64.Quat {
	fwd := make([]mgl64.Vec3, len(p))
	for t, pose := range p {
		fwd[t] = hml3dForward(pose)
	}
	fwd = gaussianSmooth(fwd, hml3dSmoothSigma, hml3dSmoothRadius)
	rot := make([]mgl64.Quat, len(p))
	rot[0] = mgl64.QuatIdent()
	for t := 1; t < len(p); t++ {
		rot[t] = mgl64.QuatIdent()
		if f, ok := unitDir(fwd[t]); ok {
			rot[t] = shortestArc(f, mgl64.Vec3{0, 0, 1})
		} else {
			rot[t] = rot[t-1] // no direction to turn: keep the last one
		}
	}
	return rot
}

// hml3dForward is the forward direction HumanML3D's inverse kinematics computes: up × across with
// across normalised, where its unpacking makes across (left hip − right hip) + (right shoulder −
// left shoulder). A zero across gives the zero vector, which adds nothing to the smoothing.
func hml3dForward(p Pose) mgl64.Vec3 {
	across := p[LeftHip].Sub(p[RightHip]).Add(p[RightShoulder].Sub(p[LeftShoulder]))
	a, ok := unitDir(across)
	if !ok {
		return mgl64.Vec3{}
	}
	return mgl64.Vec3{0, 1, 0}.Cross(a)
}

// gaussianSmooth is scipy's gaussian_filter1d over time with mode "nearest": each vector becomes
// the weighted mean of its neighbours within radius, the first and last repeated past the ends.
func gaussianSmooth(v []mgl64.Vec3, sigma float64, radius int) []mgl64.Vec3 {
	w := make([]float64, 2*radius+1)
	sum := 0.0
	for k := range w {
		x := float64(k - radius)
		w[k] = math.Exp(-0.5 * x * x / (sigma * sigma))
		sum += w[k]
	}
	out := make([]mgl64.Vec3, len(v))
	for i := range v {
		var acc mgl64.Vec3
		for k, wk := range w {
			j := min(max(i+k-radius, 0), len(v)-1)
			acc = acc.Add(v[j].Mul(wk / sum))
		}
		out[i] = acc
	}
	return out
}

// hml3dPositions fills the root height (feature 3) and the root-relative joints (4..66): each joint
// minus the root's X and Z, turned by the root rotation.
func hml3dPositions(row []float64, p Pose, rot mgl64.Quat) {
	row[3] = p[Pelvis].Y()
	for j := 1; j < NumJoints; j++ {
		d := quatRotate(rot, mgl64.Vec3{p[j].X() - p[Pelvis].X(), p[j].Y(), p[j].Z() - p[Pelvis].Z()})
		copy(row[4+3*(j-1):], d[:])
	}
}

// hml3dRotations fills the 21 local rotations (features 67..192) in the continuous 6D form (the
// first two columns of the rotation matrix), as HumanML3D's inverse kinematics computes them: along
// each kinematic chain, from the root rotation, the rotation taking the raw offset to the bone's
// direction, relative to the one before it on the chain.
func hml3dRotations(out []float64, p Pose, root mgl64.Quat) {
	for _, chain := range Chains() {
		r := root
		for k := 1; k < len(chain); k++ {
			j := chain[k]
			arc := mgl64.QuatIdent()
			if v, ok := unitDir(p[j].Sub(p[chain[k-1]])); ok {
				arc = shortestArc(hml3dRawOffsets[j], v)
			}
			m := quatMul(r.Conjugate(), arc).Mat4()
			copy(out[6*(j-1):], []float64{m.At(0, 0), m.At(1, 0), m.At(2, 0), m.At(0, 1), m.At(1, 1), m.At(2, 1)})
			r = arc
		}
	}
}

// hml3dVelocities fills the features that look one frame ahead: the root's yaw velocity (the y
// part of the rotation from this frame's root rotation to the next one's, as its arcsine), the
// root's XZ displacement turned by the next frame's root rotation, every joint's displacement
// turned by this frame's, and the foot contacts.
func hml3dVelocities(row []float64, p, next Pose, rot, nextRot mgl64.Quat) {
	step := quatMul(nextRot, rot.Conjugate())
	if step.W < 0 { // the shorter way round: see the top of this file
		step = step.Scale(-1)
	}
	row[0] = math.Asin(math.Max(-1, math.Min(1, step.V[1])))
	v := quatRotate(nextRot, next[Pelvis].Sub(p[Pelvis]))
	row[1], row[2] = v.X(), v.Z()
	for j := range NumJoints {
		d := quatRotate(rot, next[j].Sub(p[j]))
		copy(row[193+3*j:], d[:])
	}
	for k, j := range hml3dFeet {
		if d := next[j].Sub(p[j]); d.Dot(d) < hml3dFootContact {
			row[259+k] = 1
		}
	}
}

// copyVelocities copies the velocity features (0..2, 193..262) of row from into row.
func copyVelocities(row, from []float64) {
	copy(row[0:3], from[0:3])
	copy(row[193:], from[193:])
}

// SaveHumanML3DNPY writes the clip's HumanML3D features to path with WriteHumanML3DNPY,
// atomically: a clip that cannot be encoded is refused before the file is touched.
func SaveHumanML3DNPY(path string, c *Clip) (State, error) {
	a, start, err := humanML3DArray(c)
	if err != nil {
		return State{}, fmt.Errorf("motion: write %s: %s", path, strings.TrimPrefix(err.Error(), "motion: "))
	}
	return start, saveAtomic(path, func(w io.Writer) error { return WriteNPY(w, a, Float32) })
}

// WriteHumanML3DNPY writes the clip's HumanML3D features (EncodeHumanML3D) as a float32 .npy array
// of shape (T, 263), as HumanML3D stores them, and returns where the clip started (the file, like
// all HumanML3D motion, starts at the origin facing +Z).
func WriteHumanML3DNPY(w io.Writer, c *Clip) (State, error) {
	a, start, err := humanML3DArray(c)
	if err != nil {
		return State{}, err
	}
	return start, WriteNPY(w, a, Float32)
}

// humanML3DArray encodes the clip as a (T, 263) array that float32 can hold.
func humanML3DArray(c *Clip) (*Array, State, error) {
	feats, start, err := EncodeHumanML3D(c)
	if err != nil {
		return nil, State{}, err
	}
	a := &Array{Shape: []int{len(feats), HumanML3DFeatures}, DType: Float32, Data: make([]float64, 0, len(feats)*HumanML3DFeatures)}
	for _, row := range feats {
		a.Data = append(a.Data, row...)
	}
	return a, start, checkWritable(a, Float32)
}
