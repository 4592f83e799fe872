package obj

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
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

func load(fsys fs.FS, name string, lim scene.Limits) (*scene.Scene, error) {
	data, err := fileio.ReadFile(fsys, name, lim.FileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: obj: %w", err)
	}
	p := newParser(name, lim)
	if err := p.parse(bytes.NewReader(data)); err != nil {
		return nil, err
	}
	colors := map[string][3]float64{}
	for _, lib := range p.mtllibs {
		readMTL(fsys, path.Join(path.Dir(name), lib), colors)
	}
	return p.scene(colors), nil
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

// parser collects vertices, objects and parts while reading an OBJ file.
type parser struct {
	name      string
	lim       scene.Limits
	line      int
	verts     []mgl64.Vec3
	nvt, nvn  int
	objs      []*group
	mtllibs   []string
	material  string
	triangles int
}

// group is an object being read: its parts and the first material its faces used.
type group struct {
	name     string
	parts    []*groupPart
	material string
}

// groupPart is a part being read; remap maps file vertex indices to the part's own vertices.
type groupPart struct {
	name  string
	mesh  *scene.Mesh
	remap map[int32]int32
}

func newParser(name string, lim scene.Limits) *parser {
	return &parser{name: name, lim: lim}
}

func (p *parser) fail(format string, args ...any) error {
	return &scene.FormatError{Format: "obj", Path: p.name, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// maxLine bounds one (joined) statement, so that a file without newlines cannot make the
// scanner grow without end.
const maxLine = 1 << 20

// parse reads every statement of the file, joining lines that end with a backslash.
func (p *parser) parse(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	var pending string
	start := 0
	for sc.Scan() {
		p.line++
		text := sc.Text()
		if pending == "" {
			start = p.line
		}
		if strings.HasSuffix(text, `\`) {
			pending += strings.TrimSuffix(text, `\`) + " "
			if len(pending) > maxLine {
				return p.fail("statement longer than %d bytes", maxLine)
			}
			continue
		}
		text, pending = pending+text, ""
		cur := p.line
		p.line = start
		if err := p.statement(text); err != nil {
			return err
		}
		p.line = cur
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return p.fail("line longer than %d bytes", maxLine)
		}
		return p.fail("%v", err)
	}
	if pending != "" {
		p.line = start
		if err := p.statement(pending); err != nil {
			return err
		}
	}
	if p.triangles == 0 {
		return &scene.FormatError{Format: "obj", Path: p.name, Msg: "no faces: the file describes no surface (want at least one f statement)"}
	}
	return nil
}

// statement handles one statement.
func (p *parser) statement(text string) error {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	switch f[0] {
	case "v":
		return p.vertex(f[1:])
	case "vt":
		return p.count(f, 1, 3, &p.nvt)
	case "vn":
		return p.count(f, 3, 3, &p.nvn)
	case "f", "fo":
		return p.face(f[1:])
	case "o":
		p.objs = append(p.objs, &group{name: strings.Join(f[1:], " ")})
	case "g":
		p.object().parts = append(p.object().parts, &groupPart{name: strings.Join(f[1:], "_")})
	case "usemtl":
		p.material = strings.Join(f[1:], " ")
	case "mtllib":
		p.mtllibs = append(p.mtllibs, f[1:]...)
	default:
		if !ignored[f[0]] {
			return p.fail("unknown statement %q", f[0])
		}
	}
	return nil
}

// ignored are the OBJ statements that carry no triangles: lines, points, smoothing and
// merging groups, free-form curves and surfaces, display attributes.
var ignored = map[string]bool{
	"l": true, "p": true, "s": true, "mg": true, "vp": true, "cstype": true, "deg": true,
	"bmat": true, "step": true, "curv": true, "curv2": true, "surf": true, "parm": true,
	"trim": true, "hole": true, "scrv": true, "sp": true, "end": true, "con": true, "call": true,
	"csh": true, "lod": true, "bevel": true, "c_interp": true, "d_interp": true, "usemap": true,
	"maplib": true, "shadow_obj": true, "trace_obj": true, "ctech": true, "stech": true,
}

// vertex reads "v x y z [w]" (some exporters append r g b; extra numbers are ignored).
func (p *parser) vertex(args []string) error {
	if len(args) < 3 || len(args) > 7 {
		return p.fail("vertex has %d numbers, want 3 to 7", len(args))
	}
	var v mgl64.Vec3
	for k := 0; k < 3; k++ {
		x, err := strconv.ParseFloat(args[k], 64)
		if err != nil || !geom.Finite(x) {
			return p.fail("vertex coordinate %q is not a finite number", args[k])
		}
		v[k] = x
	}
	p.verts = append(p.verts, v)
	return nil
}

// count checks a vt or vn statement and counts it, so that faces can check references to it.
func (p *parser) count(f []string, lo, hi int, n *int) error {
	if len(f)-1 < lo || len(f)-1 > hi {
		return p.fail("%s has %d numbers, want %d to %d", f[0], len(f)-1, lo, hi)
	}
	for _, s := range f[1:] {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return p.fail("%s component %q is not a number", f[0], s)
		}
	}
	*n++
	return nil
}

// object returns the object faces go to, starting one named after the file if none has begun.
func (p *parser) object() *group {
	if len(p.objs) == 0 {
		p.objs = append(p.objs, &group{name: scene.NameFromFile(p.name)})
	}
	return p.objs[len(p.objs)-1]
}

// part returns the part faces go to, starting one named "body" if the object has none.
func (p *parser) part() *groupPart {
	o := p.object()
	if len(o.parts) == 0 {
		o.parts = append(o.parts, &groupPart{})
	}
	pt := o.parts[len(o.parts)-1]
	if pt.mesh == nil {
		pt.mesh, pt.remap = &scene.Mesh{}, map[int32]int32{}
	}
	return pt
}

// face reads "f a b c ..." and adds its fan of triangles to the current part.
func (p *parser) face(args []string) error {
	if len(args) < 3 {
		return p.fail("face has %d corners, want at least 3", len(args))
	}
	if p.triangles += len(args) - 2; p.triangles > p.lim.Triangles {
		return fmt.Errorf("scene: obj %s:%d: more than %d triangles: %w", p.name, p.line, p.lim.Triangles, fileio.ErrTooLarge)
	}
	corners := make([]int32, len(args))
	for i, a := range args {
		v, err := p.corner(a)
		if err != nil {
			return err
		}
		corners[i] = v
	}
	pt := p.part()
	o := p.object()
	if o.material == "" {
		o.material = p.material
	}
	local := make([]int32, len(corners))
	for i, v := range corners {
		k, ok := pt.remap[v]
		if !ok {
			k = int32(len(pt.mesh.Vertices))
			pt.remap[v] = k
			pt.mesh.Vertices = append(pt.mesh.Vertices, p.verts[v])
		}
		local[i] = k
	}
	for i := 1; i+1 < len(local); i++ {
		pt.mesh.Triangles = append(pt.mesh.Triangles, [3]int32{local[0], local[i], local[i+1]})
	}
	return nil
}

// corner reads one face corner "v", "v/vt", "v//vn" or "v/vt/vn" and returns its vertex index
// (0-based), checking every reference against what has been read so far.
func (p *parser) corner(s string) (int32, error) {
	f := strings.Split(s, "/")
	if len(f) > 3 || f[0] == "" || (len(f) == 2 && f[1] == "") {
		return 0, p.fail("face corner %q, want v, v/vt, v//vn or v/vt/vn", s)
	}
	v, err := p.index(f[0], len(p.verts), "vertex")
	if err != nil {
		return 0, err
	}
	if len(f) > 1 && f[1] != "" {
		if _, err := p.index(f[1], p.nvt, "texture coordinate"); err != nil {
			return 0, err
		}
	}
	if len(f) > 2 {
		if _, err := p.index(f[2], p.nvn, "normal"); err != nil {
			return 0, err
		}
	}
	return int32(v), nil
}

// index resolves a 1-based (or negative, counting back) OBJ index among n items read so far.
func (p *parser) index(s string, n int, what string) (int, error) {
	i, err := strconv.Atoi(s)
	if err != nil {
		return 0, p.fail("%s index %q is not an integer", what, s)
	}
	switch {
	case i > 0 && i <= n:
		return i - 1, nil
	case i < 0 && -i <= n:
		return n + i, nil
	}
	return 0, p.fail("%s index %d out of range (%d read so far)", what, i, n)
}

// scene turns the objects read into a scene; objects and parts without faces are dropped.
func (p *parser) scene(colors map[string][3]float64) *scene.Scene {
	s := &scene.Scene{Name: scene.NameFromFile(p.name)}
	ids := map[string]bool{}
	for i, o := range p.objs {
		obj := p.objectOf(o, i, ids)
		if c, ok := colors[o.material]; ok {
			obj.Color = c
		}
		if len(obj.Parts) > 0 {
			s.Objects = append(s.Objects, obj)
		}
	}
	return s
}

// objectOf builds the Object of one OBJ object.
func (p *parser) objectOf(o *group, i int, ids map[string]bool) *scene.Object {
	id := o.name
	if id == "" {
		id = fmt.Sprintf("object_%d", i+1)
	}
	obj := &scene.Object{ID: scene.UniqueName(ids, id), Name: o.name, Category: scene.GuessCategory(o.name),
		Transform: mgl64.Ident4(), Color: scene.DefaultColor()}
	names := map[string]bool{}
	for _, pt := range o.parts {
		if pt.mesh == nil || len(pt.mesh.Triangles) == 0 {
			continue
		}
		name := pt.name
		if name == "" {
			name = string(scene.PartBody)
		}
		obj.Parts = append(obj.Parts, scene.Part{Name: scene.UniqueName(names, name), Kind: scene.GuessPartKind(name), Mesh: pt.mesh})
	}
	return obj
}

// maxMTLBytes bounds a material library; they are small text files.
const maxMTLBytes = 16 << 20

// readMTL adds the diffuse colours (Kd) of the materials in the library at name to colors.
// Materials only colour objects, so a library that is missing or malformed is skipped.
func readMTL(fsys fs.FS, name string, colors map[string][3]float64) {
	if !fs.ValidPath(name) {
		return
	}
	data, err := fileio.ReadFile(fsys, name, maxMTLBytes)
	if err != nil {
		return
	}
	current := ""
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "newmtl":
			current = strings.Join(f[1:], " ")
		case len(f) == 4 && f[0] == "Kd" && current != "":
			var c [3]float64
			ok := true
			for k := range c {
				x, err := strconv.ParseFloat(f[k+1], 64)
				ok = ok && err == nil && x >= 0 && x <= 1
				c[k] = x
			}
			if ok {
				colors[current] = c
			}
		}
	}
}
