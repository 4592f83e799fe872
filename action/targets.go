package action

import "math"

// Words that place hands and name things: which hand, how high, for how long, which object.

// levels are heights named by body parts and furniture (metres above the floor, for an adult of
// the HumanML3D skeleton's size and typical furniture).
var levels = map[string]float64{
	"floor": 0.05, "ground": 0.05, "feet": 0.1, "ankle": 0.1, "knee": 0.5, "knees": 0.5,
	"hip": 0.95, "hips": 0.95, "waist": 1.0, "belly": 1.05, "chest": 1.3, "shoulder": 1.4,
	"shoulders": 1.4, "eye": 1.6, "eyes": 1.6, "head": 1.65, "face": 1.6, "table": 0.75,
	"desk": 0.75, "counter": 0.9, "shelf": 1.3, "bed": 0.55, "chair": 0.45, "seat": 0.45,
	"sofa": 0.45, "couch": 0.45, "ceiling": 2.2,
}

// Level returns the height a level word names ("table": 0.75 m, "chest": 1.3 m), as a reach
// without a length reads it, and whether the word names one.
func Level(word string) (float64, bool) {
	h, ok := levels[word]
	return h, ok
}

// PickHeight is the hands' height for picking up and putting down when the text gives none.
const PickHeight = 0.05 // m

// reachAmounts fills in reaching, picking up and putting down: hand, direction and height.
func reachAmounts(a *Action, toks []string, qs []quantity) {
	a.Hand = handOf(toks, a.Kind != Reach)
	a.Dir = reachDirection(toks)
	a.Object = objectOf(toks)
	for _, q := range qs {
		if q.class == unitLength {
			noteNegative(a, q, "height", "")
			a.Height, a.HasHeight = clampAmount(a, q.value, 0, maxReach, "height", "m"), true
			break
		}
	}
	if !a.HasHeight {
		for _, t := range toks {
			if h, ok := levels[t]; ok {
				a.Height, a.HasHeight = h, true
				break
			}
		}
	}
	if a.Kind != Reach && !a.HasHeight {
		a.Height, a.HasHeight = PickHeight, true
	}
}

// reachDirection reads where a hand goes; a hand named "left hand" is not a direction.
func reachDirection(toks []string) Direction {
	for i, t := range toks {
		switch t {
		case "up", "upward", "upwards", "overhead", "above", "ceiling", "sky":
			return DirUp
		case "down", "downward", "downwards", "floor", "ground", "low", "below":
			return DirDown
		case "left", "right":
			if i+1 < len(toks) && isLimb(toks[i+1]) {
				continue
			}
			if t == "left" {
				return DirLeft
			}
			return DirRight
		}
	}
	return DirForward
}

func isLimb(t string) bool { return t == "hand" || t == "hands" || t == "arm" || t == "arms" }

// handOf reads which hand: "left hand", "right arm", "both hands", plural "hands"; pluralDefault
// says whether an arm action with no hand named uses both (raising, picking up) or the right.
func handOf(toks []string, pluralDefault bool) Hand {
	for i, t := range toks {
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case (t == "both" || t == "two") && (isLimb(next) || next == ""):
			return HandBoth
		case t == "both":
			return HandBoth
		case t == "left" && isLimb(next):
			return HandLeft
		case t == "right" && isLimb(next):
			return HandRight
		}
	}
	if has(toks, "hands", "arms") {
		return HandBoth
	}
	if has(toks, "hand", "arm") || !pluralDefault {
		return HandRight
	}
	return HandBoth
}

// jumpAmounts fills in a jump: its length (negative backward) and how many jumps.
func jumpAmounts(a *Action, toks []string, qs []quantity) {
	back := has(toks, "back", "backward", "backwards")
	fwd := has(toks, "forward", "forwards", "ahead", "over", "across")
	d, found, dir := 0.0, false, "forward"
	if back && !fwd {
		dir = "backward"
	}
	for _, q := range qs {
		if q.class == unitLength {
			d, found = q.value, true
			noteNegative(a, q, "jump length", dir)
			break
		}
	}
	if !found && (fwd || back) {
		d = defaultJump
	}
	d = clampAmount(a, d, 0, maxJump, "jump length", "m")
	if dir == "backward" {
		d = -d
	}
	a.Distance = d
}

