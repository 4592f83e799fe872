package motion

import (
	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// Placement is the body placed in one frame: every capsule's ends and the rotation that turns its
// samples. Placing (the IK behind it) is done once per frame; after it, a capsule costs a few
// dot products and its surface points only their own arithmetic, so a caller that needs the
// points of a few capsules (those near the scene) does not pay for the rest. A Placement is a
// value of about 3 kB; the zero Placement has no capsules and no points.
type Placement struct {
	body *Body
	caps [numCapsules]placement
}

// placement is one capsule in one frame: its ends, its axis e3 and length, the global rotation q
// of its frame joint and, once twist has been applied, the rest of its orthonormal frame.
type placement struct {
	a, b, e3 mgl64.Vec3
	length   float64
	q        mgl64.Quat
	e1, e2   mgl64.Vec3
}

// at returns the world position of sample s of the placed capsule, whose frame must be complete.
func (c *placement) at(s sample) mgl64.Vec3 {
	return c.a.Add(c.e1.Mul(s.x)).Add(c.e2.Mul(s.y)).Add(c.e3.Mul(s.s*c.length + s.z))
}

// Place places the body in frame p.
func (b *Body) Place(p Pose) Placement {
	pl := Placement{body: b}
	b.placeEnds(p, &pl.caps)
	return pl
}

// Capsule returns capsule i of the frame, the i-th of Capsules; an index out of range (or the zero
// Placement) gives the zero Capsule.
func (pl *Placement) Capsule(i int) Capsule {
	if pl.body == nil || i < 0 || i >= numCapsules {
		return Capsule{}
	}
	c := &pl.caps[i]
	return Capsule{Capsule: geom.Capsule{A: c.a, B: c.b, Radius: pl.body.caps[i].radius}, Part: pl.body.caps[i].part}
}

// Capsules appends the frame's capsules to dst[:0] and returns it, in Body.Capsules' order.
func (pl *Placement) Capsules(dst []Capsule) []Capsule {
	dst = dst[:0]
	if pl.body == nil {
		return dst
	}
	for i := range pl.caps {
		dst = append(dst, pl.Capsule(i))
	}
	return dst
}

// Points returns capsule i's weighted surface points in dst[:0] (grown only when too small): the
// same values, in the same order, as Body.Points gives at PointRange(i) for the frame. An index out
// of range gives none. A buffer it grows has room for any capsule's points.
func (pl *Placement) Points(i int, dst []WeightedPoint) []WeightedPoint {
	n := pl.numPoints(i)
	if cap(dst) < n {
		dst = make([]WeightedPoint, n, pl.body.maxCapsulePoints())
	}
	dst = dst[:n]
	if n > 0 {
		pl.writePoints(i, dst)
	}
	return dst
}

// Positions returns the positions of capsule i's points in dst[:0] (grown only when too small),
// exactly the P of Points(i); each point weighs Body.PointWeight(i) and belongs to the capsule's
// part. Penetration metrics use it: it writes a third of what Points does.
func (pl *Placement) Positions(i int, dst []mgl64.Vec3) []mgl64.Vec3 {
	n := pl.numPoints(i)
	if cap(dst) < n {
		dst = make([]mgl64.Vec3, n, pl.body.maxCapsulePoints())
	}
	dst = dst[:n]
	if n == 0 {
		return dst
	}
	b, c, g := pl.body, &pl.caps[i], &pl.body.groups[i]
	e1, e2 := b.twist(i, c)
	o := g[0]
	transformPositions(c.a, e1, e2, c.e3.Mul(c.length), b.points[g[0]:g[1]], dst[g[0]-o:g[1]-o])
	transformPositions(c.a, e1, e2, c.e3, b.points[g[1]:g[2]], dst[g[1]-o:g[2]-o])
	transformPositions(c.b, e1, e2, c.e3, b.points[g[2]:g[3]], dst[g[2]-o:g[3]-o])
	return dst
}

// numPoints returns how many points capsule i has (0 for a bad index or the zero Placement).
func (pl *Placement) numPoints(i int) int {
	if pl.body == nil || i < 0 || i >= numCapsules {
		return 0
	}
	return pl.body.groups[i][3] - pl.body.groups[i][0]
}

// writePoints writes capsule i's points into out, which is exactly as long as they are.
func (pl *Placement) writePoints(i int, out []WeightedPoint) {
	b := pl.body
	c, g, w, part := &pl.caps[i], &b.groups[i], b.weight[i], b.caps[i].part
	e1, e2 := b.twist(i, c)
	o := g[0]
	transformPoints(c.a, e1, e2, c.e3.Mul(c.length), b.points[g[0]:g[1]], out[g[0]-o:g[1]-o], w, part)
	transformPoints(c.a, e1, e2, c.e3, b.points[g[1]:g[2]], out[g[1]-o:g[2]-o], w, part)
	transformPoints(c.b, e1, e2, c.e3, b.points[g[2]:g[3]], out[g[2]-o:g[3]-o], w, part)
}

// maxCapsulePoints returns the most points any one capsule has, so that a buffer grown for one
// capsule serves every other.
func (b *Body) maxCapsulePoints() int {
	n := 0
	for i := range b.groups {
		n = max(n, b.groups[i][3]-b.groups[i][0])
	}
	return n
}

// transformPoints writes anchor + x·e1 + y·e2 + w·v for each sample; it is the hot loop of
// Body.Points, so the frame is held in scalars.
func transformPoints(anchor, e1, e2, v mgl64.Vec3, in []pointSample, out []WeightedPoint, w float64, part BodyPart) {
	ax, ay, az := anchor[0], anchor[1], anchor[2]
	e1x, e1y, e1z := e1[0], e1[1], e1[2]
	e2x, e2y, e2z := e2[0], e2[1], e2[2]
	vx, vy, vz := v[0], v[1], v[2]
	out = out[:len(in)]
	for k := range in {
		s, o := &in[k], &out[k]
		// Field by field: a composite literal goes through a stack temporary whose partial
		// overlapping copies stall store forwarding and cost twice the arithmetic.
		o.P[0] = ax + s.x*e1x + s.y*e2x + s.w*vx
		o.P[1] = ay + s.x*e1y + s.y*e2y + s.w*vy
		o.P[2] = az + s.x*e1z + s.y*e2z + s.w*vz
		o.Weight, o.Part = w, part
	}
}

// transformPositions is transformPoints without the weights and parts, with the same arithmetic
// in the same order, so the positions are bit for bit the same.
func transformPositions(anchor, e1, e2, v mgl64.Vec3, in []pointSample, out []mgl64.Vec3) {
	ax, ay, az := anchor[0], anchor[1], anchor[2]
	e1x, e1y, e1z := e1[0], e1[1], e1[2]
	e2x, e2y, e2z := e2[0], e2[1], e2[2]
	vx, vy, vz := v[0], v[1], v[2]
	out = out[:len(in)]
	for k := range in {
		s, o := &in[k], &out[k]
		o[0] = ax + s.x*e1x + s.y*e2x + s.w*vx
		o[1] = ay + s.x*e1y + s.y*e2y + s.w*vy
		o[2] = az + s.x*e1z + s.y*e2z + s.w*vz
	}
}

// place computes every capsule of the frame p with its whole frame, as Mesh needs.
func (b *Body) place(p Pose, out *[numCapsules]placement) {
	b.placeEnds(p, out)
	for i := range out {
		out[i].e1, out[i].e2 = b.twist(i, &out[i])
	}
}

// placeEnds computes the capsules of the frame p up to their twist: the joints give the ends, and
// the global rotation of each capsule's frame joint turns its end offsets. The axis follows the
// ends exactly (so samples stay on the surface whatever the bone lengths).
func (b *Body) placeEnds(p Pose, out *[numCapsules]placement) {
	_, g := ikRotations(p)
	for i := range b.caps {
		c, q := &b.caps[i], g[b.caps[i].frame]
		o := &out[i]
		o.q = q
		o.a = p[c.a].Add(quatRotate(q, c.offA))
		o.b = p[c.b].Add(quatRotate(q, c.offB))
		axis := o.b.Sub(o.a)
		o.length = axis.Len()
		if o.length > 1e-9 {
			o.e3 = axis.Mul(1 / o.length)
		} else {
			o.e3, o.length = quatRotate(q, b.rest[i].Col(2)), 0
		}
	}
}

// twist returns the e1 and e2 of capsule i placed as c: the rotation turns the rest frame's e1,
// which is then made perpendicular to the axis, so the samples turn with the frame joint.
func (b *Body) twist(i int, c *placement) (e1, e2 mgl64.Vec3) {
	e1, ok := unitDir(rejectAxis(quatRotate(c.q, b.rest[i].Col(0)), c.e3))
	if !ok {
		e1 = geom.Perpendicular(c.e3)
	}
	return e1, c.e3.Cross(e1)
}
