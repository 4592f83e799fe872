package action

import (
	"math"
	"regexp"
	"strings"
	"unicode"
)

// The lexical layer of the action language: text → tokens, and tokens → quantities (a number with
// its unit), in digits or in words ("one and a half meters", "a quarter turn", "ninety degrees").

// sep is the token that stands for any clause-separating punctuation.
const sep = ","

// numbering matches list markers at the start of an action: "3.", "3)", "(3)", "step 3:", "-", "•".
var numbering = regexp.MustCompile(`^\s*(?:(?:step|action)\s*)?\(?\d+\s*[.):]\s+|^\s*[-*•#]+\s*`)

// tokenize lower-cases text, drops list numbering and splits it into words, numerals (numerals.go:
// digits with a sign, decimal mark, thousands commas or exponent) and separator tokens for sentence
// punctuation.
func tokenize(text string) []string {
	text = strings.ToLower(text)
	if loc := numbering.FindStringIndex(text); loc != nil {
		text = text[loc[1]:]
	}
	var toks []string
	rs := []rune(text)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || rs[j] == '\'' || rs[j] == '’') {
				j++
			}
			toks = append(toks, strings.NewReplacer("'", "", "’", "").Replace(string(rs[i:j])))
			i = j
		case numeralAt(rs, i):
			j := scanNumeral(rs, i)
			toks = append(toks, normalizeNumeral(string(rs[i:j])))
			i = j
		case r == '°':
			toks = append(toks, "degrees")
			i++
		case strings.ContainsRune(".,;:!?", r):
			if len(toks) > 0 && toks[len(toks)-1] != sep {
				toks = append(toks, sep)
			}
			i++
		default:
			i++
		}
	}
	return toks
}

// unitClass is what a quantity measures.
type unitClass int

const (
	unitNone   unitClass = iota // a bare number
	unitLength                  // metres
	unitSteps                   // footsteps
	unitAngle                   // radians
	unitTime                    // seconds
	unitCount                   // repetitions
)

// units maps unit words to what they measure and the factor to metres, radians or seconds.
var units = map[string]struct {
	class  unitClass
	factor float64
}{
	"m": {unitLength, 1}, "meter": {unitLength, 1}, "meters": {unitLength, 1}, "metre": {unitLength, 1},
	"metres": {unitLength, 1}, "cm": {unitLength, 0.01}, "centimeter": {unitLength, 0.01},
	"centimeters": {unitLength, 0.01}, "centimetre": {unitLength, 0.01}, "centimetres": {unitLength, 0.01},
	"mm": {unitLength, 0.001}, "millimeters": {unitLength, 0.001}, "millimetres": {unitLength, 0.001},
	"ft": {unitLength, 0.3048}, "foot": {unitLength, 0.3048}, "feet": {unitLength, 0.3048},
	"yard": {unitLength, 0.9144}, "yards": {unitLength, 0.9144}, "inch": {unitLength, 0.0254},
	"inches": {unitLength, 0.0254},
	"step":   {unitSteps, 1}, "steps": {unitSteps, 1}, "pace": {unitSteps, 1}, "paces": {unitSteps, 1},
	"stride": {unitSteps, 1}, "strides": {unitSteps, 1},
	"degree": {unitAngle, math.Pi / 180}, "degrees": {unitAngle, math.Pi / 180}, "deg": {unitAngle, math.Pi / 180},
	"degs": {unitAngle, math.Pi / 180}, "radian": {unitAngle, 1}, "radians": {unitAngle, 1}, "rad": {unitAngle, 1},
	"turn": {unitAngle, 2 * math.Pi}, "turns": {unitAngle, 2 * math.Pi}, "circle": {unitAngle, 2 * math.Pi},
	"circles": {unitAngle, 2 * math.Pi}, "revolution": {unitAngle, 2 * math.Pi}, "rotation": {unitAngle, 2 * math.Pi},
	"second": {unitTime, 1}, "seconds": {unitTime, 1}, "sec": {unitTime, 1}, "secs": {unitTime, 1},
	"s": {unitTime, 1}, "minute": {unitTime, 60}, "minutes": {unitTime, 60}, "min": {unitTime, 60},
	"time": {unitCount, 1}, "times": {unitCount, 1},
}

var smallNumbers = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}

var tens = map[string]float64{
	"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90,
}

// vague are words standing for a number on their own.
var vague = map[string]float64{"couple": 2, "few": 3, "several": 4, "half": 0.5, "quarter": 0.25}

// fillers may sit between a number and its unit: "a full turn", "two more meters".
var fillers = map[string]bool{"full": true, "whole": true, "complete": true, "more": true, "extra": true,
	"additional": true, "further": true, "of": true, "a": true, "an": true, "small": true, "big": true,
	"large": true, "short": true, "long": true, "quick": true, "slow": true, "little": true}

// quantity is a number found in the tokens with the unit that follows it.
type quantity struct {
	// value is the magnitude in metres, radians, seconds, steps or repetitions (as written for
	// unitNone), finite and at least 0; a negative number sets neg, and whoever uses the value
	// says in a warning that its sign was dropped (noteNegative).
	value      float64
	neg        bool
	class      unitClass
	start, end int    // token range [start, end), unit included
	text       string // the tokens of the range, for warnings: "-5 meters"
}

