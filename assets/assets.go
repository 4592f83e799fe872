// Package assets holds the data the binary carries inside itself: the built-in scene layouts
// (scenes/NAME.json, the layout format of docs/scene-layout.md), the built-in task suites
// (suites/NAME.json) and the open human body (body/makehuman.iabody). It is data only and imports
// nothing of the project.
package assets

import (
	"bytes"
	"embed"
	"io"
	"io/fs"
)

//go:embed scenes/*.json
var scenes embed.FS

//go:embed suites/*.json
var suites embed.FS

// Scenes returns the built-in scene layouts as a read-only file system whose root holds one
// NAME.json per scene.
func Scenes() fs.FS {
	sub, err := fs.Sub(scenes, "scenes")
	if err != nil {
		// fs.Sub fails only for an invalid path; "scenes" is a constant.
		return scenes
	}
	return sub
}

// Suites returns the built-in task suites (suites/NAME.json, the suite format of docs/bench.md) as a
// read-only file system whose root holds one NAME.json per suite.
func Suites() fs.FS {
	sub, err := fs.Sub(suites, "suites")
	if err != nil {
		return suites
	}
	return sub
}

//go:embed body/makehuman.iabody
var humanBody []byte

// HumanBody returns a reader of the open human body: MakeHuman's CC0 base mesh converted by
// `go run ./body/internal/convert` (body/makehuman.iabody, the format of package body; its
// LICENSE.md and SOURCE.md lie beside it).
func HumanBody() io.Reader { return bytes.NewReader(humanBody) }
