package motion

import (
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// BodyPart names a part of the body proxy; String gives names such as "head" and "left_thigh".
type BodyPart int

// The parts of the body proxy. They are prefixed with Part because the joints already own the names
// Head, Neck, Pelvis, LeftCollar, ... in this package.
const (
	PartHead BodyPart = iota
	PartNeck
	PartPelvis
	PartAbdomen
	PartChest
	PartLeftCollar
	PartRightCollar
	PartLeftUpperArm
	PartRightUpperArm
	PartLeftForearm
	PartRightForearm
	PartLeftHand
	PartRightHand
	PartLeftThigh
	PartRightThigh
	PartLeftShin
	PartRightShin
	PartLeftFoot
	PartRightFoot
	NumBodyParts
)

var partNames = [NumBodyParts]string{
	"head", "neck", "pelvis", "abdomen", "chest", "left_collar", "right_collar", "left_upper_arm",
	"right_upper_arm", "left_forearm", "right_forearm", "left_hand", "right_hand", "left_thigh",
	"right_thigh", "left_shin", "right_shin", "left_foot", "right_foot",
}

// String returns the part's snake_case name, such as "left_upper_arm".
func (b BodyPart) String() string {
	if b < 0 || b >= NumBodyParts {
		return "part(?)"
	}
	return partNames[b]
}

// SMPLXVertices is the number of vertices of the SMPL-X mesh; the weights of a Body's points add up
// to it, so a sum over weighted points is on the scale of DIMOS's sum over SMPL-X vertices.
const SMPLXVertices = 10475

// Capsule is one capsule of the body proxy: the geometry (the segment A–B in metres, world space,
// swept by a sphere of Radius; its Distance, Closest and Bounds) and the body part it stands for.
type Capsule struct {
	geom.Capsule
	Part BodyPart
}

// WeightedPoint is one surface sample of the body proxy: its position (metres), the number of
// SMPL-X vertices it stands for, and the part it belongs to.
type WeightedPoint struct {
	P      mgl64.Vec3
	Weight float64
	Part   BodyPart
}

// Body is the capsule proxy of REFERENCE.md §5 with its fixed surface samples; it is immutable after
// NewBody and safe for concurrent use.
//
// Each capsule hangs from the joints of one frame and turns with the global rotation of one joint
// (from IK, see Rotations), so its samples, stored in capsule coordinates, follow the pose rigidly.
type Body struct {
	caps   [numCapsules]capsuleSpec
	rest   [numCapsules]mgl64.Mat3 // capsule frames (e1, e2, axis) of the rest skeleton, as columns
	points []pointSample           // kept samples, by capsule, each capsule's as cylinder, cap A, cap B
	groups [numCapsules][4]int     // capsule i: cylinder [g0, g1), cap A [g1, g2), cap B [g2, g3)
	drawn  [numCapsules]int        // samples drawn before those inside other capsules were dropped
	weight [numCapsules]float64    // SMPL-X vertices per kept sample
	mesh   meshTemplate
}

// sample is one surface point in capsule coordinates: the point is A + s·(B−A) + x·e1 + y·e2 + z·e3,
// with (x, y, z) the radius times a unit offset; s is 0 or 1 on the caps (where z ≤ 0 or z ≥ 0).
type sample struct{ s, x, y, z float64 }

// pointSample is a sample as the hot loop wants it: anchor + x·e1 + y·e2 + w·v, where a cylinder
// sample has anchor A and v = B−A (w = s), a cap sample anchor A or B and v = e3 (w = z). Three
// numbers instead of four cut the memory the loop streams through.
type pointSample struct{ x, y, w float64 }

var (
	sharedBody     *Body
	sharedBodyOnce sync.Once
)

// NewBody returns the body proxy. It is built once (a few milliseconds) and shared, which is safe
// because a Body never changes.
func NewBody() *Body {
	sharedBodyOnce.Do(func() { sharedBody = buildBody() })
	return sharedBody
}

// NumCapsules returns the number of capsules; it never changes.
func (b *Body) NumCapsules() int { return numCapsules }

// NumPoints returns the number of surface points a frame has; it never changes.
func (b *Body) NumPoints() int { return len(b.points) }

// PointWeight returns the weight of each of capsule i's points (they all weigh the same): the
// SMPL-X vertices a point stands for. An index out of range gives 0.
func (b *Body) PointWeight(i int) float64 {
	if i < 0 || i >= numCapsules {
		return 0
	}
	return b.weight[i]
}

// PointRange returns the indices [start, end) of capsule i's points in Points' result; an index out
// of range gives an empty range.
func (b *Body) PointRange(i int) (start, end int) {
	if i < 0 || i >= numCapsules {
		return 0, 0
	}
	return b.groups[i][0], b.groups[i][3]
}

// Capsules appends the frame's capsules to dst[:0] and returns it; the order never changes.
func (b *Body) Capsules(p Pose, dst []Capsule) []Capsule {
	pl := b.Place(p)
	return pl.Capsules(dst)
}

// Points returns the frame's weighted surface points in dst[:0] (grown only when too small), grouped
// by capsule as PointRange says. It does not allocate when dst has room for NumPoints points.
func (b *Body) Points(p Pose, dst []WeightedPoint) []WeightedPoint {
	if cap(dst) < len(b.points) {
		dst = make([]WeightedPoint, len(b.points))
	}
	dst = dst[:len(b.points)]
	pl := b.Place(p)
	for i := range pl.caps {
		pl.writePoints(i, dst[b.groups[i][0]:b.groups[i][3]])
	}
	return dst
}

// buildBody lays out the capsules on the rest skeleton (all rotations identity), draws about one
// sample per square centimetre of each capsule's surface, drops those inside another capsule and
// weights the rest.
func buildBody() *Body {
	b := &Body{caps: capsuleSpecs()}
	rest := FK(mgl64.Vec3{}, IdentityRotations())
	var pl [numCapsules]placement
	for i, c := range b.caps {
		a, bb := rest[c.a].Add(c.offA), rest[c.b].Add(c.offB)
		e3, ok := unitDir(bb.Sub(a))
		if !ok {
			e3 = mgl64.Vec3{0, 1, 0}
		}
		e1 := geom.Perpendicular(e3)
		b.rest[i] = mgl64.Mat3FromCols(e1, e3.Cross(e1), e3)
		pl[i] = placement{a: a, b: bb, e1: e1, e2: e3.Cross(e1), e3: e3, length: bb.Sub(a).Len()}
	}
	total := 0.0
	for _, c := range b.caps {
		total += c.vertices
	}
	for i, c := range b.caps {
		drawn := surfaceSamples(c.radius, pl[i].length, sampleSpacing)
		b.drawn[i] = len(drawn)
		var kept [3][]pointSample // cylinder, cap A, cap B
		for _, s := range drawn {
			if b.covered(i, pl[i].at(s), &pl) {
				continue
			}
			switch s.s {
			case 0:
				kept[1] = append(kept[1], pointSample{s.x, s.y, s.z})
			case 1:
				kept[2] = append(kept[2], pointSample{s.x, s.y, s.z})
			default: // on the cylinder z is 0 and s moves the point along B−A
				kept[0] = append(kept[0], pointSample{s.x, s.y, s.s})
			}
		}
		for k, group := range kept {
			b.groups[i][k] = len(b.points)
			b.points = append(b.points, group...)
		}
		b.groups[i][3] = len(b.points)
		if n := b.groups[i][3] - b.groups[i][0]; n > 0 {
			b.weight[i] = c.vertices * SMPLXVertices / total / float64(n)
		}
	}
	b.mesh = buildMeshTemplate(&pl)
	return b
}

// covered reports whether x, a rest-pose sample of capsule i, lies inside another capsule, or on
// the surface of an earlier one (so a surface two capsules share, such as the shoulder sphere of the
// collar and the upper arm, is sampled once).
func (b *Body) covered(i int, x mgl64.Vec3, pl *[numCapsules]placement) bool {
	const tol = 1e-9
	for j := range b.caps {
		if j == i {
			continue
		}
		d := geom.Capsule{A: pl[j].a, B: pl[j].b, Radius: b.caps[j].radius}.Distance(x)
		if d < -tol || (j < i && d <= tol) {
			return true
		}
	}
	return false
}

// NumCapsules is the number of capsules in the body proxy, for callers that give each one a
// value (a colour, a depth) without a Body at hand.
const NumCapsules = numCapsules

// numCapsules is the number of capsules in the proxy.
const numCapsules = 20

// sampleSpacing is the distance between surface samples (metres): about one per square centimetre.
const sampleSpacing = 0.01

// capsuleSpec says how one capsule hangs from a frame's joints: its ends are joints a and b plus
// offsets that turn with the global rotation of joint frame (given for the rest skeleton, whose
// global rotations are all identity).
type capsuleSpec struct {
	part       BodyPart
	a, b       Joint
	frame      Joint
	offA, offB mgl64.Vec3
	radius     float64
	vertices   float64 // SMPL-X vertices the capsule stands for (before scaling to SMPLXVertices)
}

// Where the proxy departs from plain joint-to-joint capsules (metres).
const (
	headLift   = 0.05                                   // head sphere centre above the head joint, along the neck–head bone
	handReach  = 0.10                                   // hand segment past the wrist, along the forearm
	footLift   = footRadius - ToeHeight + footClearance // toe end raised so the sole, not the toe joint, meets the floor
	footRadius = 0.048
	// footClearance keeps the sole of a standing foot just off the floor rather than exactly on it,
	// where rounding would put it a hair below and penetration metrics would sample every standing
	// frame's feet; 0.1 mm is far below anything those metrics resolve.
	footClearance = 1e-4
)

// capsuleSpecs returns the capsules of REFERENCE.md §5. Radii are PHC's SMPL humanoid (mean shape)
// after its simulation shrink, not before: pelvis sphere 0.094, spine1/spine2/chest
// 0.077/0.076/0.100, neck 0.044, head sphere 0.101, collars and upper arms 0.052, forearms 0.041,
// hands 0.035, thighs 0.061, shins 0.054, feet 0.048. Every bone keeps its full length, so
// neighbours overlap at the joints and leave no gaps, with three deliberate exceptions:
//   - the chest (spine3 to neck) ends one radius short of the neck joint, so its top is at the neck
//     joint; ending at the joint would put its cap at the chin and swallow the whole neck capsule;
//   - the head sphere sits headLift above the head joint along the neck–head bone (the joint is at
//     the skull's base); the hands reach handReach past the wrist along the forearm;
//   - the foot runs from the ankle to the toe joint raised footLift along the foot's up, so a foot
//     whose toe joint stands at ToeHeight touches the floor (footClearance above it) instead of
//     sinking 2.8 cm into it.
//
// Vertex counts are the SMPL-X part sizes of REFERENCE.md §5: head with eyes 4756, neck 173,
// pelvis ("hips") 487, lower abdomen ("spine") 233, upper abdomen ("spine1") 267, chest ("spine2")
// 589, collar ("shoulder") 151, upper arm 284, forearm 246, hand with fingers 778, thigh 254, shin
// 217, foot with toes 143 + 122. They add up to 10,895, 420 more than SMPL-X has (the segmentation
// they come from appears to count some border vertices in two parts), so the Body scales them all
// by 10475/10895: the whole body weighs SMPLXVertices and each part keeps its share.
func capsuleSpecs() [numCapsules]capsuleSpec {
	o := restOffsets
	along := func(j Joint, l float64) mgl64.Vec3 { return o[j].Normalize().Mul(l) }
	bone := func(part BodyPart, a, b Joint, r, n float64) capsuleSpec {
		return capsuleSpec{part: part, a: a, b: b, frame: b, radius: r, vertices: n}
	}
	foot := func(part BodyPart, ankle, toe Joint) capsuleSpec {
		f := o[toe].Normalize()
		up := rejectAxis(mgl64.Vec3{0, 1, 0}, f).Normalize()
		c := bone(part, ankle, toe, footRadius, 143+122)
		// The foot slopes down to the toes, so its up leans forward and a lift along it rises by
		// only up.Y() of its length (0.958 at rest): scaled by 1/up.Y(), the toe end rises by
		// footLift exactly and the sole of a rest foot whose toe joint stands at ToeHeight sits
		// footClearance above the floor instead of 1.2 mm below it.
		c.offB = up.Mul(footLift / up.Y())
		return c
	}
	hand := func(part BodyPart, wrist Joint) capsuleSpec {
		c := bone(part, wrist, wrist, 0.035, 778)
		c.offB = along(wrist, handReach)
		return c
	}
	chest := bone(PartChest, Spine3, Neck, 0.100, 589)
	chest.offB = along(Neck, -chest.radius)
	head := bone(PartHead, Head, Head, 0.101, 4756)
	head.offA, head.offB = along(Head, headLift), along(Head, headLift)
	return [numCapsules]capsuleSpec{
		bone(PartPelvis, Pelvis, Pelvis, 0.094, 487),
		bone(PartAbdomen, Pelvis, Spine1, 0.077, 233),
		bone(PartAbdomen, Spine1, Spine2, 0.076, 267),
		chest,
		bone(PartNeck, Neck, Head, 0.044, 173),
		head,
		bone(PartLeftCollar, LeftCollar, LeftShoulder, 0.052, 151),
		bone(PartRightCollar, RightCollar, RightShoulder, 0.052, 151),
		bone(PartLeftUpperArm, LeftShoulder, LeftElbow, 0.052, 284),
		bone(PartRightUpperArm, RightShoulder, RightElbow, 0.052, 284),
		bone(PartLeftForearm, LeftElbow, LeftWrist, 0.041, 246),
		bone(PartRightForearm, RightElbow, RightWrist, 0.041, 246),
		hand(PartLeftHand, LeftWrist),
		hand(PartRightHand, RightWrist),
		bone(PartLeftThigh, LeftHip, LeftKnee, 0.061, 254),
		bone(PartRightThigh, RightHip, RightKnee, 0.061, 254),
		bone(PartLeftShin, LeftKnee, LeftAnkle, 0.054, 217),
		bone(PartRightShin, RightKnee, RightAnkle, 0.054, 217),
		foot(PartLeftFoot, LeftAnkle, LeftFoot),
		foot(PartRightFoot, RightAnkle, RightFoot),
	}
}
