package motion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"interactagent/fileio"
)

// segmentFlood streams a clip JSON document whose segments never end (the reported attack had 7.8
// million), counting the bytes a reader takes from it.
type segmentFlood struct {
	head  string
	block string // many segments, so that a read copies in large pieces
	sent  int64
}

func newSegmentFlood(head, seg string) *segmentFlood {
	return &segmentFlood{head: head, block: strings.Repeat(seg, 1<<16/len(seg))}
}

func (f *segmentFlood) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var chunk string
		if h := int64(len(f.head)); f.sent < h {
			chunk = f.head[f.sent:]
		} else {
			chunk = f.block[(f.sent-h)%int64(len(f.block)):]
		}
		k := copy(p[n:], chunk)
		n += k
		f.sent += int64(k)
	}
	return n, nil
}

// A document of endless empty segments is refused by its value count while it streams in: the
// error wraps fileio.ErrTooManyValues and names the caps, and the reader took a bounded prefix
// (about 16 MB, where the flood goes on forever).
func TestReadClipJSONRefusesTooManySegmentsBeforeDecoding(t *testing.T) {
	head := strings.SplitAfter(clipDocText(func(f map[string]string) { f["segments"] = "[" }), `"segments": [`)[0]
	seg := `{},` // an empty segment: two values in three bytes, the cheapest flood
	src := newSegmentFlood(head, seg)
	_, err := ReadClipJSON(src)
	var ue *UnsupportedError
	if !errors.Is(err, fileio.ErrTooManyValues) || !errors.As(err, &ue) {
		t.Fatalf("error %v, want an UnsupportedError wrapping fileio.ErrTooManyValues", err)
	}
	want := fmt.Sprintf("more than %d JSON values, want at most %d frames and %d segments", MaxClipJSONValues, MaxFrames, MaxSegments)
	if !strings.Contains(err.Error(), want) || ue.Pos != fmt.Sprintf("within the first %d bytes", src.sent) {
		t.Errorf("error %q, want it to say %q within the first %d bytes", err, want, src.sent)
	}
	// Two values a segment: the count passes the limit after MaxClipJSONValues/2 segments; a read
	// may run ahead of the count by one buffer, at most as long as what was read before it.
	limit := 2 * (int64(len(head)) + int64(MaxClipJSONValues/2+1)*int64(len(seg)))
	if src.sent > limit {
		t.Errorf("read %d bytes before refusing, want at most %d", src.sent, limit)
	}
}

func TestReadClipJSONBoundsSegments(t *testing.T) {
	set := func(k, v string) func(map[string]string) { return func(f map[string]string) { f[k] = v } }
	action := func(n int) string { return fmt.Sprintf(`[{"action":%q,"start":0,"end":2}]`, strings.Repeat("a", n)) }
	for _, tc := range []struct {
		name        string
		doc         string
		unsupported bool
		want        string // "" when the document reads
	}{
		{"one segment per frame", clipDocText(set("segments", `[{"action":"a","start":0,"end":1},{"action":"b","start":1,"end":2}]`)), false, ""},
		{"more segments than frames", clipDocText(set("segments", "["+strings.Repeat(`{"action":"a","start":0,"end":0},`, 2)+`{"action":"a","start":0,"end":0}]`)), false,
			"segments: 3 segments for 2 frames, want at most one segment per frame"},
		{"action at the cap", clipDocText(set("segments", action(MaxActionBytes))), false, ""},
		{"action over the cap", clipDocText(set("segments", action(MaxActionBytes+1))), true,
			"segments[0].action: unsupported: 1001 bytes, want at most 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadClipJSON(strings.NewReader(tc.doc))
			if tc.want == "" {
				if err != nil || c.Validate() != nil {
					t.Fatalf("error %v, want the document to read", err)
				}
				return
			}
			var fe *FormatError
			var ue *UnsupportedError
			if tc.unsupported && !errors.As(err, &ue) || !tc.unsupported && !errors.As(err, &fe) {
				t.Fatalf("error %T (%v), want unsupported=%v", err, err, tc.unsupported)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
		})
	}
}

