package scene

import "fmt"

// FormatError reports a file that is not a well-formed instance of its format: what was wrong and
// where (Line is 1-based; 0 when the format has no lines). The loaders in the subpackages of scene
// all report bad input with it, so a caller can tell bad input from a failure to read.
type FormatError struct {
	Format string // "gltf", "obj", "unihsi", "layout"
	Path   string
	Line   int
	Msg    string
}

func (e *FormatError) Error() string {
	where := e.Path
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if where == "" {
		return fmt.Sprintf("scene: %s: %s", e.Format, e.Msg)
	}
	return fmt.Sprintf("scene: %s %s: %s", e.Format, where, e.Msg)
}

// UnsupportedError reports a well-formed file that needs a feature the loaders do not read, such
// as a Draco-compressed glTF.
type UnsupportedError struct {
	Format  string
	Path    string
	Feature string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("scene: %s %s: unsupported: %s", e.Format, e.Path, e.Feature)
}
