package instruction

import (
	"strings"

	"interactagent/scene"
	"interactagent/task/goal"
)

// Writing a task's instruction from its chain of contacts: English a person would write, which the
// built-in reasoner (mllm/geometric) reads back, clause by clause, with Clauses and IntentOf, as the
// same goals on the same objects; the tests check that over every shared plan. A clause starts
// with its verb (walk, sit, lie, touch, put, get up); what else a step asks follows as "with …",
// "leaning …", "keeping …", never as a comma or "and" before a verb, where a reader starts a new
// goal.

// Instruct writes the instruction for steps in scene s: one clause per step, or per run of steps
// on one object that one posture fulfils ("walk to the chair and sit on it, then get up"), clauses
// joined by ", then" and sentence breaks. Objects are called by their kind, told apart by where
// they are seen from the start when a scene has several of a kind ("the closest chair", "the bed
// on the left"), or by their label when nothing else tells them apart. It never mentions the
// goals' numbers.
func Instruct(s *scene.Scene, steps []goal.Step) string {
	return sentences(writeClauses(s, steps))
}

// Write writes the clauses of the instruction for steps in scene s, each with the goal it stands
// for, as Instruct joins them: what a reader of the instruction should take each clause to ask.
func Write(s *scene.Scene, steps []goal.Step) []Clause { return writeClauses(s, steps) }

// Clause is one clause of a written instruction and the goal it stands for.
type Clause struct {
	Text   string
	Intent Intent
	Object string // the object's id; "" for getting up
	// Hand and Part are what a touch clause says first, the touch a reader of one goal per clause
	// makes: "left", "right" or "both" ("" when its first joint is not a hand), and the kind of
	// part named ("" for the whole object, the floor, or a part no word of which we know).
	Hand string
	Part scene.PartKind
	// Asks are the contact pairs the clause says besides its intent: a touch's, and those said as
	// modifiers ("with your head on the pillow", "keeping both hands off the seat", "on your right
	// side") or as things to do while a posture is held.
	Asks   []goal.Pair
	walkTo bool // "walk to …": may open a sentence
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
	prev    goal.Step // the contact pairs of the step before
	out     []Clause
}

// writeClauses turns steps into clauses.
func writeClauses(s *scene.Scene, steps []goal.Step) []Clause {
	w := &writer{s: s, names: Names(s), did: map[string]bool{}}
	for _, st := range keptSteps(steps) {
		w.step(st)
	}
	return w.out
}

// keptSteps drops the steps another step's posture fulfils on the way: one whose pairs are all
// in the next step, or all in the step kept before it. Holding the larger posture for two frames
// fulfils both in order, so the instruction need not say them apart.
func keptSteps(steps []goal.Step) []goal.Step {
	var out []goal.Step
	for i, st := range steps {
		if len(out) > 0 && subset(st, out[len(out)-1]) || i+1 < len(steps) && subset(st, steps[i+1]) {
			continue
		}
		out = append(out, st)
	}
	return out
}

// subset reports whether every pair of a is in b.
func subset(a, b goal.Step) bool {
	for _, p := range a {
		if !hasPair(b, p) {
			return false
		}
	}
	return true
}

func hasPair(st goal.Step, p goal.Pair) bool {
	for _, q := range st {
		if q == p {
			return true
		}
	}
	return false
}

// emit adds a clause and keeps "it" pointing at its object.
func (w *writer) emit(c Clause) {
	w.out = append(w.out, c)
	if c.Object != "" {
		w.last = c.Object
	}
}

