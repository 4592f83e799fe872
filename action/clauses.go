package action

import (
	"fmt"
	"math"
	"strings"

	"interactagent/geom"
)

// The defaults for amounts a clause leaves out, and the bounds every amount is clamped to (so that
// no text can ask for unbounded motion). docs/executor-language.md lists them.
const (
	DefaultWalk     = 2.0  // m, forward
	defaultBackward = 1.0  // m
	defaultSidestep = 0.5  // m
	defaultRun      = 4.0  // m
	defaultLittle   = 0.5  // m, "a little", "a bit"
	arcRadius       = 1.2  // m, curved walks given only an angle
	defaultTurn     = 90.0 // degrees
	slightTurn      = 20.0 // degrees, "slightly", "a little"
	defaultWait     = 2.0  // s
	defaultStop     = 1.0  // s
	defaultJump     = 0.6  // m, "jumps forward"
	maxDistance     = 50.0 // m
	maxJump         = 1.5  // m
	maxAngle        = 720.0
	maxSeconds      = 60.0
	MaxSurface      = 1.2 // m, seats and beds
	maxReach        = 2.2 // m, hand targets
	maxRepeat       = 5
)

// The length of one counted step ("takes three steps forward") in each direction: the longest
// step of the built-in executor's gaits, which take them from here.
const (
	StepForward  = 0.6 // m, walking (running steps are counted at this length too)
	StepBackward = 0.4 // m
	StepSideways = 0.3 // m, sidesteps
)

// stepLength is the length of one counted step in each direction.
var stepLength = map[Direction]float64{DirForward: StepForward, DirBackward: StepBackward,
	DirLeft: StepSideways, DirRight: StepSideways}

// interpret turns one clause into an action.
func interpret(toks []string) Action {
	k, _, _ := verbOf(toks)
	a := Action{Kind: k, Text: strings.Join(toks, " "), Repeat: 1}
	a.Warnings = numeralNotes(toks)
	qs := quantities(toks)
	switch k {
	case Walk:
		walkAmounts(&a, toks, qs)
	case Turn:
		turnAmounts(&a, toks, qs)
	case Sit, LieDown:
		surfaceAmounts(&a, toks, qs)
	case Reach, PickUp, PutDown:
		reachAmounts(&a, toks, qs)
	case Jump:
		jumpAmounts(&a, toks, qs)
	case Wave, RaiseHands:
		a.Hand = handOf(toks, k == RaiseHands)
	case Bend:
		a.Small = has(toks, "lean", "leans", "leaning", "leaned", "slightly", "little", "bit")
		if has(toks, "back", "backward", "backwards") {
			a.Dir = DirBackward
		}
	}
	holdAmounts(&a, toks, qs)
	return a
}

// walkAmounts fills in a walk: direction, distance or counted steps, running, curve.
func walkAmounts(a *Action, toks []string, qs []quantity) {
	a.Run = has(toks, "run", "runs", "running", "ran", "jog", "jogs", "jogging", "sprint", "sprints",
		"dash", "dashes", "hurry", "hurries", "rush", "rushes", "trot", "trots")
	a.Curved = has(toks, "arc", "curve", "curves", "curved", "curving", "circle", "circles", "circular",
		"semicircle", "turning", "veering", "bearing")
	a.Dir = walkDirection(toks, a.Curved)
	if a.Curved {
		curveAmounts(a, toks, qs)
		return
	}
	d, steps, q, ok := pathLength(qs, a.Dir)
	switch {
	case ok:
		a.Distance, a.Steps = d, steps
		noteNegative(a, q, "distance", a.Dir.String())
	case has(toks, "little", "bit", "slightly"):
		a.Distance = defaultLittle
	default:
		a.Distance = defaultWalkFor(a)
		if obj := objectOf(toks); obj != "" {
			a.Object = obj
			a.Warnings = append(a.Warnings, fmt.Sprintf("names the %s, which the executor cannot see: "+
				"walked the default %.1f m %s", obj, a.Distance, a.Dir))
		}
	}
	if !ok {
		noteUnitless(a, qs, maxDistance, "metres")
	}
	a.Distance = clampAmount(a, a.Distance, 0, maxDistance, "distance", "m")
}