// quantities returns every quantity in toks, in order.
func quantities(toks []string) []quantity {
	var qs []quantity
	for i := 0; i < len(toks); {
		v, j, ok := number(toks, i)
		if !ok {
			i++
			continue
		}
		q := quantity{value: math.Abs(v), neg: v < 0, start: i, end: j}
		if toks[i] == "once" || toks[i] == "twice" || toks[i] == "thrice" {
			q.class = unitCount
		} else {
			withUnit(&q, toks)
		}
		if _, isVague := vague[toks[i]]; q.class == unitNone && (isVague || toks[i] == "a" || toks[i] == "an") {
			i = j // "a person", "half way": not a quantity without a unit
			continue
		}
		q.text = strings.Join(toks[q.start:q.end], " ")
		qs = append(qs, q)
		i = q.end
	}
	return qs
}

// withUnit gives q the unit that follows its number, with at most two fillers between, and
// converts its value; a conversion beyond float64 stays at the largest float64, so that every
// amount is finite and the clamp that follows can say what was asked.
func withUnit(q *quantity, toks []string) {
	k := q.end
	for k < len(toks) && k < q.end+2 && fillers[toks[k]] {
		k++
	}
	if k < len(toks) {
		if u, ok := units[toks[k]]; ok {
			q.value, q.class, q.end = math.Min(q.value*u.factor, math.MaxFloat64), u.class, k+1
		}
	}
}

// number reads a number starting at toks[i]: digits, number words ("one hundred and eighty",
// "forty five", "one point five"), fractions ("half a", "a quarter", "three quarters"), vague
// amounts ("a couple of", "a few") and repetitions ("twice"); "and a half" adds one half. It
// returns the value and the index after the number.
func number(toks []string, i int) (float64, int, bool) {
	switch toks[i] {
	case "once":
		return 1, i + 1, true
	case "twice":
		return 2, i + 1, true
	case "thrice":
		return 3, i + 1, true
	}
	v, j, ok := plainNumber(toks, i)
	if !ok {
		return 0, i, false
	}
	if j < len(toks) && (toks[j] == "quarter" || toks[j] == "quarters") && toks[i] != "a" {
		v, j = v*0.25, j+1
	}
	half := math.Copysign(0.5, v) // "-2 and a half" is −2.5
	if j+1 < len(toks) && toks[j] == "and" {
		if toks[j+1] == "half" {
			return v + half, j + 2, true
		}
		if j+2 < len(toks) && (toks[j+1] == "a" || toks[j+1] == "one") && toks[j+2] == "half" {
			return v + half, j + 3, true
		}
	}
	return v, j, true
}

// plainNumber reads a numeral, number words or one vague amount.
func plainNumber(toks []string, i int) (float64, int, bool) {
	t := toks[i]
	if isNumeral(t) {
		v, _, ok := readNumeral(t) // its note is added by numeralNotes
		return v, i + 1, ok
	}
	if t == "a" || t == "an" {
		if i+1 < len(toks) && toks[i+1] == "hundred" {
			return wordNumber(toks, i+1)
		}
		if i+1 < len(toks) {
			if v, ok := vague[toks[i+1]]; ok {
				j := i + 2
				if j < len(toks) && toks[j] == "of" {
					j++
				}
				return v, j, true
			}
		}
		return 1, i + 1, true
	}
	if v, ok := vague[t]; ok {
		j := i + 1
		if j < len(toks) && (toks[j] == "a" || toks[j] == "an" || toks[j] == "of") {
			j++
		}
		return v, j, true
	}
	return wordNumber(toks, i)
}

// wordNumber reads "one hundred and eighty", "forty five", "ninety", "one point five".
func wordNumber(toks []string, i int) (float64, int, bool) {
	v, j, ok := belowHundred(toks, i)
	if j < len(toks) && toks[j] == "hundred" {
		if !ok {
			v = 1
		}
		v *= 100
		j++
		k := j
		if k < len(toks) && toks[k] == "and" {
			k++
		}
		if w, e, ok2 := belowHundred(toks, k); ok2 {
			v, j = v+w, e
		}
		return v, j, true
	}
	if ok && j+1 < len(toks) && toks[j] == "point" {
		if d, e, ok2 := belowHundred(toks, j+1); ok2 && d < 10 {
			return v + d/10, e, true
		}
	}
	return v, j, ok
}

// belowHundred reads "ninety", "forty five", "seven".
func belowHundred(toks []string, i int) (float64, int, bool) {
	if i >= len(toks) {
		return 0, i, false
	}
	if v, ok := smallNumbers[toks[i]]; ok {
		return v, i + 1, true
	}
	if v, ok := tens[toks[i]]; ok {
		if i+1 < len(toks) {
			if u, ok := smallNumbers[toks[i+1]]; ok && u < 10 && u > 0 {
				return v + u, i + 2, true
			}
		}
		return v, i + 1, true
	}
	return 0, i, false
}

// has reports whether any of words occurs in toks.
func has(toks []string, words ...string) bool { return index(toks, words...) >= 0 }

// index returns the position of the first token that is one of words, or −1.
func index(toks []string, words ...string) int {
	for i, t := range toks {
		for _, w := range words {
			if t == w {
				return i
			}
		}
	}
	return -1
}

// hasPhrase reports whether the words of phrase occur consecutively in toks.
func hasPhrase(toks []string, phrase string) bool {
	ws := strings.Fields(phrase)
	for i := 0; i+len(ws) <= len(toks); i++ {
		match := true
		for k, w := range ws {
			if toks[i+k] != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
