package geometric

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// posture is how the body is: standing, sitting or lying.
type posture int

const (
	standing posture = iota
	sitting
	lying
)

func (p posture) String() string { return [...]string{"standing", "sitting", "lying"}[p] }

// pose is where the reasoner believes the body is: the feet on the floor (the root while standing),
// the heading (0 faces +Z, positive turns left), and the posture. A seated or lying body stands up
// onto its feet again (docs/executor-language.md: standing up returns the root to the feet).
type pose struct {
	feet    mgl64.Vec3
	heading float64
	posture posture
	surface float64       // the height of the seat or bed sat or lain on
	on      *scene.Object // what the body sits or lies on (nil when unknown or standing)
	hand    *mgl64.Vec3   // where the last reach put the hand, until the body moves
}

// state returns the pose as a motion state on the floor.
func (p pose) state() motion.State { return motion.State{Root: p.feet, Heading: p.heading} }

// What the executor's documentation says the body does (docs/executor-language.md, "What the
// motion looks like"), which is what a model is told about its executor.
const (
	// lieSlide and lieLeft place the pelvis of a body lying down: lieSlide further behind the feet
	// than a sitter's, lieLeft to the left of the former facing, the head lieHead further along
	// the former left and the feet lieFeet the other way.
	lieSlide = 0.15
	lieLeft  = 0.10
	lieHead  = 0.65
	lieFeet  = 0.95
	// reachForward and reachSide place the wrist of a forward reach from the root; a seated
	// reach to the side puts it reachSeated to that side of the pelvis.
	reachForward = 0.43
	reachSide    = 0.32
	reachSeated  = 0.35
	// maxWalk is the longest walk written as one action: a learned executor makes clips of at
	// most about 10 s (9.8 s in the motionllm profile), about 10 m of walking.
	maxWalk = 8.0
	// minWalk and minTurn are the smallest amounts worth an action.
	minWalk = 0.08
	minTurn = 4.0
)

// seatBacks tabulate how far behind the feet the pelvis ends on a seat of a height (metres): the
// executor's documentation (docs/executor-language.md, "Sitting"): the knees bend about a right
// angle over planted feet, so a higher seat leaves the pelvis nearer the feet, and from 0.6 m on
// the body perches.
var seatBacks = [][2]float64{{0, 0.60}, {0.2, 0.58}, {0.3, 0.54}, {0.35, 0.51}, {0.4, 0.47}, {0.45, 0.43},
	{0.5, 0.37}, {0.55, 0.29}, {0.6, 0.17}}

// seatBack returns how far behind the feet the pelvis ends on a seat of height h, between the
// table's rows.
func seatBack(h float64) float64 {
	if h <= seatBacks[0][0] {
		return seatBacks[0][1]
	}
	for i := 1; i < len(seatBacks); i++ {
		if a, b := seatBacks[i-1], seatBacks[i]; h <= b[0] {
			return a[1] + (b[1]-a[1])*(h-a[0])/(b[0]-a[0])
		}
	}
	return seatBacks[len(seatBacks)-1][1]
}

// lieBack returns how far behind the feet the pelvis of a body lying down on a surface of height h
// ends.
func lieBack(h float64) float64 { return seatBack(h) + lieSlide }

// headingOf returns the heading that faces along d on the floor.
func headingOf(d mgl64.Vec3) float64 { return math.Atan2(d.X(), d.Z()) }

// forward returns the unit vector a heading faces.
func forward(h float64) mgl64.Vec3 { return mgl64.Vec3{math.Sin(h), 0, math.Cos(h)} }

// leftOf returns the unit vector to the left of a heading.
func leftOf(h float64) mgl64.Vec3 { return mgl64.Vec3{math.Cos(h), 0, -math.Sin(h)} }

// turnTo returns the turn in degrees (positive left) from heading a to heading b.
func turnTo(a, b float64) float64 { return mgl64.RadToDeg(geom.WrapAngle(b - a)) }

// flat returns p on the floor.
func flat(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p.X(), 0, p.Z()} }

// after returns the pose a move leads to when the executor does exactly what it says.
func (p pose) after(m move) pose {
	f, l := forward(p.heading), leftOf(p.heading)
	p.hand = nil
	switch m.kind {
	case mForward:
		p.feet = p.feet.Add(f.Mul(m.amount))
	case mBackward:
		p.feet = p.feet.Sub(f.Mul(m.amount))
	case mSideLeft:
		p.feet = p.feet.Add(l.Mul(m.amount))
	case mSideRight:
		p.feet = p.feet.Sub(l.Mul(m.amount))
	case mTurn:
		p.heading = geom.WrapAngle(p.heading + mgl64.DegToRad(m.amount))
	case mSit:
		p.posture, p.surface = sitting, m.amount
	case mLie:
		p.posture, p.surface = lying, m.amount
	case mStand:
		p.posture, p.on = standing, nil
	case mReach:
		side := l.Mul(-reachSide) // the right hand
		if m.hand == "left" {
			side = l.Mul(reachSide)
		} else if m.hand == "both" {
			side = mgl64.Vec3{}
		}
		h := p.feet.Add(f.Mul(reachForward)).Add(side).Add(mgl64.Vec3{0, m.amount, 0})
		if p.posture == sitting { // a seated reach goes out to the side, from the pelvis
			h = p.feet.Sub(f.Mul(seatBack(p.surface))).Add(l.Mul(sideSign(m.hand) * reachSeated)).Add(mgl64.Vec3{0, m.amount, 0})
		}
		p.hand = &h
	}
	return p
}

// expect is how the pose would look when reached: where the pelvis and hands would be.
func (p pose) expect() seenPose {
	f, l := forward(p.heading), leftOf(p.heading)
	s := seenPose{root: p.feet, pelvisY: 0.95, headY: 1.6, heading: p.heading, posture: p.posture}
	switch p.posture {
	case sitting:
		s.root, s.pelvisY, s.headY = p.feet.Sub(f.Mul(seatBack(p.surface))), p.surface+0.11, p.surface+0.75
	case lying:
		s.root, s.pelvisY, s.headY = p.feet.Sub(f.Mul(lieBack(p.surface))).Add(l.Mul(lieLeft)), p.surface+0.11, p.surface+0.15
	}
	s.head = s.root
	if p.posture == lying {
		s.head = s.root.Add(l.Mul(lieHead))
	}
	far := mgl64.Vec3{0, -100, 0}
	s.hands = [2]mgl64.Vec3{far, far}
	if p.hand != nil {
		s.hands = [2]mgl64.Vec3{*p.hand, *p.hand}
	}
	return s
}

// sideSign is +1 for the left hand (to the body's left), −1 for the right.
func sideSign(hand string) float64 {
	if hand == "left" {
		return 1
	}
	return -1
}
