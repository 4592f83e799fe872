package furniture

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
)

// LayoutClearance is how far (metres, horizontally) the start pose and every kept stand point stay
// from the bounds of every part in a built layout: room for a body to stand there facing any way.
// It is the reach of the body proxy standing at rest (motion.RestPose, arms hanging), rounded up:
// its hands hang about 0.31 m from the body's vertical axis, and with their capsule radius the
// proxy reaches about 0.345 m out. Part bounds contain the part, so a body whose root is this far
// from every part's bounds has no point inside any of them, whatever its heading.
// TestLayoutClearanceCoversBody keeps the constant in step with the proxy.
const LayoutClearance = 0.35

// validateObjects checks the furniture list: known kinds and variants, unique ids, sane sizes and
// yaws, footprints inside the room. Missing ids become kind_N (the lowest N not taken).
func (l *Layout) validateObjects() error {
	if len(l.Objects) > LayoutMaxObjects {
		return fmt.Errorf("%d objects, want at most %d", len(l.Objects), LayoutMaxObjects)
	}
	taken := map[string]int{"walls": -1}
	for i, o := range l.Objects {
		if o.ID == "" {
			continue
		}
		if !layoutIDPattern.MatchString(o.ID) {
			return layoutObjectError(i, o, "id %q: want 1–64 lower-case letters, digits or _", o.ID)
		}
		if j, dup := taken[o.ID]; dup {
			if j < 0 {
				return layoutObjectError(i, o, "id %q is reserved for the walls", o.ID)
			}
			return layoutObjectError(i, o, "id %q already used by objects[%d]", o.ID, j)
		}
		taken[o.ID] = i
	}
	for i := range l.Objects {
		o := &l.Objects[i]
		if o.ID == "" {
			o.ID = layoutFreeID(o.Kind, taken)
			taken[o.ID] = i
		}
		if err := l.checkObject(i, o); err != nil {
			return err
		}
	}
	return nil
}

// layoutFreeID returns kind_N with the lowest N ≥ 1 not taken.
func layoutFreeID(kind string, taken map[string]int) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s_%d", kind, n)
		if _, ok := taken[id]; !ok {
			return id
		}
	}
}

// checkObject checks one object's kind, variant, name, size, yaw and footprint.
func (l *Layout) checkObject(i int, o *LayoutObject) error {
	if _, ok := kindsByName[o.Kind]; !ok {
		return layoutObjectError(i, *o, "kind %q unknown; known kinds: %s", o.Kind, layoutKindList())
	}
	k, variant, err := lookup(o.Kind, o.Variant)
	if err != nil {
		return layoutObjectError(i, *o, "variant %q unknown; variants of %s: %v", o.Variant, o.Kind, k.variants)
	}
	if len(o.Name) > 100 {
		return layoutObjectError(i, *o, "name of %d bytes, want at most 100", len(o.Name))
	}
	if len(o.Size) != 0 && len(o.Size) != 3 {
		return layoutObjectError(i, *o, "size has %d numbers, want [width, height, depth]", len(o.Size))
	}
	size, err := sizeOf(k, variant, layoutSizeVec(o.Size))
	if err != nil {
		return layoutObjectError(i, *o, "%v", err)
	}
	if !(o.Yaw >= -360 && o.Yaw <= 360) {
		return layoutObjectError(i, *o, "yaw %g°, want −360–360°", o.Yaw)
	}
	if !(math.Abs(o.X) <= 1e3 && math.Abs(o.Z) <= 1e3) {
		return layoutObjectError(i, *o, "position (%g, %g): want finite numbers inside the room", o.X, o.Z)
	}
	for _, c := range layoutFootprint(o.X, o.Z, o.Yaw, size) {
		if !l.inRoom(c.X(), c.Z(), -layoutFootprintSlack) {
			return layoutObjectError(i, *o, "footprint corner (%.3f, %.3f) outside the room 0–%g × 0–%g m", c.X(), c.Z(), l.Room.Width, l.Room.Depth)
		}
	}
	return nil
}

// layoutSizeVec turns an optional [w, h, d] list into a vector (zeros for defaults).
func layoutSizeVec(s []float64) mgl64.Vec3 {
	if len(s) != 3 {
		return mgl64.Vec3{}
	}
	return mgl64.Vec3{s[0], s[1], s[2]}
}

// layoutFootprint returns the four floor corners of an object's size box placed at (x, z) and
// turned by yaw degrees.
func layoutFootprint(x, z, yaw float64, size mgl64.Vec3) [4]mgl64.Vec3 {
	r := mgl64.Rotate3DY(mgl64.DegToRad(yaw))
	var out [4]mgl64.Vec3
	for i, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		out[i] = r.Mul3x1(pv(s[0]*size.X()/2, 0, s[1]*size.Z()/2)).Add(pv(x, 0, z))
	}
	return out
}

