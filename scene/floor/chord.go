package floor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// chord tries directions through each point at most chordSpread off the path's normal,
// every chordStep: a gap crossed up to 45° off square still reads its own width (to within
// 0.1 %, a millimetre at a doorway), while chords that run nearly along the path, which measure
// nothing the path passes through, are not tried.
const (
	chordSpread = math.Pi / 4
	chordStep   = math.Pi / 36
)

// chord returns the shortest free chord through q, within chordSpread of the normal n, whose
// ends both meet obstacles; limit when none is shorter, 0 inside an obstacle.
func (f *Floor) chord(q, n mgl64.Vec2, limit float64) float64 {
	if c, ok := f.cellOf(fromXZ(q)); ok && f.dist[c] == 0 {
		return 0
	}
	for a := -chordSpread; a <= chordSpread+1e-9; a += chordStep {
		c, s := math.Cos(a), math.Sin(a)
		limit = f.chordAlong(q, mgl64.Vec2{c*n.X() - s*n.Y(), s*n.X() + c*n.Y()}, limit)
	}
	return limit
}

// chordAlong returns the chord through q along ±u when both its ends meet obstacles and it is
// shorter than limit, else limit.
func (f *Floor) chordAlong(q, u mgl64.Vec2, limit float64) float64 {
	there, hit := f.ray(q, u, limit)
	if !hit {
		return limit
	}
	if back, hit := f.ray(q, u.Mul(-1), limit-there); hit && there+back < limit {
		return there + back
	}
	return limit
}

// ray returns how far from q along the unit direction u the first obstacle is, and whether there
// is one within limit and MaxClearance. It steps from disc to disc: around each cell centre the
// distance transform promises a disc free of obstacles, and from where it is the ray goes on to
// the farthest exit among the discs of the nine cells around it. The discs are shrunk by a cell
// and the ray stops where none takes it a millimetre further, a cell short of the obstacle, which
// it adds back: so a wall of no thickness (a single quad, which has no inside for a ray to end
// in) and a jamb's edge that a ray passes within a cell of both stop it. The cell added back is
// exact where the ray meets a surface square on, as chords across doorways and corridors do;
// elsewhere the chord reads a little short or long, by less than a cell. Leaving the grid is
// open floor.
func (f *Floor) ray(q, u mgl64.Vec2, limit float64) (float64, bool) {
	pad := f.opt.Cell
	limit = min(limit, f.opt.MaxClearance)
	t := 0.0
	for step := 0; step < 10000 && t+pad < limit; step++ {
		run, ok := f.discRun(q.Add(u.Mul(t)), u, pad)
		if !ok {
			return limit, false
		}
		if run < 1e-3 {
			return t + pad, true
		}
		t += run
	}
	return limit, false
}

// discRun returns how far from p along u the free discs of the cells around p, shrunk by pad,
// reach, and false when p is outside the grid.
func (f *Floor) discRun(p, u mgl64.Vec2, pad float64) (float64, bool) {
	i, j, ok := f.cellIJ(fromXZ(p))
	if !ok {
		return 0, false
	}
	best := 0.0
	for k := 0; k < 9; k++ {
		if ni, nj := i+k%3-1, j+k/3-1; ni >= 0 && nj >= 0 && ni < f.nx && nj < f.nz {
			best = max(best, discExit(p, u, f.center(nj*f.nx+ni), f.dist[nj*f.nx+ni]-pad))
		}
	}
	return best, true
}

// discExit returns how far from p along the unit direction u the ray stays in the disc of
// radius r around c, or 0 when p is not inside it.
func discExit(p, u, c mgl64.Vec2, r float64) float64 {
	w := p.Sub(c)
	w2 := w.LenSqr()
	if r <= 0 || w2 >= r*r {
		return 0
	}
	b := w.Dot(u)
	return -b + math.Sqrt(b*b-w2+r*r)
}
