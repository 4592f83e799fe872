package motion

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// The clip JSON format keeps what a .npy array of joints cannot: the frame rate and the segments
// that say which atomic action made which frames. A document is one JSON object (docs/clip-json.md):
//
//	{
//	  "format": "interactagent.clip",       // required, exactly this
//	  "version": 1,                         // required; later versions are UnsupportedErrors
//	  "fps": 20,                            // required, in (0, MaxFPS] = (0, 1000]
//	  "joints": ["pelvis", ..., "right_wrist"], // required: the 22 HumanML3D joint names in order
//	  "segments": [                         // optional: ordered frame ranges [start, end)
//	    {"action": "A person walks forward.", "start": 0, "end": 40, "warnings": ["..."]}
//	  ],
//	  "frames": [                           // required: 1..MaxFrames frames of 22 [x, y, z]
//	    [[0, 0.95, 0], ...],                // metres, Y up, floor at y = 0
//	    ...
//	  ]
//	}
//
// Reading is strict: unknown fields, missing fields, frames of another joint count, joints without
// exactly three coordinates, out-of-range segments, more segments than frames, actions over
// MaxActionBytes, and documents over MaxClipJSONBytes or MaxClipJSONValues (clipjsonlimits.go) are
// errors.
const (
	ClipFormat  = "interactagent.clip" // the "format" value of a clip JSON document
	ClipVersion = 1                    // the version this package reads and writes
)

// MaxClipJSONBytes is the largest clip JSON document ReadClipJSON accepts: MaxFrames frames with
// full-precision coordinates (at most maxFrameJSONBytes each, 170 MB in all) fit, with room for
// the segments.
const MaxClipJSONBytes = 256 << 20

// maxFrameJSONBytes is the longest frame WriteClipJSON writes: 22 joints of three numbers of at
// most 24 characters ("-2.2250738585072014e-308") with their brackets and three commas, and the
// frame's brackets, comma, line break and indent.
const maxFrameJSONBytes = NumJoints*(3*24+5) + 8

// clipDoc mirrors the document; joints decode into jsonVec so that each one must hold exactly
// three numbers (encoding/json would silently drop or zero-fill into a [3]float64).
type clipDoc struct {
	Format   string      `json:"format"`
	Version  int         `json:"version"`
	FPS      float64     `json:"fps"`
	Joints   []string    `json:"joints"`
	Segments []Segment   `json:"segments"`
	Frames   [][]jsonVec `json:"frames"`
}

type jsonVec [3]float64

// coordError is a joint that is not a list of three numbers.
type coordError struct{ got string }

func (e coordError) Error() string {
	return fmt.Sprintf("a joint is %s, want [x, y, z] (three numbers)", e.got)
}

// UnmarshalJSON reads [x, y, z] and nothing else.
func (v *jsonVec) UnmarshalJSON(b []byte) error {
	xs, ok := parseVec3(b)
	if !ok {
		if len(b) > 40 {
			b = append(b[:37:37], "..."...)
		}
		return coordError{string(b)}
	}
	*v = xs
	return nil
}

// parseVec3 reads a JSON array of three numbers. The decoder has already checked that b is one
// valid JSON value, so splitting at commas and parsing each part as a float is exact: any part
// that is not a plain JSON number (a string, an array, an object, a literal) fails ParseFloat, and
// JSON numbers are a subset of what ParseFloat reads. It is several times faster than
// json.Unmarshal for the millions of joints a long clip holds.
func parseVec3(b []byte) (jsonVec, bool) {
	var v jsonVec
	s := strings.TrimSpace(string(b))
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return v, false
	}
	s = s[1 : len(s)-1]
	for k := range 3 {
		part, rest, found := strings.Cut(s, ",")
		if found != (k < 2) {
			return v, false
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil {
			return v, false
		}
		v[k], s = x, rest
	}
	return v, true
}

// ReadClipJSON reads a clip JSON document (see ClipFormat) and returns the clip, which passes
// Clip.Validate. Bad input gives a *FormatError; a later version, an action over MaxActionBytes or
// a document over MaxClipJSONBytes or MaxClipJSONValues an *UnsupportedError (the last two wrap
// fileio.ErrTooLarge and fileio.ErrTooManyValues). A document over the limits is refused while
// it is read, before any of it is decoded.
func ReadClipJSON(r io.Reader) (*Clip, error) {
	doc, err := readClipDoc(r)
	if err != nil {
		return nil, err
	}
	return doc.clip()
}

// WriteClipJSON writes the clip as a clip JSON document, one frame per line. Coordinates are written
// in full precision, so reading the document back gives the same clip.
func WriteClipJSON(w io.Writer, c *Clip) error {
	if err := checkClipForWrite(c); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fps, _ := json.Marshal(c.FPS)
	names, _ := json.Marshal(jointNames[:])
	fmt.Fprintf(bw, "{\n  \"format\": %q,\n  \"version\": %d,\n  \"fps\": %s,\n  \"joints\": %s,\n  \"segments\": [",
		ClipFormat, ClipVersion, fps, names)
	for i, s := range c.Segments {
		b, err := json.Marshal(s)
		if err != nil {
			return fmt.Errorf("motion: write clip JSON: segment %d: %w", i, err)
		}
		bw.WriteString(sep(i) + "\n    ")
		bw.Write(b)
	}
	if len(c.Segments) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"frames\": [")
	buf := make([]byte, 0, 1024)
	for t, p := range c.Frames {
		buf = append(append(buf[:0], sep(t)...), "\n    "...)
		bw.Write(appendFrame(buf, p))
	}
	bw.WriteString("\n  ]\n}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("motion: write clip JSON: %w", err)
	}
	return nil
}

