package action

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Numerals: numbers written with digits ("2", ".5", "1,5", "1,000", "2.5e1", "-5", "−30"). The
// tokenizer keeps each as one token, so that "1e9" is not read as 1 followed by the word "e", and
// normalises it where that is exact ("1,000" → "1000", "1,5" → "1.5", "−5" → "-5"). readNumeral
// turns a token into a value and returns a note, which becomes a warning on the action, whenever
// the value is not exactly what was written: text is never silently read as another number.

// isSign reports whether r may start a numeral as its sign: "+", "-" or the unicode minus "−".
func isSign(r rune) bool { return r == '+' || r == '-' || r == '−' }

// startsDigits reports whether rs[i] is a digit, or a decimal point followed by one.
func startsDigits(rs []rune, i int) bool {
	return i < len(rs) && (unicode.IsDigit(rs[i]) || rs[i] == '.' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]))
}

// numeralAt reports whether a numeral starts at rs[i]. A sign counts only where it does not follow
// a digit: "2-3 meters" is a range written with a hyphen, not 2 and −3.
func numeralAt(rs []rune, i int) bool {
	if isSign(rs[i]) {
		return (i == 0 || !unicode.IsDigit(rs[i-1])) && startsDigits(rs, i+1)
	}
	return startsDigits(rs, i)
}

// scanNumeral returns the end of the numeral that starts at rs[i]: an optional sign, digits with
// any '.', ',' or '_' between them, and exponents ("e9", "e-5"). It is greedy ("1.5.2" and "1e5.5"
// are one token), so that a malformed numeral is reported as a whole instead of read in pieces.
func scanNumeral(rs []rune, i int) int {
	j := i
	if isSign(rs[j]) {
		j++
	}
	for j < len(rs) {
		r := rs[j]
		switch {
		case unicode.IsDigit(r):
			j++
		case (r == '.' || r == ',' || r == '_') && j+1 < len(rs) && unicode.IsDigit(rs[j+1]),
			r == '.' && j+1 < len(rs) && rs[j+1] == 'e' && exponentDigits(rs, j+1):
			j++ // "1.5", "1,000", "1_000", "5.e3"
		case r == 'e' && exponentEnd(rs, j) > j:
			j = exponentEnd(rs, j)
		default:
			return j
		}
	}
	return j
}

// exponentDigits reports whether the exponent marker rs[j] == 'e' has digits after it (and a sign).
func exponentDigits(rs []rune, j int) bool {
	k := j + 1
	if k < len(rs) && isSign(rs[k]) {
		k++
	}
	return k < len(rs) && unicode.IsDigit(rs[k])
}

// exponentEnd returns where the exponent marker rs[j] == 'e' and its sign end: after them when
// digits follow, and also when nothing word-like does ("5e", "5e-"), so that a dangling exponent
// is reported rather than dropped; at j when a letter follows ("5em" is 5 and the word "em").
func exponentEnd(rs []rune, j int) int {
	k := j + 1
	if k < len(rs) && isSign(rs[k]) {
		k++
	}
	if k < len(rs) && unicode.IsLetter(rs[k]) {
		return j
	}
	return k
}

// thousands matches numerals grouped in threes by commas: "1,000", "12,345,678.5", "1,000e3". The
// first group has no leading zero, so "0,500" is half (a decimal comma), not five hundred.
var thousands = regexp.MustCompile(`^[+-]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?:e[+-]?\d+)?$`)

// normalizeNumeral rewrites a scanned numeral into the form strconv.ParseFloat reads, where that
// is exact: the unicode minus becomes "-", underscores between digits go ("1_000"), commas grouping
// thousands go ("1,000"), and a single comma in a numeral without a point is a decimal comma
// ("1,5"). Anything else (two decimal marks, a dangling exponent, other scripts' digits) is left as
// written, for readNumeral to report.
func normalizeNumeral(raw string) string {
	s := strings.ReplaceAll(strings.ReplaceAll(raw, "−", "-"), "_", "")
	switch {
	case thousands.MatchString(s):
		s = strings.ReplaceAll(s, ",", "")
	case strings.Count(s, ",") == 1 && !strings.Contains(s, "."):
		s = strings.Replace(s, ",", ".", 1)
	}
	if _, err := strconv.ParseFloat(s, 64); errors.Is(err, strconv.ErrSyntax) {
		return raw
	}
	return s
}

// isNumeral reports whether the token is a numeral (it starts with a digit, a point or a sign).
func isNumeral(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsDigit(r) || r == '.' || isSign(r)
}

// readNumeral returns the value of a numeral token, always finite. note is "" when the value is
// exactly what was written, and otherwise says what was done: a numeral beyond float64 is read as
// the largest float64 (every amount is then clamped, with its own warning), one below the smallest
// as 0, and a malformed one is ignored (ok false).
func readNumeral(t string) (v float64, note string, ok bool) {
	v, err := strconv.ParseFloat(t, 64)
	shown := shorten(t, maxShown)
	switch {
	case errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0):
		v = math.Copysign(math.MaxFloat64, v)
		return v, fmt.Sprintf("the number %s is beyond the largest the executor can hold; read as %.4g", shown, v), true
	case err != nil:
		return 0, fmt.Sprintf("ignored %q: not a number the executor can read", shown), false
	case v == 0 && strings.ContainsAny(mantissa(t), "123456789"):
		return 0, fmt.Sprintf("the number %s is below the smallest the executor can hold; read as 0", shown), true
	}
	return v, "", true
}

// maxShown is how many characters of a numeral a warning quotes (a numeral may be pages long).
const maxShown = 40

// mantissa returns a numeral without its exponent.
func mantissa(t string) string {
	m, _, _ := strings.Cut(t, "e")
	return m
}

// nonFinite are words strconv would read as numbers that no amount can be.
var nonFinite = map[string]bool{"nan": true, "inf": true, "infinity": true}

// numeralNotes returns a warning for every numeral in the clause that is not read exactly as
// written, and for "infinity" or "NaN" where an amount stands (before a unit).
func numeralNotes(toks []string) []string {
	var notes []string
	for i, t := range toks {
		if isNumeral(t) {
			if _, note, _ := readNumeral(t); note != "" {
				notes = append(notes, note)
			}
			continue
		}
		if _, unit := units[tokenAfter(toks, i)]; nonFinite[t] && unit {
			notes = append(notes, fmt.Sprintf("ignored %q: an amount must be a finite number", t))
		}
	}
	return notes
}

// tokenAfter returns the token after toks[i], or "".
func tokenAfter(toks []string, i int) string {
	if i+1 < len(toks) {
		return toks[i+1]
	}
	return ""
}
