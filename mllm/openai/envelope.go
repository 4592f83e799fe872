package openai

import (
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"
)

// maxQuoted bounds how much of a server's error message an error quotes.
const maxQuoted = 500

// apiError is what an error reply says, in the shapes OpenAI-compatible servers use:
// {"error": {"message", "type", "param", "code"}} (OpenAI, vLLM, DashScope), {"error": "..."}
// (Ollama), {"message": "..."} and {"detail": "..." or [{"msg": "..."}]} (FastAPI-based servers).
type apiError struct {
	Message string
	Param   string
}

// parseAPIError reads an error reply's body; a body in none of the shapes gives its own text.
func parseAPIError(body []byte) apiError {
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return apiError{Message: quote(string(body))}
	}
	var e apiError
	if raw, ok := top["error"]; ok {
		e = errorField(raw)
	}
	if e.Message == "" {
		e.Message = firstText(top["message"], top["detail"])
	}
	if e.Message == "" {
		e.Message = string(body)
	}
	e.Message, e.Param = quote(e.Message), quote(e.Param)
	return e
}

// errorField reads the "error" member: an object with message and param, or a string.
func errorField(raw json.RawMessage) apiError {
	var obj struct {
		Message json.RawMessage `json:"message"`
		Param   json.RawMessage `json:"param"`
	}
	if json.Unmarshal(raw, &obj) == nil {
		return apiError{Message: firstText(obj.Message), Param: firstText(obj.Param)}
	}
	return apiError{Message: firstText(raw)}
}

// firstText returns the first of the values that reads as text: a string, a list of strings or
// of {"msg": ...} objects (joined), or "".
func firstText(raws ...json.RawMessage) string {
	for _, raw := range raws {
		var s string
		if json.Unmarshal(raw, &s) == nil && s != "" {
			return s
		}
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil {
			if t := listText(list); t != "" {
				return t
			}
		}
	}
	return ""
}

// listText joins the texts of a list of strings or {"msg"|"message": ...} objects.
func listText(list []json.RawMessage) string {
	var parts []string
	for _, item := range list {
		var s string
		var obj struct{ Msg, Message string }
		switch {
		case json.Unmarshal(item, &s) == nil && s != "":
			parts = append(parts, s)
		case json.Unmarshal(item, &obj) == nil && obj.Msg+obj.Message != "":
			parts = append(parts, obj.Msg+obj.Message)
		}
	}
	return strings.Join(parts, "; ")
}

// quote trims s to at most maxQuoted bytes (on a rune boundary) and replaces what is not valid
// UTF-8, so a hostile body cannot flood an error message.
func quote(s string) string {
	s = strings.ToValidUTF8(strings.TrimSpace(s), "\uFFFD")
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// formatWords are what a refusal of response_format says in the servers we know of: OpenAI
// ("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this
// model"), vLLM and DashScope (which name json_schema or response_format), LM Studio
// ("'response_format.type' must be ..."), FastAPI validators (which name the field).
var formatWords = []string{"response_format", "response format", "json_schema", "json schema", "json_object", "structured output"}

// refusesFormat reports whether a reply of the given status and body refuses the request's
// response_format: a 400 or 422 whose message or param names it. Anything else (an image the
// server cannot read, a context too long, a bad model name) is not a reason to ask in another
// format.
func refusesFormat(status int, body []byte) bool {
	if status != http.StatusBadRequest && status != http.StatusUnprocessableEntity {
		return false
	}
	e := parseAPIError(body)
	text := strings.ToLower(e.Param + " " + e.Message)
	for _, w := range formatWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}
