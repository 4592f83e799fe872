package instruction

import (
	"strings"

	"interactagent/scene"
	"interactagent/task/goal"
)

// What a step's contact pairs ask of the body (a posture, touches, the rest said as modifiers), and
// the joints and parts they name, in the words a person would use.

// shape is what a step's contact pairs ask of the body.
type shape struct {
	pairs   goal.Step // the step's contact pairs
	object  string    // the object the step is about
	posture posture
	edge    bool        // sitting on the edge of a bed: both feet on the floor
	support goal.Pair   // the pelvis's contact, when sitting or lying
	touch   []goal.Pair // contacts said as touches: the hands' when sitting, every joint's when standing
	rest    []goal.Pair // the rest, said as modifiers
}

// analyze reads a step's contact pairs: the pelvis on a bed with the feet or the head on it too
// is lying, the pelvis on anything else sitting (on a bed's edge when both feet are on the
// floor), no pelvis standing. The pairs a posture implies (the feet on the floor for a bed's edge,
// the head off the bed when sitting) are not said again.
func analyze(ps goal.Step) shape {
	sh := shape{pairs: ps, object: mainObject(ps)}
	pi := indexOf(ps, func(p goal.Pair) bool { return p.Joint == "pelvis" && p.Contact == goal.Touch && p.Part != "floor" })
	if pi < 0 {
		for _, p := range ps {
			if p.Contact == goal.Touch {
				sh.touch = append(sh.touch, p)
			} else {
				sh.rest = append(sh.rest, p)
			}
		}
		return sh
	}
	sh.support = ps[pi]
	on := func(p goal.Pair) bool { return p.Object == sh.object && p.Part != "floor" && p.Contact == goal.Touch }
	feetOn := count(ps, func(p goal.Pair) bool { return isFoot(p.Joint) && on(p) })
	feetFloor := count(ps, func(p goal.Pair) bool { return isFoot(p.Joint) && p.Part == "floor" && p.Contact == goal.Touch })
	headOn := count(ps, func(p goal.Pair) bool { return p.Joint == "head" && on(p) }) > 0
	bed := isBedPart(sh.support.Part)
	sh.posture = sitting
	if bed && (feetOn == 2 || headOn) {
		sh.posture = lying
	}
	sh.edge = sh.posture == sitting && bed && feetFloor == 2
	for i, p := range ps {
		if i == pi || implied(sh, p) {
			continue
		}
		if sh.posture == sitting && isHand(p.Joint) && on(p) {
			sh.touch = append(sh.touch, p)
		} else {
			sh.rest = append(sh.rest, p)
		}
	}
	return sh
}

// implied reports whether the posture says the pair already: feet on the floor when sitting,
// feet and head on the bed when lying, the head off the bed when sitting.
func implied(sh shape, p goal.Pair) bool {
	mine := p.Object == sh.object
	switch {
	case sh.posture == sitting && isFoot(p.Joint) && p.Part == "floor" && p.Contact == goal.Touch:
		return true
	case sh.posture == sitting && p.Joint == "head" && p.Contact == goal.Avoid && mine && isBedPart(p.Part):
		return true
	case sh.posture == lying && p.Contact == goal.Touch && mine && isBedPart(p.Part) && !partIs(p.Part, scene.PartPillow):
		return isFoot(p.Joint) || p.Joint == "head"
	}
	return false
}

// mainObject is what a step is about: the pelvis's object, else the first touched one.
func mainObject(ps goal.Step) string {
	for _, want := range []func(goal.Pair) bool{
		func(p goal.Pair) bool { return p.Joint == "pelvis" && p.Contact == goal.Touch && p.Part != "floor" },
		func(p goal.Pair) bool { return p.Contact == goal.Touch },
		func(goal.Pair) bool { return true },
	} {
		if i := indexOf(ps, want); i >= 0 {
			return ps[i].Object
		}
	}
	return ""
}

func indexOf(ps goal.Step, f func(goal.Pair) bool) int {
	for i, p := range ps {
		if f(p) {
			return i
		}
	}
	return -1
}

func count(ps goal.Step, f func(goal.Pair) bool) int {
	n := 0
	for _, p := range ps {
		if f(p) {
			n++
		}
	}
	return n
}

func isHand(j string) bool { return j == "left_hand" || j == "right_hand" }

func isFoot(j string) bool { return j == "left_foot" || j == "right_foot" }

// partKind is the kind of part a name's words say.
func partKind(part string) scene.PartKind { return scene.GuessPartKind(part) }

func partIs(part string, k scene.PartKind) bool { return part != "floor" && partKind(part) == k }

// isBedPart reports whether a part is something to lie on: a mattress, a blanket, a pillow.
func isBedPart(part string) bool {
	return partIs(part, scene.PartMattress) || partIs(part, scene.PartPillow)
}

