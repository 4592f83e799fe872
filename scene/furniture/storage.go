package furniture

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Storage: nightstands, wardrobes, cabinets, bookshelves and TV stands. Fronts (doors, drawers)
// and handles are their own parts so that each part's pieces stay disjoint; everything stays
// inside the size box, handles included.
var storageKinds = []kindDef{
	{
		name: "nightstand", title: "Nightstand", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.45, 0.55, 0.4) },
		color: clay(190, 164, 128),
		build: func(b *builder, s mgl64.Vec3, _ string) { buildCasework(b, s, 2, false) },
	},
	{
		name: "wardrobe", title: "Wardrobe", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(1.0, 2.0, 0.6) },
		color: clay(206, 186, 150),
		build: func(b *builder, s mgl64.Vec3, _ string) { buildCasework(b, s, 2, true) },
	},
	{
		name: "cabinet", title: "Cabinet", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(1.2, 0.85, 0.45) },
		color: clay(160, 146, 176),
		build: func(b *builder, s mgl64.Vec3, _ string) { buildCasework(b, s, 3, true) },
	},
	{
		name: "bookshelf", title: "Bookshelf", variants: []string{"standard"},
		size:  func(string) mgl64.Vec3 { return pv(0.9, 1.9, 0.32) },
		color: clay(170, 98, 76), build: buildBookshelf,
	},
	{
		name: "tv_stand", title: "TV stand", variants: []string{"tv", "empty"},
		size: func(v string) mgl64.Vec3 {
			if v == "empty" {
				return pv(1.6, 0.5, 0.42)
			}
			return pv(1.6, 1.2, 0.42)
		},
		color: clay(84, 84, 92), build: buildTVStand,
	},
}

// frontT and handleT are the depths of a front panel and of a handle in front of it.
const (
	frontT  = 0.02
	handleT = 0.015
	shelfT  = 0.02
)

// buildCasework builds a box on a plinth with n fronts: side-by-side doors when doors is true,
// else stacked drawers; one handle on each front.
func buildCasework(b *builder, s mgl64.Vec3, n int, doors bool) {
	w, h, d := s.X(), s.Y(), s.Z()
	plinth := math.Min(0.08, 0.1*h)
	bodyFront := d/2 - frontT - handleT
	b.part("plinth", scene.PartFrame, BoxMesh(pv(-w/2+0.03, 0, -d/2+0.03), pv(w/2-0.03, plinth, bodyFront-0.03)))
	b.part("body", scene.PartBody, primBevelBox(pv(-w/2, plinth, -d/2), pv(w/2, h, bodyFront), 0.01))
	const gap = 0.008
	var handles []*scene.Mesh
	for i := 0; i < n; i++ {
		var lo, hi, hc mgl64.Vec3 // front panel box and handle centre
		if doors {
			fw := (w - gap*float64(n+1)) / float64(n)
			x0 := -w/2 + gap + float64(i)*(fw+gap)
			lo, hi = pv(x0, plinth+gap, bodyFront), pv(x0+fw, h-gap, bodyFront+frontT)
			// Handles sit near the meeting edge of a pair of doors, else near the left edge.
			hx := x0 + fw - 0.05
			if i%2 == 1 {
				hx = x0 + 0.05
			}
			hc = pv(hx, plinth+0.55*(h-plinth), 0)
		} else {
			fh := (h - plinth - gap*float64(n+1)) / float64(n)
			y1 := h - gap - float64(i)*(fh+gap)
			lo, hi = pv(-w/2+gap, y1-fh, bodyFront), pv(w/2-gap, y1, bodyFront+frontT)
			hc = pv(0, y1-fh/2, 0)
		}
		name, kind := fmt.Sprintf("drawer_%d", i+1), partDrawer
		if doors {
			name, kind = fmt.Sprintf("door_%d", i+1), scene.PartDoor
		}
		b.part(name, kind, BoxMesh(lo, hi))
		handles = append(handles, handle(hc, doors, hi.Y()-lo.Y(), hi.Z()))
	}
	b.part("handles", partHandle, handles...)
	b.standAround(w, d, 0.5, "f")
}

// handle returns a bar handle centred at c (x, y) on a front whose face is at depth z: upright
// on doors, across on drawers; span is the front's height.
func handle(c mgl64.Vec3, upright bool, span, z float64) *scene.Mesh {
	hw, hh := 0.06, 0.012
	if upright {
		hw, hh = 0.012, math.Min(0.15, span/4)
	}
	return BoxMesh(pv(c.X()-hw, c.Y()-hh, z), pv(c.X()+hw, c.Y()+hh, z+handleT))
}

