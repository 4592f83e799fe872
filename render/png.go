package render

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// WritePNG encodes img as a PNG file at path, atomically: the image is written to a temporary file
// in the same folder and renamed over path only once it is complete, so path never holds a
// half-written image, even when encoding fails or the process dies.
func WritePNG(path string, img image.Image) error {
	if img == nil || img.Bounds().Empty() {
		return fmt.Errorf("render: write %s: empty image", path)
	}
	f, err := createAtomic(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(bw, img); err != nil {
		f.abort()
		return fmt.Errorf("render: write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		f.abort()
		return fmt.Errorf("render: write %s: %w", path, err)
	}
	return f.commit()
}

// atomicFile is a temporary file beside its final path. commit closes it and renames it into place;
// abort closes and removes it. Exactly one of the two should be called; later calls do nothing.
type atomicFile struct {
	*os.File
	path   string // the final path
	done   bool
	handed bool // the handle was closed so that another program writes the file by name
}

// createAtomic creates a hidden temporary file in path's folder (renames are atomic only within one
// file system), named so that a leftover from a crash is recognisable.
func createAtomic(path string) (*atomicFile, error) {
	dir, base := filepath.Split(path)
	if base == "" {
		return nil, fmt.Errorf("render: write %q: want a file name, not a folder", path)
	}
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("render: write %s: %w", path, err)
	}
	return &atomicFile{File: f, path: path}, nil
}

// commit makes the temporary file visible at the final path with ordinary file permissions.
func (f *atomicFile) commit() error {
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
		// CreateTemp makes 0600 files; a picture or video is meant to be shared like any other file.
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, f.path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("render: write %s: %w", f.path, err)
	}
	return nil
}

// abort discards the temporary file; the final path is left untouched.
func (f *atomicFile) abort() {
	if f.done {
		return
	}
	f.done = true
	if !f.handed {
		f.File.Close()
	}
	os.Remove(f.Name())
}

// handOver closes our handle and returns the temporary file's name for another program to write;
// commit and abort still rename or remove it.
func (f *atomicFile) handOver() string {
	if !f.handed {
		f.handed = true
		f.File.Close()
	}
	return f.Name()
}
