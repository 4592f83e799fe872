package obj

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// parser collects vertices, objects and parts while reading an OBJ file.
type parser struct {
	name      string
	lim       scene.Limits
	line      int // the line being read, or the first line of the statement being handled
	verts     []mgl64.Vec3
	nvt, nvn  int
	objs      []*group
	mtllibs   []string
	material  string
	triangles int
	pending   string // a statement continued (backslash) on the next line
	start     int    // the line where the statement being read began
}

// newParser returns a parser of the file name within the limits lim.
func newParser(name string, lim scene.Limits) *parser {
	return &parser{name: name, lim: lim}
}

// fail returns a *scene.FormatError at the current line.
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
	for sc.Scan() {
		if err := p.readLine(sc.Text()); err != nil {
			return err
		}
	}
	if err := p.scanErr(sc.Err()); err != nil {
		return err
	}
	return p.end()
}

// readLine takes the next line: it continues the pending statement when it ends with a
// backslash, and otherwise completes the statement and handles it.
func (p *parser) readLine(text string) error {
	p.line++
	if p.pending == "" {
		p.start = p.line
	}
	if strings.HasSuffix(text, `\`) {
		p.pending += strings.TrimSuffix(text, `\`) + " "
		if len(p.pending) > maxLine {
			return p.fail("statement longer than %d bytes", maxLine)
		}
		return nil
	}
	text, p.pending = p.pending+text, ""
	return p.statementAt(p.start, text)
}

// statementAt handles a statement that began on line start, so that its errors name that line.
func (p *parser) statementAt(start int, text string) error {
	cur := p.line
	p.line = start
	if err := p.statement(text); err != nil {
		return err
	}
	p.line = cur
	return nil
}

// scanErr words the scanner's failure, if any: a line past maxLine, or the reader's error.
func (p *parser) scanErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return p.fail("line longer than %d bytes", maxLine)
	}
	return p.fail("%v", err)
}

// end handles a statement left pending by a backslash on the last line, and refuses a file that
// gave no faces.
func (p *parser) end() error {
	if p.pending != "" {
		if err := p.statementAt(p.start, p.pending); err != nil {
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

// face reads "f a b c ..." and adds its fan of triangles to the current part.
func (p *parser) face(args []string) error {
	if len(args) < 3 {
		return p.fail("face has %d corners, want at least 3", len(args))
	}
	if p.triangles += len(args) - 2; p.triangles > p.lim.Triangles {
		return fmt.Errorf("scene: obj %s:%d: more than %d triangles: %w", p.name, p.line, p.lim.Triangles, fileio.ErrTooLarge)
	}
	corners := make([]int32, len(args)) // filled here, not returned, so that it stays on the stack
	if err := p.corners(args, corners); err != nil {
		return err
	}
	pt := p.part()
	if o := p.object(); o.material == "" {
		o.material = p.material
	}
	pt.addPolygon(corners, p.verts)
	return nil
}

// corners reads a face's corners (corner) into dst as indices of the file's vertices.
func (p *parser) corners(args []string, dst []int32) error {
	for i, a := range args {
		v, err := p.corner(a)
		if err != nil {
			return err
		}
		dst[i] = v
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
	if err := p.refs(f[1:]); err != nil {
		return 0, err
	}
	return int32(v), nil
}

// refs checks a corner's texture coordinate and normal references (either may be absent),
// which carry no geometry but must name ones read so far.
func (p *parser) refs(f []string) error {
	if len(f) > 0 && f[0] != "" {
		if _, err := p.index(f[0], p.nvt, "texture coordinate"); err != nil {
			return err
		}
	}
	if len(f) > 1 {
		if _, err := p.index(f[1], p.nvn, "normal"); err != nil {
			return err
		}
	}
	return nil
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