// buildBookshelf builds an open shelf: two sides, a top, a plinth, a back panel, evenly spaced
// shelves and a part of books standing on them (disjoint boxes of varied size).
func buildBookshelf(b *builder, s mgl64.Vec3, _ string) {
	w, h, d := s.X(), s.Y(), s.Z()
	const side, back = 0.02, 0.01
	plinth := math.Min(0.08, 0.05*h)
	b.part("side_left", scene.PartFrame, BoxMesh(pv(w/2-side, 0, -d/2), pv(w/2, h, d/2)))
	b.part("side_right", scene.PartFrame, BoxMesh(pv(-w/2, 0, -d/2), pv(-w/2+side, h, d/2)))
	b.part("top", scene.PartFrame, BoxMesh(pv(-w/2+side, h-shelfT, -d/2), pv(w/2-side, h, d/2)))
	b.part("plinth", scene.PartFrame, BoxMesh(pv(-w/2+side, 0, -d/2+back), pv(w/2-side, plinth, d/2-0.01)))
	b.part("back", scene.PartBack, BoxMesh(pv(-w/2+side, plinth, -d/2), pv(w/2-side, h-shelfT, -d/2+back)))
	n := max(1, int(math.Round((h-plinth)/0.38))-1) // shelves between plinth and top
	pitch := (h - plinth - shelfT) / float64(n+1)
	var books []*scene.Mesh
	for i := 0; i <= n; i++ {
		floor := plinth + float64(i)*pitch
		if i > 0 {
			b.part(fmt.Sprintf("shelf_%d", i), partShelf, BoxMesh(pv(-w/2+side, floor-shelfT, -d/2+back), pv(w/2-side, floor, d/2)))
		}
		books = append(books, bookRow(i, -w/2+side, w/2-side, floor, pitch-shelfT, -d/2+back, d/2-0.03)...)
	}
	b.part("books", partBooks, books...)
	b.standAround(w, d, 0.5, "f")
}

// bookRow returns a row of books on one shelf between x0 and x1 with room height room and
// depth z0–z1: widths and heights vary by a fixed pattern (no randomness: the same shelf always
// looks the same), with gaps so that the books stay disjoint.
func bookRow(shelf int, x0, x1, y, room, z0, z1 float64) []*scene.Mesh {
	widths := []float64{0.03, 0.045, 0.025, 0.04, 0.035, 0.05, 0.03}
	heights := []float64{0.8, 0.72, 0.86, 0.68, 0.78, 0.7, 0.83}
	var out []*scene.Mesh
	x := x0 + 0.02 + 0.06*float64(shelf%3) // rows start at different places
	limit := x0 + (x1-x0)*(0.55+0.1*float64(shelf%4))
	zb := z0 + 0.01
	for i := shelf; x < limit; i++ {
		bw, bh := widths[i%len(widths)], math.Min(0.32, heights[(i*3)%len(heights)]*room)
		if x+bw > x1-0.005 {
			break
		}
		out = append(out, BoxMesh(pv(x, y, zb), pv(x+bw, y+bh, zb+0.75*(z1-zb))))
		x += bw + 0.004
	}
	return out
}

// buildTVStand builds a low cabinet with two drawers and, in the "tv" variant, a flat screen on a
// foot standing on it (the size's height is then the screen's top).
func buildTVStand(b *builder, s mgl64.Vec3, variant string) {
	w, h, d := s.X(), s.Y(), s.Z()
	standH := h
	if variant == "tv" {
		standH = math.Min(0.5, 0.42*h)
	}
	buildCasework(b, pv(w, standH, d), 2, false)
	if variant != "tv" {
		return
	}
	sw := 0.75 * w
	b.part("tv_foot", scene.PartFrame, BoxMesh(pv(-0.15, standH, -0.1), pv(0.15, standH+0.02, 0.05)))
	b.part("tv_neck", scene.PartFrame, BoxMesh(pv(-0.03, standH+0.02, -0.06), pv(0.03, standH+0.1, -0.03)))
	b.part("tv", partScreen, primBevelBox(pv(-sw/2, standH+0.08, -0.05), pv(sw/2, h, -0.01), 0.008))
}
