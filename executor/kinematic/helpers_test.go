package kinematic

import (
	"context"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/action"
	"interactagent/geom"
	"interactagent/motion"
)

// run executes actions from the origin with the given profile and seed.
func run(t testing.TB, p Profile, seed uint64, actions ...string) *motion.Clip {
	t.Helper()
	c, err := New(Options{Profile: p, Seed: seed}).Execute(context.Background(), motion.State{}, actions)
	if err != nil {
		t.Fatalf("Execute(%q): %v", actions, err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("Execute(%q) gave an invalid clip: %v", actions, err)
	}
	return c
}

// maxBoneError returns the largest deviation of any bone from its HumanML3D length.
func maxBoneError(c *motion.Clip) float64 {
	worst := 0.0
	for _, p := range c.Frames {
		for j := motion.Joint(1); j < motion.NumJoints; j++ {
			d := p[j].Sub(p[motion.Parent(j)]).Len() - motion.BoneLength(j)
			worst = math.Max(worst, math.Abs(d))
		}
	}
	return worst
}

// worstSliding returns the largest horizontal travel of a foot during one contact with the floor:
// a contact is a run of frames in which the toe joint is within 1 cm of its standing height and
// the ankle within 1 cm of its own; the travel is measured from the run's first frame, on both the
// toe and the ankle. This knows nothing of the planner's footholds.
func worstSliding(c *motion.Clip) float64 {
	worst := 0.0
	for s := 0; s < 2; s++ {
		var anchorToe, anchorAnkle mgl64.Vec3
		in := false
		for _, p := range c.Frames {
			toe, ankle := p[footJ[s]], p[ankleJ[s]]
			contact := toe.Y() < motion.ToeHeight+0.01 && ankle.Y() < tpl.ankle[s].Y()+0.01
			if !contact {
				in = false
				continue
			}
			if !in {
				anchorToe, anchorAnkle, in = toe, ankle, true
			}
			worst = math.Max(worst, horizontal(toe.Sub(anchorToe)))
			worst = math.Max(worst, horizontal(ankle.Sub(anchorAnkle)))
		}
	}
	return worst
}

func horizontal(v mgl64.Vec3) float64 { return math.Hypot(v.X(), v.Z()) }

// maxFrameJump returns the largest distance any joint moves between consecutive frames.
func maxFrameJump(c *motion.Clip) float64 {
	worst := 0.0
	for t := 1; t < len(c.Frames); t++ {
		worst = math.Max(worst, maxJointGap(c.Frames[t-1], c.Frames[t]))
	}
	return worst
}

// lowestJoint returns the lowest height any joint reaches.
func lowestJoint(c *motion.Clip) float64 {
	lo := c.Bounds().Lo
	return lo.Y()
}

// degrees returns the wrapped heading difference b − a in degrees.
func degreesBetween(a, b float64) float64 { return mgl64.RadToDeg(geom.WrapAngle(b - a)) }

// level returns the height a level word names in the action language.
func level(word string) float64 {
	h, ok := action.Level(word)
	if !ok {
		panic("no level " + word)
	}
	return h
}
