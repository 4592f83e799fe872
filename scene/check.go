package scene

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Check reports the first place where the scene is no room: a vertex, a surface, a stand point or
// the start beyond ±geom.MaxCoord metres (or not finite). Loaders accept any finite number a file
// holds; a scene that passes Check can be drawn, measured and written (float32) without overflow.
func (s *Scene) Check() error {
	if !geom.InWorldVec(s.Start.Root) || !geom.Finite(s.Start.Heading) {
		return fmt.Errorf("scene %s: the start %v is %s", s.Name, s.Start.Root, beyond)
	}
	for _, o := range s.Objects {
		if err := o.check(); err != nil {
			return fmt.Errorf("scene %s: object %s: %w", s.Name, o.ID, err)
		}
	}
	return nil
}

// beyond says what a coordinate that fails the check is.
var beyond = fmt.Sprintf("not within ±%g m of the origin: no room is that large", geom.MaxCoord)

// check is Check for one object.
func (o *Object) check() error {
	for _, p := range o.Parts {
		if err := p.Mesh.check(); err != nil {
			return fmt.Errorf("part %s: %w", p.Name, err)
		}
	}
	for i, sf := range o.Surfaces {
		if !geom.InWorldVec(sf.Center) || !geom.InWorld(sf.Extent[0]) || !geom.InWorld(sf.Extent[1]) {
			return fmt.Errorf("surface %d (%s) at %v is %s", i, sf.Part, sf.Center, beyond)
		}
	}
	return checkPoints("stand point", o.StandPoints)
}

// check reports the first vertex beyond ±geom.MaxCoord.
func (m *Mesh) check() error {
	if m == nil {
		return nil
	}
	return checkPoints("vertex", m.Vertices)
}

// checkPoints reports the first of points beyond ±geom.MaxCoord, named what.
func checkPoints(what string, points []mgl64.Vec3) error {
	for i, v := range points {
		if !geom.InWorldVec(v) {
			return fmt.Errorf("%s %d at %v is %s", what, i, v, beyond)
		}
	}
	return nil
}
