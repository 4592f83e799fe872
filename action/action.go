package action

import "math"

// Kind is what an atomic action does.
type Kind int

// The kinds of action the executor performs.
const (
	Wait       Kind = iota // stand (or sit, or lie) still for a while; also the fallback for unknown text
	Walk                   // walk, run, back up or sidestep, straight or along a curve
	Turn                   // turn on the spot by stepping
	Sit                    // sit down onto a seat behind the body (or sit up from lying)
	StandUp                // stand up from sitting or lying
	LieDown                // lie down onto a surface behind the body
	Reach                  // reach, touch or grab with one or both hands
	PickUp                 // bend down and pick something up with both hands
	PutDown                // bend down and put something down with both hands
	Bend                   // bend or lean forward (or back) and straighten again
	Squat                  // squat down and rise again
	Jump                   // jump in place, forward or backward
	Wave                   // wave one or both hands
	RaiseHands             // raise one or both hands overhead and lower them
)

var kindNames = [...]string{"wait", "walk", "turn", "sit", "stand up", "lie down", "reach", "pick up",
	"put down", "bend", "squat", "jump", "wave", "raise hands"}

// String returns the kind as a short verb phrase, such as "stand up".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "unknown"
	}
	return kindNames[k]
}

// Direction is where a walk travels or a hand reaches, relative to the body.
type Direction int

// The directions, relative to the body's facing.
const (
	DirForward Direction = iota
	DirBackward
	DirLeft
	DirRight
	DirUp
	DirDown
)

var directionNames = [...]string{"forward", "backward", "left", "right", "up", "down"}

// String returns the direction's name.
func (d Direction) String() string {
	if d < 0 || int(d) >= len(directionNames) {
		return "unknown"
	}
	return directionNames[d]
}

// Hand is which hand an arm action uses.
type Hand int

// The hands; the right hand is the default.
const (
	HandRight Hand = iota
	HandLeft
	HandBoth
)

// LieSide is the side of the body a lying body rests on.
type LieSide int

// The lying positions; on the back is the default.
const (
	OnBack LieSide = iota
	OnLeftSide
	OnRightSide
	OnFront
)

// Action is one atomic action understood from text, with every amount filled in: what the text
// said, or the documented default when it said nothing (docs/executor-language.md).
type Action struct {
	Kind Kind
	// Text is the clause of the sentence the action came from, normalised (lower case, no
	// numbering, no punctuation, no "a person").
	Text string
	// Dir is where a walk travels (forward, backward, left, right) or a hand reaches.
	Dir Direction
	// Distance is the walk's path length or the jump's length in metres (negative jumps go back).
	Distance float64
	// Steps is the number of footholds when the text counted steps ("takes three steps"), else 0.
	Steps int
	// Angle is a turn's angle, or a curved walk's total heading change, in radians; positive
	// turns left (from +Z toward +X).
	Angle float64
	// Curved marks a walk along an arc (its heading changes by Angle).
	Curved bool
	// Run marks running rather than walking.
	Run bool
	// Hand is the hand of an arm action.
	Hand Hand
	// Height is the seat or lying surface height, or a hand target's height above the floor, in
	// metres; meaningful when HasHeight is set or for kinds that always have one (sit, lie down).
	Height    float64
	HasHeight bool
	// Side is how a lying body rests.
	Side LieSide
	// Seconds is how long to wait or hold a pose.
	Seconds float64
	// Repeat is how many times to jump, squat or wave (at least 1).
	Repeat int
	// Small marks the gentle form: lean rather than bend.
	Small bool
	// Object is the scene object the text names ("sofa"), if any; the executor cannot see the scene.
	Object string
	// Warnings say what the executor could not do as asked; they travel to the clip's segment.
	Warnings []string
}

// Degrees returns Angle in degrees, rounded to 1e-9°, so that the degrees a text gives ("turns
// left by 30 degrees") come back exactly as written rather than through π's rounding.
func (a Action) Degrees() float64 {
	return math.Round(a.Angle*180/math.Pi*1e9) / 1e9
}
