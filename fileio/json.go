package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DecodeJSON decodes data, which must hold exactly one JSON value, into v. With strict set, an
// object field that v has no place for is an error too. The errors say what was wrong and where
// (byte offset and line), without naming the caller: an empty input, a syntax error, input that
// ends early, a value of the wrong type (with its field), or data after the value.
func DecodeJSON(data []byte, v any, strict bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return jsonError(data, err)
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		off := end + int64(len(data[end:])-len(bytes.TrimLeft(data[end:], " \t\r\n")))
		return fmt.Errorf("trailing data after the JSON value at %s", where(data, off))
	}
	return nil
}

// jsonError turns a decoding error into one that says where in data it happened.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("invalid JSON at %s: %v", where(data, syn.Offset), err)
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("got a JSON %s, want %s", typ.Value, jsonKind(typ.Type.Kind().String()))
	case errors.As(err, &typ):
		return fmt.Errorf("field %q at %s: got a JSON %s, want %s", typ.Field, where(data, typ.Offset), typ.Value, typ.Type)
	case errors.Is(err, io.EOF):
		return errors.New("empty input, want a JSON value")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("JSON ends early after %d bytes", len(data))
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// jsonKind names a Go kind as the JSON value it decodes from.
func jsonKind(k string) string {
	switch k {
	case "struct", "map":
		return "an object"
	case "slice", "array":
		return "an array"
	}
	return "a " + k
}

// where formats a byte offset into data with the line it falls on.
func where(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	return fmt.Sprintf("byte %d (line %d)", off, line)
}