// Build makes the scene: an object "walls" with the room's and interior walls, the furniture, and
// the start state. Stand points closer than LayoutClearance to any part (walls and the object's own
// parts included) are dropped; a seat or bed left with none, or a start pose that is not clear, is
// an error that names the obstacle.
func (l *Layout) Build() (*scene.Scene, error) {
	specs, err := l.wallSpecs()
	if err != nil {
		return nil, fmt.Errorf("scene: layout %s: %w", l.Name, err)
	}
	walls, err := NewWalls("walls", specs)
	if err != nil {
		return nil, layoutBuildError(l.Name, "", err)
	}
	s := &scene.Scene{Name: l.Name, Objects: []*scene.Object{walls}}
	for i, o := range l.Objects {
		obj, err := New(Spec{
			Kind: o.Kind, ID: o.ID, Name: o.Name, Variant: o.Variant,
			Position: pv(o.X, 0, o.Z), Yaw: mgl64.DegToRad(o.Yaw), Size: layoutSizeVec(o.Size),
		})
		if err != nil {
			return nil, layoutBuildError(l.Name, fmt.Sprintf("objects[%d]: ", i), err)
		}
		s.Objects = append(s.Objects, obj)
	}
	free := newLayoutFree(l, s)
	for _, o := range s.Objects[1:] {
		if err := free.keepStandPoints(o); err != nil {
			return nil, fmt.Errorf("scene: layout %s: %w", l.Name, err)
		}
	}
	s.Start = motion.State{Root: pv(l.Start.X, 0, l.Start.Z), Heading: geom.WrapAngle(mgl64.DegToRad(l.Start.Heading))}
	if d, what := free.clearance(s.Start.Root); d < LayoutClearance {
		return nil, fmt.Errorf("scene: layout %s: start (%g, %g) is %.2f m from %s, want at least %g m", l.Name, l.Start.X, l.Start.Z, d, what, LayoutClearance)
	}
	return s, nil
}

// layoutBuildError puts a layout's name (and where in it) before an error from another part of the
// package, which already starts with "scene: ".
func layoutBuildError(name, where string, err error) error {
	return fmt.Errorf("scene: layout %s: %s%s", name, where, strings.TrimPrefix(err.Error(), "scene: "))
}

// layoutFree answers how much free floor surrounds a point: the horizontal distance to the nearest
// part's bounds, and whether it is inside the room at all. Bounds are taken in each object's own
// frame (an oriented box on the floor), so a turned armchair does not claim the corners of its
// world-aligned box; that is still never closer than the part's triangles.
type layoutFree struct {
	l     *Layout
	rects []layoutRect
}

// layoutRect is a part's bounds on the floor plane of its object's frame.
type layoutRect struct {
	toObject       mgl64.Mat4 // world → object frame
	x0, z0, x1, z1 float64
	what           string // "sofa_1/seat_2"
}

// newLayoutFree collects the floor-plane bounds of every part of s.
func newLayoutFree(l *Layout, s *scene.Scene) *layoutFree {
	f := &layoutFree{l: l}
	for _, o := range s.Objects {
		inv := o.Transform.Inv()
		for _, p := range o.Parts {
			b := p.Mesh.Transformed(inv).Bounds()
			f.rects = append(f.rects, layoutRect{inv, b.Lo.X(), b.Lo.Z(), b.Hi.X(), b.Hi.Z(), o.ID + "/" + p.Name})
		}
	}
	return f
}

// clearance returns the horizontal distance from p to the nearest part bounds (0 inside one, and
// for a point outside the room) and what that nearest thing is.
func (f *layoutFree) clearance(p mgl64.Vec3) (float64, string) {
	if !f.l.inRoom(p.X(), p.Z(), 0) {
		return 0, "the room (outside it)"
	}
	best, what := math.Inf(1), ""
	for _, r := range f.rects {
		q := mgl64.TransformCoordinate(p, r.toObject)
		dx := math.Max(0, math.Max(r.x0-q.X(), q.X()-r.x1))
		dz := math.Max(0, math.Max(r.z0-q.Z(), q.Z()-r.z1))
		if d := math.Hypot(dx, dz); d < best {
			best, what = d, r.what
		}
	}
	return best, what
}

// keepStandPoints drops o's stand points that are not clear; a seat or bed must keep one.
func (f *layoutFree) keepStandPoints(o *scene.Object) error {
	kept := o.StandPoints[:0]
	why := ""
	for _, p := range o.StandPoints {
		d, what := f.clearance(p)
		if d >= LayoutClearance {
			kept = append(kept, p)
		} else if why == "" {
			why = fmt.Sprintf("(%.2f, %.2f) is %.2f m from %s", p.X(), p.Z(), d, what)
		}
	}
	o.StandPoints = kept
	if len(kept) == 0 && len(o.Surfaces) > 0 {
		return fmt.Errorf("%s: no stand point at least %g m from everything; for example %s", o.ID, LayoutClearance, why)
	}
	return nil
}
