package main

import (
	"errors"
	"io"
)

// runInfo prints facts about a motion file; filled in by the motion file formats.
func runInfo(args []string, stdout io.Writer) error {
	fs := newFlags("info", "FILE", stdout)
	if err := fs.parse(args); err != nil {
		return err
	}
	return errors.New("not implemented yet")
}
