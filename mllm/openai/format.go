package openai

import (
	"sync"

	"github.com/sashabaranov/go-openai"
)

// level is how a request asks for JSON, from the strictest a server may support to none.
type level int

const (
	levelSchema level = iota // response_format json_schema, strict: the reply must fit the role's schema
	levelObject              // response_format json_object: any JSON object
	levelText                // no response_format: the prompt asks for JSON, the tolerant parsers read it
)

// String names the level as the API does.
func (l level) String() string {
	switch l {
	case levelSchema:
		return "json_schema"
	case levelObject:
		return "json_object"
	}
	return "text"
}

// responseFormat returns the request's response_format at level l for a role's schema (nil for
// a role without one, which is then asked in text at every level).
func responseFormat(l level, s *schema) *openai.ChatCompletionResponseFormat {
	switch {
	case s == nil || l == levelText:
		return nil
	case l == levelObject:
		return &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	return &openai.ChatCompletionResponseFormat{
		Type:       openai.ChatCompletionResponseFormatTypeJSONSchema,
		JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: s.name, Schema: s.body, Strict: true},
	}
}

// endpoint is what a downgrade is remembered for: one model behind one base URL.
type endpoint struct{ baseURL, model string }

// levels remembers, for the life of the process, the level at which each endpoint last worked,
// so that after one refusal every later call (of every Model of that endpoint, in every run)
// starts there instead of being refused again. It is safe for concurrent use.
type levels struct {
	mu sync.Mutex
	m  map[endpoint]level
}

// known is the process's table: a server's abilities do not change between calls.
var known levels

// get returns the level to start at (levelSchema when nothing was refused yet).
func (t *levels) get(e endpoint) level {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[e]
}

// lower records that e refused a level, so that it starts at l from now on; it never raises a
// level another call lowered further.
func (t *levels) lower(e endpoint, l level) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[endpoint]level{}
	}
	t.m[e] = max(t.m[e], l)
}