// A writer refuses what a reader would refuse, so that every clip written reads back.
func TestWriteClipJSONBoundsSegments(t *testing.T) {
	long := walkClip()
	long.Segments = []Segment{{Action: strings.Repeat("a", MaxActionBytes+1), Start: 0, End: 1}}
	many := walkClip()
	many.Segments = nil
	for range many.Len() + 1 {
		many.Segments = append(many.Segments, Segment{Action: "a"})
	}
	for _, tc := range []struct {
		name string
		c    *Clip
		want string
	}{
		{"action over the cap", long, "segments[0].action: unsupported: 1001 bytes, want at most 1000"},
		{"more segments than frames", many, fmt.Sprintf("%d segments for %d frames", many.Len()+1, many.Len())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteClipJSON(&buf, tc.c)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "motion: write clip JSON: ") {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes of a clip that would not read back", buf.Len())
			}
		})
	}
}

// clipJSONValues, the writer's count, against fileio's own count of what WriteClipJSON wrote: the
// formula over-counts by exactly its spare header room and the missing comma before the first
// frame and the first segment.
func TestClipJSONValuesMatchesFileioCount(t *testing.T) {
	c := walkClip()
	c.Segments = []Segment{{Action: "a, b: [c]", Start: 0, End: 2, Warnings: []string{"x", "y, z", "{w}"}}, {Action: "d", Start: 2, End: 3}}
	var buf bytes.Buffer
	if err := WriteClipJSON(&buf, c); err != nil {
		t.Fatal(err)
	}
	header := int64(1 + 6 + 5 + NumJoints + 1 + 1) // "{", six ":", five ",", the joints list, "[" of segments and of frames
	want := clipJSONValues(c) - headerJSONValues + header - 2
	read := func(values int64) error {
		return fileio.ReadJSON(bytes.NewReader(buf.Bytes()), "clip", fileio.JSONLimits{Bytes: MaxClipJSONBytes, Values: values}, new(json.RawMessage))
	}
	if err := read(want); err != nil {
		t.Errorf("with %d values allowed: %v", want, err)
	}
	if err := read(want - 1); !errors.Is(err, fileio.ErrTooManyValues) {
		t.Errorf("with %d values allowed: %v, want ErrTooManyValues (the document holds %d)", want-1, err, want)
	}
}

// The longest frame WriteClipJSON writes fits maxFrameJSONBytes, and MaxFrames of them fit
// MaxClipJSONBytes: the byte limit is derived from MaxFrames, not guessed.
func TestClipJSONByteLimitFitsMaxFrames(t *testing.T) {
	var p Pose
	for j := range p {
		p[j] = [3]float64{-2.2250738585072014e-308, -2.2250738585072014e-308, -1.7976931348623157e308}
	}
	line := append([]byte(",\n    "), appendFrame(nil, p)...)
	if len(line) > maxFrameJSONBytes {
		t.Errorf("longest frame line is %d bytes, more than maxFrameJSONBytes %d", len(line), maxFrameJSONBytes)
	}
	if MaxFrames*maxFrameJSONBytes+MaxSegments*64 > MaxClipJSONBytes {
		t.Errorf("MaxFrames frames of %d bytes and short segments do not fit MaxClipJSONBytes %d", maxFrameJSONBytes, MaxClipJSONBytes)
	}
}

// A read error of the source is reported as such, not as a malformed or oversized document.
func TestReadClipJSONReportsReadErrors(t *testing.T) {
	failing := io.MultiReader(strings.NewReader(`{"format": `), errReader{})
	_, err := ReadClipJSON(failing)
	var fe *FormatError
	if !errors.Is(err, errDisk) || errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "motion: read clip JSON: ") {
		t.Errorf("error %v, want a read error wrapping the disk's", err)
	}
}

var errDisk = errors.New("disk on fire")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errDisk }
