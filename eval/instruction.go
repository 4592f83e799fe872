package eval

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Writing a task's instruction from its chain of contacts: English a person would write, which the
// built-in reasoner (mllm/geometric) also reads, clause by clause, as the same goals on the same
// objects; the tests check that over every shared plan. A clause starts with its verb (walk, sit,
// lie, touch, put, get up); what else a step asks follows as "with …", "leaning …", "keeping …",
// never as a comma or "and" before a verb, where the reasoner would start a new goal.

// Instruct writes the instruction for steps in scene s: one clause per step, or per run of steps
// on one object that one posture fulfils ("walk to the chair and sit on it, then get up"), clauses
// joined by ", then" and sentence breaks. Objects are called by their kind, told apart by where
// they are seen from the start when a scene has several of a kind ("the closest chair", "the bed
// on the left"), or by their label when nothing else tells them apart. It never mentions the
// goals' numbers.
func Instruct(s *scene.Scene, steps []Step) string {
	return sentences(writeClauses(s, steps))
}

// intent is what a clause asks, in the built-in reasoner's words for its goals.
type intent string

// The intents of clauses.
const (
	iWalk  intent = "walk to"
	iSit   intent = "sit on"
	iLie   intent = "lie on"
	iTouch intent = "touch"
	iStand intent = "stand up"
)

// clause is one instruction clause and the goal it stands for.
type clause struct {
	text   string
	intent intent
	object string // the object's id; "" for getting up
	walkTo bool   // "walk to …": may open a sentence
}

// posture is how the body is after a clause.
type posture int

const (
	standing posture = iota
	sitting
	lying
)

// writer turns steps into clauses, keeping what the body is doing.
type writer struct {
	s       *scene.Scene
	names   map[string]string // object id → how the text calls it
	posture posture
	on      string // the object sat or lain on
	seat    string // the part sat on
	last    string // the object of the latest clause with one: "it"
	did     map[string]bool
	prev    Step // the contact pairs of the step before
	out     []clause
}

// writeClauses turns steps into clauses.
func writeClauses(s *scene.Scene, steps []Step) []clause {
	w := &writer{s: s, names: objectNames(s), did: map[string]bool{}}
	for _, st := range keptSteps(steps) {
		w.step(st)
	}
	return w.out
}

// keptSteps drops the steps another step's posture fulfils on the way: one whose pairs are all
// in the next step, or all in the step kept before it. Holding the larger posture for two frames
// fulfils both in order, so the instruction need not say them apart.
func keptSteps(steps []Step) []Step {
	var out []Step
	for i, st := range steps {
		if len(out) > 0 && subset(st, out[len(out)-1]) || i+1 < len(steps) && subset(st, steps[i+1]) {
			continue
		}
		out = append(out, st)
	}
	return out
}

// subset reports whether every pair of a is in b.
func subset(a, b Step) bool {
	for _, p := range a {
		if !hasPair(b, p) {
			return false
		}
	}
	return true
}

func hasPair(st Step, p Pair) bool {
	for _, q := range st {
		if q == p {
			return true
		}
	}
	return false
}

// emit adds a clause and keeps "it" pointing at its object.
func (w *writer) emit(c clause) {
	w.out = append(w.out, c)
	if c.object != "" {
		w.last = c.object
	}
}

// step writes one step: its walking pairs, then what its contact pairs ask.
func (w *writer) step(st Step) {
	var contacts Step
	walked := map[string]bool{}
	for _, p := range st {
		switch {
		case !p.Walk():
			contacts = append(contacts, p)
		case !walked[p.Object]:
			walked[p.Object] = true
			w.walk(p.Object)
		}
	}
	if len(contacts) == 0 {
		return
	}
	sh := analyze(contacts)
	switch sh.posture {
	case sitting:
		w.sit(sh)
	case lying:
		w.lie(sh)
	default:
		w.stand(sh)
	}
	w.prev = contacts
}

