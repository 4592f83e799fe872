package openai

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// objectFact is one labelled object as a prompt lists it: its id as drawn on the shots, its
// category, its size, and where it is from a pose (the start, or where the body stands now).
type objectFact struct {
	ID, Category string
	Size         string // "footprint 1.8 × 0.9 m, 0.8 m tall"
	Where        string // "3.2 m away (nearest edge 2.6 m), 35° to the left"
}

// objectFacts lists the objects the labelled shots name (walls and the floor carry no label, so
// they are left out too), placed relative to pose.
func objectFacts(s *scene.Scene, pose motion.State) []objectFact {
	if s == nil {
		return nil
	}
	var out []objectFact
	for _, o := range s.Objects {
		b := o.Bounds()
		if o.IsWall() || o.IsFloor() || b.Empty() {
			continue
		}
		out = append(out, objectFact{ID: o.ID, Category: o.Category, Size: sizeText(b), Where: whereText(b, pose)})
	}
	return out
}

// sizeText gives a box's footprint and height in metres.
func sizeText(b geom.Box) string {
	s := b.Size()
	return fmt.Sprintf("footprint %.1f × %.1f m, %.1f m tall", s.X(), s.Z(), s.Y())
}

// whereText gives the distance from pose to a box's centre and to its nearest edge on the floor,
// and the bearing of its centre.
func whereText(b geom.Box, pose motion.State) string {
	c := b.Center()
	return fmt.Sprintf("%.1f m away (nearest edge %.1f m), %s", floorDistance(pose.Root, c), edgeDistance(pose.Root, b), bearingText(bearing(pose, c)))
}

// floorDistance is the distance between two points on the floor plane.
func floorDistance(a, b mgl64.Vec3) float64 { return math.Hypot(b.X()-a.X(), b.Z()-a.Z()) }

// edgeDistance is the floor distance from p to the box's footprint (0 inside it).
func edgeDistance(p mgl64.Vec3, b geom.Box) float64 {
	dx := max(b.Lo.X()-p.X(), 0, p.X()-b.Hi.X())
	dz := max(b.Lo.Z()-p.Z(), 0, p.Z()-b.Hi.Z())
	return math.Hypot(dx, dz)
}

// bearing is the angle in degrees from the pose's facing to the point, positive to the left
// (the convention of motion.State's heading).
func bearing(pose motion.State, p mgl64.Vec3) float64 {
	l := pose.Local(p)
	return mgl64.RadToDeg(math.Atan2(l.X(), l.Z()))
}

// bearingText words a bearing as the planner's actions do: "straight ahead", "35° to the left",
// "behind".
func bearingText(deg float64) string {
	switch a := math.Abs(deg); {
	case a < 3:
		return "straight ahead"
	case a > 177:
		return "directly behind"
	case deg > 0:
		return fmt.Sprintf("%.0f° to the left", a)
	default:
		return fmt.Sprintf("%.0f° to the right", a)
	}
}

// roomText gives the scene's footprint, or "" without a scene.
func roomText(s *scene.Scene) string {
	if s == nil {
		return ""
	}
	b := s.Bounds()
	if b.Empty() {
		return ""
	}
	return fmt.Sprintf("about %.1f × %.1f m", b.Size().X(), b.Size().Z())
}

// poseText gives a pose in the scene's coordinates: position on the floor and heading.
func poseText(p motion.State) string {
	return fmt.Sprintf("at (x %.2f, z %.2f) m, heading %.0f° (0° faces +z, positive turns left)", p.Root.X(), p.Root.Z(), mgl64.RadToDeg(p.Heading))
}

// movedText says where pose is relative to start: how far, which way, and how much it has
// turned.
func movedText(start, pose motion.State) string {
	d := floorDistance(start.Root, pose.Root)
	turn := mgl64.RadToDeg(geom.WrapAngle(pose.Heading - start.Heading))
	where := "at the start point"
	if d >= 0.05 {
		where = fmt.Sprintf("%.1f m from the start point, %s of the start facing", d, bearingText(bearing(start, pose.Root)))
	}
	return fmt.Sprintf("%s, turned %s", where, turnText(turn))
}

// turnText words a change of heading: "not at all", "45° to the left".
func turnText(deg float64) string {
	if math.Abs(deg) < 3 {
		return "not at all"
	}
	side := "left"
	if deg < 0 {
		side = "right"
	}
	return fmt.Sprintf("%.0f° to the %s", math.Abs(deg), side)
}
