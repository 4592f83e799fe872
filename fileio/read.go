package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// ErrTooLarge is wrapped by errors about input over its size limit.
var ErrTooLarge = errors.New("over the size limit")

// ReadFile reads a whole file of fsys, refusing one larger than max bytes: by its size before
// reading when the file system tells it, and otherwise after reading at most max+1 bytes. Its errors
// name the file but not the caller's package: callers say what they were loading.
func ReadFile(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > max {
		return nil, fmt.Errorf("%s is %d bytes, more than the limit of %d: %w", name, st.Size(), max, ErrTooLarge)
	}
	return ReadAll(f, name, max)
}

// ReadAll reads r to its end, refusing more than max bytes after reading at most max+1; what names
// the source in errors.
func ReadAll(r io.Reader, what string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if errors.Is(err, ErrTooManyValues) {
		return nil, err
	}
	if err != nil {
		return nil, &ReadError{What: what, Err: err}
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is more than the limit of %d bytes: %w", what, max, ErrTooLarge)
	}
	return data, nil
}

// ReadError is a failure of the source itself while reading (a dropped connection, a disk error),
// as opposed to content over its limits or malformed.
type ReadError struct {
	What string
	Err  error
}

// Error names the source and the failure.
func (e *ReadError) Error() string { return fmt.Sprintf("read %s: %v", e.What, e.Err) }

// Unwrap returns the failure.
func (e *ReadError) Unwrap() error { return e.Err }
