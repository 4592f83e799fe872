package main

import (
	"fmt"
	"strings"
	"unicode"
)

// printable returns s with every character a terminal would act on rather than show — C0 and C1
// controls (escape sequences, carriage returns, bells), DEL, and the format characters that
// reorder or hide text (bidirectional overrides, zero-width marks) — written as a Go escape
// (\x1b, \u202e). Text from files (suites, plans, scenes) goes through it before it is printed, so
// a file cannot rewrite the screen or hide what it says.
func printable(s string) string {
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !unsafeRune(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// unsafeRune reports whether a terminal would act on r rather than show it: a control or format
// character, or the replacement character of bytes that are not UTF-8.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar
}