// getUp stands the body up unless it is already standing, saying so when say is true (going on
// to another object says it well enough); it returns what the body was on.
func (w *writer) getUp(say bool) string {
	was := w.on
	if w.posture != standing {
		if say {
			w.emit(clause{text: "get up", intent: iStand})
		}
		w.posture, w.on, w.seat = standing, "", ""
	}
	return was
}

// walk writes a walking step: get up from the object and step back to stand by it (its stand
// point is a step or two in front of a seat, further than getting up leaves the feet), step back
// from an object just touched, or walk to the object.
func (w *writer) walk(obj string) {
	stood := w.posture != standing && w.on == obj
	w.getUp(stood)
	if stood || w.last == obj {
		w.emit(clause{text: "step back from it", intent: iWalk, object: obj})
		return
	}
	verb := "walk to "
	if w.did["walk "+obj] {
		verb = "walk back to "
	}
	w.did["walk "+obj] = true
	w.emit(clause{text: verb + w.ref(obj), intent: iWalk, object: obj, walkTo: true})
}

// again marks a posture on an object the instruction already asked for.
func (w *writer) again(key string) string {
	if w.did[key] {
		return " again"
	}
	w.did[key] = true
	return ""
}

// sit writes a sitting step: sit down (on a seat, a bed's edge, a part), then put the hands where
// the step wants them; when the body already sits there, only what changed.
func (w *writer) sit(sh shape) {
	obj := sh.object
	if w.posture == sitting && w.on == obj && w.seat == sh.support.Part {
		w.change(sh)
		return
	}
	if w.on != obj {
		w.getUp(false)
	}
	text := "sit on " + w.ref(obj)
	switch kind := partKind(sh.support.Part); {
	case sh.edge && w.last == obj:
		text = "sit on its edge"
	case sh.edge:
		text = "sit on the edge of " + w.ref(obj)
	case kind != scene.PartSeat && kind != scene.PartBody && kind != scene.PartMattress:
		text = "sit on " + w.possessive(obj, partNoun(sh.support.Part, false))
	}
	if w.posture == lying {
		text = strings.Replace(text, "sit on", "sit up on", 1)
	}
	text += w.again("sit " + obj + " " + sh.support.Part)
	w.posture, w.on, w.seat = sitting, obj, sh.support.Part
	if len(sh.touch) == 0 {
		w.emit(clause{text: text + w.modifiers(sh.rest, obj), intent: iSit, object: obj})
		return
	}
	w.emit(clause{text: text, intent: iSit, object: obj})
	w.emit(clause{text: w.seatedTouch(sh.touch, false) + w.modifiers(sh.rest, obj), intent: iTouch, object: obj})
}

// change writes what a step changes in a posture already held: new contacts of the hands of a
// sitting body as a touch, anything else as things to do while holding the posture ("still lying
// on it, turn onto your right side").
func (w *writer) change(sh shape) {
	now := sh.pairs
	touch, rest := newPairs(sh.touch, w.prev), newPairs(sh.rest, w.prev)
	if len(touch) > 0 {
		text := w.seatedTouch(touch, lostTouch(w.prev, now))
		w.emit(clause{text: text + w.modifiers(rest, sh.object), intent: iTouch, object: sh.object})
		return
	}
	if len(rest) == 0 {
		return
	}
	text, in := "still sitting on it, ", iSit
	if w.posture == lying {
		text, in = "still lying on it, ", iLie
	}
	w.emit(clause{text: text + joinActions(w.actions(rest, now, sh.object)), intent: in, object: sh.object})
}

