// Package assets holds the data the binary carries inside itself: the built-in scene layouts
// (scenes/NAME.json, the layout format of docs/scene-layout.md). It is data only and imports
// nothing of the project.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed scenes/*.json
var scenes embed.FS

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
