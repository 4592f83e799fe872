package instruction

import (
	"regexp"
	"strings"
	"unicode"
)

// Intent is what one clause of an instruction asks: the words the writer says it with and the
// reader takes from it.
type Intent int

// The intents of clauses.
const (
	WalkTo  Intent = iota // go to an object's stand point
	SitOn                 // sit on an object's seat
	LieOn                 // lie on an object's lying surface
	Touch                 // touch an object with a hand
	StandUp               // get up, without an object
)

// String returns the intent in words: "walk to", "sit on", "lie on", "touch", "stand up".
func (k Intent) String() string {
	if k < WalkTo || k > StandUp {
		return "unknown"
	}
	return [...]string{"walk to", "sit on", "lie on", "touch", "stand up"}[k]
}

// verbs maps the words that decide a clause's intent, most specific first. The writer starts every
// clause with one and keeps them out of what follows ("with …", "leaning …"), where the reader would
// take them for a new clause.
var verbs = []struct {
	words []string
	kind  Intent
}{
	{[]string{"lie", "lies", "lay", "lays", "lying", "recline", "reclines"}, LieOn},
	{[]string{"sit", "sits", "seat", "seated", "sitting"}, SitOn},
	{[]string{"touch", "touches", "reach", "reaches", "tap", "taps", "put", "puts", "place", "places", "lay your hand", "hand on"}, Touch},
	{[]string{"stand up", "stands up", "get up", "gets up", "rise", "rises"}, StandUp},
	{[]string{"walk", "walks", "go", "goes", "move", "moves", "head", "heads", "approach", "approaches", "come", "comes", "stand", "stands", "step", "steps", "run", "runs"}, WalkTo},
}

// IntentOf returns the intent whose verb starts the clause, or appears in it first, and whether
// any does; lc is the clause in lower case.
func IntentOf(lc string) (Intent, bool) {
	best, at := Intent(-1), len(lc)+1
	for _, v := range verbs {
		for _, w := range v.words {
			if i := wordIndex(lc, w); i >= 0 && i < at {
				best, at = v.kind, i
			}
		}
	}
	return best, best >= 0
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

// wordIndex finds w in s as whole words; -1 when absent.
func wordIndex(s, w string) int {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`)
	if loc := re.FindStringIndex(s); loc != nil {
		return loc[0]
	}
	return -1
}

// hasVerb reports whether the text has a verb (a word, or words) of some intent: the reader splits
// a clause at an "and" that one follows, so a list the writer makes joins its last item with
// "and" only when none comes after it.
func hasVerb(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	t := " " + strings.Join(words, " ") + " "
	for _, v := range verbs {
		for _, w := range v.words {
			if strings.Contains(t, " "+w+" ") {
				return true
			}
		}
	}
	return false
}
