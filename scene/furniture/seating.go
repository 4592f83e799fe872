package furniture

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Seating: chairs, armchairs, sofas, office chairs and ottomans. Seat tops sit at 0.44–0.47 m for
// default sizes (ordinary furniture: 0.42–0.48 m) and scale with the height. "Left" and "right"
// are the sitter's: the armrest_left is at +X.
var seatingKinds = []kindDef{
	{
		name: "chair", title: "Chair", variants: []string{"plain", "armrests"},
		size:  func(string) mgl64.Vec3 { return pv(0.48, 0.88, 0.50) },
		color: clay(196, 120, 88), build: buildChair,
	},
	{
		name: "armchair", title: "Armchair", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.85, 0.85, 0.85) },
		color: clay(214, 170, 84), build: func(b *builder, s mgl64.Vec3, _ string) { buildUpholstered(b, s, 1) },
	},
	{
		name: "sofa", title: "Sofa", variants: []string{"3seat", "2seat"},
		size: func(v string) mgl64.Vec3 {
			if v == "2seat" {
				return pv(1.6, 0.85, 0.9)
			}
			return pv(2.1, 0.85, 0.9)
		},
		color: clay(132, 164, 128),
		build: func(b *builder, s mgl64.Vec3, v string) { buildUpholstered(b, s, sofaSeats(v)) },
	},
	{
		name: "office_chair", title: "Office chair", variants: []string{"armrests", "plain"},
		size:  func(string) mgl64.Vec3 { return pv(0.62, 1.0, 0.62) },
		color: clay(92, 104, 122), build: buildOfficeChair,
	},
	{
		name: "ottoman", title: "Ottoman", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.6, 0.44, 0.6) },
		color: clay(176, 112, 140), build: buildOttoman,
	},
}

// sofaSeats returns the number of seat cushions of a sofa variant.
func sofaSeats(variant string) int {
	if variant == "2seat" {
		return 2
	}
	return 3
}

// buildChair builds a wooden chair: four legs, a seat, a back and, for the "armrests" variant,
// two arm panels.
func buildChair(b *builder, s mgl64.Vec3, variant string) {
	w, h, d := s.X(), s.Y(), s.Z()
	top := 0.52 * h
	const seatT, backT, legT = 0.05, 0.05, 0.04
	b.legs(w, d, legT, 0.02, top-seatT)
	seatLo, seatHi := pv(-w/2, top-seatT, -d/2), pv(w/2, top, d/2)
	b.part("seat", scene.PartSeat, primBevelBox(seatLo, seatHi, 0.012))
	b.part("back", scene.PartBack, primBevelBox(pv(-w/2, top, -d/2), pv(w/2, h, -d/2+backT), 0.012))
	across := w
	if variant == "armrests" {
		const armT = 0.05
		armTop := top + 0.25*h
		b.part("armrest_left", scene.PartArmrest, primBevelBox(pv(w/2-armT, top-seatT, -d/2+backT), pv(w/2, armTop, d/2-0.03), 0.01))
		b.part("armrest_right", scene.PartArmrest, primBevelBox(pv(-w/2, top-seatT, -d/2+backT), pv(-w/2+armT, armTop, d/2-0.03), 0.01))
		across = w - 2*armT
	}
	b.seat("seat", pv(seatLo.X(), seatLo.Y(), seatLo.Z()+backT), seatHi, across)
	b.standAround(w, d, standFront, "f")
	b.standAround(w, d, standSide, "lrLR")
}

// buildUpholstered builds an armchair (seats = 1) or a sofa: short legs, a base, one cushion per
// seat (seat_1 … seat_n from the sitter's left), a back and two arms. A sofa of three or more
// seats is also a LieDown surface, head at the left arm.
func buildUpholstered(b *builder, s mgl64.Vec3, seats int) {
	w, h, d := s.X(), s.Y(), s.Z()
	legH, baseTop, top, armTop := 0.1*h, 0.38*h, 0.52*h, 0.73*h
	armW, backD := math.Min(0.16, w/6), math.Min(0.2, d/4)
	b.legs(w, d, 0.05, 0.03, legH)
	b.part("base", scene.PartFrame, primBevelBox(pv(-w/2, legH, -d/2), pv(w/2, baseTop, d/2), 0.02))
	b.part("back", scene.PartBack, primBevelBox(pv(-w/2, legH, -d/2), pv(w/2, h, -d/2+backD), 0.04))
	b.part("armrest_left", scene.PartArmrest, primBevelBox(pv(w/2-armW, legH, -d/2), pv(w/2, armTop, d/2), 0.04))
	b.part("armrest_right", scene.PartArmrest, primBevelBox(pv(-w/2, legH, -d/2), pv(-w/2+armW, armTop, d/2), 0.04))
	inner := w - 2*armW
	const gap = 0.01 // between cushions, so each is a separate, visible pad
	cw := (inner - gap*float64(seats-1)) / float64(seats)
	for i := 0; i < seats; i++ {
		name := "seat"
		if seats > 1 {
			name = fmt.Sprintf("seat_%d", i+1)
		}
		x1 := w/2 - armW - float64(i)*(cw+gap)
		lo, hi := pv(x1-cw, baseTop, -d/2+backD), pv(x1, top, d/2)
		b.part(name, scene.PartSeat, primBevelBox(lo, hi, 0.035))
		b.seat(name, lo, hi, 0)
		b.stand(x1-cw/2, d/2+standFront)
	}
	if seats >= 3 {
		b.surface(scene.Surface{
			Part:    fmt.Sprintf("seat_%d", (seats+1)/2),
			Center:  pv(0, top, backD/2),
			Extent:  [2]float64{inner / 2, (d - backD) / 2},
			Axis:    pv(-1, 0, 0),
			LieDown: true,
		})
	}
	if seats == 1 {
		b.standAround(w, d, standSide, "lr")
	}
}