// holdAmounts fills in durations ("for 3 seconds", "a moment") and repetitions ("twice").
func holdAmounts(a *Action, toks []string, qs []quantity) {
	for _, q := range qs {
		switch {
		case q.class == unitTime && a.Seconds == 0:
			noteNegative(a, q, "duration", "")
			a.Seconds = clampAmount(a, q.value, 0.2, maxSeconds, "duration", "s")
		case q.class == unitCount:
			noteNegative(a, q, "repetitions", "")
			a.Repeat = int(math.Round(clampAmount(a, q.value, 1, maxRepeat, "repetitions", "×")))
		case q.class == unitNone && a.Kind == Wait && a.Seconds == 0 && q.value > 0:
			noteNegative(a, q, "duration", "seconds")
			a.Seconds = clampAmount(a, q.value, 0.2, maxSeconds, "duration", "s") // "waits 3"
		}
	}
	if a.Kind != Wait || a.Seconds > 0 {
		return
	}
	switch {
	case has(toks, "moment"):
		a.Seconds = 1.5
	case has(toks, "while"):
		a.Seconds = 3
	case has(toks, "briefly"):
		a.Seconds = 1
	case has(toks, "stop", "stops", "stopping", "halt", "halts"):
		a.Seconds = defaultStop
	default:
		a.Seconds = defaultWait
	}
}

// determiners and prepositions introduce a scene object: "to the sofa", "towards a chair".
var (
	determiners  = map[string]bool{"the": true, "a": true, "an": true, "his": true, "her": true, "their": true, "its": true, "that": true, "this": true, "some": true}
	prepositions = map[string]bool{"to": true, "toward": true, "towards": true, "into": true, "onto": true, "near": true,
		"past": true, "across": true, "through": true, "along": true, "beside": true, "approaches": true,
		"approach": true, "reaches": true, "touches": true, "grabs": true}
	// nonObjects are words after "the" that are not things in the scene.
	nonObjects = map[string]bool{"left": true, "right": true, "side": true, "sideways": true, "front": true,
		"back": true, "forward": true, "backward": true, "way": true, "direction": true, "other": true,
		"opposite": true, "same": true, "start": true, "place": true, "spot": true, "position": true,
		"hand": true, "hands": true, "arm": true, "arms": true, "head": true, "body": true, "bit": true,
		"little": true, "moment": true, "while": true, "curve": true, "arc": true, "circle": true,
		"semicircle": true, "turn": true, "floor": true, "ground": true, "person": true, "end": true,
		"middle": true, "center": true, "centre": true, "camera": true, "viewer": true, "clockwise": true,
		"counterclockwise": true, "anticlockwise": true, "air": true, "sky": true, "ceiling": true}
)

// objectOf returns the scene object a clause names after a preposition ("walks to the sofa",
// "turns towards the red door" → "door"), or "".
func objectOf(toks []string) string {
	if obj := objectAfter(toks, goals); obj != "" {
		return obj
	}
	return objectAfter(toks, prepositions)
}

// goals are the prepositions that name where a motion goes; they win over "across the room".
var goals = map[string]bool{"to": true, "toward": true, "towards": true, "into": true, "onto": true}

// objectAfter returns the first object named after one of the words in preps.
func objectAfter(toks []string, preps map[string]bool) string {
	for i := 0; i+1 < len(toks); i++ {
		if !preps[toks[i]] {
			continue
		}
		j := i + 1
		for j < len(toks) && determiners[toks[j]] {
			j++
		}
		last := ""
		for ; j < len(toks) && isWord(toks[j]) && !prepositions[toks[j]] && !stopAfterObject[toks[j]]; j++ {
			last = toks[j]
		}
		if last != "" && !nonObjects[last] {
			if _, unit := units[last]; !unit {
				return last
			}
		}
	}
	return ""
}

// stopAfterObject ends an object phrase: "to the sofa about 2 meters", "to the bed and".
var stopAfterObject = map[string]bool{"about": true, "approximately": true, "around": true, "roughly": true,
	"nearly": true, "almost": true, "and": true, "then": true, "with": true, "while": true, "by": true,
	"for": true, "on": true, "at": true, "in": true, "from": true, "of": true, "slowly": true, "quickly": true}

// isWord reports whether t is made of letters (not a number or separator).
func isWord(t string) bool {
	for _, r := range t {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return t != ""
}
