package instruction

import (
	"sort"
	"strings"
	"unicode"

	"interactagent/scene"
	"interactagent/task/goal"
)

// The phrases of a written instruction: touches, modifiers, how objects and their parts are
// called, and how clauses join into sentences.

// actions says, as things to do, what new pairs ask of a body that holds its posture: "turn onto
// your right side", "rest your left hand on the pillow instead", "raise your right knee". None
// starts with a word the built-in reasoner takes for a new goal (put, sit, …), which it may split
// a clause before.
func (w *writer) actions(ps []goal.Pair, now goal.Step, obj string) []string {
	var out []string
	if on := side(ps); on != "" {
		out = append(out, "turn"+strings.Replace(on, " on ", " onto ", 1))
		ps = withoutSide(ps)
	}
	for _, g := range groupJoints(ps) {
		p, part := g.pair, w.partPhrase(g.pair, g.plural, obj)
		var a string
		switch {
		case g.base == "torso":
			a = w.torso(p, obj, true)
		case p.Contact == goal.Avoid && g.base == "knee" && partIs(p.Part, scene.PartMattress):
			a = "raise " + strings.TrimPrefix(g.noun, "your ")
			if !g.plural {
				a = "raise " + g.noun
			}
		case p.Contact == goal.Avoid:
			a = "take " + g.noun + " off " + part
		case isFoot(p.Joint) && isBedPart(p.Part) && w.posture == sitting:
			a = "lift " + g.noun + " onto " + part
		default:
			a = "rest " + g.noun + " on " + part
		}
		if lost(w.prev, now, g) {
			a += " instead"
		}
		out = append(out, a)
	}
	return out
}

// seatedTouch says a touch made without getting up: "put your left hand on the armrest"; more
// joints follow as "with your right hand on the seat", the hands first.
func (w *writer) seatedTouch(ps []goal.Pair, instead bool) string {
	var parts []string
	for i, g := range handsFirst(groupJoints(ps)) {
		lead := "put "
		if i > 0 {
			lead = "with "
		}
		parts = append(parts, lead+g.noun+" on "+w.partPhrase(g.pair, g.plural, w.on))
	}
	text := strings.Join(parts, ", ")
	if instead {
		text += " instead"
	}
	return text
}

// standingTouch says a touch from standing: "touch the chair's seat with your left hand", "reach
// out to it with your right hand"; more parts follow as "and its backrest with your right hand",
// joints other than the hands as "with your head on the pillow" (or, without a hand, "put your
// left foot on the chair's seat").
func (w *writer) standingTouch(ps []goal.Pair) string {
	groups := handsFirst(groupJoints(ps))
	var parts []string
	for i, g := range groups {
		obj := g.pair.Object
		what := w.possessive(obj, partNoun(g.pair.Part, g.plural))
		switch {
		case g.pair.Part == "floor":
			what = w.partPhrase(g.pair, g.plural, "")
		case w.isTarget(obj) || partKind(g.pair.Part) == scene.PartBody:
			what = w.ref(obj)
		}
		switch {
		case i == 0 && !isHand(g.pair.Joint):
			parts = append(parts, "put "+g.noun+" on "+w.partPhrase(g.pair, g.plural, ""))
		case !isHand(g.pair.Joint):
			parts = append(parts, "with "+g.noun+" on "+w.partPhrase(g.pair, g.plural, ""))
		case i > 0:
			parts = append(parts, "and "+what+" with "+g.noun)
		case w.isTarget(obj) && what == "it":
			parts = append(parts, "reach out to it with "+g.noun)
		default:
			parts = append(parts, "touch "+what+" with "+g.noun)
		}
		w.last = obj
	}
	return strings.Join(parts, ", ")
}

// handsFirst orders joint groups with the hands' first, keeping their order otherwise.
func handsFirst(gs []jointGroup) []jointGroup {
	sort.SliceStable(gs, func(i, j int) bool { return isHand(gs[i].pair.Joint) && !isHand(gs[j].pair.Joint) })
	return gs
}

// isTarget reports whether the object is one of UniHSI's "reach" targets.
func (w *writer) isTarget(id string) bool {
	o, ok := w.s.Object(id)
	return ok && o.Category == "reach"
}

// ref is how the text calls an object now: "it" right after a clause about it, else its name.
func (w *writer) ref(id string) string {
	if id == w.last {
		return "it"
	}
	return w.name(id)
}

// name is an object's name in the text, the id for an object the scene lacks.
func (w *writer) name(id string) string {
	if n, ok := w.names[id]; ok {
		return n
	}
	return id
}

