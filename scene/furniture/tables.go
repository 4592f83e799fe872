package furniture

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Tables: dining tables (rectangular or round), coffee tables, side tables and desks. Dining
// tables and desks stand 0.75 m high by default. A desk's front (+Z) is where its user sits.
var tableKinds = []kindDef{
	{
		name: "dining_table", title: "Dining table", variants: []string{"rect", "round"},
		size: func(v string) mgl64.Vec3 {
			if v == "round" {
				return pv(1.1, 0.75, 1.1)
			}
			return pv(1.6, 0.75, 0.9)
		},
		color: clay(176, 132, 92), build: buildDiningTable,
	},
	{
		name: "coffee_table", title: "Coffee table", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(1.1, 0.42, 0.6) },
		color: clay(150, 110, 80),
		build: func(b *builder, s mgl64.Vec3, _ string) { buildLegTable(b, s, 0.04, 0.05, 0.04, true) },
	},
	{
		name: "side_table", title: "Side table", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.45, 0.55, 0.45) },
		color: clay(168, 140, 112),
		build: func(b *builder, s mgl64.Vec3, _ string) { buildLegTable(b, s, 0.03, 0.035, 0.03, true) },
	},
	{
		name: "desk", title: "Desk", variants: []string{"drawers", "plain"},
		size:  func(string) mgl64.Vec3 { return pv(1.4, 0.75, 0.7) },
		color: clay(120, 96, 76), build: buildDesk,
	},
}

// Extra part kinds of procedural furniture (scene.go lists the common ones).
const (
	partShelf   scene.PartKind = "shelf"
	partDrawer  scene.PartKind = "drawer"
	partHandle  scene.PartKind = "handle"
	partScreen  scene.PartKind = "screen"
	partShade   scene.PartKind = "shade"
	partPot     scene.PartKind = "pot"
	partFoliage scene.PartKind = "foliage"
	partBooks   scene.PartKind = "books"
)

// tableGap is how far from a table's edges its stand points lie.
const tableGap = 0.45

// buildDiningTable builds a four-legged rectangular table or a round pedestal table.
func buildDiningTable(b *builder, s mgl64.Vec3, variant string) {
	if variant != "round" {
		buildLegTable(b, s, 0.035, 0.06, 0.06, false)
		return
	}
	w, h, d := s.X(), s.Y(), s.Z()
	r := math.Min(w, d) / 2
	b.part("tabletop", scene.PartTabletop, primCylinder(pv(0, h-0.035, 0), r, 0.035, 28))
	b.part("column", scene.PartLeg, primCylinder(pv(0, 0.03, 0), 0.05, h-0.06, 12))
	b.part("base", scene.PartFrame, primCylinder(pv(0, 0, 0), 0.6*r, 0.035, 20))
	b.standAround(w, d, tableGap, "fblr")
}

// buildLegTable builds a table of top thickness topT on four legs of side legT, inset from the
// edges, with an optional lower shelf.
func buildLegTable(b *builder, s mgl64.Vec3, topT, legT, inset float64, shelf bool) {
	w, h, d := s.X(), s.Y(), s.Z()
	b.part("tabletop", scene.PartTabletop, primBevelBox(pv(-w/2, h-topT, -d/2), pv(w/2, h, d/2), 0.01))
	b.legs(w, d, legT, inset, h-topT)
	if shelf {
		in := inset + legT/2
		b.part("shelf", partShelf, BoxMesh(pv(-w/2+in, 0.25*h, -d/2+in), pv(w/2-in, 0.25*h+0.02, d/2-in)))
	}
	b.standAround(w, d, tableGap, "fblr")
}

// buildDesk builds a desk: a top on two side panels, a modesty panel at the back and, unless
// "plain", a drawer pedestal on the user's right with three drawer fronts.
func buildDesk(b *builder, s mgl64.Vec3, variant string) {
	w, h, d := s.X(), s.Y(), s.Z()
	const topT, panelT = 0.03, 0.03
	b.part("tabletop", scene.PartTabletop, primBevelBox(pv(-w/2, h-topT, -d/2), pv(w/2, h, d/2), 0.008))
	b.part("leg_1", scene.PartLeg, BoxMesh(pv(w/2-panelT-0.01, 0, -d/2+0.02), pv(w/2-0.01, h-topT, d/2-0.04)))
	b.part("leg_2", scene.PartLeg, BoxMesh(pv(-w/2+0.01, 0, -d/2+0.02), pv(-w/2+0.01+panelT, h-topT, d/2-0.04)))
	b.part("back", scene.PartFrame, BoxMesh(pv(-w/2+0.04, 0.35*h, -d/2+0.03), pv(w/2-0.04, h-topT, -d/2+0.05)))
	if variant != "plain" {
		pw := math.Min(0.4, w/3)
		x0, x1 := -w/2+0.01+panelT, -w/2+0.01+panelT+pw
		front := d/2 - 0.06
		b.part("drawers", scene.PartFrame, BoxMesh(pv(x0, 0.02, -d/2+0.05), pv(x1, h-topT, front)))
		var fronts []*scene.Mesh
		dh := (h - topT - 0.04) / 3
		for i := 0; i < 3; i++ {
			y1 := h - topT - 0.01 - float64(i)*dh
			fronts = append(fronts, BoxMesh(pv(x0+0.01, y1-dh+0.01, front), pv(x1-0.01, y1, front+0.02)))
		}
		b.part("drawer_fronts", partDrawer, fronts...)
	}
	b.standAround(w, d, tableGap, "flr")
}