// partNoun names a part the way a person would: "the seat", "the backrest", "the blanket"; "it"
// for a part no word of which we know (the object itself).
func partNoun(part string, plural bool) string {
	if part == "floor" {
		return "the floor"
	}
	kind, word := scene.PartKindWord(part)
	switch word {
	case "blanket", "quilt", "duvet", "cushion", "headboard", "footboard", "headrest":
		return "the " + word
	case "head_rest":
		return "the headrest"
	}
	nouns := map[scene.PartKind]string{
		scene.PartSeat: "the seat", scene.PartBack: "the backrest", scene.PartArmrest: "the armrest",
		scene.PartMattress: "the mattress", scene.PartPillow: "the pillow", scene.PartFrame: "the frame",
		scene.PartLeg: "the legs", scene.PartTabletop: "the top", scene.PartDoor: "the door", scene.PartWall: "the wall",
	}
	n, ok := nouns[kind]
	if !ok {
		return "it"
	}
	if plural && kind == scene.PartArmrest {
		return "the armrests"
	}
	return n
}

// jointGroup is a joint, or a left and right pair of joints that do the same.
type jointGroup struct {
	noun   string // "your left hand", "both hands", "your head"
	base   string // hand, foot, knee, elbow, shoulder, hip, head, torso, pelvis
	plural bool
	pair   goal.Pair // the pair (of the left joint, for both)
}

// groupJoints groups pairs by joint, joining left and right joints that do the same.
func groupJoints(ps []goal.Pair) []jointGroup {
	var out []jointGroup
	done := map[int]bool{}
	for i, p := range ps {
		if done[i] {
			continue
		}
		which, base, sided := strings.Cut(p.Joint, "_")
		if !sided {
			out = append(out, jointGroup{noun: "your " + jointNouns[p.Joint], base: p.Joint, pair: p})
			continue
		}
		g := jointGroup{noun: "your " + which + " " + base, base: base, pair: p}
		for j := i + 1; j < len(ps); j++ {
			q := ps[j]
			if !done[j] && q.Joint == otherSide(p.Joint) && q.Object == p.Object && samePart(q.Part, p.Part) && q.Contact == p.Contact && q.Direction == p.Direction {
				done[j], g.plural, g.noun = true, true, "both "+plurals[base]
				break
			}
		}
		out = append(out, g)
	}
	return out
}

// jointNouns names the joints without a side; plurals names both of a sided joint.
var (
	jointNouns = map[string]string{"head": "head", "torso": "chest", "pelvis": "pelvis", "none": "body"}
	plurals    = map[string]string{"hand": "hands", "foot": "feet", "knee": "knees", "elbow": "elbows", "shoulder": "shoulders", "hip": "hips"}
)

// samePart reports whether two part names are said alike (a chair's left and right armrests,
// arm_sofa_style17 and arm_sofa_style18).
func samePart(a, b string) bool {
	return a == b || a != "floor" && b != "floor" && partNoun(a, false) == partNoun(b, false) && partNoun(a, false) != "it"
}

func otherSide(j string) string {
	if s, ok := strings.CutPrefix(j, "left_"); ok {
		return "right_" + s
	}
	return "left_" + strings.TrimPrefix(j, "right_")
}

// side says which side a lying body lies on, from its shoulders: " on your left side" (the left
// shoulder on the bed, the right off it), " on your right side", " on your back"; "" otherwise.
func side(ps []goal.Pair) string {
	l, r := shoulder(ps, "left_shoulder"), shoulder(ps, "right_shoulder")
	switch {
	case l == goal.Touch && r == goal.Avoid:
		return " on your left side"
	case r == goal.Touch && l == goal.Avoid:
		return " on your right side"
	case l == goal.Touch && r == goal.Touch:
		return " on your back"
	}
	return ""
}

// shoulder returns what the pairs ask of a shoulder ("" when nothing).
func shoulder(ps []goal.Pair, j string) goal.ContactKind {
	for _, p := range ps {
		if p.Joint == j && p.Part != "floor" {
			return p.Contact
		}
	}
	return ""
}

// withoutSide drops the shoulder pairs that side says.
func withoutSide(ps []goal.Pair) []goal.Pair {
	if side(ps) == "" {
		return ps
	}
	var out []goal.Pair
	for _, p := range ps {
		if p.Joint != "left_shoulder" && p.Joint != "right_shoulder" {
			out = append(out, p)
		}
	}
	return out
}

// newPairs returns the pairs of ps that were not in prev.
func newPairs(ps []goal.Pair, prev goal.Step) []goal.Pair {
	var out []goal.Pair
	for _, p := range ps {
		if !hasPair(prev, p) {
			out = append(out, p)
		}
	}
	return out
}

// lostTouch reports whether a hand's contact of the step before is not kept now: a new one then
// comes "instead".
func lostTouch(prev, now goal.Step) bool {
	for _, p := range prev {
		if p.Contact == goal.Touch && isHand(p.Joint) && !hasPair(now, p) {
			return true
		}
	}
	return false
}

// lost reports whether the step before asked of a joint like g's something (of the same kind of
// contact) that now is not asked: g's comes "instead".
func lost(prev, now goal.Step, g jointGroup) bool {
	for _, p := range prev {
		_, base, _ := strings.Cut(p.Joint, "_")
		if base == g.base && p.Contact == g.pair.Contact && !hasPair(now, p) {
			return true
		}
	}
	return false
}
