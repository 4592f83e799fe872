package motion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"interactagent/fileio"
)

// The bounds of a clip JSON document, checked before its cost is paid: a reader counts the
// document's JSON values while its bytes stream in (fileio.ReadJSON) and refuses one over the count
// before decoding any of it, so that neither a huge document nor a small one of many tiny values
// (7.8 million empty segments once cost 1.7 GB before anything was refused) can make it allocate
// more than a clip of MaxFrames frames needs. A writer refuses the clips a reader would refuse.

// The JSON values (as fileio counts them: one per '[', '{', ',' and ':' outside strings) of the
// parts of a clip JSON document.
const (
	// frameJSONValues is one frame and the comma before it: "[", 21 commas, and per joint "[" and
	// two commas.
	frameJSONValues = 1 + (NumJoints - 1) + 3*NumJoints + 1
	// segmentJSONValues is the budget of one segment and the comma before it: "{", four ":",
	// three ",", the warnings' "[" and room for six warnings. Segments with more warnings fit as
	// long as others have fewer.
	segmentJSONValues = 16
	// headerJSONValues covers the top-level object and the joint names, with room to spare.
	headerJSONValues = 256
)

// MaxClipJSONValues is the most JSON values a clip JSON document may hold: MaxFrames frames and
// MaxSegments segments with their warnings, and the header. Counting them bounds what decoding
// allocates, as MaxClipJSONBytes bounds the bytes read.
const MaxClipJSONValues = MaxFrames*frameJSONValues + MaxSegments*segmentJSONValues + headerJSONValues

// clipJSONLimits are the bounds ReadClipJSON reads within.
var clipJSONLimits = fileio.JSONLimits{Bytes: MaxClipJSONBytes, Values: MaxClipJSONValues}

// readClipDoc reads one clip JSON document within clipJSONLimits and decodes it strictly. Its
// errors are a *FormatError for malformed JSON or a document that breaks the schema, an
// *UnsupportedError wrapping fileio.ErrTooLarge or fileio.ErrTooManyValues for a document over the
// limits, and a read error of r.
func readClipDoc(r io.Reader) (*clipDoc, error) {
	src := &inputCounter{r: r}
	var s strictDoc
	err := fileio.ReadJSON(src, "clip JSON", clipJSONLimits, &s)
	var re *fileio.ReadError
	switch {
	case err == nil && s.err != nil:
		return nil, jsonError(s.err, src.lead)
	case err == nil:
		return &s.doc, nil
	case errors.As(err, &re):
		return nil, fmt.Errorf("motion: read clip JSON: %w", re.Err)
	case errors.Is(err, fileio.ErrTooLarge):
		return nil, &UnsupportedError{Err: err, Msg: fmt.Sprintf("clip JSON document larger than %d bytes", MaxClipJSONBytes)}
	case errors.Is(err, fileio.ErrTooManyValues):
		return nil, &UnsupportedError{Pos: fmt.Sprintf("within the first %d bytes", src.read), Err: err,
			Msg: fmt.Sprintf("clip JSON document with more than %d JSON values, want at most %d frames and %d segments",
				MaxClipJSONValues, MaxFrames, MaxSegments)}
	}
	return nil, &FormatError{Msg: strings.TrimPrefix(err.Error(), "clip JSON: ")}
}

// strictDoc decodes a clip JSON document strictly (unknown fields are errors) inside
// fileio.ReadJSON, which counts and checks the document first and decodes leniently. It keeps its
// decoding error rather than returning it, so that the error keeps its type and position instead
// of becoming fileio's text.
type strictDoc struct {
	doc clipDoc
	err error
}

// UnmarshalJSON decodes b, the whole document, into s.doc.
func (s *strictDoc) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	s.err = dec.Decode(&s.doc)
	return nil
}

// inputCounter counts the bytes read and the white space before the document as they stream in,
// for positions in errors: the decoder's offsets count from the document's first byte, the
// reader's positions from the input's.
type inputCounter struct {
	r          io.Reader
	read, lead int64
	started    bool
}

// Read implements io.Reader.
func (c *inputCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += int64(n)
	for _, b := range p[:n] {
		if c.started || b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			c.started = true
			break
		}
		c.lead++
	}
	return n, err
}

// checkSegments reports the first segment a clip JSON document may not hold: more segments than
// frames, or an action longer than MaxActionBytes. Both a reader and a writer call it.
func checkSegments(segs []Segment, frames int) error {
	if len(segs) > frames {
		return &FormatError{Pos: "segments", Msg: fmt.Sprintf("%d segments for %d frames, want at most one segment per frame",
			len(segs), frames)}
	}
	for i, s := range segs {
		if len(s.Action) > MaxActionBytes {
			return &UnsupportedError{Pos: fmt.Sprintf("segments[%d].action", i),
				Msg: fmt.Sprintf("%d bytes, want at most %d", len(s.Action), MaxActionBytes)}
		}
	}
	return nil
}

// clipJSONValues returns the JSON values WriteClipJSON writes for c, as fileio counts them.
func clipJSONValues(c *Clip) int64 {
	n := int64(headerJSONValues) + int64(len(c.Frames))*frameJSONValues
	for _, s := range c.Segments {
		n += 7 // "{", three ":", two ",", and the "," before it
		if len(s.Warnings) > 0 {
			n += int64(2 + len(s.Warnings)) // ",", ":", "[" and a "," between warnings
		}
	}
	return n
}