func defaultWalkFor(a *Action) float64 {
	switch {
	case a.Dir == DirBackward:
		return defaultBackward
	case a.Dir == DirLeft || a.Dir == DirRight:
		return defaultSidestep
	case a.Run:
		return defaultRun
	}
	return DefaultWalk
}

// walkDirection reads the travel direction: forward and backward words win over left and right,
// which mean sidestepping, except on a curve, where left and right say which way it bends.
func walkDirection(toks []string, curved bool) Direction {
	back := has(toks, "backward", "backwards", "back", "reverse", "backs", "backing", "backed", "retreat", "retreats") &&
		!hasPhrase(toks, "back to")
	fwd := has(toks, "forward", "forwards", "ahead", "straight", "onward", "onwards")
	switch {
	case back && !fwd:
		return DirBackward
	case fwd || curved:
		return DirForward
	case has(toks, "right", "rightward", "rightwards"):
		return DirRight
	case has(toks, "left", "leftward", "leftwards", "sideways", "sidestep", "sidesteps"):
		return DirLeft
	}
	return DirForward
}

// pathLength returns the first length in the clause, or counted steps turned into a length, and
// the quantity it read.
func pathLength(qs []quantity, dir Direction) (float64, int, quantity, bool) {
	for _, q := range qs {
		switch q.class {
		case unitLength:
			return q.value, 0, q, true
		case unitSteps:
			n := int(math.Round(math.Min(q.value, 200)))
			if n < 1 {
				continue
			}
			return float64(n) * stepLength[dir], n, q, true
		case unitNone:
			if q.value > 0 && q.value <= maxDistance {
				return q.value, 0, q, true // "walks forward 2": metres
			}
		}
	}
	return 0, 0, quantity{}, false
}

// curveAmounts fills in a curved walk: the total heading change and the path length.
func curveAmounts(a *Action, toks []string, qs []quantity) {
	deg := defaultTurn
	switch {
	case has(toks, "semicircle"):
		deg = 180
	case has(toks, "circle", "circles") && !hasAngle(qs):
		deg = 360
	}
	sign, side := 1.0, "left"
	if has(toks, "right", "clockwise") && !hasPhrase(toks, "counter clockwise") {
		sign, side = -1, "right"
	}
	for _, q := range qs {
		if q.class == unitAngle {
			deg = degrees(q.value)
			noteNegative(a, q, "angle", side)
			break
		}
	}
	deg = clampAmount(a, deg, 0, maxAngle, "angle", "°")
	a.Angle = sign * deg * math.Pi / 180
	if d, steps, q, ok := pathLength(qs, DirForward); ok {
		a.Distance, a.Steps = d, steps
		noteNegative(a, q, "distance", "along the curve")
	} else {
		a.Distance = arcRadius * math.Abs(a.Angle)
	}
	a.Distance = clampAmount(a, a.Distance, 0, maxDistance, "distance", "m")
}

// degrees converts radians to degrees, staying finite for the largest amounts.
func degrees(rad float64) float64 { return math.Min(rad*180/math.Pi, math.MaxFloat64) }

// hasAngle reports whether the clause gives an angle.
func hasAngle(qs []quantity) bool {
	for _, q := range qs {
		if q.class == unitAngle {
			return true
		}
	}
	return false
}

