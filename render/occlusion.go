package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// occluders are the boxes of a scene's object parts, to estimate on the CPU whether a camera sees
// a set of points before anything is drawn.
type occluders struct {
	parts []occluder
	room  mgl64.Vec3
}

// occluder is one part's box, shrunk a little to test rays (grazing rays do not count) and grown a
// little to test whether it holds a target; walls keep what decides whether they are cut away.
type occluder struct {
	inner, outer geom.Box
	wall         *wallRange
	object       *scene.Object
}

func newOccluders(s *scene.Scene) *occluders {
	o := &occluders{}
	if s == nil {
		return o
	}
	o.room = s.Bounds().Center()
	for _, obj := range s.Objects {
		if obj.IsFloor() {
			continue
		}
		for i := range obj.Parts {
			p := &obj.Parts[i]
			if p.Mesh == nil || len(p.Mesh.Triangles) == 0 {
				continue
			}
			b := p.Mesh.Bounds()
			oc := occluder{inner: b.Expand(-0.02), outer: b.Expand(0.02), object: obj}
			if isWall(obj, p) {
				w := wallInfo(b)
				oc.wall = &w
			}
			o.parts = append(o.parts, oc)
		}
	}
	return o
}

// fraction returns the share of targets hidden from eye by some part. A part whose box holds the
// target (the sofa a person sits on) does not count as hiding it, nor does a wall the renderer
// cuts away for this eye.
func (o *occluders) fraction(eye mgl64.Vec3, targets []mgl64.Vec3) float64 {
	return o.fractionExcept(eye, targets, nil)
}

// fractionExcept is fraction with the parts of one object left out (nil: none).
func (o *occluders) fractionExcept(eye mgl64.Vec3, targets []mgl64.Vec3, except *scene.Object) float64 {
	if len(targets) == 0 || len(o.parts) == 0 {
		return 0
	}
	active := make([]occluder, 0, len(o.parts))
	for _, p := range o.parts {
		if p.object == except {
			continue
		}
		if p.wall == nil || !p.wall.hides(eye, o.room) {
			active = append(active, p)
		}
	}
	hidden := 0
	for _, t := range targets {
		for _, p := range active {
			if segmentHitsBox(eye, t, p.inner) && !p.outer.Contains(t) {
				hidden++
				break
			}
		}
	}
	return float64(hidden) / float64(len(targets))
}

// segmentHitsBox reports whether the segment a–b passes through box (slab test).
func segmentHitsBox(a, b mgl64.Vec3, box geom.Box) bool {
	if box.Empty() {
		return false
	}
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	for k := 0; k < 3; k++ {
		if math.Abs(d[k]) < 1e-12 {
			if a[k] < box.Lo[k] || a[k] > box.Hi[k] {
				return false
			}
			continue
		}
		u0, u1 := (box.Lo[k]-a[k])/d[k], (box.Hi[k]-a[k])/d[k]
		if u0 > u1 {
			u0, u1 = u1, u0
		}
		t0, t1 = math.Max(t0, u0), math.Min(t1, u1)
		if t0 > t1 {
			return false
		}
	}
	return true
}