// buildOfficeChair builds a swivel chair: five spokes, a column, a seat, a back on a post and,
// unless "plain", two armrests on posts.
func buildOfficeChair(b *builder, s mgl64.Vec3, variant string) {
	w, h, d := s.X(), s.Y(), s.Z()
	top := 0.47 * h
	seatT := 0.08 * h
	// Spokes reach the size box: their outer corners lie on its inscribed circle.
	r := math.Sqrt(math.Pow(math.Min(w, d)/2, 2)-0.025*0.025) - 0.001
	for i := 0; i < 5; i++ {
		spoke := BoxMesh(pv(-0.025, 0.02, 0), pv(0.025, 0.06, r))
		b.part(fmt.Sprintf("leg_%d", i+1), scene.PartLeg, spoke.Transformed(mgl64.HomogRotate3DY(2*math.Pi*float64(i)/5)))
	}
	b.part("column", scene.PartFrame, primCylinder(pv(0, 0.0, 0), 0.035, top-seatT+0.01, 12))
	seatLo, seatHi := pv(-w/2+0.06, top-seatT, -d/2+0.07), pv(w/2-0.06, top, d/2-0.04)
	b.part("seat", scene.PartSeat, primBevelBox(seatLo, seatHi, 0.025))
	b.part("back_post", scene.PartFrame, BoxMesh(pv(-0.03, top-seatT+0.02, -d/2+0.04), pv(0.03, top+0.14*h, -d/2+0.09)))
	b.part("back", scene.PartBack, primBevelBox(pv(-w/2+0.08, top+0.08*h, -d/2+0.03), pv(w/2-0.08, h, -d/2+0.09), 0.025))
	if variant != "plain" {
		armTop := top + 0.2*h
		for _, side := range []struct {
			name string
			sx   float64
		}{{"left", 1}, {"right", -1}} {
			lo, hi := sideBox(side.sx, w/2-0.075, w/2-0.035, top-0.02, armTop-0.03, -0.06, -0.02)
			b.part("armrest_post_"+side.name, scene.PartFrame, BoxMesh(lo, hi))
			lo, hi = sideBox(side.sx, w/2-0.06, w/2-0.01, armTop-0.03, armTop, -d/2+0.12, d/2-0.12)
			b.part("armrest_"+side.name, scene.PartArmrest, primBevelBox(lo, hi, 0.01))
		}
	}
	b.seat("seat", seatLo, seatHi, 0)
	b.standAround(w, d, standFront, "f")
	b.standAround(w, d, standSide, "lrLR")
}

// buildOttoman builds a padded footstool that is also a seat: four stubby legs and one cushion.
func buildOttoman(b *builder, s mgl64.Vec3, _ string) {
	w, h, d := s.X(), s.Y(), s.Z()
	legH := 0.14 * h
	b.legs(w, d, 0.04, 0.04, legH)
	lo, hi := pv(-w/2, legH, -d/2), pv(w/2, h, d/2)
	b.part("seat", scene.PartSeat, primBevelBox(lo, hi, 0.04))
	b.seat("seat", lo, hi, 0)
	b.standAround(w, d, standFront, "f")
	b.standAround(w, d, standSide, "lrb")
}

// sideBox returns the box x0 ≤ x ≤ x1 (x0, x1 ≥ 0) on the sitter's left for sx = 1, or its
// mirror image on the right for sx = −1, between heights y0–y1 and depths z0–z1.
func sideBox(sx, x0, x1, y0, y1, z0, z1 float64) (lo, hi mgl64.Vec3) {
	if sx < 0 {
		x0, x1 = -x1, -x0
	}
	return pv(x0, y0, z0), pv(x1, y1, z1)
}
