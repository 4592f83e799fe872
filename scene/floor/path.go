package floor

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// PathErrorKind says why Path found no path.
type PathErrorKind int

// The reasons Path gives.
const (
	PathOutside     PathErrorKind = iota + 1 // an endpoint is not finite or lies outside the grid
	PathBlocked                              // an endpoint has no free cell within Snap of it
	PathUnreachable                          // no walkable floor joins the endpoints
)

// String names the reason: "outside", "blocked" or "unreachable".
func (k PathErrorKind) String() string {
	switch k {
	case PathOutside:
		return "outside"
	case PathBlocked:
		return "blocked"
	case PathUnreachable:
		return "unreachable"
	}
	return fmt.Sprintf("PathErrorKind(%d)", int(k))
}

// PathError reports why Path found no path: which reason (Kind), between which points, and a
// message for a person that says what was expected.
type PathError struct {
	Kind     PathErrorKind
	From, To mgl64.Vec3
	Msg      string
}

// Error says between which points there is no path and why, starting "scene: floor path".
func (e *PathError) Error() string {
	return fmt.Sprintf("scene: floor path from %s to %s: %s", pointText(e.From), pointText(e.To), e.Msg)
}

// pointText writes a floor point as "(x, z)".
func pointText(p mgl64.Vec3) string { return fmt.Sprintf("(%.2f, %.2f)", p.X(), p.Z()) }

// Path returns a shortest walkable path from one floor point to another (y ignored) as a
// polyline of few waypoints on the floor (y = 0), the first at from and the last at to. An
// endpoint in a blocked cell is first moved to the nearest free cell centre within Snap (a stand
// point just inside the clearance of its sofa); the path then starts or ends there instead.
//
// The path is an A* path over free cells (8 neighbours, octile costs, no cut corners), pulled
// straight: each waypoint is kept only when the straight segment that would skip it leaves the
// free cells. Every segment runs through free cells only, every cell it touches counted (not
// samples along it, which could miss a corner), so the whole path keeps the clearance up to
// the half-cell quantisation Floor describes. The pulled path is never longer than the grid path
// and is usually within a few percent of the true shortest path.
//
// A path has at least two waypoints; in open floor exactly two. When there is none the error is
// a *PathError that says why.
func (f *Floor) Path(from, to mgl64.Vec3) ([]mgl64.Vec3, error) {
	s, err := f.endpoint("start", from, from, to)
	if err != nil {
		return nil, err
	}
	t, err := f.endpoint("target", to, from, to)
	if err != nil {
		return nil, err
	}
	cs, _ := f.cellOf(s)
	ct, _ := f.cellOf(t)
	if f.region[cs] != f.region[ct] {
		return nil, f.unreachable(from, to)
	}
	if f.clear(s, t) {
		return []mgl64.Vec3{s, t}, nil
	}
	cells := f.search(cs, ct)
	if cells == nil {
		return nil, f.unreachable(from, to) // not expected: the regions said there is a path
	}
	return f.pull(s, t, cells), nil
}

// endpoint returns where a path may start or end for p (what names it in errors): p itself on
// the floor when its cell is free, else the nearest free cell centre within Snap.
func (f *Floor) endpoint(what string, p, from, to mgl64.Vec3) (mgl64.Vec3, error) {
	if !geom.Finite(p.X()) || !geom.Finite(p.Z()) {
		return p, &PathError{PathOutside, from, to, fmt.Sprintf("the %s %s is not a finite point", what, pointText(p))}
	}
	if _, ok := f.cellOf(p); !ok {
		e := f.Extent()
		return p, &PathError{PathOutside, from, to, fmt.Sprintf("the %s %s is outside the floor grid, which covers x %.2f to %.2f and z %.2f to %.2f",
			what, pointText(p), e.Lo.X(), e.Hi.X(), e.Lo.Z(), e.Hi.Z())}
	}
	if f.Free(p) {
		return fromXZ(xz(p)), nil
	}
	if q, ok := f.nearestFree(p, f.opt.Snap); ok {
		return q, nil
	}
	return p, &PathError{PathBlocked, from, to, fmt.Sprintf("the %s %s is %.2f m from an obstacle, and no floor within %g m of it is %g m clear of everything",
		what, pointText(p), f.Clearance(p), f.opt.Snap, f.opt.Clearance)}
}

// unreachable is the error for endpoints on floor that does not join.
func (f *Floor) unreachable(from, to mgl64.Vec3) error {
	return &PathError{PathUnreachable, from, to, fmt.Sprintf("no walkable floor joins them: every way between passes nearer than %g m to an obstacle (a gap narrower than %g m)",
		f.opt.Clearance, 2*f.opt.Clearance)}
}

// pull returns the grid path through cells as few waypoints, from s (in the first cell) to t (in
// the last). It walks along the cells and keeps a waypoint only where the straight segment from
// the last waypoint to the next cell is not clear. A step between neighbouring cells is clear by
// construction (the search cuts no corners), so it is not checked again.
func (f *Floor) pull(s, t mgl64.Vec3, cells []int) []mgl64.Vec3 {
	pts := make([]mgl64.Vec3, len(cells))
	for k, c := range cells {
		pts[k] = fromXZ(f.center(c))
	}
	pts[0], pts[len(pts)-1] = s, t
	out, anchor := []mgl64.Vec3{s}, 0
	for k := 2; k < len(pts); k++ {
		if !f.clear(pts[anchor], pts[k]) {
			anchor = k - 1
			out = append(out, pts[anchor])
		}
	}
	return append(out, t)
}

// clear reports whether the segment ab runs through free cells only. Every cell the closed
// segment touches counts, a corner or an edge included, with a margin of a billionth of a cell,
// so rounding cannot let a segment slip past the corner of a blocked cell.
func (f *Floor) clear(a, b mgl64.Vec3) bool {
	u0, v0 := f.gridCoords(a)
	u1, v1 := f.gridCoords(b)
	if u0 > u1 {
		u0, v0, u1, v1 = u1, v1, u0, v0
	}
	const eps = 1e-9
	for i := int(math.Floor(u0 - eps)); i <= int(math.Floor(u1+eps)); i++ {
		za, zb := v0, v1
		if u1 > u0 {
			slope := (v1 - v0) / (u1 - u0)
			za, zb = v0+(max(u0, float64(i))-u0)*slope, v0+(min(u1, float64(i+1))-u0)*slope
		}
		for j := int(math.Floor(min(za, zb) - eps)); j <= int(math.Floor(max(za, zb)+eps)); j++ {
			if !f.freeIJ(i, j) {
				return false
			}
		}
	}
	return true
}

// gridCoords returns p's position in cells from the grid's low corner, along x and z.
func (f *Floor) gridCoords(p mgl64.Vec3) (float64, float64) {
	return (p.X() - f.x0) / f.opt.Cell, (p.Z() - f.z0) / f.opt.Cell
}
