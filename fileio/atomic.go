package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// File is a temporary file beside its final path, written in place of it. Commit makes it the
// file at the final path; Abort discards it and leaves the final path untouched. Exactly one of
// the two should be called; later calls do nothing. A File is not safe for concurrent use.
type File struct {
	*os.File
	path   string // the final path
	done   bool
	handed bool // the handle was closed so that another program writes the file by name
}

// Create starts an atomic write of path. The temporary file is hidden, in path's folder (renames are
// atomic only within one file system), and named after path and this process (".NAME.PID.RANDOM.tmp")
// so that a leftover of a crash is recognisable: Create removes those of path whose process is gone.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if base == "" || base == "." || base == ".." {
		return nil, fmt.Errorf("write %q: want a file name, not a folder", path)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("write %s: it is a folder; want a file path", path)
	}
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base)
	f, err := os.CreateTemp(dir, tempPrefix(base, os.Getpid())+"*.tmp")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &File{File: f, path: path}, nil
}

// Path returns the final path the file will have once committed.
func (f *File) Path() string { return f.path }

// Commit syncs and closes the temporary file and renames it over the final path, with ordinary
// file permissions (0644: what we write is meant to be shared). On error the temporary file is
// removed and the final path keeps whatever it held before.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	tmp := f.Name()
	var err error
	if !f.handed {
		err = errors.Join(f.Sync(), f.File.Close())
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644) // CreateTemp makes 0600 files
	}
	if err == nil {
		err = os.Rename(tmp, f.path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// Abort discards the temporary file; the final path is left untouched.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if !f.handed {
		f.File.Close()
	}
	os.Remove(f.Name())
}

// HandOver closes this process's handle and returns the temporary file's name, for another program
// (ffmpeg) to write by name; Commit and Abort still rename or remove it.
func (f *File) HandOver() string {
	if !f.handed {
		f.handed = true
		f.File.Close()
	}
	return f.Name()
}

// WriteAtomic writes path through write, atomically: write receives the temporary file, and the
// result replaces path only when write and every step after it succeed. write's own error is
// returned as it is, so callers keep their messages.
func WriteAtomic(path string, write func(w io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