// turnAmounts fills in a turn: the angle (digits, words, "a quarter turn", "slightly", "around",
// "to face backward") and its sign (left or counter-clockwise positive).
func turnAmounts(a *Action, toks []string, qs []quantity) {
	deg, found := 0.0, false
	for _, q := range qs {
		if q.class == unitAngle || (q.class == unitNone && q.value > 0 && q.value <= maxAngle) {
			deg, found = q.value, true
			if q.class == unitAngle {
				deg = degrees(q.value)
			}
			noteNegative(a, q, "angle", turnSide(toks))
			break
		}
	}
	if !found {
		noteUnitless(a, qs, maxAngle, "degrees")
	}
	sideWord := has(toks, "left", "right", "clockwise", "anticlockwise", "counterclockwise")
	switch {
	case found:
	case has(toks, "around", "back", "backward", "backwards", "behind", "opposite", "u") ||
		hasPhrase(toks, "other way") || hasPhrase(toks, "about face"):
		deg = 180
	case has(toks, "slightly", "little", "bit", "somewhat", "partially", "partly"):
		deg = slightTurn
	default:
		deg = defaultTurn
		if obj := objectOf(toks); obj != "" && !sideWord {
			a.Object = obj
			a.Warnings = append(a.Warnings, fmt.Sprintf("names the %s, which the executor cannot see: "+
				"turned the default %.0f° left", obj, defaultTurn))
		}
	}
	deg = clampAmount(a, deg, 0, maxAngle, "angle", "°")
	sign := 1.0
	if turnSide(toks) == "right" {
		sign = -1
	}
	a.Angle = sign * deg * math.Pi / 180
}

// turnSide returns the side a turn goes to: "right" when "right" or "clockwise" comes before any
// "left" or "counterclockwise", else "left".
func turnSide(toks []string) string {
	ri, li := index(toks, "right", "clockwise"), index(toks, "left", "anticlockwise", "counterclockwise")
	if ri >= 0 && (li < 0 || ri < li) && !hasPhrase(toks, "counter clockwise") && !hasPhrase(toks, "anti clockwise") {
		return "right"
	}
	return "left"
}

// surfaceAmounts fills in sitting and lying: the surface height when the text gives one (a length,
// or the floor) and, for lying, the side the body rests on.
func surfaceAmounts(a *Action, toks []string, qs []quantity) {
	for _, q := range qs {
		if q.class == unitLength {
			noteNegative(a, q, "height", "")
			a.Height, a.HasHeight = clampAmount(a, q.value, 0, MaxSurface, "height", "m"), true
			break
		}
	}
	if !a.HasHeight && has(toks, "floor", "ground") {
		a.HasHeight = true
	}
	a.Object = objectOf(toks)
	if a.Kind != LieDown {
		return
	}
	switch {
	case has(toks, "stomach", "belly", "front", "prone") || hasPhrase(toks, "face down"):
		a.Side = OnFront
	case hasPhrase(toks, "left side") || hasPhrase(toks, "on the left") || hasPhrase(toks, "on his left") ||
		hasPhrase(toks, "on her left") || hasPhrase(toks, "on their left"):
		a.Side = OnLeftSide
	case has(toks, "side", "right"):
		a.Side = OnRightSide
	}
}

// clampAmount bounds v to [lo, hi], warning when the text asked for more or less.
func clampAmount(a *Action, v, lo, hi float64, what, unit string) float64 {
	switch {
	case v > hi:
		a.Warnings = append(a.Warnings, fmt.Sprintf("%s %.4g %s is beyond what the executor does; used %.4g %s",
			what, v, unit, hi, unit))
		return hi
	case v < lo:
		a.Warnings = append(a.Warnings, fmt.Sprintf("%s %.4g %s is below what the executor does; used %.4g %s",
			what, v, unit, lo, unit))
		return lo
	}
	return geom.Clamp(v, lo, hi)
}

// noteNegative warns that the action used the magnitude of a negative number (the language's
// rule, docs/executor-language.md): "distance -5 meters is negative; read as 5 meters forward".
// how says what the magnitude was used for ("forward", "left"), or is "".
func noteNegative(a *Action, q quantity, what, how string) {
	if !q.neg {
		return
	}
	used := strings.TrimPrefix(q.text, "-")
	if how != "" {
		used += " " + how
	}
	a.Warnings = append(a.Warnings, fmt.Sprintf("%s %s is negative; read as %s", what, q.text, used))
}

// noteUnitless warns about a number without a unit that the clause could have used as its amount
// but did not, because only numbers in (0, hi] are read as its unit: "walks forward 1000".
func noteUnitless(a *Action, qs []quantity, hi float64, unit string) {
	for _, q := range qs {
		if q.class == unitNone {
			a.Warnings = append(a.Warnings, fmt.Sprintf("ignored the number %s: without a unit, only numbers "+
				"in (0, %g] are read as %s", q.text, hi, unit))
			return
		}
	}
}
