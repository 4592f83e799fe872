package trumans

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
)

// Support surfaces are found from an object's mesh, as its category asks: a seat for the things
// people sit on, a seat and a lying surface for a sofa long enough, a mattress for a bed.
const (
	surfaceLow  = 0.2  // the lowest support surface looked for (m)
	surfaceHigh = 0.95 // the highest
	heightBin   = 0.02 // the histogram's bins of up-facing area by height (m)
	standGap    = 0.45 // how far from the footprint stand points lie (m)
	sofaLie     = 1.5  // the least seat width of a sofa one can lie on (m)
	cell        = 0.02 // the side of the cells of the view from above (m)
)

// sitCategories are the categories whose top at seat height is a seat.
var sitCategories = map[string]bool{"chair": true, "armchair": true, "office_chair": true, "sofa": true,
	"ottoman": true, "stool": true, "bench": true, "toilet": true}

// patch is the up-facing triangles at one height: where a surface lies.
type patch struct {
	height float64 // the top of the patch
	tris   []int   // triangle indices into the object's merged mesh
	part   []int   // the part of each triangle
}

// addSurfaces gives o, a labelled object in world space, support surfaces and stand points from
// its mesh. forward is the object's front (its pose applied to +Z), used when the mesh does not
// show it.
func addSurfaces(o *scene.Object, forward mgl64.Vec3) {
	m, partOf := mergedMesh(o)
	b := o.Bounds()
	fwd := frontOf(m, b, flatUnit(forward))
	o.StandPoints = standPoints(b, fwd, o.Category)
	lie := o.Category == "bed"
	if !lie && !sitCategories[o.Category] {
		return
	}
	p, ok := topPatch(m, partOf)
	if !ok {
		return
	}
	if lie {
		o.Surfaces = append(o.Surfaces, bedSurface(o, m, p, fwd))
		return
	}
	seat := surfaceOf(o, m, p, fwd, true, false)
	o.Surfaces = append(o.Surfaces, seat)
	if o.Category == "sofa" && 2*seat.Extent[1] >= sofaLie {
		o.Surfaces = append(o.Surfaces, surfaceOf(o, m, p, leftOf(fwd).Mul(-1), false, true))
	}
}

// mergedMesh returns the object's parts as one mesh and the part of each triangle.
func mergedMesh(o *scene.Object) (*scene.Mesh, []int) {
	m := &scene.Mesh{}
	var partOf []int
	for k, p := range o.Parts {
		m.Append(p.Mesh)
		partOf = appendClass(partOf, len(p.Mesh.Triangles), k)
	}
	return m, partOf
}

// topPatch finds the height between surfaceLow and surfaceHigh with the most area seen from
// above on up-facing triangles (a seat cushion hides the top of the base it rests on) and returns
// the up-facing triangles within a bin of it; false when there are none.
func topPatch(m *scene.Mesh, partOf []int) (patch, bool) {
	nb := int(math.Ceil((surfaceHigh - surfaceLow) / heightBin))
	area := make([]float64, nb)
	for _, y := range topView(m) {
		if y >= surfaceLow && y < surfaceHigh {
			area[int((y-surfaceLow)/heightBin)] += cell * cell
		}
	}
	best := 0
	for i := range area {
		if area[i] > area[best] {
			best = i
		}
	}
	if area[best] == 0 {
		return patch{}, false
	}
	return collectPatch(m, partOf, surfaceLow+(float64(best)+0.5)*heightBin), true
}

// collectPatch gathers the up-facing triangles whose centroid lies within 1.5 bins of height h.
func collectPatch(m *scene.Mesh, partOf []int, h float64) patch {
	p := patch{height: math.Inf(-1)}
	for i := range m.Triangles {
		if _, y, ok := upFacing(m, i); ok && math.Abs(y-h) <= 1.5*heightBin {
			p.tris, p.part = append(p.tris, i), append(p.part, partOf[i])
			a, b, c := m.Triangle(i)
			p.height = max(p.height, a.Y(), b.Y(), c.Y())
		}
	}
	return p
}

// upFacing returns triangle i's area and centroid height, and whether it faces up.
func upFacing(m *scene.Mesh, i int) (float64, float64, bool) {
	a, b, c := m.Triangle(i)
	n := b.Sub(a).Cross(c.Sub(a))
	l := n.Len()
	if l == 0 || n.Y()/l < flatNormal {
		return 0, 0, false
	}
	return l / 2, (a.Y() + b.Y() + c.Y()) / 3, true
}

// surfaceOf returns the rectangle around the patch with its first extent along axis.
func surfaceOf(o *scene.Object, m *scene.Mesh, p patch, axis mgl64.Vec3, sit, lie bool) scene.Surface {
	across := mgl64.Vec3{axis.Z(), 0, -axis.X()}
	lo, hi := mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}
	for _, i := range p.tris {
		for _, v := range m.Triangles[i] {
			q := m.Vertices[v]
			u, w := q.Dot(axis), q.Dot(across)
			lo, hi = mgl64.Vec2{min(lo[0], u), min(lo[1], w)}, mgl64.Vec2{max(hi[0], u), max(hi[1], w)}
		}
	}
	mid := axis.Mul((lo[0] + hi[0]) / 2).Add(across.Mul((lo[1] + hi[1]) / 2))
	return scene.Surface{Part: o.Parts[mostPart(p, m)].Name, Center: mgl64.Vec3{mid.X(), p.height, mid.Z()},
		Extent: [2]float64{(hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2}, Axis: axis,
		Normal: mgl64.Vec3{0, 1, 0}, Sit: sit, LieDown: lie}
}

// mostPart returns the part holding the largest share of the patch's area.
func mostPart(p patch, m *scene.Mesh) int {
	area := map[int]float64{}
	best := p.part[0]
	for k, i := range p.tris {
		a, _, _ := upFacing(m, i)
		area[p.part[k]] += a
		if area[p.part[k]] > area[best] {
			best = p.part[k]
		}
	}
	return best
}

// bedSurface returns a bed's mattress: along its longer side, head to foot, the head at the end
// where the bed is taller (its headboard).
func bedSurface(o *scene.Object, m *scene.Mesh, p patch, fwd mgl64.Vec3) scene.Surface {
	s := surfaceOf(o, m, p, fwd, true, true)
	if s.Extent[1] > s.Extent[0] {
		s = surfaceOf(o, m, p, leftOf(fwd), true, true)
	}
	if endHeight(m, s, 1) > endHeight(m, s, -1)+0.05 { // the tall end is the head, at −Axis
		s = surfaceOf(o, m, p, s.Axis.Mul(-1), true, true)
	}
	return s
}

// endHeight returns the highest vertex near one end of the surface along its axis (sign +1: the
// +Axis end).
func endHeight(m *scene.Mesh, s scene.Surface, sign float64) float64 {
	top := math.Inf(-1)
	for _, v := range m.Vertices {
		if sign*v.Sub(s.Center).Dot(s.Axis) > 0.7*s.Extent[0] {
			top = max(top, v.Y())
		}
	}
	return top
}
