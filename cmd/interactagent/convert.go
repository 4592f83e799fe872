package main

import (
	"errors"
	"io"
)

// runConvert converts motion files; filled in by the motion file formats.
func runConvert(args []string, stdout io.Writer) error {
	fs := newFlags("convert", "IN OUT", stdout)
	if err := fs.parse(args); err != nil {
		return err
	}
	return errors.New("not implemented yet")
}
