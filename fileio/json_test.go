package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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

func TestReadJSONCountsValues(t *testing.T) {
	type reply struct {
		FPS      float64     `json:"fps"`
		Features [][]float64 `json:"features"`
	}
	var r reply
	lim := JSONLimits{Bytes: 1 << 20, Values: 100}
	if err := ReadJSON(strings.NewReader(`{"fps":20,"features":[[1,2],[3,4]]}`), "reply", lim, &r); err != nil || len(r.Features) != 2 {
		t.Fatalf("small reply: %+v, %v", r, err)
	}
	// Strings hide their brackets and commas from the count.
	if err := ReadJSON(strings.NewReader(`{"fps":20,"note":"`+strings.Repeat("[,:{", 1000)+`"}`), "reply", lim, &r); err != nil {
		t.Fatalf("brackets inside a string were counted: %v", err)
	}
	if err := ReadJSON(strings.NewReader(`{"note":"a\"[[[[,,,,"}`), "reply", JSONLimits{Bytes: 100, Values: 2}, &map[string]string{}); err != nil {
		t.Fatalf("an escaped quote ended the string: %v", err)
	}
	// 20 MB of empty rows is refused after reading little more than the limit, not decoded.
	src := &countingReader{r: io.MultiReader(strings.NewReader(`{"fps":20,"features":[`), strings.NewReader(strings.Repeat("[],", 7_000_000)), strings.NewReader("[]]}"))}
	err := ReadJSON(src, "reply", JSONLimits{Bytes: 64 << 20, Values: 10_000}, &r)
	if !errors.Is(err, ErrTooManyValues) || !strings.Contains(err.Error(), "more than 10000 JSON values") {
		t.Fatalf("many empty rows: %v", err)
	}
	if src.n > 1<<20 {
		t.Fatalf("read %d bytes before refusing; want to stop soon after the count passes", src.n)
	}
	if err := ReadJSON(strings.NewReader(`{"fps":20} x`), "reply", lim, &r); err == nil || !strings.Contains(err.Error(), "reply: trailing data") {
		t.Fatalf("trailing data: %v", err)
	}
	if err := ReadJSON(strings.NewReader(strings.Repeat(" ", 2000)), "reply", JSONLimits{Bytes: 1000, Values: 10}, &r); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("too many bytes: %v", err)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// FuzzReadJSON checks that the streaming count bounds the values encoding/json really makes
// (counted the slow, obvious way on the decoded document), so that a limit on the count is a
// limit on the decoder's work; and that ReadJSON never panics.
func FuzzReadJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":[1,2,{"b":"x,[]"}]}`, `["\"", ","]`, `[[],[]]`, `"\\"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &valueCounter{r: bytes.NewReader(data), max: 1 << 30, what: "doc"}
		if _, err := io.ReadAll(c); err != nil {
			t.Fatal(err)
		}
		var v any
		if json.Unmarshal(data, &v) == nil {
			if n := int64(countValues(v)); n > c.n+1 {
				t.Fatalf("%q: %d values decoded, the counter saw %d", data, n, c.n)
			}
		}
		ReadJSON(bytes.NewReader(data), "doc", JSONLimits{Bytes: 1 << 16, Values: 8}, &v)
	})
}

// countValues counts the values of a decoded document the slow, obvious way.
func countValues(v any) int {
	switch x := v.(type) {
	case []any:
		n := 1
		for _, e := range x {
			n += countValues(e)
		}
		return n
	case map[string]any:
		n := 1
		for _, e := range x {
			n += 1 + countValues(e)
		}
		return n
	}
	return 1
}