// actions says, as things to do, what new pairs ask of a body that holds its posture: "turn onto
// your right side", "rest your left hand on the pillow instead", "raise your right knee". None
// starts with a word the built-in reasoner takes for a new goal (put, sit, …), which it may split
// a clause before.
func (w *writer) actions(ps []Pair, now Step, obj string) []string {
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
		case p.Contact == Avoid && g.base == "knee" && isBedPart(p.Part):
			a = "raise " + strings.TrimPrefix(g.noun, "your ")
			if !g.plural {
				a = "raise " + g.noun
			}
		case p.Contact == Avoid:
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

// newPairs returns the pairs of ps that were not in prev.
func newPairs(ps []Pair, prev Step) []Pair {
	var out []Pair
	for _, p := range ps {
		if !hasPair(prev, p) {
			out = append(out, p)
		}
	}
	return out
}

// lostTouch reports whether a hand's contact of the step before is not kept now: a new one then
// comes "instead".
func lostTouch(prev, now Step) bool {
	for _, p := range prev {
		if p.Contact == Touch && isHand(p.Joint) && !hasPair(now, p) {
			return true
		}
	}
	return false
}

// lost reports whether the step before asked of a joint like g's something (of the same kind of
// contact) that now is not asked: g's comes "instead".
func lost(prev, now Step, g jointGroup) bool {
	for _, p := range prev {
		_, base, _ := strings.Cut(p.Joint, "_")
		if base == g.base && p.Contact == g.pair.Contact && !hasPair(now, p) {
			return true
		}
	}
	return false
}

// lie writes a lying step: lie down on the object, on a side when the shoulders say so, with the
// head on the pillow when the step names it; when already lying there, only what changed.
func (w *writer) lie(sh shape) {
	obj := sh.object
	if w.posture == lying && w.on == obj {
		w.change(sh)
		return
	}
	if w.on != obj {
		w.getUp(false)
	}
	rest := sh.rest
	on := side(rest)
	text := "lie down on " + w.ref(obj) + on
	if w.last == obj || !w.needsWords(obj) {
		text = "lie down" + on + " on " + w.ref(obj)
	}
	text += w.again("lie " + obj)
	w.posture, w.on, w.seat = lying, obj, sh.support.Part
	w.emit(clause{text: text + w.modifiers(withoutSide(rest), obj), intent: iLie, object: obj})
}

// stand writes a step without the pelvis on anything: touches (made without getting up when the
// body sits or lies on the object), getting up (the pelvis away from what it sits on), or
// keeping away from the object (still sitting, or stepping back from it).
func (w *writer) stand(sh shape) {
	obj := sh.object
	if w.posture != standing && w.on == obj {
		switch {
		case len(sh.touch) > 0:
			text := w.seatedTouch(newOr(sh.touch, w.prev), lostTouch(w.prev, sh.pairs))
			w.emit(clause{text: text + w.modifiers(sh.rest, obj), intent: iTouch, object: obj})
		case indexOf(sh.pairs, func(p Pair) bool { return p.Joint == "pelvis" }) >= 0:
			w.getUp(true)
		default:
			w.change(sh)
		}
		return
	}
	w.getUp(false)
	if len(sh.touch) == 0 {
		w.emit(clause{text: "step back from " + w.ref(obj) + w.modifiers(sh.rest, obj), intent: iWalk, object: obj})
		return
	}
	w.emit(clause{text: w.standingTouch(sh.touch) + w.modifiers(sh.rest, obj), intent: iTouch, object: obj})
}

// newOr returns the pairs of ps new since prev, or all of them when none is new.
func newOr(ps []Pair, prev Step) []Pair {
	if n := newPairs(ps, prev); len(n) > 0 {
		return n
	}
	return ps
}

// seatedTouch says a touch made without getting up: "put your left hand on the armrest"; more
// joints follow as "with your right hand on the seat".
func (w *writer) seatedTouch(ps []Pair, instead bool) string {
	var parts []string
	for i, g := range groupJoints(ps) {
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
func (w *writer) standingTouch(ps []Pair) string {
	groups := groupJoints(ps)
	sort.SliceStable(groups, func(i, j int) bool { return isHand(groups[i].pair.Joint) && !isHand(groups[j].pair.Joint) })
	var parts []string
	for i, g := range groups {
		obj := g.pair.Object
		what := w.possessive(obj, partNoun(g.pair.Part, g.plural))
		if w.isTarget(obj) || partKind(g.pair.Part) == scene.PartBody {
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

// partPhrase writes where a pair's joint goes: "the armrest", "top of the backrest", "the floor",
// "it", or another object's part; on is the object the clause is about.
func (w *writer) partPhrase(p Pair, plural bool, on string) string {
	if p.Part == "floor" {
		return "the floor"
	}
	noun := partNoun(p.Part, plural)
	if p.Object != on && p.Object != w.last {
		if noun == "it" {
			return w.ref(p.Object)
		}
		return w.possessive(p.Object, noun)
	}
	if noun != "it" && p.Contact == Touch {
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

// sentences joins clauses: a new sentence at each walk to an object, ", then" between the clauses
// of a sentence, except "and" after its opening walk.
func sentences(cs []clause) string {
	if len(cs) == 0 {
		return "Stay where you are."
	}
	var groups [][]clause
	for i, c := range cs {
		if i == 0 || c.walkTo {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], c)
	}
	var out []string
	for gi, g := range groups {
		text := g[0].text
		for i := 1; i < len(g); i++ {
			switch {
			case i == 1 && g[0].walkTo:
				text += " and " + g[i].text
			case strings.HasPrefix(g[i].text, "still "):
				text += ", then, " + g[i].text
			default:
				text += ", then " + g[i].text
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

// shape is what a step's contact pairs ask of the body.
type shape struct {
	pairs   Step   // the step's contact pairs
	object  string // the object the step is about
	posture posture
	edge    bool   // sitting on the edge of a bed: both feet on the floor
	support Pair   // the pelvis's contact, when sitting or lying
	touch   []Pair // contacts said as touches: the hands' when sitting, every joint's when standing
	rest    []Pair // the rest, said as modifiers
}

// analyze reads a step's contact pairs: the pelvis on a bed with the feet or the head on it too
// is lying, the pelvis on anything else sitting (on a bed's edge when both feet are on the
// floor), no pelvis standing. The pairs a posture implies (the feet on the floor for a bed's edge,
// the head off the bed when sitting) are not said again.
func analyze(ps Step) shape {
	sh := shape{pairs: ps, object: mainObject(ps)}
	pi := indexOf(ps, func(p Pair) bool { return p.Joint == "pelvis" && p.Contact == Touch && p.Part != "floor" })
	if pi < 0 {
		for _, p := range ps {
			if p.Contact == Touch {
				sh.touch = append(sh.touch, p)
			} else {
				sh.rest = append(sh.rest, p)
			}
		}
		return sh
	}
	sh.support = ps[pi]
	on := func(p Pair) bool { return p.Object == sh.object && p.Part != "floor" && p.Contact == Touch }
	feetOn := count(ps, func(p Pair) bool { return isFoot(p.Joint) && on(p) })
	feetFloor := count(ps, func(p Pair) bool { return isFoot(p.Joint) && p.Part == "floor" && p.Contact == Touch })
	headOn := count(ps, func(p Pair) bool { return p.Joint == "head" && on(p) }) > 0
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
func implied(sh shape, p Pair) bool {
	mine := p.Object == sh.object
	switch {
	case sh.posture == sitting && isFoot(p.Joint) && p.Part == "floor" && p.Contact == Touch:
		return true
	case sh.posture == sitting && p.Joint == "head" && p.Contact == Avoid && mine && isBedPart(p.Part):
		return true
	case sh.posture == lying && p.Contact == Touch && mine && isBedPart(p.Part) && !partIs(p.Part, scene.PartPillow):
		return isFoot(p.Joint) || p.Joint == "head"
	}
	return false
}

// mainObject is what a step is about: the pelvis's object, else the first touched one.
func mainObject(ps Step) string {
	for _, want := range []func(Pair) bool{
		func(p Pair) bool { return p.Joint == "pelvis" && p.Contact == Touch && p.Part != "floor" },
		func(p Pair) bool { return p.Contact == Touch },
		func(Pair) bool { return true },
	} {
		if i := indexOf(ps, want); i >= 0 {
			return ps[i].Object
		}
	}
	return ""
}

func indexOf(ps Step, f func(Pair) bool) int {
	for i, p := range ps {
		if f(p) {
			return i
		}
	}
	return -1
}

func count(ps Step, f func(Pair) bool) int {
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
	pair   Pair // the pair (of the left joint, for both)
}

// groupJoints groups pairs by joint, joining left and right joints that do the same.
func groupJoints(ps []Pair) []jointGroup {
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
func side(ps []Pair) string {
	l, r := shoulder(ps, "left_shoulder"), shoulder(ps, "right_shoulder")
	switch {
	case l == Touch && r == Avoid:
		return " on your left side"
	case r == Touch && l == Avoid:
		return " on your right side"
	case l == Touch && r == Touch:
		return " on your back"
	}
	return ""
}

// shoulder returns what the pairs ask of a shoulder ("" when nothing).
func shoulder(ps []Pair, j string) ContactKind {
	for _, p := range ps {
		if p.Joint == j && p.Part != "floor" {
			return p.Contact
		}
	}
	return ""
}

// withoutSide drops the shoulder pairs that side says.
func withoutSide(ps []Pair) []Pair {
	if side(ps) == "" {
		return ps
	}
	var out []Pair
	for _, p := range ps {
		if p.Joint != "left_shoulder" && p.Joint != "right_shoulder" {
			out = append(out, p)
		}
	}
	return out
}

// modifiers says the pairs a clause's verb does not: " with your head on the pillow and both
// knees up, leaning back against the backrest"; obj is the object the clause is about.
func (w *writer) modifiers(ps []Pair, obj string) string {
	var withs, others []string
	for _, g := range groupJoints(ps) {
		p := g.pair
		switch {
		case g.base == "torso":
			others = append(others, w.torso(p, obj, false))
		case p.Contact == Avoid && g.base == "knee" && isBedPart(p.Part):
			withs = append(withs, g.noun+" up")
		case p.Contact == Avoid:
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
func (w *writer) torso(p Pair, obj string, do bool) string {
	what := w.partPhrase(p, false, obj)
	kind := partKind(p.Part)
	var ing, imp string
	switch {
	case p.Contact == Touch && kind == scene.PartBack:
		ing, imp = "leaning back against ", "lean back against "
	case p.Contact == Touch && kind == scene.PartSeat:
		ing, imp = "leaning forward over ", "lean forward over "
	case p.Contact == Touch:
		ing, imp = "leaning against ", "lean against "
	case kind == scene.PartBack:
		ing, imp = "without leaning against ", "sit up away from "
	default:
		ing, imp = "keeping your chest off ", "keep your chest off "
	}
	if do {
		return imp + what
	}
	return ing + what
}

// readerVerbs are the words by which the built-in reasoner tells what a clause asks; it splits a
// clause at an "and" that any of them follows, so a list joins its last item with "and" only when
// none comes after it.
var readerVerbs = []string{"lie", "lies", "lay", "lays", "lying", "recline", "reclines", "sit", "sits", "seat",
	"seated", "sitting", "touch", "touches", "reach", "reaches", "tap", "taps", "put", "puts", "place", "places",
	"hand on", "stand", "stands", "get up", "gets up", "rise", "rises", "walk", "walks", "go", "goes", "move",
	"moves", "head", "heads", "approach", "approaches", "come", "comes", "step", "steps", "run", "runs"}

// hasReaderVerb reports whether the text has a word (or words) of readerVerbs.
func hasReaderVerb(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	t := " " + strings.Join(words, " ") + " "
	for _, v := range readerVerbs {
		if strings.Contains(t, " "+v+" ") {
			return true
		}
	}
	return false
}

// joinActions lists actions: "a, b and c", or "a, b, c" when the last has a reader verb.
func joinActions(as []string) string {
	n := len(as)
	if n < 2 || hasReaderVerb(as[n-1]) {
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
			if hasReaderVerb(it) == first {
				sorted = append(sorted, it)
			}
		}
	}
	n := len(sorted)
	if n == 1 {
		return sorted[0]
	}
	head := strings.Join(sorted[:n-1], ", ")
	if hasReaderVerb(sorted[n-1] + tail) {
		return head + ", " + sorted[n-1]
	}
	return head + " and " + sorted[n-1]
}

// apart is how much farther, or further to one side, an object must be than the others of its
// kind for "the closest chair" or "the chair on the left" to tell it from them at a glance.
const apart = 0.5

// objectNames names every object the text may speak of: "the chair" when it is the only one of its
// category, else told apart as the built-in reasoner reads it, seen from the start: "the closest
// chair", "the second-closest chair", "the farthest chair" (its distance), "the chair on the left"
// (its side), and "the chair labelled chair001" (the label the scene's shots carry) when neither is
// clear by apart.
func objectNames(s *scene.Scene) map[string]string {
	byCat := map[string][]*scene.Object{}
	names := map[string]string{}
	for _, o := range s.Objects {
		switch {
		case o.IsWall() || o.IsFloor():
		case len(o.Parts) == 0: // not shown, so not counted among its kind
			names[o.ID] = "the " + categoryNoun(o.Category) + " labelled " + o.ID
		default:
			byCat[o.Category] = append(byCat[o.Category], o)
		}
	}
	for cat, os := range byCat {
		noun := categoryNoun(cat)
		for _, o := range os {
			names[o.ID] = "the " + tellApart(o, os, s.Start.Root, s.Start.Local, noun)
		}
	}
	return names
}

// categoryNoun is how a person calls an object of a category: its words; a UniHSI "reach" object
// is a reach target.
func categoryNoun(cat string) string {
	if cat == "reach" {
		return "reach target"
	}
	noun := strings.Join(strings.FieldsFunc(cat, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
	if noun == "" {
		return "object"
	}
	return noun
}

// tellApart names o among the objects of its kind (os, o among them), seen from start with local
// turning world points into the start's frame (+X to its left).
func tellApart(o *scene.Object, os []*scene.Object, start mgl64.Vec3, local func(mgl64.Vec3) mgl64.Vec3, noun string) string {
	if len(os) < 2 {
		return noun
	}
	dist := func(q *scene.Object) float64 { c := footprint(q); return math.Hypot(c.X()-start.X(), c.Z()-start.Z()) }
	ranked := append([]*scene.Object(nil), os...)
	sort.SliceStable(ranked, func(i, j int) bool {
		if di, dj := dist(ranked[i]), dist(ranked[j]); di != dj {
			return di < dj
		}
		return ranked[i].ID < ranked[j].ID
	})
	rank := slices.Index(ranked, o)
	if clearOf(o, os, dist) {
		switch {
		case rank == 0:
			return "closest " + noun
		case rank == len(ranked)-1:
			return "farthest " + noun
		case rank < len(ordinalWords):
			return ordinalWords[rank] + "-closest " + noun
		}
	}
	left := func(q *scene.Object) float64 { return local(footprint(q)).X() }
	right := func(q *scene.Object) float64 { return -left(q) }
	if clearOf(o, os, left) {
		switch {
		case isMost(o, os, left):
			return noun + " on the left"
		case isMost(o, os, right):
			return noun + " on the right"
		}
	}
	return noun + " labelled " + o.ID
}

// ordinalWords are the ordinals the built-in reasoner counts with, from the second.
var ordinalWords = []string{"", "second", "third", "fourth", "fifth", "sixth"}

// clearOf reports whether key(o) is at least apart from every other object's.
func clearOf(o *scene.Object, os []*scene.Object, key func(*scene.Object) float64) bool {
	for _, q := range os {
		if q != o && math.Abs(key(q)-key(o)) < apart {
			return false
		}
	}
	return true
}

// isMost reports whether o has the largest key.
func isMost(o *scene.Object, os []*scene.Object, key func(*scene.Object) float64) bool {
	for _, q := range os {
		if q != o && key(q) > key(o) {
			return false
		}
	}
	return true
}

// footprint is the centre of an object's footprint on the floor.
func footprint(o *scene.Object) mgl64.Vec3 {
	c := o.Bounds().Center()
	return mgl64.Vec3{c.X(), 0, c.Z()}
}
