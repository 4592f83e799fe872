package furniture

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Decor: floor lamps and potted plants, round things built from cylinders, frustums and
// ellipsoids that fit inside their size box.
var decorKinds = []kindDef{
	{
		name: "floor_lamp", title: "Floor lamp", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.36, 1.7, 0.36) },
		color: clay(232, 220, 196), build: buildFloorLamp,
	},
	{
		name: "plant", title: "Plant", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.5, 1.1, 0.5) },
		color: clay(104, 150, 92), build: buildPlant,
	},
}

// buildFloorLamp builds a lamp: a heavy round base, a thin pole and a shade that narrows upward.
func buildFloorLamp(b *builder, s mgl64.Vec3, _ string) {
	w, h, d := s.X(), s.Y(), s.Z()
	r := math.Min(w, d) / 2
	shadeH := 0.2 * h
	b.part("base", scene.PartFrame, primCylinder(pv(0, 0, 0), 0.8*r, 0.03, 16))
	b.part("pole", scene.PartFrame, primCylinder(pv(0, 0.03, 0), 0.013, h-0.03-0.5*shadeH, 8))
	b.part("shade", partShade, primFrustum(pv(0, h-shadeH, 0), r, 0.72*r, shadeH, 20))
	b.standAround(w, d, 0.45, "flr")
}

// buildPlant builds a potted plant: a tapered pot, a stem and a crown of three overlapping
// leafy blobs (separate parts, since pieces of one part may not overlap).
func buildPlant(b *builder, s mgl64.Vec3, _ string) {
	w, h, d := s.X(), s.Y(), s.Z()
	r := math.Min(w, d) / 2
	potH := 0.33 * h
	b.part("pot", partPot, primFrustum(pv(0, 0, 0), 0.62*r, 0.8*r, potH, 16))
	b.part("stem", scene.PartFrame, primCylinder(pv(0, potH-0.05, 0), 0.02, 0.3*h, 8))
	crownR := pv(r, 0.28*h, r)
	b.part("foliage_1", partFoliage, primEllipsoid(pv(0, h-crownR.Y(), 0), crownR))
	side := pv(0.55*r, 0.18*h, 0.55*r)
	b.part("foliage_2", partFoliage, primEllipsoid(pv(0.4*r, potH+side.Y()+0.02*h, 0.3*r), side))
	b.part("foliage_3", partFoliage, primEllipsoid(pv(-0.4*r, potH+side.Y()+0.06*h, -0.3*r), side))
	b.standAround(w, d, 0.45, "flr")
}
