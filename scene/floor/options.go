package floor

import (
	"fmt"

	"interactagent/geom"
)

// The walkable floor's defaults. Options' zero values mean these.
const (
	// BodyClearance is how far (metres, horizontally) a standing body reaches from the vertical
	// axis through its root: the body proxy at rest (arms hanging) reaches about 0.345 m, rounded
	// up. It is the same number the built-in layouts keep their stand points clear by, so a root
	// at least this far from every obstacle touches nothing, whichever way the body faces.
	BodyClearance = 0.35
	// Cell is the default side of a grid cell: fine enough that the half-cell quantisation
	// (3.5 cm along a diagonal) is small beside the clearance, coarse enough that the largest
	// built-in room is about 30,000 cells.
	Cell = 0.05
	// BandLow and BandHigh bound the heights (metres above the floor) at which geometry
	// obstructs a standing, walking body: below 5 cm is a rug, a threshold or a cable, which feet
	// step over; above 1.9 m is a lintel, a high shelf or a pendant lamp, which the head passes
	// under. A table top at 0.75 m is in the band and blocks.
	BandLow  = 0.05
	BandHigh = 1.9
	// Margin is how far the default grid reaches beyond the obstacles, so that a body can
	// walk around an object at the edge of a scene without walls.
	Margin = 1.0
	// MaxClearance caps Clearance and the rays PathWidth casts: beyond 2 m a passage is open
	// floor, and the distance transform need not say how open.
	MaxClearance = 2.0
	// Snap is how far Path moves an endpoint that lies in a blocked cell: a stand point just
	// inside the clearance moves a few centimetres; a point inside a sofa is an error.
	Snap = 0.5
	// MaxCells bounds the grid (at 28 bytes a cell, about 120 MB, and 20 bytes a cell for
	// each search in flight), so a scene with stray far-away geometry is an error that says so
	// instead of exhausting memory.
	MaxCells = 1 << 22
)

// Options says how New builds a floor. The zero value of each field means its default (the
// constant of the same name; BodyClearance for Clearance); negative or non-finite values are
// errors.
type Options struct {
	Cell      float64 // side of a square grid cell, metres
	Clearance float64 // a cell is free when no obstacle lies nearer its centre than this, metres
	// BandLow and BandHigh are the heights above the floor between which geometry obstructs; to
	// count geometry from the floor up, give a tiny BandLow such as 1e-6.
	BandLow, BandHigh float64
	// Extent is the floor area the grid covers; only its X and Z are read. The zero Box means the
	// box around every non-floor object and the scene's start, grown by Margin. Floor objects do
	// not count, since a ground plane may be far larger than the room on it.
	Extent       geom.Box
	Margin       float64 // how far the default extent reaches beyond the obstacles, metres
	MaxClearance float64 // cap on Clearance and on PathWidth's rays, metres
	Snap         float64 // how far Path may move an endpoint in a blocked cell, metres
}

// withDefaults fills zero fields with their defaults and checks the rest.
func (o Options) withDefaults() (Options, error) {
	fields := []struct {
		name string
		v    *float64
		def  float64
	}{
		{"cell", &o.Cell, Cell}, {"clearance", &o.Clearance, BodyClearance},
		{"band low", &o.BandLow, BandLow}, {"band high", &o.BandHigh, BandHigh},
		{"margin", &o.Margin, Margin}, {"max clearance", &o.MaxClearance, MaxClearance},
		{"snap", &o.Snap, Snap},
	}
	for _, fl := range fields {
		if !geom.Finite(*fl.v) || *fl.v < 0 {
			return o, fmt.Errorf("scene: floor: %s %g, want a finite value ≥ 0 (0 for the default %g)", fl.name, *fl.v, fl.def)
		}
		if *fl.v == 0 {
			*fl.v = fl.def
		}
	}
	if o.BandLow >= o.BandHigh {
		return o, fmt.Errorf("scene: floor: band %g–%g m, want its low end below its high end", o.BandLow, o.BandHigh)
	}
	return o, nil
}
