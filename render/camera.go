package render

import (
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// Camera says where an image looks from. Cameras are values: changing one means making another.
type Camera interface {
	// View maps world coordinates to the camera's (looking down −Z, Y up on screen).
	View() mgl32.Mat4
	// Projection maps camera coordinates to clip space for an image of the given width/height.
	Projection(aspect float64) mgl32.Mat4
	// Eye is the camera's position; for an orthographic camera a point far back along its view.
	Eye() mgl64.Vec3
}

// Default field of view and clipping range of perspective cameras.
const (
	defaultFOV = 40.0 // degrees, vertical
	nearPlane  = 0.05 // metres
)

// Orbit looks at Target from Distance metres away, Yaw radians around the vertical axis (0: from
// +Z, looking towards −Z; π/2: from +X) and Pitch radians above the horizon (π/2: straight down).
// FOV is the vertical field of view in degrees (0: 40°).
type Orbit struct {
	Target     mgl64.Vec3
	Yaw, Pitch float64
	Distance   float64
	FOV        float64
}

// HighOblique returns the orbit the ghost images and scene shots use: 55° above the horizon.
func HighOblique(target mgl64.Vec3, yaw, distance float64) Orbit {
	return Orbit{Target: target, Yaw: yaw, Pitch: mgl64.DegToRad(55), Distance: distance}
}

// dir returns the unit vector from the target to the eye.
func (o Orbit) dir() mgl64.Vec3 {
	cp := math.Cos(o.Pitch)
	return mgl64.Vec3{cp * math.Sin(o.Yaw), math.Sin(o.Pitch), cp * math.Cos(o.Yaw)}
}

// Eye returns the camera position.
func (o Orbit) Eye() mgl64.Vec3 { return o.Target.Add(o.dir().Mul(o.Distance)) }

// View looks from the eye at the target; looking straight down, screen up is −Z.
func (o Orbit) View() mgl32.Mat4 { return lookAt(o.Eye(), o.Target, o.up()) }

func (o Orbit) up() mgl64.Vec3 {
	if math.Cos(o.Pitch) < 1e-6 {
		return mgl64.Vec3{-math.Sin(o.Yaw), 0, -math.Cos(o.Yaw)}
	}
	return mgl64.Vec3{0, 1, 0}
}

// Projection is a perspective projection whose far plane reaches well past the target.
func (o Orbit) Projection(aspect float64) mgl32.Mat4 {
	far := math.Max(o.Distance*3+20, 50)
	return mgl32.Perspective(float32(mgl64.DegToRad(fovOr(o.FOV))), float32(aspect), nearPlane, float32(far))
}

func fovOr(f float64) float64 {
	if f <= 0 || f >= 170 {
		return defaultFOV
	}
	return f
}

// TopDown is an orthographic camera looking straight down at Center, covering Span metres across
// the image's shorter side. Screen right is +X and screen up is −Z, a map with the room's +Z at
// the bottom.
type TopDown struct {
	Center mgl64.Vec3
	Span   float64
}

// topDownHeight is how high the top-down camera floats: above any room.
const topDownHeight = 50.0

// Eye returns a point high above the centre.
func (t TopDown) Eye() mgl64.Vec3 { return mgl64.Vec3{t.Center.X(), topDownHeight, t.Center.Z()} }

// View looks straight down with −Z up on screen.
func (t TopDown) View() mgl32.Mat4 {
	return lookAt(t.Eye(), mgl64.Vec3{t.Center.X(), 0, t.Center.Z()}, mgl64.Vec3{0, 0, -1})
}

// Projection is orthographic, Span metres across the shorter side.
func (t TopDown) Projection(aspect float64) mgl32.Mat4 {
	hw, hh := t.Span/2, t.Span/2
	if aspect >= 1 {
		hw *= aspect
	} else {
		hh /= aspect
	}
	return mgl32.Ortho(float32(-hw), float32(hw), float32(-hh), float32(hh), 1, topDownHeight+10)
}

// EyeLevel looks from a person's eyes: standing at State, EyeHeight metres up (0: 1.6), facing the
// state's heading and pitched Pitch radians down (negative looks up), with a wide FOV in degrees
// (0: 70°).
type EyeLevel struct {
	State     motion.State
	EyeHeight float64
	Pitch     float64
	FOV       float64
}

// Eye returns the eye position, a little in front of the head so the body never fills the view.
func (e EyeLevel) Eye() mgl64.Vec3 {
	h := e.EyeHeight
	if h <= 0 {
		h = 1.6
	}
	return e.State.Root.Add(e.State.Forward().Mul(0.1)).Add(mgl64.Vec3{0, h, 0})
}

// View looks along the heading.
func (e EyeLevel) View() mgl32.Mat4 {
	f := e.State.Forward()
	dir := mgl64.Vec3{f.X() * math.Cos(e.Pitch), -math.Sin(e.Pitch), f.Z() * math.Cos(e.Pitch)}
	return lookAt(e.Eye(), e.Eye().Add(dir), mgl64.Vec3{0, 1, 0})
}

// Projection is a wide perspective.
func (e EyeLevel) Projection(aspect float64) mgl32.Mat4 {
	fov := e.FOV
	if fov <= 0 || fov >= 170 {
		fov = 70
	}
	return mgl32.Perspective(float32(mgl64.DegToRad(fov)), float32(aspect), nearPlane, 60)
}

func lookAt(eye, target, up mgl64.Vec3) mgl32.Mat4 {
	return mat32(mgl64.LookAtV(eye, target, up))
}

func mat32(m mgl64.Mat4) mgl32.Mat4 {
	var out mgl32.Mat4
	for i := range m {
		out[i] = float32(m[i])
	}
	return out
}

// ViewProjection returns the camera's combined matrix for an image of w×h pixels.
func ViewProjection(c Camera, w, h int) mgl32.Mat4 {
	return c.Projection(float64(w) / float64(h)).Mul4(c.View())
}

// Project returns where the world point p lands in a w×h image from camera c (origin top-left),
// and whether it is in front of the camera and inside the image.
func Project(c Camera, w, h int, p mgl64.Vec3) (image.Point, bool) {
	clip := ViewProjection(c, w, h).Mul4x1(mgl32.Vec4{float32(p[0]), float32(p[1]), float32(p[2]), 1})
	if clip.W() <= 0 {
		return image.Point{}, false
	}
	x := (float64(clip.X()/clip.W()) + 1) / 2 * float64(w)
	y := (1 - float64(clip.Y()/clip.W())) / 2 * float64(h)
	pt := image.Pt(int(math.Floor(x)), int(math.Floor(y)))
	return pt, pt.In(image.Rect(0, 0, w, h))
}