// needsWords reports whether the object's name carries words that tell it from others of its
// kind ("the closest chair", "the bed on the left"): then no word that could be read as such ("on
// your left side") may come before it.
func (w *writer) needsWords(id string) bool {
	n := w.name(id)
	for _, s := range []string{"closest ", "farthest ", " labelled ", " on the "} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// possessive writes an object's part: "its seat", "the chair's seat", or "the seat of the chair
// labelled chair001".
func (w *writer) possessive(id, noun string) string {
	ref := w.ref(id)
	switch {
	case ref == "it":
		return "its " + strings.TrimPrefix(noun, "the ")
	case strings.Contains(ref, " labelled ") || strings.Contains(ref, " on the "):
		return noun + " of " + ref
	}
	return ref + "'s " + strings.TrimPrefix(noun, "the ")
}

// partPhrase writes where a pair's joint goes: "the armrest", "top of the backrest", "the floor"
// ("the floor by the bed" when the clause is about another object or none), "it", or another
// object's part; on is the object the clause is about.
func (w *writer) partPhrase(p goal.Pair, plural bool, on string) string {
	if p.Part == "floor" {
		if p.Object != on && p.Object != w.last {
			return "the floor by " + w.name(p.Object)
		}
		return "the floor"
	}
	noun := partNoun(p.Part, plural)
	if w.isTarget(p.Object) { // a reach target is one thing: its parts have no names
		noun = "it"
	}
	if p.Object != on && p.Object != w.last {
		if noun == "it" {
			return w.ref(p.Object)
		}
		return w.possessive(p.Object, noun)
	}
	if noun != "it" && p.Contact == goal.Touch {
		switch p.Direction {
		case "up":
			if k := partKind(p.Part); k == scene.PartBack || k == scene.PartFrame {
				return "top of " + noun
			}
		case "down":
			return "the underside of " + strings.TrimPrefix(noun, "the ")
		case "front", "back", "left", "right":
			return noun + " from the " + map[string]string{"front": "front", "back": "back", "left": "side", "right": "side"}[p.Direction]
		}
	}
	return noun
}

// modifiers says the pairs a clause's verb does not: " with your head on the pillow and both
// knees up, leaning back against the backrest"; obj is the object the clause is about.
func (w *writer) modifiers(ps []goal.Pair, obj string) string {
	var withs, others []string
	for _, g := range groupJoints(ps) {
		p := g.pair
		switch {
		case g.base == "torso":
			others = append(others, w.torso(p, obj, false))
		case p.Contact == goal.Avoid && g.base == "knee" && partIs(p.Part, scene.PartMattress):
			withs = append(withs, g.noun+" up")
		case p.Contact == goal.Avoid:
			others = append(others, "keeping "+g.noun+" off "+w.partPhrase(p, g.plural, obj))
		case w.posture == sitting && isFoot(p.Joint) && isBedPart(p.Part):
			withs = append(withs, g.noun+" up on "+w.partPhrase(p, g.plural, obj))
		default:
			withs = append(withs, g.noun+" on "+w.partPhrase(p, g.plural, obj))
		}
	}
	tail := ""
	if len(others) > 0 {
		tail = ", " + strings.Join(others, ", ")
	}
	if len(withs) == 0 {
		return tail
	}
	return " with " + joinAnd(withs, tail) + tail
}

// torso says what a pair asks of the chest, as a participle ("leaning back against the
// backrest") or, when do is true, as a thing to do ("lean back against the backrest").
func (w *writer) torso(p goal.Pair, obj string, do bool) string {
	what := w.partPhrase(p, false, obj)
	kind := partKind(p.Part)
	var ing, imp string
	switch {
	case p.Contact == goal.Touch && kind == scene.PartBack:
		ing, imp = "leaning back against ", "lean back against "
	case p.Contact == goal.Touch && kind == scene.PartSeat:
		ing, imp = "leaning forward over ", "lean forward over "
	case p.Contact == goal.Touch:
		ing, imp = "leaning against ", "lean against "
	case kind == scene.PartBack:
		ing, imp = "without leaning against ", "straighten up away from "
	default:
		ing, imp = "keeping your chest off ", "keep your chest off "
	}
	if do {
		return imp + what
	}
	return ing + what
}

// joinActions lists actions: "a, b and c", or "a, b, c" when the last has a reader verb.
func joinActions(as []string) string {
	n := len(as)
	if n < 2 || hasVerb(as[n-1]) {
		return strings.Join(as, ", ")
	}
	return strings.Join(as[:n-1], ", ") + " and " + as[n-1]
}

// joinAnd lists items, the ones with a reader verb first: "a, b and c", or "a, b, c" when an
// "and" would be followed by a reader verb (in the last item or in tail, what follows the list).
func joinAnd(items []string, tail string) string {
	sorted := make([]string, 0, len(items))
	for _, first := range []bool{true, false} {
		for _, it := range items {
			if hasVerb(it) == first {
				sorted = append(sorted, it)
			}
		}
	}
	n := len(sorted)
	if n == 1 {
		return sorted[0]
	}
	head := strings.Join(sorted[:n-1], ", ")
	if hasVerb(sorted[n-1] + tail) {
		return head + ", " + sorted[n-1]
	}
	return head + " and " + sorted[n-1]
}

// sentences joins clauses: a new sentence at each walk to an object, ", then" between the clauses
// of a sentence, except "and" after its opening walk.
func sentences(cs []Clause) string {
	if len(cs) == 0 {
		return "Stay where you are."
	}
	var groups [][]Clause
	for i, c := range cs {
		if i == 0 || c.walkTo {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	var out []string
	for gi, g := range groups {
		text := g[0].Text
		for i := 1; i < len(g); i++ {
			switch {
			case i == 1 && g[0].walkTo:
				text += " and " + g[i].Text
			case strings.HasPrefix(g[i].Text, "still "):
				text += ", then, " + g[i].Text
			default:
				text += ", then " + g[i].Text
			}
		}
		switch {
		case gi == 0:
			text = capitalize(text)
		case gi == len(groups)-1 && len(groups) >= 3:
			text = "Finally, " + text
		default:
			text = "Then " + text
		}
		out = append(out, text+".")
	}
	return strings.Join(out, " ")
}

func capitalize(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}
