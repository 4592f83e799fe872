package geometric

import (
	"fmt"
	"regexp"
	"strings"

	"interactagent/scene"
)

// intent is what one clause of an instruction asks.
type intent int

const (
	walkTo  intent = iota // go to an object's stand point
	sitOn                 // sit on an object's seat
	lieOn                 // lie on an object's lying surface
	touch                 // touch an object with a hand
	standUp               // get up, without an object
)

func (k intent) String() string {
	return [...]string{"walk to", "sit on", "lie on", "touch", "stand up"}[k]
}

// goal is one step of an instruction: what to do, to which object, with which hand.
type goal struct {
	kind   intent
	object *scene.Object
	hand   string         // touch: "right", "left" or "both"
	part   scene.PartKind // touch: the kind of part named ("the armrest", "the seat"), or ""
	clause string         // the words it came from
	note   string         // how the object was chosen, when there was a choice
}

// clauseSplit separates the clauses of an instruction: "then", "after that", "and then",
// "finally", semicolons and sentence ends. A bare "and" joins two clauses only before a verb
// (see splitAnd).
var clauseSplit = regexp.MustCompile(`(?i)\s*(?:[;.!]\s*|,?\s*\b(?:and then|then|after that|afterwards|finally)\b\s*,?\s*)`)

// verbs maps the words that decide a clause's intent, most specific first.
var verbs = []struct {
	words []string
	kind  intent
}{
	{[]string{"lie", "lies", "lay", "lays", "lying", "recline", "reclines"}, lieOn},
	{[]string{"sit", "sits", "seat", "seated", "sitting"}, sitOn},
	{[]string{"touch", "touches", "reach", "reaches", "tap", "taps", "put", "puts", "place", "places", "lay your hand", "hand on"}, touch},
	{[]string{"stand up", "stands up", "get up", "gets up", "rise", "rises"}, standUp},
	{[]string{"walk", "walks", "go", "goes", "move", "moves", "head", "heads", "approach", "approaches", "come", "comes", "stand", "stands", "step", "steps", "run", "runs"}, walkTo},
}

// understand reads an instruction into goals, resolving each object reference in s; it fails with
// a message that says what it could not read or resolve.
func understand(task string, s *scene.Scene, r *resolver) ([]goal, error) {
	var out []goal
	for _, clause := range clauses(task) {
		g, err := readClause(clause, r, out)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("geometric: the instruction %q asks nothing I can do (walk to, sit on, lie on, touch an object)", task)
	}
	return out, nil
}

// clauses splits an instruction into its clauses, in order.
func clauses(task string) []string {
	var out []string
	for _, c := range clauseSplit.Split(task, -1) {
		out = append(out, splitAnd(strings.TrimSpace(c))...)
	}
	return out[:compact(out)]
}

// splitAnd splits "walk to the sofa and sit on it" at an "and", and "walk to the bed, sit on its
// edge" at a comma, when a verb starts what follows ("sit on it and rest your head" is not split
// by a word that only looks like a verb later on).
func splitAnd(c string) []string {
	words := strings.Fields(c)
	for i := 1; i < len(words); i++ {
		next := i
		if strings.EqualFold(strings.TrimRight(words[i], ","), "and") {
			next = i + 1
		} else if !strings.HasSuffix(words[i-1], ",") {
			continue
		}
		if next < len(words) && startsWithVerb(strings.ToLower(strings.Join(words[next:], " "))) {
			head := strings.TrimRight(strings.Join(words[:i], " "), ",")
			return append([]string{head}, splitAnd(strings.Join(words[next:], " "))...)
		}
	}
	return []string{c}
}

// startsWithVerb reports whether a verb of some intent is the clause's first word.
func startsWithVerb(clause string) bool {
	for _, v := range verbs {
		for _, w := range v.words {
			if wordIndex(clause, w) == 0 {
				return true
			}
		}
	}
	return false
}

// compact moves non-empty clauses to the front and returns how many there are.
func compact(cs []string) int {
	n := 0
	for _, c := range cs {
		if strings.TrimSpace(c) != "" {
			cs[n] = c
			n++
		}
	}
	return n
}

// verbOf returns the intent whose verb starts the clause or appears in it first, or -1.
func verbOf(clause string) intent {
	best, at := intent(-1), len(clause)+1
	for _, v := range verbs {
		for _, w := range v.words {
			if i := wordIndex(clause, w); i >= 0 && i < at {
				best, at = v.kind, i
			}
		}
	}
	return best
}

// wordIndex finds w in s as whole words; -1 when absent.
func wordIndex(s, w string) int {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`)
	if loc := re.FindStringIndex(s); loc != nil {
		return loc[0]
	}
	return -1
}

// getUp matches the words of getting up, which may look like an object's name.
var getUp = regexp.MustCompile(`\b(?:stands? up|gets? up|rises?)\b`)

// readClause reads one clause; prev are the goals before it, for "it" and "there".
func readClause(clause string, r *resolver, prev []goal) (goal, error) {
	lc := strings.ToLower(clause)
	g := goal{kind: verbOf(lc), clause: clause}
	if g.kind < 0 {
		return g, fmt.Errorf("geometric: I cannot tell what %q asks: want walk to, sit on, lie on, touch or stand up", clause)
	}
	if g.kind == standUp && !mentionsObject(getUp.ReplaceAllString(lc, ""), r) { // "stand up" names no TV stand
		return g, nil
	}
	if g.kind == touch {
		g.hand, g.part = handOf(lc), partOf(lc)
	}
	var err error
	g.object, g.note, err = r.resolve(lc, prev)
	if err != nil {
		return g, fmt.Errorf("geometric: in %q: %w", clause, err)
	}
	if g.kind == standUp {
		g.kind = walkTo // "stand next to the lamp"
	}
	return g, nil
}

// handOf reads which hand a touch uses: right unless the clause names the left or both.
func handOf(lc string) string {
	switch {
	case strings.Contains(lc, "both hands"), strings.Contains(lc, "two hands"):
		return "both"
	case strings.Contains(lc, "left hand"), strings.Contains(lc, "left arm"):
		return "left"
	}
	return "right"
}

// partOf returns the kind of part a clause names ("put your hand on the armrest"), or "".
func partOf(lc string) scene.PartKind {
	for _, w := range words(lc) {
		if k := scene.GuessPartKind(w); k != scene.PartBody && k != scene.PartWall && k != scene.PartDoor {
			return k
		}
	}
	return ""
}
