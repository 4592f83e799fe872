package motion

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Pose is one frame: the positions of the 22 joints in metres, Y up.
type Pose [NumJoints]mgl64.Vec3

// Translate returns the pose moved by d.
func (p Pose) Translate(d mgl64.Vec3) Pose {
	for j := range p {
		p[j] = p[j].Add(d)
	}
	return p
}

// RotateY returns the pose turned by angle radians about the vertical axis through the origin
// (positive turns +Z toward +X, that is, to the body's left).
func (p Pose) RotateY(angle float64) Pose {
	r := mgl64.Rotate3DY(angle)
	for j := range p {
		p[j] = r.Mul3x1(p[j])
	}
	return p
}

// Root returns the pelvis position projected onto the floor (y = 0).
func (p Pose) Root() mgl64.Vec3 {
	return mgl64.Vec3{p[Pelvis].X(), 0, p[Pelvis].Z()}
}

// Facing returns the horizontal unit direction the body faces, from the hips and shoulders as
// HumanML3D defines it: forward = normalize(up × across), across = (r_hip − l_hip) + (r_sh − l_sh).
// A degenerate pose (no horizontal extent) faces +Z.
func (p Pose) Facing() mgl64.Vec3 {
	across := p[RightHip].Sub(p[LeftHip]).Add(p[RightShoulder].Sub(p[LeftShoulder]))
	f := mgl64.Vec3{0, 1, 0}.Cross(across)
	f[1] = 0
	if f.Len() < 1e-9 {
		return mgl64.Vec3{0, 0, 1}
	}
	return f.Normalize()
}

// Heading returns the facing as an angle about Y in radians: 0 faces +Z, π/2 faces +X.
func (p Pose) Heading() float64 {
	f := p.Facing()
	return math.Atan2(f.X(), f.Z())
}

// State returns where the pose stands (root on the floor) and which way it faces.
func (p Pose) State() State {
	return State{Root: p.Root(), Heading: p.Heading()}
}

// Finite reports whether every coordinate is a finite number.
func (p Pose) Finite() bool {
	for _, v := range p {
		if !geom.FiniteVec(v) {
			return false
		}
	}
	return true
}

// InWorld reports whether every coordinate is finite and within ±geom.MaxCoord metres: where a
// person can be, and what float32 files and GL hold.
func (p Pose) InWorld() bool {
	for _, v := range p {
		if !geom.InWorldVec(v) {
			return false
		}
	}
	return true
}
