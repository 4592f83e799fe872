package action

import (
	"fmt"
	"strings"
)

// The action language: a sentence is split into clauses ("turns around and sits down" is two),
// each clause's first verb says what kind of action it is, and the words around it fill in the
// amounts (clauses.go). Nothing here fails: text that names no known verb becomes a short wait
// with a warning, as a learned executor would still produce some motion.

// unknownSeconds is how long the body stands still for text the executor does not understand.
const unknownSeconds = 1.5

// Parse understands one action text ("A person walks forward about 1.5 meters.") and returns the
// actions it asks for, usually one, two for a sentence such as "turns around and sits down". It
// never fails and never returns an empty list: text it cannot understand becomes a short Wait with
// a warning.
func Parse(text string) []Action {
	toks := dropHedges(tokenize(text))
	var out []Action
	for _, c := range splitClauses(toks) {
		out = append(out, interpret(c))
	}
	if len(out) == 0 {
		a := Action{Kind: Wait, Text: strings.Join(toks, " "), Seconds: unknownSeconds, Repeat: 1}
		a.Warnings = append(a.Warnings, fmt.Sprintf("not understood: %q; stood still for %.1f s",
			shorten(text, 80), unknownSeconds))
		out = append(out, a)
	}
	return out
}

// shorten cuts s to at most n runes for messages.
func shorten(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// hedges are phrases that say nothing the executor can act on; "while facing forward" in
// particular must not turn a sidestep into a forward walk.
var hedges = []string{
	"while still facing forward", "while facing forward", "while facing ahead", "facing forward",
	"keeping facing forward", "without turning", "without turning around", "straightly",
	"in a straight line", "in a straight path", "step by step",
}

// dropHedges removes hedge phrases.
func dropHedges(toks []string) []string {
	for _, h := range hedges {
		ws := strings.Fields(h)
		for i := 0; i+len(ws) <= len(toks); i++ {
			if strings.Join(toks[i:i+len(ws)], " ") == h {
				toks = append(toks[:i:i], toks[i+len(ws):]...)
				i--
			}
		}
	}
	return toks
}

// splitClauses cuts the tokens at punctuation, "and", "then" and "after that", strips the subject
// from each piece, and glues back pieces that name no verb ("walks forward and to the left") or
// start with a participle ("walks forward, turning left") to the piece before.
func splitClauses(toks []string) [][]string {
	var pieces [][]string
	cur := []string{}
	flush := func() {
		if len(cur) > 0 {
			pieces = append(pieces, cur)
		}
		cur = []string{}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "and" && (hasPhraseAt(toks, i+1, "a half") || hasPhraseAt(toks, i+1, "half")):
			cur = append(cur, t) // "one and a half meters"
		case t == sep || t == "then" || t == "and" || t == "afterwards" || t == "finally":
			flush()
			if t == "and" {
				cur = append(cur, t) // kept in case the next piece has no verb and joins this one
			}
		case t == "after" && i+1 < len(toks) && (toks[i+1] == "that" || toks[i+1] == "this"):
			flush()
			i++
		default:
			cur = append(cur, t)
		}
	}
	flush()
	var out [][]string
	var pending []string // verbless words before the first verb
	for _, raw := range pieces {
		p := stripSubject(raw)
		_, _, ok := verbOf(p)
		if len(p) == 0 || !ok || (len(out) > 0 && participles[p[0]]) {
			p = raw
			if len(out) > 0 {
				out[len(out)-1] = append(out[len(out)-1], p...)
			} else {
				pending = append(pending, p...)
			}
			continue
		}
		out = append(out, append(pending, p...))
		pending = nil
	}
	return out
}

// participles start pieces that describe the clause before them ("walks forward, turning left").
var participles = map[string]bool{"turning": true, "curving": true, "veering": true, "bearing": true,
	"facing": true, "keeping": true, "holding": true, "looking": true, "swinging": true, "carrying": true,
	"using": true, "with": true}

// subjects are words a clause may start with before its verb.
var subjects = map[string]bool{
	"a": true, "the": true, "person": true, "man": true, "woman": true, "human": true, "someone": true,
	"somebody": true, "character": true, "agent": true, "figure": true, "guy": true, "lady": true,
	"he": true, "she": true, "they": true, "it": true, "is": true, "are": true, "was": true,
	"starts": true, "begins": true, "continues": true, "tries": true, "to": true, "also": true,
	"slowly": true, "quickly": true, "carefully": true, "now": true, "again": true, "first": true,
	"next": true, "just": true, "gently": true, "calmly": true, "will": true, "should": true,
	"i": true, "you": true, "we": true, "please": true, "and": true,
}