// LoadClipJSON reads the clip JSON document at path; errors name the file.
func LoadClipJSON(path string) (*Clip, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("motion: %w", err)
	}
	defer f.Close()
	c, err := ReadClipJSON(f)
	return c, withPath(err, path)
}

// SaveClipJSON writes the clip to path as a clip JSON document, replacing the file atomically: a
// failed write leaves any earlier file as it was.
func SaveClipJSON(path string, c *Clip) error {
	if err := checkClipForWrite(c); err != nil {
		return err
	}
	return saveAtomic(path, func(w io.Writer) error { return WriteClipJSON(w, c) })
}

// clip checks the document beyond what decoding checked and builds the clip.
func (doc *clipDoc) clip() (*Clip, error) {
	if doc.Format != ClipFormat {
		return nil, &FormatError{Pos: "format", Msg: fmt.Sprintf("%q, want %q", doc.Format, ClipFormat)}
	}
	switch {
	case doc.Version > ClipVersion:
		return nil, &UnsupportedError{Pos: "version", Msg: fmt.Sprintf("clip JSON version %d, want %d", doc.Version, ClipVersion)}
	case doc.Version < 1:
		return nil, &FormatError{Pos: "version", Msg: fmt.Sprintf("%d (or missing), want %d", doc.Version, ClipVersion)}
	}
	if err := checkJointNames(doc.Joints); err != nil {
		return nil, err
	}
	if CheckFPS(doc.FPS) != nil {
		return nil, &FormatError{Pos: "fps", Msg: fmt.Sprintf("%v, want a rate in (0, %g]", doc.FPS, MaxFPS)}
	}
	if len(doc.Frames) > MaxFrames {
		return nil, &UnsupportedError{Pos: "frames", Msg: fmt.Sprintf("%d frames, want at most %d", len(doc.Frames), MaxFrames)}
	}
	c := &Clip{FPS: doc.FPS, Frames: make([]Pose, len(doc.Frames)), Segments: doc.Segments}
	for t, f := range doc.Frames {
		if len(f) != NumJoints {
			return nil, &FormatError{Pos: fmt.Sprintf("frames[%d]", t), Msg: fmt.Sprintf("%d joints, want %d", len(f), NumJoints)}
		}
		for j, v := range f {
			c.Frames[t][j] = mgl64.Vec3(v)
		}
	}
	if err := c.Validate(); err != nil {
		return nil, &FormatError{Msg: strings.TrimPrefix(err.Error(), "motion: ")}
	}
	if err := checkSegments(c.Segments, len(c.Frames)); err != nil {
		return nil, err
	}
	return c, nil
}

func checkJointNames(names []string) error {
	if len(names) != NumJoints {
		return &FormatError{Pos: "joints", Msg: fmt.Sprintf("%d names, want the %d HumanML3D joints", len(names), NumJoints)}
	}
	for j, n := range names {
		if n != jointNames[j] {
			return &FormatError{Pos: fmt.Sprintf("joints[%d]", j), Msg: fmt.Sprintf("%q, want %q (HumanML3D joint order)", n, jointNames[j])}
		}
	}
	return nil
}

// jsonError turns a decoding error into a FormatError that says where; base is the input offset of
// the decoder's first byte.
func jsonError(err error, base int64) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var coord coordError
	var fe *FormatError
	switch {
	case errors.As(err, &fe):
		return fe
	case errors.Is(err, io.EOF):
		return &FormatError{Msg: "empty input, want a clip JSON document"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &FormatError{Msg: "the document ends early"}
	case errors.As(err, &syn):
		return &FormatError{Pos: fmt.Sprintf("byte %d", base+syn.Offset), Msg: "invalid JSON: " + syn.Error()}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "the document"
		}
		return &FormatError{Pos: fmt.Sprintf("byte %d", base+typ.Offset), Msg: fmt.Sprintf("%s holds a JSON %s, want %v", field, typ.Value, typ.Type)}
	case errors.As(err, &coord):
		return &FormatError{Pos: "frames", Msg: coord.Error()}
	}
	return &FormatError{Msg: strings.TrimPrefix(err.Error(), "json: ")}
}

func checkClipForWrite(c *Clip) error {
	if err := c.Validate(); err != nil {
		return fmt.Errorf("motion: write clip JSON: %s", strings.TrimPrefix(err.Error(), "motion: "))
	}
	if len(c.Frames) > MaxFrames {
		return fmt.Errorf("motion: write clip JSON: %d frames, want at most %d", len(c.Frames), MaxFrames)
	}
	if err := checkSegments(c.Segments, len(c.Frames)); err != nil {
		return fmt.Errorf("motion: write clip JSON: %s", strings.TrimPrefix(err.Error(), "motion: "))
	}
	if n := clipJSONValues(c); n > MaxClipJSONValues {
		return fmt.Errorf("motion: write clip JSON: %d JSON values, want at most %d (too many warnings)", n, MaxClipJSONValues)
	}
	return nil
}

// appendFrame appends one frame as [[x,y,z],...] in full precision.
func appendFrame(b []byte, p Pose) []byte {
	b = append(b, '[')
	for j, v := range p {
		b = append(b, sep(j)...)
		b = append(b, '[')
		for k, x := range v {
			b = append(b, sep(k)...)
			b = appendJSONFloat(b, x)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// appendJSONFloat writes x as encoding/json does: the shortest text that reads back as x, with an
// exponent only for very small or very large magnitudes.
func appendJSONFloat(b []byte, x float64) []byte {
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(b, x, 'e', -1, 64)
	}
	return strconv.AppendFloat(b, x, 'f', -1, 64)
}

func sep(i int) string {
	if i == 0 {
		return ""
	}
	return ","
}
