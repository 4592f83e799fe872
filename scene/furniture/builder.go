package furniture

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Where stand points go relative to what they serve: a person stands this far in front of a seat's
// front edge before turning to sit (0.5–0.6 m in UniHSI's plans), and this far beside an object.
const (
	standFront = 0.55
	standSide  = 0.4
)

// builder collects one object's parts, surfaces and stand points in object space: footprint
// centred on the origin, floor at y = 0, front facing +Z.
type builder struct {
	parts    []scene.Part
	surfaces []scene.Surface
	stands   []mgl64.Vec3
}

// part adds a part; pieces of one part must be disjoint closed solids.
func (b *builder) part(name string, kind scene.PartKind, pieces ...*scene.Mesh) {
	b.parts = append(b.parts, scene.Part{Name: name, Kind: kind, Mesh: primJoin(pieces...)})
}

// seat adds a Sit surface on top of the box lo–hi of part, facing +Z (Axis points from the back
// of the seat to its front), with the usable width narrowed to across (≤ 0 keeps the box's).
func (b *builder) seat(part string, lo, hi mgl64.Vec3, across float64) {
	if across <= 0 {
		across = hi.X() - lo.X()
	}
	b.surface(scene.Surface{
		Part:   part,
		Center: pv((lo.X()+hi.X())/2, hi.Y(), (lo.Z()+hi.Z())/2),
		Extent: [2]float64{(hi.Z() - lo.Z()) / 2, across / 2},
		Axis:   pv(0, 0, 1),
		Sit:    true,
	})
}

// surface adds a support surface; its Normal is always up.
func (b *builder) surface(s scene.Surface) {
	s.Normal = pv(0, 1, 0)
	b.surfaces = append(b.surfaces, s)
}

// stand adds a candidate stand point on the floor.
func (b *builder) stand(x, z float64) {
	b.stands = append(b.stands, pv(x, 0, z))
}

// standAround adds stand points around a footprint of width w and depth d, gap metres from its
// edges, in the order sides lists them: f in front, l and r beside its middle (left is +X), b
// behind, and L and R beside it level with its back edge. L and R are where one stands to pull out
// a chair tucked under a table: there the front and the sides' middles are too close to the table
// for a body with hanging arms, while the back corners are a chair's depth further from it.
func (b *builder) standAround(w, d, gap float64, sides string) {
	for _, s := range sides {
		switch s {
		case 'f':
			b.stand(0, d/2+gap)
		case 'l':
			b.stand(w/2+gap, 0)
		case 'r':
			b.stand(-w/2-gap, 0)
		case 'b':
			b.stand(0, -d/2-gap)
		case 'L':
			b.stand(w/2+gap, -d/2)
		case 'R':
			b.stand(-w/2-gap, -d/2)
		}
	}
}

// object moves everything built into the world by x and returns it as an object.
func (b *builder) object(x mgl64.Mat4) *scene.Object {
	o := &scene.Object{Transform: x}
	for _, p := range b.parts {
		o.Parts = append(o.Parts, scene.Part{Name: p.Name, Kind: p.Kind, Mesh: p.Mesh.Transformed(x)})
	}
	for _, s := range b.surfaces {
		s.Center = mgl64.TransformCoordinate(s.Center, x)
		s.Axis = mgl64.TransformNormal(s.Axis, x)
		s.Axis[1] = 0
		s.Axis = s.Axis.Normalize()
		o.Surfaces = append(o.Surfaces, s)
	}
	for _, p := range b.stands {
		w := mgl64.TransformCoordinate(p, x)
		w[1] = 0
		o.StandPoints = append(o.StandPoints, w)
	}
	return o
}

// legs returns four square legs of side t at the corners of the footprint w × d (inset by inset),
// from the floor to height h, as separate pieces for parts leg_1 … leg_4.
func (b *builder) legs(w, d, t, inset, h float64) {
	names := [4]string{"leg_1", "leg_2", "leg_3", "leg_4"}
	i := 0
	for _, sz := range [2]float64{1, -1} {
		for _, sx := range [2]float64{1, -1} {
			cx, cz := sx*(w/2-inset-t/2), sz*(d/2-inset-t/2)
			b.part(names[i], scene.PartLeg, BoxMesh(pv(cx-t/2, 0, cz-t/2), pv(cx+t/2, h, cz+t/2)))
			i++
		}
	}
}
