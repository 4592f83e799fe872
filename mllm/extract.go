package mllm

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
)

// fence matches a markdown code block, with or without a language tag.
var fence = regexp.MustCompile("(?s)```[a-zA-Z0-9_-]*\\s*\\n?(.*?)```")

// maxCandidates bounds how many opening braces extractObject tries, so that hostile text costs
// linear time, not quadratic.
const maxCandidates = 16

// fields is a reply's JSON object with its keys normalised (lower case, spaces and hyphens as
// underscores), so that "Failure Analysis" and "failure-analysis" read as failure_analysis.
type fields map[string]json.RawMessage

// extractObject finds the JSON object in a model's reply: inside a fenced block when there is one,
// else the first balanced {...} that decodes, with prose before or after ignored.
func extractObject(text string) (fields, bool) {
	for _, m := range fence.FindAllStringSubmatch(text, 4) {
		if f, ok := firstObject(m[1]); ok {
			return f, true
		}
	}
	return firstObject(text)
}

// firstObject decodes the first balanced object of s that is valid JSON.
func firstObject(s string) (fields, bool) {
	from := 0
	for tries := 0; tries < maxCandidates; tries++ {
		i := strings.IndexByte(s[from:], '{')
		if i < 0 {
			return nil, false
		}
		start := from + i
		end := matchBrace(s, start)
		if end > start {
			var raw map[string]json.RawMessage
			dec := json.NewDecoder(strings.NewReader(s[start : end+1]))
			if dec.Decode(&raw) == nil {
				return normalise(raw), true
			}
		}
		from = start + 1
	}
	return nil, false
}

// matchBrace returns the index of the brace closing the one at start, skipping strings; -1 when
// it never closes.
func matchBrace(s string, start int) int {
	depth, inString, escaped := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// normalise lower-cases keys and turns spaces and hyphens into underscores.
func normalise(raw map[string]json.RawMessage) fields {
	f := fields{}
	for k, v := range raw {
		k = strings.ToLower(strings.TrimSpace(k))
		k = strings.NewReplacer(" ", "_", "-", "_").Replace(k)
		f[k] = v
	}
	return f
}

// text returns the first of the keys that holds a string (numbers and booleans are written as
// text), trimmed; "" when none does.
func (f fields) text(keys ...string) string {
	for _, k := range keys {
		raw, ok := f[k]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return strings.TrimSpace(s)
		}
		if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] != '{' && t[0] != '[' && string(t) != "null" {
			return string(t)
		}
	}
	return ""
}

// has reports whether any of the keys is present and not null.
func (f fields) has(keys ...string) bool {
	for _, k := range keys {
		if raw, ok := f[k]; ok && string(bytes.TrimSpace(raw)) != "null" {
			return true
		}
	}
	return false
}
