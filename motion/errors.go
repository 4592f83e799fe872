package motion

import "errors"

// FormatError reports input that is not valid in its format: a truncated or malformed .npy file, a
// clip JSON document that breaks the schema, an array of the wrong shape, a non-finite number. Like
// Go's image codecs, it is distinct from UnsupportedError, which reports valid input this package
// does not handle.
type FormatError struct {
	Path string // the file, when known ("" when reading from a stream)
	Pos  string // where in the input: "header", "byte 1040", "frames[12]", "frame 7"
	Msg  string // what was wrong and what was expected
}

// Error says where (file and position, when known) and what was wrong.
func (e *FormatError) Error() string { return "motion: " + where(e.Path, e.Pos) + e.Msg }

// UnsupportedError reports valid input that uses something this package does not handle: another
// dtype than float32 or float64, a later clip format version, an array larger than the caps.
type UnsupportedError struct {
	Path string // the file, when known
	Pos  string // where in the input, as in FormatError
	Msg  string // what is unsupported and what is supported
	// Err is the cause a lower layer reported, if any: fileio.ErrTooLarge or
	// fileio.ErrTooManyValues for a document over its limits.
	Err error
}

// Error says where (file and position, when known) and what is unsupported.
func (e *UnsupportedError) Error() string {
	return "motion: " + where(e.Path, e.Pos) + "unsupported: " + e.Msg
}

// Unwrap returns the cause, so that errors.Is(err, fileio.ErrTooManyValues) sees it.
func (e *UnsupportedError) Unwrap() error { return e.Err }

func where(path, pos string) string {
	s := ""
	if path != "" {
		s += path + ": "
	}
	if pos != "" {
		s += pos + ": "
	}
	return s
}

// withPath names path in err when err is a FormatError or UnsupportedError that does not name a
// file yet; readers work on streams and learn the file name only from their callers.
func withPath(err error, path string) error {
	var fe *FormatError
	if errors.As(err, &fe) && fe.Path == "" {
		fe.Path = path
	}
	var ue *UnsupportedError
	if errors.As(err, &ue) && ue.Path == "" {
		ue.Path = path
	}
	return err
}
