package floor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// The slow, obviously correct references the floor's fast paths are tested against. They share
// no code with the floor: each is written from its definition.

// refDistance returns the horizontal distance from floor point p to the nearest obstacle of fc:
// 0 inside a closed part at the middle of the band (by counting crossings of a ray), else the
// least distance to the part within the band of any triangle of a non-floor object.
func refDistance(fc floorCase, p mgl64.Vec3, lo, hi float64) float64 {
	best := math.Inf(1)
	for _, o := range fc.s.Objects {
		if o.Category == "floor" {
			continue
		}
		for _, part := range o.Parts {
			m := part.Mesh
			if !fc.open[m] && refInside(m, mgl64.Vec3{p.X(), (lo + hi) / 2, p.Z()}) {
				return 0
			}
			for _, t := range m.Triangles {
				best = math.Min(best, refBandDistance(m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]], p, lo, hi))
			}
		}
	}
	return best
}

// refInside reports whether p is inside the closed mesh m: an odd number of its triangles cross
// a ray from p, by the vote of three rays in directions no test geometry lines up with (a ray
// through a shared edge counts it twice).
func refInside(m *scene.Mesh, p mgl64.Vec3) bool {
	votes := 0
	for _, dir := range []mgl64.Vec3{{0.8123, 0.0137, 0.5891}, {-0.3719, 0.0291, 0.9311}, {-0.6173, -0.0213, -0.7919}} {
		n := 0
		for _, t := range m.Triangles {
			if refRayHits(p, dir.Normalize(), m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]) {
				n++
			}
		}
		votes += n % 2
	}
	return votes >= 2
}

// refRayHits reports whether the ray from p along dir crosses triangle abc (Möller–Trumbore).
func refRayHits(p, dir, a, b, c mgl64.Vec3) bool {
	e1, e2 := b.Sub(a), c.Sub(a)
	h := dir.Cross(e2)
	det := e1.Dot(h)
	if math.Abs(det) < 1e-15 {
		return false
	}
	s := p.Sub(a)
	u := s.Dot(h) / det
	q := s.Cross(e1)
	v := dir.Dot(q) / det
	return u >= 0 && v >= 0 && u+v <= 1 && e2.Dot(q)/det > 0
}

// refBandDistance returns the horizontal distance from p to the part of triangle abc with
// lo ≤ y ≤ hi. That part is convex, the hull of the corners in the band and the points where
// edges cross y = lo or y = hi; its distance from p is 0 when some three of those points enclose
// p, else the least distance to a segment between two of them.
func refBandDistance(a, b, c, p mgl64.Vec3, lo, hi float64) float64 {
	var pts [][2]float64
	corners := []mgl64.Vec3{a, b, c}
	for i, u := range corners {
		if u.Y() >= lo && u.Y() <= hi {
			pts = append(pts, [2]float64{u.X(), u.Z()})
		}
		v := corners[(i+1)%3]
		for _, h := range []float64{lo, hi} {
			if (u.Y()-h)*(v.Y()-h) < 0 {
				t := (h - u.Y()) / (v.Y() - u.Y())
				pts = append(pts, [2]float64{u.X() + t*(v.X()-u.X()), u.Z() + t*(v.Z()-u.Z())})
			}
		}
	}
	q := [2]float64{p.X(), p.Z()}
	best := math.Inf(1)
	for i := range pts {
		for j := i; j < len(pts); j++ {
			best = math.Min(best, refSegmentDistance(pts[i], pts[j], q))
			for k := j + 1; k < len(pts); k++ {
				if refInTriangle(pts[i], pts[j], pts[k], q) {
					return 0
				}
			}
		}
	}
	return best
}

// refSegmentDistance returns the distance from q to segment ab.
func refSegmentDistance(a, b, q [2]float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l2 := dx*dx + dz*dz; l2 > 0 {
		t = math.Max(0, math.Min(1, ((q[0]-a[0])*dx+(q[1]-a[1])*dz)/l2))
	}
	return math.Hypot(q[0]-a[0]-t*dx, q[1]-a[1]-t*dz)
}

// refInTriangle reports whether q lies inside triangle abc (of non-zero area) or on its edge.
func refInTriangle(a, b, c, q [2]float64) bool {
	side := func(u, v [2]float64) float64 { return (v[0]-u[0])*(q[1]-u[1]) - (v[1]-u[1])*(q[0]-u[0]) }
	area := (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
	if area == 0 {
		return false
	}
	s1, s2, s3 := side(a, b)*area, side(b, c)*area, side(c, a)*area
	return s1 >= 0 && s2 >= 0 && s3 >= 0
}

// refShortest returns the length of a shortest path from cell (i0, j0) of f to every cell,
// centre to centre, through free cells with steps to the 8 neighbours (a diagonal only when both
// cells beside it are free), by Dijkstra's algorithm in its plainest form: no heap, the nearest
// unsettled cell found by scanning them all. Cells with no path get +Inf.
func refShortest(f *Floor, i0, j0 int) []float64 {
	nx, nz := f.Dims()
	free := func(i, j int) bool { return i >= 0 && j >= 0 && i < nx && j < nz && f.Free(f.CellCenter(i, j)) }
	dist := make([]float64, nx*nz)
	done := make([]bool, nx*nz)
	for k := range dist {
		dist[k] = math.Inf(1)
	}
	dist[j0*nx+i0] = 0
	for {
		c := -1
		for k := range dist {
			if !done[k] && !math.IsInf(dist[k], 1) && (c < 0 || dist[k] < dist[c]) {
				c = k
			}
		}
		if c < 0 {
			return dist
		}
		done[c] = true
		i, j := c%nx, c/nx
		for di := -1; di <= 1; di++ {
			for dj := -1; dj <= 1; dj++ {
				if (di == 0 && dj == 0) || !free(i+di, j+dj) || (di != 0 && dj != 0 && (!free(i+di, j) || !free(i, j+dj))) {
					continue
				}
				step := f.Options().Cell * math.Hypot(float64(di), float64(dj))
				if n := (j+dj)*nx + i + di; dist[c]+step < dist[n] {
					dist[n] = dist[c] + step
				}
			}
		}
	}
}

// refSegmentTouchesSquare reports whether segment ab meets the closed square [x0, x0+s] ×
// [z0, z0+s] on the floor, by clipping the segment's parameter range to each slab in turn.
func refSegmentTouchesSquare(a, b mgl64.Vec3, x0, z0, s float64) bool {
	t0, t1 := 0.0, 1.0
	for _, ax := range []struct{ p, d, lo float64 }{{a.X(), b.X() - a.X(), x0}, {a.Z(), b.Z() - a.Z(), z0}} {
		if ax.d == 0 {
			if ax.p < ax.lo || ax.p > ax.lo+s {
				return false
			}
			continue
		}
		u, v := (ax.lo-ax.p)/ax.d, (ax.lo+s-ax.p)/ax.d
		t0, t1 = math.Max(t0, math.Min(u, v)), math.Min(t1, math.Max(u, v))
	}
	return t0 <= t1
}
