package geometric

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/instruction"
	"interactagent/motion"
	"interactagent/scene"
)

// How close counts as done when the reasoner judges a goal by eye (its own rule, looser than an
// evaluator's contact distances: it sees a picture, not the geometry).
const (
	nearStand   = 0.3  // walk to: the root within this of a stand point…
	nearObject  = 0.85 // …or of the footprint of an object without stand points
	seatMargin  = 0.12 // sit and lie: the pelvis over the surface, up to this outside it
	handMargin  = 0.12 // touch: the hand this close to the object's box
	frameStride = 2    // judge every second frame: 0.1 s at 20 fps
)

// fulfilled reports whether the seen pose fulfils the goal.
func fulfilled(g goal, s seenPose) bool {
	switch g.kind {
	case instruction.StandUp:
		return s.posture == standing
	case instruction.WalkTo:
		return s.posture == standing && nearTo(g.object, s.root)
	case instruction.SitOn:
		return s.posture == sitting && onSurface(g.object, s, func(su scene.Surface) bool { return su.Sit })
	case instruction.LieOn: // the whole body on it: a head hanging off the end is not lying on a bed
		fits := func(su scene.Surface) bool { return su.LieDown || su.Sit }
		return s.posture == lying && onSurface(g.object, s, fits) && headOver(g.object, s.head, fits)
	case instruction.Touch:
		return handOn(g, s)
	}
	return false
}

// nearTo reports whether p is by the object: at one of its stand points (the places a scene marks
// for standing by it), or, for an object without any, near its footprint.
func nearTo(o *scene.Object, p mgl64.Vec3) bool {
	for _, sp := range o.StandPoints {
		if horizontal(sp.Sub(p)) <= nearStand {
			return true
		}
	}
	return len(o.StandPoints) == 0 && horizontal(closestOnBox(o.Bounds(), p).Sub(p)) <= nearObject
}

// onSurface reports whether the pelvis is over one of the object's surfaces that fit, not far
// above it.
func onSurface(o *scene.Object, s seenPose, fits func(scene.Surface) bool) bool {
	for _, su := range o.Surfaces {
		if fits(su) && overSurface(su, s.root) && s.pelvisY <= su.Height()+0.35 {
			return true
		}
	}
	return false
}

// headOver reports whether the head is over one of the object's surfaces that fit.
func headOver(o *scene.Object, head mgl64.Vec3, fits func(scene.Surface) bool) bool {
	for _, su := range o.Surfaces {
		if fits(su) && overSurface(su, head) {
			return true
		}
	}
	return false
}

// overSurface reports whether the floor point p lies over the surface's rectangle (grown by
// seatMargin).
func overSurface(su scene.Surface, p mgl64.Vec3) bool {
	axis := flat(su.Axis).Normalize()
	across := mgl64.Vec3{axis.Z(), 0, -axis.X()}
	d := p.Sub(flat(su.Center))
	return math.Abs(d.Dot(axis)) <= su.Extent[0]+seatMargin && math.Abs(d.Dot(across)) <= su.Extent[1]+seatMargin
}

// handOn reports whether the named hand (or either, for "both") is at the object, or at its part
// of the kind the instruction named.
func handOn(g goal, s seenPose) bool {
	b := g.object.Bounds()
	if pb, ok := partBounds(g.object, g.part); ok {
		b = pb
	}
	on := func(i int) bool { return b.SignedDistance(s.hands[i]) <= handMargin }
	switch g.hand {
	case "left":
		return on(0)
	case "right":
		return on(1)
	case "both":
		return on(0) && on(1)
	}
	return on(0) || on(1)
}

// progress follows the goals along the clip, each after the previous one: it returns how many
// were fulfilled in order and the frame where each was (every frameStride frames, and the last).
func progress(goals []goal, c *motion.Clip, e *eye) (int, []int) {
	return progressBy(goals, c, e, false)
}

// progressBy is progress; whole also asks each goal's other contacts and, of a touch made
// without getting up, that the body still sits or lies on the object (the stop check's reading).
func progressBy(goals []goal, c *motion.Clip, e *eye, whole bool) (int, []int) {
	var at []int
	k := 0
	for t := 0; t < c.Len() && k < len(goals); t++ {
		if t%frameStride != 0 && t != c.Len()-1 {
			continue
		}
		s := e.seePose(c.Frames[t])
		if fulfilled(goals[k], s) && (!whole || stillOn(goals[k], s) && holds(goals[k].conds, c.Frames[t])) {
			at = append(at, t)
			k++
		}
	}
	return k, at
}

// seePose is what a frame looks like to the eye: positions off by the perception's error.
func (e *eye) seePose(p motion.Pose) seenPose {
	s := see(p)
	s.root, s.head = e.point(s.root), e.point(s.head)
	for i := range s.hands {
		s.hands[i] = s.hands[i].Add(mgl64.Vec3{e.within(e.p.PositionError), e.within(e.p.PositionError), e.within(e.p.PositionError)})
	}
	return s
}

// describe says in words where a seen pose is relative to a goal.
func describe(g goal, s seenPose) string {
	if g.object == nil {
		return fmt.Sprintf("the body is %s", s.posture)
	}
	d := horizontal(closestOnBox(g.object.Bounds(), s.root).Sub(s.root))
	return fmt.Sprintf("the body is %s, %.2f m from %s", s.posture, d, g.object.ID)
}
