package fileio

import (
	"strings"
	"testing"
)

func TestDecodeJSONSaysWhere(t *testing.T) {
	type doc struct {
		Name string  `json:"name"`
		Size float64 `json:"size"`
	}
	cases := []struct {
		in     string
		strict bool
		want   string
	}{
		{``, false, "empty input"},
		{`{"name": ]`, false, "invalid JSON at byte 10 (line 1)"},
		{"{\n\"name\": \"a\",\n\"size\": }", false, "invalid JSON at byte 24 (line 3)"},
		{`{"name": `, false, "JSON ends early after 9 bytes"},
		{`[1, 2]`, false, "got a JSON array, want an object"},
		{`{"name": "a"} {}`, false, "trailing data after the JSON value at byte 14 (line 1)"},
		{"{\"name\": \"a\",\n \"size\": \"big\"}", false, `field "size" at byte 28 (line 2): got a JSON string, want float64`},
		{`{"name": "a", "colour": 1}`, true, `unknown field "colour"`},
	}
	for _, c := range cases {
		var d doc
		err := DecodeJSON([]byte(c.in), &d, c.strict)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeJSON(%q) error %v, want one containing %q", c.in, err, c.want)
		}
	}
	var d doc
	if err := DecodeJSON([]byte(`{"name": "a", "colour": 1, "size": 2}`), &d, false); err != nil || d.Size != 2 || d.Name != "a" {
		t.Fatalf("lenient decode: %+v, %v", d, err)
	}
}

// FuzzDecodeJSON checks that any input decodes or fails with an error that says something, and
// never panics.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":null}]}`, `[`, `"x"`, `{"a":1} 2`, "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v map[string]any
		if err := DecodeJSON(data, &v, false); err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
		}
	})
}
