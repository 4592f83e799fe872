package motion

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// HumanML3DFeatures is the number of features per frame in HumanML3D's motion representation.
const HumanML3DFeatures = 263

// HumanML3DFPS is the frame rate of HumanML3D motion and of the MotionLLM executor's output. It is
// the project's default rate: the built-in executor produces it (executor.FPS) and a .npy file,
// which does not store its rate, is read at it unless told otherwise.
const HumanML3DFPS = 20.0

// decodedFeatures is how many leading features joint positions need: root yaw velocity (1), root
// XZ velocity (2), root height (1) and 21 root-relative joints (63). The rest (6D rotations, joint
// velocities, foot contacts) repeat what these say and are ignored.
const decodedFeatures = 4 + 3*(NumJoints-1)

// Bounds on the decoded features, far beyond any human motion and far below what would overflow:
// features of 3e38 once decoded into a path 8e38 m long. DecodeHumanML3D refuses a frame with a
// feature over its bound before integrating anything, so the decoded path stays finite (at most
// MaxHumanML3DRootStep·√2 metres per frame) and every joint lies near it.
const (
	// MaxHumanML3DYawStep bounds feature 0, the root's yaw velocity (radians per frame, as
	// HumanML3D's half angle): the body then turns at most π per frame, ten turns a second at
	// 20 fps, beyond a figure skater's fastest spin (about six); a larger turn per frame could not
	// be told from a smaller one the other way.
	MaxHumanML3DYawStep = math.Pi / 2
	// MaxHumanML3DRootStep bounds features 1 and 2, the root's horizontal velocity (metres per
	// frame): 3 m per frame is 60 m/s at 20 fps, five times a sprinter's top speed.
	MaxHumanML3DRootStep = 3.0
	// MaxHumanML3DRootHeight bounds feature 3, the root's height (metres, either sign): no jump or
	// climb in a motion dataset lifts the pelvis 10 m.
	MaxHumanML3DRootHeight = 10.0
	// MaxHumanML3DJointOffset bounds features 4..66, the joints relative to the root (metres): x
	// and z lie within a body's span (about 1 m) of the root, and y is a height, at most the root's
	// bound plus a body's length.
	MaxHumanML3DJointOffset = MaxHumanML3DRootHeight + 2
)

// DecodeHumanML3D turns HumanML3D 263-feature motion (T rows of 263 features, one row per frame at
// 20 fps) into T poses of joint positions (metres, Y up), exactly as HumanML3D's recover_from_ric:
//
//   - feature 0 is the root's yaw velocity as a half angle: θ_0 = 0, θ_t = Σ_{s<t} f[s][0], and the
//     body at frame t is turned by 2·θ_t to its right (toward −X), that is, by −2·θ_t in this
//     package's convention, where positive turns left;
//   - features 1 and 2 are the root's XZ velocity in the body's heading frame: frame t moves the root
//     by (f[t−1][1], 0, f[t−1][2]) turned by frame t's heading; feature 3 is the root's height;
//   - features 4..66 are joints 1..21 relative to the root with the heading removed: they are turned
//     by the heading and moved by the root's X and Z (not Y).
//
// The first frame stands at the origin facing +Z. Every row must hold exactly 263 features (only
// the first 67 are used) and those must be finite and within the bounds no human motion reaches
// (MaxHumanML3DYawStep, MaxHumanML3DRootStep, MaxHumanML3DRootHeight, MaxHumanML3DJointOffset);
// a row that breaks them is a *FormatError naming the frame, the feature and the bound.
func DecodeHumanML3D(feats [][]float64) ([]Pose, error) {
	if len(feats) == 0 {
		return nil, &FormatError{Msg: "no frames of HumanML3D features, want at least one"}
	}
	for t, row := range feats {
		if err := checkFeatureRow(t, row); err != nil {
			return nil, err
		}
	}
	poses := make([]Pose, len(feats))
	theta := 0.0
	var rootX, rootZ float64
	for t, row := range feats {
		if t > 0 {
			prev := feats[t-1]
			theta += prev[0]
			c, s := math.Cos(-2*theta), math.Sin(-2*theta)
			dx, dz := turnXZ(c, s, prev[1], prev[2])
			rootX, rootZ = rootX+dx, rootZ+dz
		}
		poses[t] = decodeFrame(row, -2*theta, rootX, rootZ)
	}
	return poses, nil
}

// HumanML3DClip decodes HumanML3D 263-feature motion (see DecodeHumanML3D) into a clip at
// HumanML3D's 20 fps, without segments.
func HumanML3DClip(feats [][]float64) (*Clip, error) {
	poses, err := DecodeHumanML3D(feats)
	if err != nil {
		return nil, err
	}
	return &Clip{FPS: HumanML3DFPS, Frames: poses}, nil
}

// decodeFrame places one frame's root-relative joints at heading (radians, positive = left) and
// root (x, z); the pelvis keeps the height the features give it.
func decodeFrame(row []float64, heading, rootX, rootZ float64) Pose {
	c, s := math.Cos(heading), math.Sin(heading)
	var p Pose
	p[Pelvis] = mgl64.Vec3{rootX, row[3], rootZ}
	for j := 1; j < NumJoints; j++ {
		k := 4 + 3*(j-1)
		x, z := turnXZ(c, s, row[k], row[k+2])
		p[j] = mgl64.Vec3{x + rootX, row[k+1], z + rootZ}
	}
	return p
}

// turnXZ turns the horizontal vector (x, z) about Y by the angle whose cosine and sine are c and s
// (positive turns +Z toward +X), the same rotation as mgl64.Rotate3DY.
func turnXZ(c, s, x, z float64) (float64, float64) {
	return c*x + s*z, -s*x + c*z
}

func checkFeatureRow(t int, row []float64) error {
	if len(row) != HumanML3DFeatures {
		return &FormatError{Pos: fmt.Sprintf("frame %d", t),
			Msg: fmt.Sprintf("%d features, want %d (HumanML3D; the first %d are decoded)",
				len(row), HumanML3DFeatures, decodedFeatures)}
	}
	for k, v := range row[:decodedFeatures] {
		if !geom.Finite(v) {
			return &FormatError{Pos: fmt.Sprintf("frame %d", t),
				Msg: fmt.Sprintf("feature %d is %v, want a finite number", k, v)}
		}
		if bound, what := featureBound(k); math.Abs(v) > bound {
			return &FormatError{Pos: fmt.Sprintf("frame %d", t),
				Msg: fmt.Sprintf("feature %d (%s) is %g, want at most %.4g in magnitude: no human motion has more",
					k, what, v, bound)}
		}
	}
	return nil
}

// featureBound returns the bound on decoded feature k's magnitude and what the feature is.
func featureBound(k int) (float64, string) {
	switch k {
	case 0:
		return MaxHumanML3DYawStep, "root yaw velocity, radians per frame as a half angle"
	case 1, 2:
		return MaxHumanML3DRootStep, "root velocity, metres per frame"
	case 3:
		return MaxHumanML3DRootHeight, "root height, metres"
	}
	return MaxHumanML3DJointOffset, fmt.Sprintf("%v relative to the root, metres", Joint(1+(k-4)/3))
}
