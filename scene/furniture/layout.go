package furniture

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
)

// Layout is a room in our layout JSON (docs/scene-layout.md): a rectangular room whose interior
// spans x ∈ [0, width], z ∈ [0, depth], walls outside it with doorways, optional interior walls,
// procedural furniture and the person's start pose. ParseLayout fills every default, so a parsed
// layout written back out (json.Marshal) parses to the same layout.
type Layout struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Room        LayoutRoom      `json:"room"`
	Doorways    []LayoutDoorway `json:"doorways,omitempty"`
	Walls       []LayoutWall    `json:"walls,omitempty"`
	Objects     []LayoutObject  `json:"objects"`
	Start       LayoutStart     `json:"start"`
}

// LayoutRoom is the room's interior size and its walls' height and thickness (metres).
type LayoutRoom struct {
	Width         float64 `json:"width"`
	Depth         float64 `json:"depth"`
	Height        float64 `json:"height,omitempty"`
	WallThickness float64 `json:"wall_thickness,omitempty"`
}

// LayoutDoorway is an opening in a wall. On the room's walls, Wall names the side ("xmin" is the
// wall at x = 0, "xmax" at x = width, "zmin" at z = 0, "zmax" at z = depth) and Offset runs along
// the inside of that wall from its low-coordinate corner to the opening's centre; on an interior
// wall, Wall stays empty and Offset runs from the wall's From end.
type LayoutDoorway struct {
	Wall   string  `json:"wall,omitempty"`
	Offset float64 `json:"offset"`
	Width  float64 `json:"width"`
	Height float64 `json:"height,omitempty"`
}

// LayoutWall is an interior wall along x or z between two floor points [x, z] inside the room.
type LayoutWall struct {
	ID        string          `json:"id,omitempty"`
	From      [2]float64      `json:"from"`
	To        [2]float64      `json:"to"`
	Thickness float64         `json:"thickness,omitempty"`
	Doorways  []LayoutDoorway `json:"doorways,omitempty"`
}

// LayoutObject is one piece of procedural furniture (see Kinds): footprint centre (X, Z),
// Yaw in degrees (0: front faces +Z; 90: faces +X) and Size [width, height, depth] in metres,
// empty or zero components for the kind's default.
type LayoutObject struct {
	Kind    string    `json:"kind"`
	ID      string    `json:"id,omitempty"`
	Name    string    `json:"name,omitempty"`
	Variant string    `json:"variant,omitempty"`
	X       float64   `json:"x"`
	Z       float64   `json:"z"`
	Yaw     float64   `json:"yaw,omitempty"`
	Size    []float64 `json:"size,omitempty"`
}

// LayoutStart is where the person starts: a floor point and a heading in degrees (0 faces +Z,
// 90 faces +X).
type LayoutStart struct {
	X       float64 `json:"x"`
	Z       float64 `json:"z"`
	Heading float64 `json:"heading"`
}

// Limits of the layout format; inputs beyond them are refused rather than built.
const (
	LayoutMaxBytes    = 1 << 20
	LayoutMaxObjects  = 200
	LayoutMaxWalls    = 32
	LayoutMaxDoorways = 32
)

// Defaults and ranges of the layout format (metres).
const (
	layoutDefaultHeight    = 2.6
	layoutDefaultThickness = 0.12
	layoutDefaultDoorH     = 2.05
	layoutMinRoom          = 1.5
	layoutMaxRoom          = 40.0
	layoutFootprintSlack   = 0.005 // objects may graze the walls by rounding, not pass through them
	layoutStartMargin      = 0.2   // the start must leave room for the body inside the walls
)