// stripSubject removes the subject and filler words before the verb.
func stripSubject(toks []string) []string {
	i := 0
	for i < len(toks) && subjects[toks[i]] {
		if _, _, ok := verbOf(toks[i : i+1]); ok {
			break
		}
		i++
	}
	return toks[i:]
}

// hasPhraseAt reports whether the words of phrase start at toks[i].
func hasPhraseAt(toks []string, i int, phrase string) bool {
	for k, w := range strings.Fields(phrase) {
		if i+k >= len(toks) || toks[i+k] != w {
			return false
		}
	}
	return true
}

// verbs maps verb forms to the kind of action they start.
var verbs = map[string]Kind{}

func init() {
	groups := map[Kind]string{
		Walk: "walk walks walking walked step steps stepping stepped move moves moving moved go goes " +
			"going went head heads proceed proceeds advance advances stride strides stroll strolls " +
			"march marches travel travels approach approaches come comes cross crosses shuffle " +
			"shuffles strafe strafes sidestep sidesteps sidestepping backs backing backed retreat " +
			"retreats wander wanders run runs running ran jog jogs jogging sprint sprints dash dashes " +
			"hurry hurries rush rushes trot trots circle circles navigate navigates",
		Turn:       "turn turns turning turned rotate rotates rotating spin spins spinning pivot pivots face faces",
		Sit:        "sit sits sitting sat seat seats seated",
		StandUp:    "rise rises rising rose",
		LieDown:    "lie lies lying lay lays laying recline reclines reclining",
		Reach:      "reach reaches reaching reached touch touches touching touched grab grabs grabbing grasp grasps grip grips point points pointing",
		PickUp:     "pick picks picking picked",
		PutDown:    "put puts putting place places placing set sets drop drops",
		Bend:       "bend bends bending bent lean leans leaning leaned bow bows bowing stoop stoops",
		Squat:      "squat squats squatting crouch crouches crouching kneel kneels kneeling knelt",
		Jump:       "jump jumps jumping jumped hop hops hopping leap leaps leaping",
		Wave:       "wave waves waving waved",
		RaiseHands: "raise raises raising raised",
		Wait:       "wait waits waiting stop stops stopping pause pauses stay stays remain remains halt halts idle idles freeze freezes nothing",
	}
	for k, ws := range groups {
		for _, w := range strings.Fields(ws) {
			verbs[w] = k
		}
	}
}

// verbOf returns the kind of the first verb in the clause and its position.
func verbOf(toks []string) (Kind, int, bool) {
	for i, t := range toks {
		if k, ok := verbFor(toks, i, t); ok {
			return k, i, true
		}
	}
	return Wait, -1, false
}

// verbFor decides whether toks[i] is a verb, using the words after it where one word has several
// meanings ("stands up" / "stands still", "lifts his arms" / "lifts the box").
func verbFor(toks []string, i int, t string) (Kind, bool) {
	next := ""
	if i+1 < len(toks) {
		next = toks[i+1]
	}
	arms := has(toks, "hand", "hands", "arm", "arms")
	switch t {
	case "stand", "stands", "standing", "stood":
		switch next {
		case "still", "there", "in", "quietly", "idle", "motionless", "for", "without", "calmly", "silently", "around":
			return Wait, true
		}
		return StandUp, true
	case "get", "gets", "getting", "got":
		return StandUp, next == "up"
	case "lift", "lifts", "lifting", "lifted":
		if arms {
			return RaiseHands, true
		}
		return PickUp, true
	case "put", "puts", "putting", "throw", "throws", "stretch", "stretches":
		if arms && has(toks, "up", "overhead", "above") {
			return RaiseHands, true
		}
		if t == "throw" || t == "throws" || t == "stretch" || t == "stretches" {
			return Wait, false
		}
		return PutDown, true
	case "back":
		return Walk, i == 0
	case "face", "faces":
		return Turn, i == 0
	}
	k, ok := verbs[t]
	return k, ok
}
