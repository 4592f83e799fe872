package furniture

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Beds: a frame on legs, a headboard at the back (−Z), a mattress whose top is the Sit and
// LieDown surface (0.56 m for default sizes, ordinary beds: 0.5–0.6 m) and pillows at the head.
// The mattress's Axis points from head to foot (+Z); the size's height is the headboard's.
var bedKinds = []kindDef{
	{
		name: "bed", title: "Bed", variants: []string{"double", "single"},
		size: func(v string) mgl64.Vec3 {
			if v == "single" {
				return pv(0.95, 1.0, 2.05)
			}
			return pv(1.6, 1.0, 2.1)
		},
		color: clay(128, 150, 190), build: buildBed,
	},
}

// buildBed builds a bed with one pillow (single) or two (double).
func buildBed(b *builder, s mgl64.Vec3, variant string) {
	w, h, d := s.X(), s.Y(), s.Z()
	top := math.Min(0.56, 0.6*h)
	legH, frameTop := 0.22*top, 0.6*top
	const headT = 0.06
	b.legs(w, d, 0.06, 0.04, legH)
	b.part("frame", scene.PartFrame, primBevelBox(pv(-w/2, legH, -d/2+headT), pv(w/2, frameTop, d/2), 0.015))
	b.part("headboard", scene.PartFrame, primBevelBox(pv(-w/2, 0, -d/2), pv(w/2, h, -d/2+headT), 0.02))
	lo, hi := pv(-w/2+0.03, frameTop, -d/2+headT+0.02), pv(w/2-0.03, top, d/2-0.03)
	b.part("mattress", scene.PartMattress, primBevelBox(lo, hi, 0.05))
	b.surface(scene.Surface{
		Part:   "mattress",
		Center: pv(0, top, (lo.Z()+hi.Z())/2),
		Extent: [2]float64{(hi.Z() - lo.Z()) / 2, (hi.X() - lo.X()) / 2},
		Axis:   pv(0, 0, 1),
		Sit:    true, LieDown: true,
	})
	pillows := []float64{0}
	if variant != "single" {
		pillows = []float64{w / 4, -w / 4}
	}
	pw := math.Min(0.6, (w-0.1)/float64(len(pillows))-0.06)
	pz := lo.Z() + 0.04
	for i, x := range pillows {
		b.part([]string{"pillow_1", "pillow_2"}[i], scene.PartPillow, primBevelBox(pv(x-pw/2, top, pz), pv(x+pw/2, top+0.12, pz+0.36), 0.04))
	}
	b.stand(w/2+0.45, 0)
	b.stand(-w/2-0.45, 0)
	b.stand(0, d/2+0.5)
}
