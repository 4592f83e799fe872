package obj

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"

	"interactagent/fileio"
	"interactagent/scene"
)

// Load reads a Wavefront OBJ file named name in fsys, with the colours (Kd) of the materials
// its mtllib statements name; material files that are missing or unreadable are ignored.
// See Read for how the file becomes a scene.
func Load(fsys fs.FS, name string) (*scene.Scene, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("scene: obj %q: not a valid path inside the folder (no .., no leading /)", name)
	}
	return load(fsys, name, scene.DefaultLimits())
}

// load reads name with the limits lim (Load's are scene.DefaultLimits; tests use smaller ones).
func load(fsys fs.FS, name string, lim scene.Limits) (*scene.Scene, error) {
	data, err := fileio.ReadFile(fsys, name, lim.FileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: obj: %w", err)
	}
	p := newParser(name, lim)
	if err := p.parse(bytes.NewReader(data)); err != nil {
		return nil, err
	}
	return p.scene(readMTLs(fsys, name, p.mtllibs)), nil
}

// Read reads a Wavefront OBJ file (Y up, metres, as this package) from r; name is used for the
// scene's name and in errors. Each "o" statement starts an object and each "g" a part of it (faces
// before any "o" belong to an object named after the file; faces before any "g" to a part named
// "body"). Faces take any of the forms v, v/vt, v//vn and v/vt/vn, with negative indices
// counting back from the latest vertex; quads and larger polygons are split into a fan of
// triangles. Lines, points, curves, smoothing groups and materials carry no triangles and are
// skipped; mtllib files are not read (Load reads them for colours). Malformed statements and
// out-of-range indices are errors that give the line number.
func Read(r io.Reader, name string) (*scene.Scene, error) {
	p := newParser(name, scene.DefaultLimits())
	if err := p.parse(r); err != nil {
		return nil, err
	}
	return p.scene(nil), nil
}
