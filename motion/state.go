package motion

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// State is where a body stands and which way it faces: Root is on the floor (y = 0, metres) and
// Heading is an angle about Y in radians (0 faces +Z, π/2 faces +X, positive = turned left).
type State struct {
	Root    mgl64.Vec3
	Heading float64
}

// Forward returns the horizontal unit vector the state faces.
func (s State) Forward() mgl64.Vec3 {
	return mgl64.Vec3{math.Sin(s.Heading), 0, math.Cos(s.Heading)}
}

// Left returns the horizontal unit vector to the state's left.
func (s State) Left() mgl64.Vec3 {
	return mgl64.Vec3{math.Cos(s.Heading), 0, -math.Sin(s.Heading)}
}

// Apply maps a point from the state's local frame (facing +Z at the origin) into the world.
func (s State) Apply(p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Rotate3DY(s.Heading).Mul3x1(p).Add(s.Root)
}

// Local maps a world point into the state's local frame; it is the inverse of Apply.
func (s State) Local(p mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Rotate3DY(-s.Heading).Mul3x1(p.Sub(s.Root))
}

// Compose returns the state reached by applying local (given in s's frame) after s.
func (s State) Compose(local State) State {
	return State{Root: s.Apply(local.Root), Heading: geom.WrapAngle(s.Heading + local.Heading)}
}

// String formats the state as "(x, z) heading°".
func (s State) String() string {
	return fmt.Sprintf("(%.3f, %.3f) %.1f°", s.Root.X(), s.Root.Z(), mgl64.RadToDeg(s.Heading))
}
