package export

import (
	"bufio"
	"fmt"
	"io"

	"interactagent/fileio"
)

// writeAll writes every path through fill, all or nothing: each is written to a temporary file
// first, and only when every one is complete are they moved into place.
func writeAll(paths []string, fill func(i int, w io.Writer) error) error {
	files := make([]*fileio.File, 0, len(paths))
	for i, p := range paths {
		f, err := writeTemp(p, func(w io.Writer) error { return fill(i, w) })
		if err != nil {
			abortAll(files)
			return err
		}
		files = append(files, f)
	}
	return commitAll(files)
}

// writeTemp writes the temporary file of path p through fill (buffered) and returns it, not yet
// committed; on failure it leaves nothing behind.
func writeTemp(p string, fill func(w io.Writer) error) (*fileio.File, error) {
	f, err := fileio.Create(p)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	bw := bufio.NewWriter(f)
	if err = fill(bw); err == nil {
		err = bw.Flush()
	}
	if err != nil {
		f.Abort()
		return nil, fmt.Errorf("export: %s: %w", p, err)
	}
	return f, nil
}

// commitAll moves every complete file into place, in order; after a failure it aborts the rest.
func commitAll(files []*fileio.File) error {
	for i, f := range files {
		if err := f.Commit(); err != nil {
			abortAll(files[i+1:])
			return fmt.Errorf("export: %w", err)
		}
	}
	return nil
}

// abortAll removes the temporary files of an export that failed.
func abortAll(files []*fileio.File) {
	for _, f := range files {
		f.Abort()
	}
}
