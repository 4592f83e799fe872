package motion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestClipJSONRoundTrip(t *testing.T) {
	c := walkClip()
	var buf bytes.Buffer
	if err := WriteClipJSON(&buf, c); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	got, err := ReadClipJSON(&buf)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("read back %+v, want %+v", got, c)
	}
	// One frame per line, after the header and the segments.
	if n := strings.Count(text, "\n    [["); n != c.Len() {
		t.Errorf("document has %d frame lines, want %d:\n%s", n, c.Len(), text)
	}
	if !strings.HasPrefix(text, "{\n  \"format\": \"interactagent.clip\",\n  \"version\": 1,\n  \"fps\": 30,") {
		t.Errorf("document starts %q", text[:min(80, len(text))])
	}
}

// clipDocText writes a small valid document with one part replaced by edit.
func clipDocText(edit func(fields map[string]string)) string {
	frame := "[" + strings.Repeat("[0,1,0],", NumJoints-1) + "[0,1,0]]"
	names := make([]string, NumJoints)
	for j := range names {
		names[j] = fmt.Sprintf("%q", jointNames[j])
	}
	fields := map[string]string{
		"format":   `"interactagent.clip"`,
		"version":  "1",
		"fps":      "20",
		"joints":   "[" + strings.Join(names, ",") + "]",
		"segments": `[{"action":"A person stands.","start":0,"end":2}]`,
		"frames":   "[" + frame + "," + frame + "]",
	}
	edit(fields)
	var parts []string
	for _, k := range []string{"format", "version", "fps", "joints", "segments", "frames", "extra"} {
		if v, ok := fields[k]; ok {
			parts = append(parts, fmt.Sprintf("%q: %s", k, v))
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func TestReadClipJSONAcceptsTheMinimalDocument(t *testing.T) {
	c, err := ReadClipJSON(strings.NewReader(clipDocText(func(f map[string]string) { delete(f, "segments") })))
	if err != nil {
		t.Fatal(err)
	}
	if c.FPS != 20 || c.Len() != 2 || c.Frames[1][RightWrist].Y() != 1 || c.Segments != nil {
		t.Errorf("read %+v", c)
	}
}

func TestReadClipJSONRejectsBadDocuments(t *testing.T) {
	set := func(k, v string) func(map[string]string) { return func(f map[string]string) { f[k] = v } }
	drop := func(k string) func(map[string]string) { return func(f map[string]string) { delete(f, k) } }
	shortFrame := "[" + strings.Repeat("[0,1,0],", NumJoints-2) + "[0,1,0]]"
	farFrame := "[[1e308,0,0]," + strings.Repeat("[0,1,0],", NumJoints-2) + "[0,1,0]]" // `info` measured +Inf of it
	swapped := strings.Replace(clipDocText(func(map[string]string) {}), `"left_hip","right_hip"`, `"right_hip","left_hip"`, 1)
	for _, tc := range []struct {
		name        string
		doc         string
		unsupported bool
		want        string
	}{
		{"empty", "", false, "empty input"},
		{"not JSON", "walk.npy", false, "invalid JSON at byte 1 (line 1)"},
		{"cut short", clipDocText(func(map[string]string) {})[:100], false, "ends early"},
		{"trailing data", clipDocText(func(map[string]string) {}) + " {}", false, "trailing data after the JSON value at byte"},
		{"unknown field", clipDocText(set("extra", "1")), false, `unknown field "extra"`},
		{"wrong format", clipDocText(set("format", `"bvh"`)), false, `format: "bvh", want "interactagent.clip"`},
		{"no version", clipDocText(drop("version")), false, "version: 0 (or missing), want 1"},
		{"later version", clipDocText(set("version", "2")), true, "version: unsupported: clip JSON version 2, want 1"},
		{"fps as text", clipDocText(set("fps", `"20"`)), false, "fps holds a JSON string, want float64"},
		{"no fps", clipDocText(drop("fps")), false, "fps: 0, want a rate in (0, 1000]"},
		{"joints swapped", swapped, false, `joints[1]: "right_hip", want "left_hip"`},
		{"no joints", clipDocText(drop("joints")), false, "joints: 0 names, want the 22 HumanML3D joints"},
		{"no frames", clipDocText(set("frames", "[]")), false, "clip has no frames"},
		{"21 joints", clipDocText(set("frames", "["+shortFrame+"]")), false, "frames[0]: 21 joints, want 22"},
		{"two coordinates", clipDocText(set("frames", "[[[0,1]]]")), false, "a joint is [0,1], want [x, y, z]"},
		{"four coordinates", clipDocText(set("frames", "[[[0,1,2,3]]]")), false, "a joint is [0,1,2,3]"},
		{"null joint", clipDocText(set("frames", "[[null]]")), false, "a joint is null"},
		{"huge number", clipDocText(set("frames", "[[[1e999,0,0]]]")), false, "a joint is [1e999,0,0]"},
		{"no room", clipDocText(set("frames", "["+farFrame+"]")), false, "frame 0 has a coordinate that is not finite or beyond ±10000 m"},
		{"segment past the end", clipDocText(set("segments", `[{"action":"x","start":0,"end":3}]`)), false, "segment 0 \"x\" covers frames [0, 3)"},
		{"segment field", clipDocText(set("segments", `[{"action":"x","begin":0}]`)), false, `unknown field "begin"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadClipJSON(strings.NewReader(tc.doc))
			if err == nil {
				t.Fatalf("read %d frames, want an error saying %q", c.Len(), tc.want)
			}
			var fe *FormatError
			var ue *UnsupportedError
			if tc.unsupported && !errors.As(err, &ue) || !tc.unsupported && !errors.As(err, &fe) {
				t.Errorf("error %T (%v), want unsupported=%v", err, err, tc.unsupported)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "motion: ") {
				t.Errorf("error %q, want it to start with \"motion: \" and say %q", err, tc.want)
			}
		})
	}
}

func TestWriteClipJSONRejectsInvalidClips(t *testing.T) {
	noFPS := walkClip()
	noFPS.FPS = 0
	fast := walkClip()
	fast.FPS = 5000
	for _, tc := range []struct {
		name string
		c    *Clip
		want string
	}{
		{"no frames", &Clip{FPS: 20}, "clip has no frames"},
		{"no fps", noFPS, "clip fps is 0"},
		{"fps too high", fast, "clip fps is 5000, want a rate in (0, 1000]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteClipJSON(&buf, tc.c); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes of an invalid clip", buf.Len())
			}
		})
	}
}

// FuzzReadClipJSON: no input panics; every clip that reads is valid, writes, and reads back equal,
// and writing it again gives the same bytes.
func FuzzReadClipJSON(f *testing.F) {
	var buf bytes.Buffer
	WriteClipJSON(&buf, walkClip())
	f.Add(buf.Bytes())
	f.Add([]byte(clipDocText(func(map[string]string) {})))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadClipJSON(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read an invalid clip: %v", err)
		}
		var one, two bytes.Buffer
		if err := WriteClipJSON(&one, c); err != nil {
			t.Fatalf("write back: %v", err)
		}
		back, err := ReadClipJSON(bytes.NewReader(one.Bytes()))
		if err != nil {
			t.Fatalf("read back: %v\n%s", err, one.Bytes())
		}
		if !sameClip(c, back) {
			t.Fatalf("round trip changed the clip:\n%+v\n%+v", c, back)
		}
		if err := WriteClipJSON(&two, back); err != nil || !bytes.Equal(one.Bytes(), two.Bytes()) {
			t.Fatalf("second write differs (%v)", err)
		}
	})
}

// sameClip compares clips, taking an empty warning list as no list (the writer omits it).
func sameClip(a, b *Clip) bool {
	if a.FPS != b.FPS || !reflect.DeepEqual(a.Frames, b.Frames) || len(a.Segments) != len(b.Segments) {
		return false
	}
	for i, s := range a.Segments {
		t := b.Segments[i]
		if s.Action != t.Action || s.Start != t.Start || s.End != t.End || len(s.Warnings) != len(t.Warnings) {
			return false
		}
		for k := range s.Warnings {
			if s.Warnings[k] != t.Warnings[k] {
				return false
			}
		}
	}
	return true
}

// parseVec3, the fast path, against encoding/json on valid JSON values of every shape.
func TestParseVec3MatchesEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`[0,1,2]`, `[ -0.5 , 1e-7,2E+3 ]`, "[\n1,\t2,\r3]", `[1.7976931348623157e308,-4.9e-324,0]`,
		`[1,2]`, `[1,2,3,4]`, `[]`, `[[1],2,3]`, `["1",2,3]`, `["1,2",3]`, `[1,2,"3"]`, `[true,false,null]`,
		`null`, `{"x":1,"y":2,"z":3}`, `"[1,2,3]"`, `[1e999,0,0]`, `[1,2,[3]]`, `[1,{"a":[2,3]}]`,
	} {
		var xs []float64
		err := json.Unmarshal([]byte(in), &xs)
		wantOK := err == nil && len(xs) == 3
		got, ok := parseVec3([]byte(in))
		if ok != wantOK || ok && (got[0] != xs[0] || got[1] != xs[1] || got[2] != xs[2]) {
			t.Errorf("parseVec3(%s) = %v, %v; encoding/json: %v, %v", in, got, ok, xs, err)
		}
	}
}

// FuzzParseVec3: on every valid JSON value the fast path agrees with encoding/json.
func FuzzParseVec3(f *testing.F) {
	for _, s := range []string{`[0,1,2]`, `[ -0.5 , 1e-7,2E+3 ]`, `["1,2",3]`, `[1,[2],3]`, `[1e999,0,0]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return // the decoder hands parseVec3 only valid values
		}
		var xs []float64
		err := json.Unmarshal([]byte(s), &xs)
		wantOK := err == nil && len(xs) == 3
		got, ok := parseVec3([]byte(s))
		if ok != wantOK || ok && (got[0] != xs[0] || got[1] != xs[1] || got[2] != xs[2]) {
			t.Fatalf("parseVec3(%s) = %v, %v; encoding/json: %v, %v", s, got, ok, xs, err)
		}
	})
}

// Positions count from the start of the input, white space before the document included.
func TestReadClipJSONPositionsCountLeadingSpace(t *testing.T) {
	doc := clipDocText(func(f map[string]string) { f["fps"] = `"20"` })
	pos := func(in string) string {
		_, err := ReadClipJSON(strings.NewReader(in))
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("error %v, want a FormatError", err)
		}
		return fe.Pos
	}
	at := strings.Index(doc, `"20"`) + len(`"20"`)
	if got, want := pos(doc), fmt.Sprintf("byte %d", at); got != want {
		t.Errorf("position %q, want %q", got, want)
	}
	if got, want := pos(" \n\t "+doc), fmt.Sprintf("byte %d", at+4); got != want {
		t.Errorf("after 4 bytes of white space: position %q, want %q", got, want)
	}
}