// layoutIDPattern is what ids and names of scenes look like: short, lower case, no spaces.
var layoutIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_]{0,63}$`)

// ParseLayout reads and validates a layout: unknown fields, unknown kinds or variants, duplicate
// ids, objects or doorways outside the room, non-finite or absurd numbers and too many things are
// errors that say where. Defaults are filled in and missing object ids become kind_N.
func ParseLayout(data []byte) (*Layout, error) {
	if len(data) > LayoutMaxBytes {
		return nil, fmt.Errorf("scene: layout: %d bytes, want at most %d", len(data), LayoutMaxBytes)
	}
	var l Layout
	if err := fileio.DecodeJSON(data, &l, true); err != nil {
		return nil, fmt.Errorf("scene: layout: %w", err)
	}
	if err := l.validate(); err != nil {
		return nil, err
	}
	return &l, nil
}

// validate checks every field and fills defaults.
func (l *Layout) validate() error {
	if !layoutIDPattern.MatchString(l.Name) {
		return fmt.Errorf("scene: layout: name %q: want 1–64 lower-case letters, digits or _", l.Name)
	}
	if len(l.Description) > 2000 {
		return fmt.Errorf("scene: layout %s: description of %d bytes, want at most 2000", l.Name, len(l.Description))
	}
	for _, check := range []func() error{l.validateRoom, l.validateDoorways, l.validateWalls, l.validateObjects, l.validateStart} {
		if err := check(); err != nil {
			return fmt.Errorf("scene: layout %s: %w", l.Name, err)
		}
	}
	l.normalize()
	return nil
}

// normalize gives empty lists one spelling (absent for optional ones, [] for objects), so that a
// parsed layout written out and parsed again is the same value.
func (l *Layout) normalize() {
	if len(l.Doorways) == 0 {
		l.Doorways = nil
	}
	if len(l.Walls) == 0 {
		l.Walls = nil
	}
	for i := range l.Walls {
		if len(l.Walls[i].Doorways) == 0 {
			l.Walls[i].Doorways = nil
		}
	}
	if l.Objects == nil {
		l.Objects = []LayoutObject{}
	}
	for i := range l.Objects {
		if len(l.Objects[i].Size) == 0 {
			l.Objects[i].Size = nil
		}
	}
}

// validateRoom checks the room's size and fills the wall height and thickness.
func (l *Layout) validateRoom() error {
	r := &l.Room
	if !(r.Width >= layoutMinRoom && r.Width <= layoutMaxRoom && r.Depth >= layoutMinRoom && r.Depth <= layoutMaxRoom) {
		return fmt.Errorf("room: %g × %g m, want width and depth %g–%g m", r.Width, r.Depth, layoutMinRoom, layoutMaxRoom)
	}
	r.Height = layoutDefault(r.Height, layoutDefaultHeight)
	r.WallThickness = layoutDefault(r.WallThickness, layoutDefaultThickness)
	if !(r.Height >= 2 && r.Height <= 6) {
		return fmt.Errorf("room: height %g m, want 2–6 m", r.Height)
	}
	if !(r.WallThickness >= 0.05 && r.WallThickness <= 0.5) {
		return fmt.Errorf("room: wall_thickness %g m, want 0.05–0.5 m", r.WallThickness)
	}
	return nil
}

// layoutDefault returns def for an unset (zero) value.
func layoutDefault(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

// validateDoorways checks the doorways of the room's walls: known sides, sane sizes, inside their
// wall, not overlapping.
func (l *Layout) validateDoorways() error {
	if len(l.Doorways) > LayoutMaxDoorways {
		return fmt.Errorf("%d doorways, want at most %d", len(l.Doorways), LayoutMaxDoorways)
	}
	for i := range l.Doorways {
		d := &l.Doorways[i]
		length, ok := l.sideLength(d.Wall)
		if !ok {
			return fmt.Errorf("doorways[%d]: wall %q unknown, want xmin, xmax, zmin or zmax", i, d.Wall)
		}
		if err := layoutCheckDoorway(d, length, l.Room.Height); err != nil {
			return fmt.Errorf("doorways[%d] (wall %s): %w", i, d.Wall, err)
		}
	}
	for _, side := range layoutSides {
		var on []LayoutDoorway
		for _, d := range l.Doorways {
			if d.Wall == side {
				on = append(on, d)
			}
		}
		if err := layoutCheckOverlaps(on); err != nil {
			return fmt.Errorf("wall %s: %w", side, err)
		}
	}
	return nil
}

// layoutCheckOverlaps reports two doorways of one wall that overlap.
func layoutCheckOverlaps(doors []LayoutDoorway) error {
	for i, a := range doors {
		for _, b := range doors[:i] {
			if math.Abs(a.Offset-b.Offset) < (a.Width+b.Width)/2 {
				return fmt.Errorf("doorways at offsets %g m and %g m overlap", b.Offset, a.Offset)
			}
		}
	}
	return nil
}

// sideLength returns the inside length of a side of the room.
func (l *Layout) sideLength(side string) (float64, bool) {
	switch side {
	case "xmin", "xmax":
		return l.Room.Depth, true
	case "zmin", "zmax":
		return l.Room.Width, true
	}
	return 0, false
}

// layoutCheckDoorway fills a doorway's height and checks that it fits inside a wall of the given
// inside length and height.
func layoutCheckDoorway(d *LayoutDoorway, length, height float64) error {
	d.Height = layoutDefault(d.Height, math.Min(layoutDefaultDoorH, height))
	switch {
	case !(d.Width >= 0.6 && d.Width <= 4):
		return fmt.Errorf("width %g m, want 0.6–4 m", d.Width)
	case !(d.Height >= 1.5 && d.Height <= height):
		return fmt.Errorf("height %g m, want 1.5 m up to the wall's %g m", d.Height, height)
	case !(d.Offset-d.Width/2 >= 0 && d.Offset+d.Width/2 <= length):
		return fmt.Errorf("offset %g m with width %g m spans %.3f–%.3f m, want inside the wall's 0–%g m", d.Offset, d.Width, d.Offset-d.Width/2, d.Offset+d.Width/2, length)
	}
	return nil
}

// validateWalls checks interior walls: along x or z, ends inside the room, their doorways.
func (l *Layout) validateWalls() error {
	if len(l.Walls) > LayoutMaxWalls {
		return fmt.Errorf("%d walls, want at most %d", len(l.Walls), LayoutMaxWalls)
	}
	seen := map[string]bool{}
	for _, side := range layoutSides {
		seen[side] = true
	}
	for i := range l.Walls {
		w := &l.Walls[i]
		if w.ID == "" {
			w.ID = fmt.Sprintf("interior_%d", i+1)
		}
		if seen[w.ID] {
			return fmt.Errorf("walls[%d]: id %q used twice (or names a room side)", i, w.ID)
		}
		seen[w.ID] = true
		if err := l.checkWall(w); err != nil {
			return fmt.Errorf("walls[%d] (%s): %w", i, w.ID, err)
		}
	}
	_, err := l.wallSpecs()
	return err
}

// checkWall checks one interior wall and fills its defaults.
func (l *Layout) checkWall(w *LayoutWall) error {
	if !layoutIDPattern.MatchString(w.ID) {
		return fmt.Errorf("id %q: want 1–64 lower-case letters, digits or _", w.ID)
	}
	for _, p := range [][2]float64{w.From, w.To} {
		if !l.inRoom(p[0], p[1], 0) {
			return fmt.Errorf("end (%g, %g) outside the room 0–%g × 0–%g m", p[0], p[1], l.Room.Width, l.Room.Depth)
		}
	}
	dx, dz := w.To[0]-w.From[0], w.To[1]-w.From[1]
	if dx != 0 && dz != 0 {
		return fmt.Errorf("from (%g, %g) to (%g, %g): want a wall along x or along z", w.From[0], w.From[1], w.To[0], w.To[1])
	}
	length := math.Abs(dx) + math.Abs(dz)
	if length < 0.3 {
		return fmt.Errorf("length %g m, want at least 0.3 m", length)
	}
	w.Thickness = layoutDefault(w.Thickness, l.Room.WallThickness)
	if !(w.Thickness >= 0.05 && w.Thickness <= 0.5) {
		return fmt.Errorf("thickness %g m, want 0.05–0.5 m", w.Thickness)
	}
	if len(w.Doorways) > LayoutMaxDoorways {
		return fmt.Errorf("%d doorways, want at most %d", len(w.Doorways), LayoutMaxDoorways)
	}
	for j := range w.Doorways {
		d := &w.Doorways[j]
		if d.Wall != "" {
			return fmt.Errorf("doorways[%d]: wall %q: leave it empty on an interior wall", j, d.Wall)
		}
		if err := layoutCheckDoorway(d, length, l.Room.Height); err != nil {
			return fmt.Errorf("doorways[%d]: %w", j, err)
		}
	}
	return layoutCheckOverlaps(w.Doorways)
}

// inRoom reports whether the floor point (x, z) lies inside the room, margin metres from its walls.
func (l *Layout) inRoom(x, z, margin float64) bool {
	return x >= margin && x <= l.Room.Width-margin && z >= margin && z <= l.Room.Depth-margin
}

// validateStart checks the start pose: inside the room, clear of the walls, a sane heading.
func (l *Layout) validateStart() error {
	s := l.Start
	if !l.inRoom(s.X, s.Z, layoutStartMargin) {
		return fmt.Errorf("start (%g, %g): want inside the room at least %g m from the walls", s.X, s.Z, layoutStartMargin)
	}
	if !(s.Heading >= -360 && s.Heading <= 360) {
		return fmt.Errorf("start heading %g°, want −360–360°", s.Heading)
	}
	return nil
}

// layoutSides lists the room's walls in the order they are built.
var layoutSides = []string{"zmin", "zmax", "xmin", "xmax"}

// wallSpecs returns the room's four walls (outside the interior; the zmin and zmax walls cover the
// corners) and the interior walls, with doorway offsets turned into offsets along each wall.
func (l *Layout) wallSpecs() ([]WallSpec, error) {
	W, D, t, H := l.Room.Width, l.Room.Depth, l.Room.WallThickness, l.Room.Height
	ends := map[string][2]mgl64.Vec3{
		"zmin": {pv(-t, 0, -t/2), pv(W+t, 0, -t/2)},
		"zmax": {pv(-t, 0, D+t/2), pv(W+t, 0, D+t/2)},
		"xmin": {pv(-t/2, 0, 0), pv(-t/2, 0, D)},
		"xmax": {pv(W+t/2, 0, 0), pv(W+t/2, 0, D)},
	}
	var specs []WallSpec
	for _, side := range layoutSides {
		shift := 0.0 // the zmin and zmax walls start at the outer corner
		if side == "zmin" || side == "zmax" {
			shift = t
		}
		s := WallSpec{Name: "wall_" + side, From: ends[side][0], To: ends[side][1], Thickness: t, Height: H}
		for _, d := range l.Doorways {
			if d.Wall == side {
				s.Doorways = append(s.Doorways, Doorway{Offset: d.Offset + shift, Width: d.Width, Height: d.Height})
			}
		}
		specs = append(specs, s)
	}
	for _, w := range l.Walls {
		s := WallSpec{Name: "wall_" + w.ID, From: pv(w.From[0], 0, w.From[1]), To: pv(w.To[0], 0, w.To[1]), Thickness: w.Thickness, Height: H}
		for _, d := range w.Doorways {
			s.Doorways = append(s.Doorways, Doorway{Offset: d.Offset, Width: d.Width, Height: d.Height})
		}
		specs = append(specs, s)
	}
	for _, s := range specs {
		if _, err := wallDoorways(s, s.To.Sub(s.From).Len()); err != nil {
			return nil, err
		}
	}
	return specs, nil
}

// layoutObjectError is an error about one object, naming its index and id.
func layoutObjectError(i int, o LayoutObject, format string, args ...any) error {
	return fmt.Errorf("objects[%d] (%s %s): %s", i, o.Kind, o.ID, fmt.Sprintf(format, args...))
}

// layoutKindList is the known kinds for error messages.
func layoutKindList() string { return strings.Join(Kinds(), ", ") }