// emitTouch adds a touch clause of obj whose pairs are ps: its hand and part are those of the
// joint group it says first (hands before other joints, as standingTouch and seatedTouch say them).
func (w *writer) emitTouch(text, obj string, ps, rest []goal.Pair) {
	c := Clause{Text: text, Intent: Touch, Object: obj, Asks: append(append([]goal.Pair{}, ps...), rest...)}
	if gs := handsFirst(groupJoints(ps)); len(gs) > 0 {
		g := gs[0]
		if which, _, _ := strings.Cut(g.pair.Joint, "_"); isHand(g.pair.Joint) {
			c.Hand = which
			if g.plural {
				c.Hand = "both"
			}
		}
		if k := partKind(g.pair.Part); g.pair.Part != "floor" && !w.isTarget(g.pair.Object) && partNoun(g.pair.Part, false) != "it" && k != scene.PartBody && k != scene.PartWall && k != scene.PartDoor {
			c.Part = k
		}
	}
	w.emit(c)
}

// step writes one step: its walking pairs, then what its contact pairs ask.
func (w *writer) step(st goal.Step) {
	var contacts goal.Step
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
			w.emit(Clause{Text: "get up", Intent: StandUp})
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
		w.emit(Clause{Text: "step back from it", Intent: WalkTo, Object: obj})
		return
	}
	verb := "walk to "
	if w.did["walk "+obj] {
		verb = "walk back to "
	}
	w.did["walk "+obj] = true
	w.emit(Clause{Text: verb + w.ref(obj), Intent: WalkTo, Object: obj, walkTo: true})
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
		w.emit(Clause{Text: text + w.modifiers(sh.rest, obj), Intent: SitOn, Object: obj, Asks: sh.rest})
		return
	}
	w.emit(Clause{Text: text, Intent: SitOn, Object: obj})
	w.emitTouch(w.seatedTouch(sh.touch, false)+w.modifiers(sh.rest, obj), obj, sh.touch, sh.rest)
}

// change writes what a step changes in a posture already held: new contacts of the hands of a
// sitting body as a touch, anything else as things to do while holding the posture ("still lying
// on it, turn onto your right side").
func (w *writer) change(sh shape) {
	now := sh.pairs
	touch, rest := newPairs(sh.touch, w.prev), newPairs(sh.rest, w.prev)
	if len(touch) > 0 {
		text := w.seatedTouch(touch, lostTouch(w.prev, now))
		w.emitTouch(text+w.modifiers(rest, sh.object), sh.object, touch, rest)
		return
	}
	if len(rest) == 0 {
		return
	}
	text, in := "still sitting on it, ", SitOn
	if w.posture == lying {
		text, in = "still lying on it, ", LieOn
	}
	w.emit(Clause{Text: text + joinActions(w.actions(rest, now, sh.object)), Intent: in, Object: sh.object, Asks: rest})
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
	w.emit(Clause{Text: text + w.modifiers(withoutSide(rest), obj), Intent: LieOn, Object: obj, Asks: rest})
}

// stand writes a step without the pelvis on anything: touches (made without getting up when the
// body sits or lies on the object), getting up (the pelvis away from what it sits on), or
// keeping away from the object (still sitting, or stepping back from it).
func (w *writer) stand(sh shape) {
	obj := sh.object
	if w.posture != standing && w.on == obj {
		switch {
		case len(sh.touch) > 0:
			touch := newOr(sh.touch, w.prev)
			w.emitTouch(w.seatedTouch(touch, lostTouch(w.prev, sh.pairs))+w.modifiers(sh.rest, obj), obj, touch, sh.rest)
		case indexOf(sh.pairs, func(p goal.Pair) bool { return p.Joint == "pelvis" }) >= 0:
			w.getUp(true)
		default:
			w.change(sh)
		}
		return
	}
	w.getUp(false)
	if len(sh.touch) == 0 {
		w.emit(Clause{Text: "step back from " + w.ref(obj) + w.modifiers(sh.rest, obj), Intent: WalkTo, Object: obj, Asks: sh.rest})
		return
	}
	w.emitTouch(w.standingTouch(sh.touch)+w.modifiers(sh.rest, obj), obj, sh.touch, sh.rest)
}

// newOr returns the pairs of ps new since prev, or all of them when none is new.
func newOr(ps []goal.Pair, prev goal.Step) []goal.Pair {
	if n := newPairs(ps, prev); len(n) > 0 {
		return n
	}
	return ps
}
