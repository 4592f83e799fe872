package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// FitOrbit returns o with Target and Distance chosen so that every point shows in an image of the
// given aspect (width/height), keeping margin (a fraction of the half-image, such as 0.08) free at
// the edges. Yaw, Pitch and FOV are kept. With no points o is returned unchanged.
func FitOrbit(o Orbit, pts []mgl64.Vec3, aspect, margin float64) Orbit {
	if len(pts) == 0 || !(aspect > 0) {
		return o
	}
	back := o.dir()
	right := o.up().Cross(back).Normalize()
	up := back.Cross(right)
	tanV := math.Tan(mgl64.DegToRad(fovOr(o.FOV))/2) * (1 - clampMargin(margin))
	tanH := tanV * aspect
	center := boxOf(pts).Center()
	var dist float64
	// Each pass fits the distance, then moves the target so the points' projection is centred;
	// three passes settle to well under a pixel for ordinary point sets.
	for pass := 0; pass < 3; pass++ {
		dist = fitDistance(pts, center, right, up, back, tanH, tanV)
		lo, hi := screenExtent(pts, center, right, up, back, dist, tanH, tanV)
		center = center.Add(right.Mul((lo[0] + hi[0]) / 2 * dist * tanH)).Add(up.Mul((lo[1] + hi[1]) / 2 * dist * tanV))
	}
	o.Target = center
	o.Distance = fitDistance(pts, center, right, up, back, tanH, tanV)
	return o
}

// fitDistance is the smallest eye distance along back at which every point is inside the frustum.
func fitDistance(pts []mgl64.Vec3, c, right, up, back mgl64.Vec3, tanH, tanV float64) float64 {
	d := 0.0
	for _, p := range pts {
		q := p.Sub(c)
		z := q.Dot(back)
		d = math.Max(d, z+math.Abs(q.Dot(right))/tanH)
		d = math.Max(d, z+math.Abs(q.Dot(up))/tanV)
		d = math.Max(d, z+nearPlane*4)
	}
	return d
}

// screenExtent returns the points' normalised screen box ([-1, 1] is the fitted frustum).
func screenExtent(pts []mgl64.Vec3, c, right, up, back mgl64.Vec3, d, tanH, tanV float64) (lo, hi [2]float64) {
	lo, hi = [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		q := p.Sub(c)
		depth := math.Max(d-q.Dot(back), 1e-6)
		s := [2]float64{q.Dot(right) / (depth * tanH), q.Dot(up) / (depth * tanV)}
		for k := 0; k < 2; k++ {
			lo[k], hi[k] = math.Min(lo[k], s[k]), math.Max(hi[k], s[k])
		}
	}
	return lo, hi
}

// FitTopDown returns the top-down camera that shows every point's floor position in an image of
// the given aspect with margin free at the edges.
func FitTopDown(pts []mgl64.Vec3, aspect, margin float64) TopDown {
	if len(pts) == 0 || !(aspect > 0) {
		return TopDown{Span: 10}
	}
	b := boxOf(pts)
	w, d := b.Size().X(), b.Size().Z()
	// Span covers the shorter image side; the longer one shows aspect times as much.
	var span float64
	if aspect >= 1 {
		span = math.Max(w/aspect, d)
	} else {
		span = math.Max(w, d*aspect)
	}
	span = math.Max(span, 0.5) / (1 - clampMargin(margin))
	return TopDown{Center: mgl64.Vec3{b.Center().X(), 0, b.Center().Z()}, Span: span}
}

func clampMargin(m float64) float64 {
	if !(m >= 0) {
		return 0
	}
	return math.Min(m, 0.9)
}

// boxOf returns the box around points.
func boxOf(pts []mgl64.Vec3) geom.Box {
	b := geom.EmptyBox()
	for _, p := range pts {
		b = b.AddPoint(p)
	}
	return b
}

// boxCorners returns the eight corners of a box.
func boxCorners(b geom.Box) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, 0, 8)
	for i := 0; i < 8; i++ {
		out = append(out, mgl64.Vec3{pick(i&1 != 0, b.Hi.X(), b.Lo.X()), pick(i&2 != 0, b.Hi.Y(), b.Lo.Y()), pick(i&4 != 0, b.Hi.Z(), b.Lo.Z())})
	}
	return out
}

// padPoints adds the corners of a floor square of side minSpan around the points' centre, so that
// a tiny motion still shows its surroundings.
func padPoints(pts []mgl64.Vec3, minSpan float64) []mgl64.Vec3 {
	if len(pts) == 0 || minSpan <= 0 {
		return pts
	}
	c := boxOf(pts).Center()
	h := minSpan / 2
	return append(pts,
		mgl64.Vec3{c.X() - h, 0, c.Z() - h}, mgl64.Vec3{c.X() + h, 0, c.Z() - h},
		mgl64.Vec3{c.X() - h, 0, c.Z() + h}, mgl64.Vec3{c.X() + h, 0, c.Z() + h})
}

func pick(cond bool, a, b float64) float64 {
	if cond {
		return a
	}
	return b
}
