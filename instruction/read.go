package instruction

import (
	"regexp"
	"strings"
)

// Reading an instruction: its clauses, what each asks (IntentOf) and with which hand. Which object
// a clause names is the reader's to resolve in its scene (mllm/geometric does it from geometry).

// clauseSplit separates the clauses of an instruction: "then", "after that", "and then",
// "finally", semicolons and sentence ends. A bare "and" joins two clauses only before a verb
// (see splitAnd).
var clauseSplit = regexp.MustCompile(`(?i)\s*(?:[;.!]\s*|,?\s*\b(?:and then|then|after that|afterwards|finally)\b\s*,?\s*)`)

// Clauses splits an instruction into its clauses, in order: at "then", "after that", "and then",
// "finally", semicolons and sentence ends, and at an "and" or a comma that a verb follows ("walk to
// the sofa and sit on it" is two clauses, "sit on it and rest your head" one).
func Clauses(text string) []string {
	var out []string
	for _, c := range clauseSplit.Split(text, -1) {
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

// gettingUp matches the words of getting up, which may look like an object's name.
var gettingUp = regexp.MustCompile(`\b(?:stands? up|gets? up|rises?)\b`)

// WithoutGettingUp returns the lower-case clause lc without its words of getting up, so that what
// is left names an object only if the clause does ("stand up" names no TV stand).
func WithoutGettingUp(lc string) string { return gettingUp.ReplaceAllString(lc, "") }

// body matches the words that name the body's own parts ("your right foot", "both hands", "on
// your left side"): their "left" and "right" say which joint, not which object.
var body = regexp.MustCompile(`\b(?:your|both|two)\s+(?:(?:left|right)\s+)?(?:hands?|arms?|feet|foot|knees?|elbows?|shoulders?|hips?|head|chest|pelvis|side|back|body)\b`)

// WithoutBody returns the lower-case clause lc without the words that name the body's parts, so
// that what is left names objects and their parts only ("put your right foot on the seat of the
// chair on the left" is about the chair on the left).
func WithoutBody(lc string) string { return body.ReplaceAllString(lc, "") }

// Hand reads which hand a touch uses from the lower-case clause lc: the first it names ("left
// hand", "left arm", "both hands", "two hands"; "with your right hand on the seat, your left on
// the armrest" is the right), "right" when it names none.
func Hand(lc string) string {
	best, at := "right", len(lc)+1
	for _, h := range hands {
		if i := wordIndex(lc, h.words); i >= 0 && i < at {
			best, at = h.hand, i
		}
	}
	return best
}

// hands are the words that name the hands of a touch.
var hands = []struct{ words, hand string }{
	{"both hands", "both"}, {"two hands", "both"}, {"left hand", "left"}, {"left arm", "left"},
	{"right hand", "right"}, {"right arm", "right"},
}
