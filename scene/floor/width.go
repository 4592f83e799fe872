package floor

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
)

// PathWidth returns how wide the narrowest gap is that a path (y ignored) passes through, and
// where on the path that is. The width at a point of the path is its shortest free chord: a
// straight segment through the point from obstacle to obstacle, each within MaxClearance of the
// point, crossing the path at most 45° off square. Through a 0.9 m doorway that is 0.9 m,
// however near the path runs to one side of it, which is why it is not twice the path's least
// clearance (a shortest path hugs corners, so that would be about twice the body clearance
// everywhere). A chord may also cut across a corner the path passes near; that corner narrows
// the way too. The first and last Clearance metres of the path are left out, since where a body
// starts or stops (a stand point in a corner) is not a gap it passes through; a path shorter
// than twice that is measured around its middle. Points are taken every cell along the path.
//
// Chords are measured on the distance transform (see ray), to within about a centimetre at 5 cm
// cells, two beside a wall of no thickness. A side with no obstacle within MaxClearance (the
// grid's edge counts as open floor) is open, not a gap, so in the open, or beside a single
// wall, PathWidth is 2 × MaxClearance. A path through an obstacle gives 0, or up to two cells
// through a wall of no thickness; a path of fewer than two distinct points gives
// 2 × MaxClearance, and the origin when it is empty.
func (f *Floor) PathWidth(path []mgl64.Vec3) (float64, mgl64.Vec3) {
	best, at := 2*f.opt.MaxClearance, mgl64.Vec2{}
	if len(path) > 0 {
		at = xz(path[0])
	}
	for _, s := range f.widthSamples(path) {
		if s.lower >= best {
			break // sorted: no later point can have a shorter chord
		}
		if w := f.chord(s.p, s.normal, best); w < best {
			best, at = w, s.p
		}
	}
	return best, fromXZ(at)
}

// sample is a point of a path, the normal of the path there, and a lower bound on the
// shortest chord through it.
type sample struct {
	p, normal mgl64.Vec2
	lower     float64
}

// widthSamples returns points every cell along the path, less its ends, most promising
// first: by a lower bound on their chord, twice the clearance the grid guarantees at the point.
func (f *Floor) widthSamples(path []mgl64.Vec3) []sample {
	total := 0.0
	for k := 1; k < len(path); k++ {
		total += xz(path[k]).Sub(xz(path[k-1])).Len()
	}
	skip := max(0, min(f.opt.Clearance, total/2-f.opt.Cell/2)) // a short path keeps its middle cell
	var out []sample
	done := 0.0
	for k := 1; k < len(path); k++ {
		a, b := xz(path[k-1]), xz(path[k])
		out = f.segmentSamples(out, a, b, skip-done, total-skip-done)
		done += b.Sub(a).Len()
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].lower < out[j].lower })
	return out
}

// segmentSamples appends to out the points every cell along segment ab whose distance from
// a along it lies in [from, to].
func (f *Floor) segmentSamples(out []sample, a, b mgl64.Vec2, from, to float64) []sample {
	l := b.Sub(a).Len()
	if l == 0 {
		return out
	}
	// A segment longer than the grid's diagonal leaves the grid, where there is nothing to
	// measure: the cap keeps a wild path from asking for millions of points.
	n := min(math.Ceil(l/f.opt.Cell), float64(f.nx+f.nz))
	d := b.Sub(a).Mul(1 / l)
	for s := 0.0; s <= n; s++ {
		if along := l * s / n; along >= from-1e-9 && along <= to+1e-9 {
			p := a.Add(b.Sub(a).Mul(s / n))
			out = append(out, sample{p, mgl64.Vec2{-d.Y(), d.X()}, 2 * f.clearanceBound(p)})
		}
	}
	return out
}

// clearanceBound returns a distance from q within which there is surely no obstacle: its cell
// centre's distance less how far q is from that centre (0 outside the grid).
func (f *Floor) clearanceBound(q mgl64.Vec2) float64 {
	c, ok := f.cellOf(fromXZ(q))
	if !ok {
		return 0
	}
	return max(0, f.dist[c]-q.Sub(f.center(c)).Len())
}
