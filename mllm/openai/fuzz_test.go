package openai

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzErrorReplies reads arbitrary error bodies: no panic, a quote of bounded length in valid
// UTF-8, and a downgrade only when the body names the response format and the status is 400/422.
func FuzzErrorReplies(f *testing.F) {
	for _, s := range []string{
		`{"error": {"message": "response_format json_schema is not supported", "param": "response_format"}}`,
		`{"error": {"message": ["a", "b"]}}`, `{"error": "x"}`, `{"detail": [{"msg": "json_object"}]}`,
		`{"message": 5}`, `{"error": null}`, `[1, 2]`, "", "\xff", `{"error": {"message": "` + strings.Repeat("é", 300) + `"}}`,
	} {
		f.Add(400, []byte(s))
	}
	f.Add(422, []byte(`{"detail": "response format"}`))
	f.Add(500, []byte(`{"error": {"message": "response_format"}}`))
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		e := parseAPIError(body)
		for _, s := range []string{e.Message, e.Param} {
			if len(s) > maxQuoted+len("…") || !utf8.ValidString(s) {
				t.Fatalf("quote of %d bytes (valid UTF-8: %v)", len(s), utf8.ValidString(s))
			}
		}
		if !refusesFormat(status, body) {
			return
		}
		if status != 400 && status != 422 {
			t.Fatalf("status %d downgraded", status)
		}
		text := strings.ToLower(e.Param + " " + e.Message)
		found := false
		for _, w := range formatWords {
			found = found || strings.Contains(text, w)
		}
		if !found {
			t.Fatalf("downgraded on %q, which names no response format", text)
		}
	})
}

// FuzzSplitThink splits arbitrary content: no panic, and nothing invented — the thought and the
// answer are pieces of the content, and content without the tags is all answer.
func FuzzSplitThink(f *testing.F) {
	for _, s := range []string{"<think>a</think>b", "<think>", "</think>", " <think>{}</think> {\"a\": 1}", "plain", "a</think></think>b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		thought, answer := splitThink(content)
		if !strings.Contains(content, thought) || !strings.Contains(content, answer) {
			t.Fatalf("%q split into %q and %q, not pieces of it", content, thought, answer)
		}
		if !strings.Contains(content, thinkClose) && !strings.HasPrefix(strings.TrimSpace(content), thinkOpen) && (thought != "" || answer != content) {
			t.Fatalf("%q without tags split into %q and %q", content, thought, answer)
		}
	})
}
