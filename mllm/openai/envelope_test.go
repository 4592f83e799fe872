package openai

import (
	"strings"
	"testing"
)

func TestRefusesFormatIsSpecific(t *testing.T) {
	cases := []struct {
		status int
		body   string
		want   bool
	}{
		{400, `{"error": {"message": "response_format json_schema is not supported", "type": "invalid_request_error"}}`, true},
		{400, `{"error": {"message": "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", "param": "response_format"}}`, true},
		{400, `{"error": {"message": "Unknown value", "param": "response_format"}}`, true},
		{422, `{"detail": [{"loc": ["body", "response_format", "type"], "msg": "unexpected value; permitted: 'text', 'json_object'"}]}`, true},
		{400, `{"error": "json: cannot unmarshal object into Go struct field .response_format of type string"}`, true},
		{400, `{"message": "structured outputs are not available for this model"}`, true},
		{400, `'response_format.type' must be 'json_schema' or 'text'`, true},
		{500, `{"error": {"message": "response_format crashed us"}}`, false},
		{429, `{"error": {"message": "response_format rate limited"}}`, false},
		{400, `{"error": {"message": "image_url is only supported by certain models", "param": "messages"}}`, false},
		{400, `{"error": {"message": "This model's maximum context length is 8192 tokens"}}`, false},
		{400, `{"error": {"message": "The model 'gpt-5o' does not exist"}}`, false},
		{400, `{"error": {"message": "Please reply with a JSON object"}}`, false},
		{400, ``, false},
	}
	for _, c := range cases {
		if got := refusesFormat(c.status, []byte(c.body)); got != c.want {
			t.Errorf("%d %s: %v, want %v", c.status, c.body, got, c.want)
		}
	}
}

func TestParseAPIErrorShapes(t *testing.T) {
	long := strings.Repeat("é", 400)
	for body, want := range map[string]string{
		`{"error": {"message": "bad model", "type": "invalid_request_error", "code": 404}}`: "bad model",
		`{"error": {"message": ["first", "second"]}}`:                                       "first; second",
		`{"error": "model not found"}`:                                                      "model not found",
		`{"message": "slow down"}`:                                                          "slow down",
		`{"detail": "Not Found"}`:                                                           "Not Found",
		`{"detail": [{"msg": "field required"}, {"msg": "bad type"}]}`:                      "field required; bad type",
		`  <html>502 Bad Gateway</html> `:                                                   "<html>502 Bad Gateway</html>",
		`{"something": "else"}`:                                                             `{"something": "else"}`,
		`{"error": "` + long + `"}`:                                                         long[:maxQuoted] + "…",
		"\xff\xfe broken":                                                                   "\uFFFD broken",
	} {
		if got := parseAPIError([]byte(body)).Message; got != want {
			t.Errorf("%.40q: %.60q, want %.60q", body, got, want)
		}
	}
}

func TestSplitThink(t *testing.T) {
	for content, want := range map[string][2]string{
		`{"plan": "x"}`: {"", `{"plan": "x"}`},
		"<think>\nthe sofa {is} ahead\n</think>\n\n{\"plan\": \"x\"}": {"the sofa {is} ahead", `{"plan": "x"}`},
		"  <think>cut short {":                            {"cut short {", ""},
		"opened by the template</think>{\"plan\": \"x\"}": {"opened by the template", `{"plan": "x"}`},
		"an answer that mentions <think> in passing":      {"", "an answer that mentions <think> in passing"},
	} {
		thought, answer := splitThink(content)
		if thought != want[0] || answer != want[1] {
			t.Errorf("%q: %q, %q; want %q, %q", content, thought, answer, want[0], want[1])
		}
	}
}
