package distance

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Probe measures how deep a body's surface points are inside the scene, one frame of body capsules
// at a time; it is what penetration metrics call, so that they only weight, sum and summarise.
//
// For each frame, Frame takes the capsules and culls (see DepthField): it finds, per capsule, the
// solids the capsule may enter and whether it may reach below the floor. Points are expensive to
// compute, so a caller asks Reaches(i) first and computes capsule i's surface points only when it
// is true; Depths then gives each point's depth. A Probe keeps its buffers from frame to frame and
// is not safe for concurrent use: give each goroutine its own (NewProbe is cheap).
type Probe struct {
	field  *DepthField
	cand   []Solid
	near   []nearSolid
	ranges [][2]int32 // capsule i's solids: near[ranges[i][0]:ranges[i][1]]
	floor  []bool     // capsule i may reach below the floor
	depth  []float64
	who    []Solid
}

// NewProbe returns a probe over the field.
func (f *DepthField) NewProbe() *Probe { return &Probe{field: f} }

// Frame prepares the capsules of one frame and reports whether any of them may have a point inside
// the scene deeper than CullTolerance; when it reports false, no point of the frame needs testing.
func (p *Probe) Frame(caps []geom.Capsule) bool {
	box := geom.EmptyBox()
	for _, c := range caps {
		box = box.Union(c.Bounds())
	}
	p.cand = p.field.overlapping(box, p.cand)
	p.near, p.ranges, p.floor = p.near[:0], p.ranges[:0], p.floor[:0]
	reach := false
	for _, c := range caps {
		start := int32(len(p.near))
		var floor bool
		p.near, floor = p.field.capsuleSolids(c.A, c.B, c.Radius, p.cand, p.near)
		p.ranges = append(p.ranges, [2]int32{start, int32(len(p.near))})
		p.floor = append(p.floor, floor)
		reach = reach || floor || int(start) < len(p.near)
	}
	return reach
}

// Reaches reports whether capsule i of the last Frame may have points deeper than CullTolerance
// inside the scene; when false, all its points are outside (or within the tolerance) and Depths
// would report zeros.
func (p *Probe) Reaches(i int) bool {
	r := p.ranges[i]
	return r[0] < r[1] || p.floor[i]
}

// FloorOnly reports whether capsule i of the last Frame may reach below the floor and into no
// solid: its points' depths are then how far they lie below the floor (FloorSolid's), which a
// caller with cheap bounds on its points can find without computing all of them.
func (p *Probe) FloorOnly(i int) bool {
	r := p.ranges[i]
	return r[0] == r[1] && p.floor[i]
}

// Depths returns how deep each of points, which must lie on the surface of capsule i of the last
// Frame, is inside the scene (max(0, −SDF), metres; the floor's underside counts as inside) and
// the solid each is deepest in (FloorSolid for the floor or none, GridSolid for the grid). The slices belong to the probe
// and stay valid until its next call.
func (p *Probe) Depths(i int, points []mgl64.Vec3) ([]float64, []Solid) {
	n := len(points)
	p.depth = slices.Grow(p.depth[:0], n)[:n]
	p.who = slices.Grow(p.who[:0], n)[:n]
	floor := p.floor[i]
	for k := range points {
		p.depth[k], p.who[k] = 0, FloorSolid
		if floor && points[k][1] < 0 {
			p.depth[k] = -points[k][1]
		}
	}
	r := p.ranges[i]
	for j := r[0]; j < r[1]; j++ {
		p.field.depths(&p.near[j], points, p.depth, p.who)
	}
	return p.depth, p.who
}
