package furniture

import (
	"fmt"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// Doorway is an opening in a wall from the floor up to Height: Offset is the distance along the
// wall from its start to the opening's centre, Width the opening's width (metres).
type Doorway struct {
	Offset, Width, Height float64
}

// WallSpec is one straight wall: From and To are the ends of its centre line on the floor, and
// Name prefixes its parts' names ("wall_zmin" gives "wall_zmin" or "wall_zmin_1", "wall_zmin_2",
// "wall_zmin_lintel_1" when it has doorways).
type WallSpec struct {
	Name              string
	From, To          mgl64.Vec3
	Thickness, Height float64
	Doorways          []Doorway
}

// NewWalls builds one object of category "wall" holding every wall's parts: each wall is cut into
// solid box segments between its doorways and a lintel box above each doorway, all of kind
// PartWall. Segments and lintels of a wall touch but are separate parts, so every part is one
// closed box.
func NewWalls(id string, walls []WallSpec) (*scene.Object, error) {
	o := &scene.Object{ID: id, Category: "wall", Name: "Walls", Transform: mgl64.Ident4(), Color: clay(226, 222, 212)}
	names := map[string]bool{}
	for _, w := range walls {
		parts, err := wallParts(w)
		if err != nil {
			return nil, err
		}
		for _, p := range parts {
			if names[p.Name] {
				return nil, fmt.Errorf("scene: walls %s: two parts named %q; give the walls distinct names", id, p.Name)
			}
			names[p.Name] = true
		}
		o.Parts = append(o.Parts, parts...)
	}
	return o, nil
}

// wallParts returns one wall's segments and lintels in world space.
func wallParts(w WallSpec) ([]scene.Part, error) {
	span := w.To.Sub(w.From)
	span[1] = 0
	length := span.Len()
	switch {
	case !geom.FiniteVec(w.From) || !geom.FiniteVec(w.To) || !(length >= 0.1 && length <= 100):
		return nil, fmt.Errorf("scene: wall %s: from %v to %v: want ends 0.1–100 m apart", w.Name, w.From, w.To)
	case !(w.Thickness >= 0.02 && w.Thickness <= 1):
		return nil, fmt.Errorf("scene: wall %s: thickness %g m, want 0.02–1 m", w.Name, w.Thickness)
	case !(w.Height >= 1 && w.Height <= 10):
		return nil, fmt.Errorf("scene: wall %s: height %g m, want 1–10 m", w.Name, w.Height)
	}
	doors, err := wallDoorways(w, length)
	if err != nil {
		return nil, fmt.Errorf("scene: %w", err)
	}
	// Build along +X from the origin, then turn onto the wall's direction: θ maps +X onto span.
	theta := math.Atan2(-span.Z(), span.X())
	x := mgl64.Translate3D(w.From.X(), 0, w.From.Z()).Mul4(mgl64.HomogRotate3DY(theta))
	t := w.Thickness / 2
	var segs, lintels []*scene.Mesh
	start := 0.0
	for _, d := range doors {
		lo, hi := d.Offset-d.Width/2, d.Offset+d.Width/2
		if lo > start+1e-9 {
			segs = append(segs, BoxMesh(pv(start, 0, -t), pv(lo, w.Height, t)))
		}
		if d.Height < w.Height-1e-9 {
			lintels = append(lintels, BoxMesh(pv(lo, d.Height, -t), pv(hi, w.Height, t)))
		}
		start = hi
	}
	if length > start+1e-9 {
		segs = append(segs, BoxMesh(pv(start, 0, -t), pv(length, w.Height, t)))
	}
	var parts []scene.Part
	for i, m := range segs {
		name := w.Name
		if len(segs)+len(lintels) > 1 {
			name = fmt.Sprintf("%s_%d", w.Name, i+1)
		}
		parts = append(parts, scene.Part{Name: name, Kind: scene.PartWall, Mesh: m.Transformed(x)})
	}
	for i, m := range lintels {
		parts = append(parts, scene.Part{Name: fmt.Sprintf("%s_lintel_%d", w.Name, i+1), Kind: scene.PartWall, Mesh: m.Transformed(x)})
	}
	return parts, nil
}

// wallDoorways checks a wall's doorways (inside the wall, 0.3–5 m wide, 0.5 m up to the wall's
// height, not overlapping) and returns them sorted along the wall. Its errors name the wall but
// not the package: callers add the context they know.
func wallDoorways(w WallSpec, length float64) ([]Doorway, error) {
	doors := append([]Doorway(nil), w.Doorways...)
	for i, d := range doors {
		switch {
		case !(d.Width >= 0.3 && d.Width <= 5):
			return nil, fmt.Errorf("wall %s: doorway %d: width %g m, want 0.3–5 m", w.Name, i+1, d.Width)
		case !(d.Height >= 0.5 && d.Height <= w.Height):
			return nil, fmt.Errorf("wall %s: doorway %d: height %g m, want 0.5 m up to the wall's %g m", w.Name, i+1, d.Height, w.Height)
		case !(d.Offset-d.Width/2 >= 0 && d.Offset+d.Width/2 <= length):
			return nil, fmt.Errorf("wall %s: doorway %d: spans %.3f–%.3f m along the wall, want inside 0–%.3f m", w.Name, i+1, d.Offset-d.Width/2, d.Offset+d.Width/2, length)
		}
	}
	sort.Slice(doors, func(i, j int) bool { return doors[i].Offset < doors[j].Offset })
	for i := 1; i < len(doors); i++ {
		if doors[i].Offset-doors[i].Width/2 < doors[i-1].Offset+doors[i-1].Width/2 {
			return nil, fmt.Errorf("wall %s: doorways at %.3f m and %.3f m overlap", w.Name, doors[i-1].Offset, doors[i].Offset)
		}
	}
	return doors, nil
}
