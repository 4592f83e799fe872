package fileio

import (
	"errors"
	"fmt"
	"io"
)

// ErrTooManyValues is wrapped by errors about JSON input with more values than its limit.
var ErrTooManyValues = errors.New("too many JSON values")

// JSONLimits bounds a JSON document before it is decoded: its size in bytes and the number of
// values in it (every array, object, member and element counts), so that neither a huge document
// nor a small one of many tiny values ("[[],[],…]", which costs a slice header each) can make the
// decoder allocate more than the limits imply.
type JSONLimits struct {
	Bytes  int64
	Values int64
}

// ReadJSON decodes one JSON value from r into v within the limits; data after the value is an
// error. The values are counted as the bytes stream in, so a document over the limit is refused
// as soon as its count passes it, before anything is decoded; what names the source in errors.
func ReadJSON(r io.Reader, what string, lim JSONLimits, v any) error {
	data, err := ReadAll(&valueCounter{r: r, max: lim.Values, what: what}, what, lim.Bytes)
	if err != nil {
		return err
	}
	if err := DecodeJSON(data, v, false); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// valueCounter passes bytes through and counts JSON values in them: one per '[' or '{' and one
// per ',' or ':' outside strings, which bounds from above the values a decoder makes (plus one for
// the first). It fails the read as soon as the count passes max.
type valueCounter struct {
	r        io.Reader
	max      int64
	what     string
	n        int64
	inString bool
	escaped  bool
}

// Read implements io.Reader.
func (c *valueCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for _, b := range p[:n] {
		c.scan(b)
	}
	if c.n > c.max {
		return 0, fmt.Errorf("%s holds more than %d JSON values: %w", c.what, c.max, ErrTooManyValues)
	}
	return n, err
}

// scan advances the counter over one byte.
func (c *valueCounter) scan(b byte) {
	switch {
	case c.escaped:
		c.escaped = false
	case c.inString:
		c.escaped = b == '\\'
		c.inString = b != '"'
	case b == '"':
		c.inString = true
	case b == '[' || b == '{' || b == ',' || b == ':':
		c.n++
	}
}
