package httpclient

import (
	"bytes"
	"strings"
)

// Redacted replaces a secret wherever Scrub finds one.
const Redacted = "[redacted]"

// minSecret is the shortest secret scrubbed: a shorter one would blank ordinary words.
const minSecret = 4

// Scrub returns s with every occurrence of each secret replaced by Redacted. Apply it to anything
// received from a service (error bodies, warnings, names) before it is printed, logged, stored or
// quoted in an error: a server may echo the credentials it was sent.
func Scrub(s string, secrets ...string) string {
	for _, k := range secrets {
		if len(k) >= minSecret {
			s = strings.ReplaceAll(s, k, Redacted)
		}
	}
	return s
}

// ScrubBytes is Scrub for bytes; it returns data itself when no secret occurs in it.
func ScrubBytes(data []byte, secrets ...string) []byte {
	for _, k := range secrets {
		if len(k) >= minSecret && bytes.Contains(data, []byte(k)) {
			data = bytes.ReplaceAll(data, []byte(k), []byte(Redacted))
		}
	}
	return data
}
