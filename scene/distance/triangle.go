package distance

import "github.com/go-gl/mathgl/mgl64"

// triFeature says which part of a triangle holds the point closest to a query: the inside of the
// face, one of its edges or one of its corners. The sign of the distance is read from the
// pseudonormal of exactly that feature (Bærentzen & Aanæs 2005).
type triFeature uint8

// The features of triangle abc. Edge k joins corner k and corner (k+1) mod 3.
const (
	featFace triFeature = iota
	featEdgeAB
	featEdgeBC
	featEdgeCA
	featVertA
	featVertB
	featVertC
)

// closestOnTriangle returns the point of triangle abc closest to p and the feature it lies on,
// following Ericson, Real-Time Collision Detection §5.1.5: the Voronoi regions of the corners,
// then of the edges, then the face. A degenerate (zero-area) triangle falls back to its edges.
func closestOnTriangle(p, a, b, c mgl64.Vec3) (mgl64.Vec3, triFeature) {
	x, y, z, f := closestOnTriangleXYZ(p[0], p[1], p[2], a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2])
	if f == featDegenerate {
		return closestOnTriangleEdges(p, a, b, c)
	}
	return mgl64.Vec3{x, y, z}, f
}

// featDegenerate is closestOnTriangleXYZ's answer for a triangle without a face region.
const featDegenerate triFeature = 255

// closestOnTriangleXYZ is closestOnTriangle on scalars, the hot loop of every distance query: Go
// keeps [3]float64 values in memory, and scalars in registers run several times faster. A
// degenerate triangle returns featDegenerate.
func closestOnTriangleXYZ(px, py, pz, ax, ay, az, bx, by, bz, cx, cy, cz float64) (float64, float64, float64, triFeature) {
	abx, aby, abz := bx-ax, by-ay, bz-az
	acx, acy, acz := cx-ax, cy-ay, cz-az
	apx, apy, apz := px-ax, py-ay, pz-az
	d1 := abx*apx + aby*apy + abz*apz
	d2 := acx*apx + acy*apy + acz*apz
	if d1 <= 0 && d2 <= 0 {
		return ax, ay, az, featVertA
	}
	bpx, bpy, bpz := px-bx, py-by, pz-bz
	d3 := abx*bpx + aby*bpy + abz*bpz
	d4 := acx*bpx + acy*bpy + acz*bpz
	if d3 >= 0 && d4 <= d3 {
		return bx, by, bz, featVertB
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		return ax + abx*v, ay + aby*v, az + abz*v, featEdgeAB
	}
	cpx, cpy, cpz := px-cx, py-cy, pz-cz
	d5 := abx*cpx + aby*cpy + abz*cpz
	d6 := acx*cpx + acy*cpy + acz*cpz
	if d6 >= 0 && d5 <= d6 {
		return cx, cy, cz, featVertC
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		w := d2 / (d2 - d6)
		return ax + acx*w, ay + acy*w, az + acz*w, featEdgeCA
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		w := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return bx + (cx-bx)*w, by + (cy-by)*w, bz + (cz-bz)*w, featEdgeBC
	}
	// va + vb + vc = |ab × ac|²: a (nearly) collinear triangle has no face region to speak of.
	sum := va + vb + vc
	if !(sum > 1e-14*(abx*abx+aby*aby+abz*abz)*(acx*acx+acy*acy+acz*acz)) {
		return 0, 0, 0, featDegenerate
	}
	v, w := vb/sum, vc/sum
	return ax + abx*v + acx*w, ay + aby*v + acy*w, az + abz*v + acz*w, featFace
}

// closestOnTriangleEdges is the closest point of a degenerate triangle: the nearest of its three
// edges taken as segments.
func closestOnTriangleEdges(p, a, b, c mgl64.Vec3) (mgl64.Vec3, triFeature) {
	best, feat := a, featVertA
	bestD := p.Sub(a).LenSqr()
	for _, e := range [3]struct {
		u, v mgl64.Vec3
		f    triFeature
	}{{a, b, featEdgeAB}, {b, c, featEdgeBC}, {c, a, featEdgeCA}} {
		q := closestOnSegment(p, e.u, e.v)
		if d := p.Sub(q).LenSqr(); d < bestD {
			best, feat, bestD = q, e.f, d
		}
	}
	return best, feat
}

// closestOnSegment returns the point of segment uv closest to p.
func closestOnSegment(p, u, v mgl64.Vec3) mgl64.Vec3 {
	d := v.Sub(u)
	l2 := d.LenSqr()
	if l2 == 0 {
		return u
	}
	t := p.Sub(u).Dot(d) / l2
	t = max(0, min(1, t))
	return u.Add(d.Mul(t))
}

// triDist2 returns the squared distance from p to triangle abc.
func triDist2(p, a, b, c mgl64.Vec3) float64 {
	q, _ := closestOnTriangle(p, a, b, c)
	return p.Sub(q).LenSqr()
}
