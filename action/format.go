package action

import (
	"fmt"
	"math"
	"strconv"
)

// Format writes an action as a sentence of the language that Parse reads back as the same action:
// "A person walks forward about 1.5 meters", "A person sidesteps left 0.3 meters", "A person turns
// right by 30 degrees", "A person sits down on a 0.45 meter high seat", "A person lies down on its
// back on a 0.55 meter high bed", "A person stands up", "A person reaches forward with both hands
// at 0.9 meters high", "A person waits for 1 second". hedge goes before a walk's or a turn's amount
// ("about ", or "" for none): a learned executor responds to a rephrasing as to a new request, so a
// planner may word one amount several ways.
//
// Distances and heights are written to the centimetre, turns to the whole degree (positive Angle
// turns left; zero is written as right) and waits to the tenth of a second. Of the other kinds only
// the verb is written, with the hand for waving and raising: "A person squats".
func Format(a Action, hedge string) string {
	switch a.Kind {
	case Walk:
		return formatWalk(a, hedge)
	case Turn:
		return fmt.Sprintf("A person turns %s by %s%d degrees", side(a.Angle > 0), hedge, int(math.Round(math.Abs(a.Degrees()))))
	case Sit:
		return "A person sits down" + surface(a, "seat")
	case LieDown:
		return "A person lies down " + lieSides[a.Side] + surface(a, "bed")
	case StandUp:
		return "A person stands up"
	case Reach:
		return fmt.Sprintf("A person reaches %s with %s%s", a.Dir, hands(a.Hand), height(a))
	case Wait:
		return formatWait(a.Seconds)
	}
	return formatOther(a)
}

// formatWalk writes a walk: forward or backward, or a sidestep to the left or right.
func formatWalk(a Action, hedge string) string {
	if a.Dir == DirLeft || a.Dir == DirRight {
		return fmt.Sprintf("A person sidesteps %s %s%s meters", a.Dir, hedge, metres(a.Distance))
	}
	return fmt.Sprintf("A person walks %s %s%s meters", a.Dir, hedge, metres(a.Distance))
}

// lieSides words how a lying body rests.
var lieSides = map[LieSide]string{OnBack: "on its back", OnLeftSide: "on its left side",
	OnRightSide: "on its right side", OnFront: "on its front"}

// surface words the height of a seat or bed, when the action has one.
func surface(a Action, what string) string {
	if !a.HasHeight {
		return ""
	}
	return fmt.Sprintf(" on a %s meter high %s", metres(a.Height), what)
}

// hands words the hands of a reach: "the right hand", "both hands".
func hands(h Hand) string {
	switch h {
	case HandBoth:
		return "both hands"
	case HandLeft:
		return "the left hand"
	}
	return "the right hand"
}

// height words a hand target's height, when the action has one.
func height(a Action) string {
	if !a.HasHeight {
		return ""
	}
	return fmt.Sprintf(" at %s meters high", metres(a.Height))
}

// formatWait writes a wait in seconds: "1 second", "2.5 seconds".
func formatWait(seconds float64) string {
	s := strconv.FormatFloat(math.Round(seconds*10)/10, 'f', -1, 64)
	if s == "1" {
		return "A person waits for 1 second"
	}
	return "A person waits for " + s + " seconds"
}

// formatOther writes the kinds Format gives no amounts: their verb, and the hand that waves or is
// raised.
func formatOther(a Action) string {
	switch a.Kind {
	case Wave:
		return "A person waves " + hands(a.Hand)
	case RaiseHands:
		return "A person raises " + hands(a.Hand)
	}
	verbs := map[Kind]string{PickUp: "picks something up", PutDown: "puts something down", Bend: "bends forward",
		Squat: "squats", Jump: "jumps"}
	if v, ok := verbs[a.Kind]; ok {
		return "A person " + v
	}
	return formatWait(a.Seconds)
}

// side names a direction.
func side(left bool) string {
	if left {
		return "left"
	}
	return "right"
}

// metres formats a length to the centimetre without trailing zeros.
func metres(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }
