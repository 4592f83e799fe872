package trumans

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// maxPoseBytes bounds a pose file.
const maxPoseBytes = 1 << 20

// Pose places an object mesh in the room: Euler angles (radians) about x, y and z, and a location
// (metres, Y up).
type Pose struct {
	Euler    [3]float64 `json:"rotation"`
	Location [3]float64 `json:"location"`
}

// Matrix returns the pose's transform, object space → world: the rotation R = Rz(γ)·Ry(β)·Rx(α)
// (extrinsic x, then y, then z about the fixed axes: scipy's Rotation.from_euler("xyz", …) and
// Blender's XYZ Euler mode), then the translation.
func (p Pose) Matrix() mgl64.Mat4 {
	l := p.Location
	r := mgl64.HomogRotate3DZ(p.Euler[2]).Mul4(mgl64.HomogRotate3DY(p.Euler[1])).Mul4(mgl64.HomogRotate3DX(p.Euler[0]))
	return mgl64.Translate3D(l[0], l[1], l[2]).Mul4(r)
}

// check refuses a pose that is not finite.
func (p Pose) check(where string) error {
	if !geom.AllFinite(p.Euler[:]) || !geom.AllFinite(p.Location[:]) {
		return &scene.FormatError{Format: "trumans pose", Path: where,
			Msg: fmt.Sprintf("rotation %v, location %v: want finite numbers (radians, metres)", p.Euler, p.Location)}
	}
	if maxAbs(p.Location[:]) > 1e3 || maxAbs(p.Euler[:]) > 1e3 {
		return &scene.FormatError{Format: "trumans pose", Path: where,
			Msg: fmt.Sprintf("rotation %v, location %v: want angles in radians and a location within 1 km", p.Euler, p.Location)}
	}
	return nil
}

// maxAbs returns the largest magnitude among xs.
func maxAbs(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		if x < 0 {
			x = -x
		}
		m = max(m, x)
	}
	return m
}

// poseFromNumbers reads six numbers: the Euler angles, then the location.
func poseFromNumbers(v []float64) Pose {
	return Pose{Euler: [3]float64{v[0], v[1], v[2]}, Location: [3]float64{v[3], v[4], v[5]}}
}

// UnmarshalJSON reads a pose written as six numbers [rx, ry, rz, x, y, z] or as an object
// {"rotation": [rx, ry, rz], "location": [x, y, z]}.
func (p *Pose) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var v []float64
		if err := json.Unmarshal(data, &v); err != nil || len(v) != 6 {
			return fmt.Errorf("pose %s: want six numbers [rx, ry, rz, x, y, z]", clip(data))
		}
		*p = poseFromNumbers(v)
		return nil
	}
	var o struct {
		Euler    *[3]float64 `json:"rotation"`
		Location *[3]float64 `json:"location"`
	}
	if err := json.Unmarshal(data, &o); err != nil || o.Euler == nil || o.Location == nil {
		return fmt.Errorf("pose %s: want {\"rotation\": [rx, ry, rz], \"location\": [x, y, z]} or six numbers", clip(data))
	}
	*p = Pose{Euler: *o.Euler, Location: *o.Location}
	return nil
}

// clip shortens text quoted in an error.
func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

// readPoseFile reads one object's pose: a .json holding a pose (either form), or a .npy of six
// numbers, shape (6,), or (N, 6) of which the first row is taken (the pose at a recording's start).
func readPoseFile(fsys fs.FS, name string) (Pose, error) {
	data, err := fileio.ReadFile(fsys, name, maxPoseBytes)
	if err != nil {
		return Pose{}, fmt.Errorf("scene: trumans pose: %w", err)
	}
	var p Pose
	if strings.EqualFold(path.Ext(name), ".npy") {
		p, err = poseFromNPY(data)
	} else {
		err = json.Unmarshal(data, &p)
	}
	if err != nil {
		return Pose{}, &scene.FormatError{Format: "trumans pose", Path: name, Msg: err.Error()}
	}
	return p, p.check(name)
}

// poseFromNPY reads a pose from a .npy of shape (6,) or (N, 6).
func poseFromNPY(data []byte) (Pose, error) {
	a, err := motion.ReadNPY(bytes.NewReader(data))
	if err != nil {
		return Pose{}, err
	}
	ok := (len(a.Shape) == 1 && a.Shape[0] == 6) || (len(a.Shape) == 2 && a.Shape[0] >= 1 && a.Shape[1] == 6)
	if !ok {
		return Pose{}, fmt.Errorf("shape %v, want (6,) or (N, 6): rx, ry, rz, x, y, z", a.Shape)
	}
	return poseFromNumbers(a.Data[:6]), nil
}
