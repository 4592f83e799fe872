package motion

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// testPoses returns named poses to check the body proxy on: standing, arbitrary facing, random
// rotations, folded limbs, and joints jittered so bone lengths no longer match the skeleton.
func testPoses() []struct {
	name string
	pose Pose
} {
	rng := rand.New(rand.NewPCG(21, 22))
	out := []struct {
		name string
		pose Pose
	}{
		{"rest", RestPose()},
		{"rest turned and moved", RestPose().RotateY(-2).Translate(mgl64.Vec3{3, 0.1, 5})},
	}
	for i := 0; i < 4; i++ {
		root, rot := randomRotations(rng)
		out = append(out, struct {
			name string
			pose Pose
		}{"random rotations", FK(root, rot)})
	}
	jittered := RestPose()
	for j := range jittered {
		jittered[j] = jittered[j].Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.03))
	}
	return append(out, struct {
		name string
		pose Pose
	}{"jittered bone lengths", jittered})
}

func TestCapsuleDistance(t *testing.T) {
	c := Capsule{Capsule: geom.Capsule{A: mgl64.Vec3{0, 0, 0}, B: mgl64.Vec3{0, 1, 0}, Radius: 0.1}, Part: PartLeftShin}
	s := Capsule{Capsule: geom.Capsule{A: mgl64.Vec3{1, 1, 1}, B: mgl64.Vec3{1, 1, 1}, Radius: 0.5}, Part: PartHead}
	cases := []struct {
		name string
		c    Capsule
		p    mgl64.Vec3
		want float64
	}{
		{"beside the segment", c, mgl64.Vec3{0.3, 0.5, 0}, 0.2},
		{"on the axis", c, mgl64.Vec3{0, 0.5, 0}, -0.1},
		{"beyond B", c, mgl64.Vec3{0, 1.5, 0}, 0.4},
		{"beyond A, off axis", c, mgl64.Vec3{0.3, -0.4, 0}, 0.4},
		{"sphere outside", s, mgl64.Vec3{1, 1, 3}, 1.5},
		{"sphere centre", s, mgl64.Vec3{1, 1, 1}, -0.5},
	}
	for _, tc := range cases {
		if got := tc.c.Distance(tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: Distance = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestBodyPartNames(t *testing.T) {
	seen := map[string]bool{}
	for p := BodyPart(0); p < NumBodyParts; p++ {
		n := p.String()
		if n == "" || n == "part(?)" || seen[n] {
			t.Errorf("part %d has name %q", p, n)
		}
		seen[n] = true
	}
	if PartLeftThigh.String() != "left_thigh" || BodyPart(-1).String() != "part(?)" || NumBodyParts.String() != "part(?)" {
		t.Errorf("names: %q %q %q", PartLeftThigh, BodyPart(-1), NumBodyParts)
	}
}

func TestBodyWeightsAddUpToSMPLX(t *testing.T) {
	b := NewBody()
	pts := b.Points(RestPose(), nil)
	if len(pts) != b.NumPoints() {
		t.Fatalf("Points gave %d points, NumPoints says %d", len(pts), b.NumPoints())
	}
	var perPart [NumBodyParts]float64
	total := 0.0
	for _, p := range pts {
		if !(p.Weight > 0) {
			t.Fatalf("point with weight %v", p.Weight)
		}
		perPart[p.Part] += p.Weight
		total += p.Weight
	}
	if math.Abs(total-SMPLXVertices) > 1e-6 {
		t.Errorf("total weight %.6f, want %d", total, SMPLXVertices)
	}
	// REFERENCE.md §5 counts, scaled together so that they add up to SMPL-X's vertex count.
	want := map[BodyPart]float64{PartHead: 4756, PartNeck: 173, PartPelvis: 487, PartAbdomen: 233 + 267,
		PartChest: 589, PartLeftCollar: 151, PartRightCollar: 151, PartLeftUpperArm: 284, PartRightUpperArm: 284,
		PartLeftForearm: 246, PartRightForearm: 246, PartLeftHand: 778, PartRightHand: 778, PartLeftThigh: 254,
		PartRightThigh: 254, PartLeftShin: 217, PartRightShin: 217, PartLeftFoot: 265, PartRightFoot: 265}
	sum := 0.0
	for _, n := range want {
		sum += n
	}
	for part, n := range want {
		if w := n * SMPLXVertices / sum; math.Abs(perPart[part]-w) > 1e-6 {
			t.Errorf("%v weighs %.3f, want %.3f (%v of %v SMPL-X vertices)", part, perPart[part], w, n, sum)
		}
	}
}

func TestBodySamplesAboutOnePerSquareCentimetre(t *testing.T) {
	b := NewBody()
	caps := b.Capsules(FK(mgl64.Vec3{}, IdentityRotations()), nil)
	for i, c := range caps {
		r, l := c.Radius, c.B.Sub(c.A).Len()
		area := (2*math.Pi*r*l + 4*math.Pi*r*r) * 1e4 // cm²
		if d := float64(b.drawn[i]); math.Abs(d-area) > 0.1*area {
			t.Errorf("capsule %d (%v): %d samples drawn on %.0f cm², want about one per cm²", i, c.Part, b.drawn[i], area)
		}
		lo, hi := b.PointRange(i)
		if hi <= lo || hi-lo > b.drawn[i] {
			t.Errorf("capsule %d (%v): keeps %d of %d samples, want some and no more", i, c.Part, hi-lo, b.drawn[i])
		}
	}
}

func TestBodyPointRangesTileThePoints(t *testing.T) {
	b := NewBody()
	next := 0
	for i := 0; i < b.NumCapsules(); i++ {
		lo, hi := b.PointRange(i)
		if lo != next || hi < lo {
			t.Fatalf("capsule %d range [%d, %d), want to start at %d", i, lo, hi, next)
		}
		next = hi
	}
	if next != b.NumPoints() {
		t.Errorf("ranges end at %d, want %d", next, b.NumPoints())
	}
	for _, i := range []int{-1, b.NumCapsules()} {
		if lo, hi := b.PointRange(i); lo != hi {
			t.Errorf("PointRange(%d) = [%d, %d), want empty", i, lo, hi)
		}
	}
}

func TestBodyPointsLieOnTheirCapsules(t *testing.T) {
	b := NewBody()
	var pts []WeightedPoint
	var caps []Capsule
	for _, tc := range testPoses() {
		pts, caps = b.Points(tc.pose, pts), b.Capsules(tc.pose, caps)
		for i, c := range caps {
			lo, hi := b.PointRange(i)
			for _, p := range pts[lo:hi] {
				if d := c.Distance(p.P); math.Abs(d) > 1e-9 || p.Part != c.Part {
					t.Fatalf("%s: a %v point is %.3g m off capsule %d (%v)", tc.name, p.Part, d, i, c.Part)
				}
			}
		}
	}
}

func TestBodyRestPointsAreOnTheOutside(t *testing.T) {
	b := NewBody()
	p := RestPose()
	pts, caps := b.Points(p, nil), b.Capsules(p, nil)
	for i := range caps {
		lo, hi := b.PointRange(i)
		for _, pt := range pts[lo:hi] {
			for j, other := range caps {
				if d := other.Distance(pt.P); j != i && d < -1e-9 {
					t.Fatalf("a %v point lies %.3g m inside capsule %d (%v)", caps[i].Part, -d, j, other.Part)
				} else if j < i && d <= 1e-9 {
					// A surface two capsules share (the shoulder sphere) must be sampled once.
					t.Fatalf("a %v point lies on the surface of capsule %d (%v) too", caps[i].Part, j, other.Part)
				}
			}
		}
	}
	lowest := math.Inf(1)
	for _, pt := range pts {
		lowest = math.Min(lowest, pt.P.Y())
	}
	if lowest < 0 || lowest > 0.0005 {
		t.Errorf("standing body's lowest point at y = %.5f m, want on the floor (0 to 0.5 mm above it)", lowest)
	}
}

// TestBodyStandingFeetRestOnTheFloor checks that a standing foot's sole, the lowest point of its
// capsule, is on the floor: no lower than the floor (so penetration metrics find nothing and need
// no points of standing frames) and at most 0.5 mm above it, once the foot's toe joint stands at
// ToeHeight. At rest the right toe joint is 3 mm higher than the left (the right leg is shorter),
// so each foot is measured from its own toe joint's height above ToeHeight.
func TestBodyStandingFeetRestOnTheFloor(t *testing.T) {
	b := NewBody()
	rest := RestPose()
	cases := []struct {
		name string
		pose Pose
	}{
		{"rest", rest},
		{"rest turned and moved", rest.RotateY(-2).Translate(mgl64.Vec3{3, 0, 5})},
		{"rest turned a quarter", rest.RotateY(math.Pi / 2)},
	}
	toes := map[BodyPart]Joint{PartLeftFoot: LeftFoot, PartRightFoot: RightFoot}
	for _, tc := range cases {
		found := 0
		for _, c := range b.Capsules(tc.pose, nil) {
			toe, ok := toes[c.Part]
			if !ok {
				continue
			}
			found++
			sole := math.Min(c.A.Y(), c.B.Y()) - c.Radius
			if over := sole - (tc.pose[toe].Y() - ToeHeight); over < 0 || over > 0.0005 {
				t.Errorf("%s: %v sole at y = %.5f m with its toe joint %.5f m above ToeHeight: %.5f m above where that toe puts the floor, want 0 to 0.5 mm",
					tc.name, c.Part, sole, tc.pose[toe].Y()-ToeHeight, over)
			}
		}
		if found != 2 {
			t.Fatalf("%s: %d foot capsules, want 2", tc.name, found)
		}
	}
}

// TestPlacementMatchesBodyPoints checks the per-capsule path against the whole frame: a capsule's
// points and positions from a Placement are exactly (bit for bit, in order) those Points gives at
// its PointRange, each weighs PointWeight, and its capsule is Capsules' capsule.
func TestPlacementMatchesBodyPoints(t *testing.T) {
	b := NewBody()
	var one []WeightedPoint
	var pos []mgl64.Vec3
	for _, tc := range append(testPoses(), struct {
		name string
		pose Pose
	}{"collapsed", Pose{}}) {
		all, caps := b.Points(tc.pose, nil), b.Capsules(tc.pose, nil)
		pl := b.Place(tc.pose)
		if got := pl.Capsules(nil); !slices.Equal(got, caps) {
			t.Errorf("%s: Placement.Capsules differs from Body.Capsules", tc.name)
		}
		for i := range caps {
			lo, hi := b.PointRange(i)
			one = pl.Points(i, one)
			if !slices.Equal(one, all[lo:hi]) {
				t.Fatalf("%s: capsule %d (%v): Placement.Points gives %d points that differ from Points' [%d, %d)",
					tc.name, i, caps[i].Part, len(one), lo, hi)
			}
			pos = pl.Positions(i, pos)
			for k, p := range all[lo:hi] {
				if pos[k] != p.P || p.Weight != b.PointWeight(i) || p.Part != caps[i].Part {
					t.Fatalf("%s: capsule %d (%v) point %d: position %v weight %v, Points has %v weight %v (%v)",
						tc.name, i, caps[i].Part, k, pos[k], b.PointWeight(i), p.P, p.Weight, p.Part)
				}
			}
			if len(pos) != hi-lo {
				t.Fatalf("%s: capsule %d: %d positions, want %d", tc.name, i, len(pos), hi-lo)
			}
			if pl.Capsule(i) != caps[i] {
				t.Errorf("%s: Capsule(%d) = %v, want %v", tc.name, i, pl.Capsule(i), caps[i])
			}
		}
	}
	pl := b.Place(RestPose())
	for _, i := range []int{-1, b.NumCapsules()} {
		if got := pl.Points(i, one); len(got) != 0 || len(pl.Positions(i, pos)) != 0 || pl.Capsule(i) != (Capsule{}) || b.PointWeight(i) != 0 {
			t.Errorf("index %d gives %d points, capsule %v and weight %v, want none", i, len(got), pl.Capsule(i), b.PointWeight(i))
		}
	}
	var zero Placement
	if len(zero.Points(0, nil)) != 0 || len(zero.Positions(0, nil)) != 0 || len(zero.Capsules(nil)) != 0 || zero.Capsule(0) != (Capsule{}) {
		t.Error("the zero Placement gives points or capsules")
	}
}

func TestPlacementPointsReuseTheBuffer(t *testing.T) {
	b := NewBody()
	pl := b.Place(RestPose())
	buf, pos := pl.Points(0, nil), pl.Positions(0, nil)
	for i := 0; i < b.NumCapsules(); i++ {
		got, gotPos := pl.Points(i, buf), pl.Positions(i, pos)
		if len(got) > 0 && (&got[0] != &buf[:1][0] || &gotPos[0] != &pos[:1][0]) {
			t.Fatalf("capsule %d: Points or Positions allocated although a buffer grown for capsule 0 is given", i)
		}
	}
	if n := testing.AllocsPerRun(10, func() { buf, pos = pl.Points(5, buf), pl.Positions(5, pos) }); n != 0 {
		t.Errorf("Points and Positions with large enough buffers allocate %v times", n)
	}
}

func TestBodyCapsulesLeaveNoGapsAlongBones(t *testing.T) {
	b := NewBody()
	var caps []Capsule
	for _, tc := range testPoses()[:6] { // bones of the skeleton's lengths
		caps = b.Capsules(tc.pose, caps)
		for j := Joint(1); j < NumJoints; j++ {
			from, to := tc.pose[Parent(j)], tc.pose[j]
			for k := 0; k <= 20; k++ {
				x := from.Add(to.Sub(from).Mul(float64(k) / 20))
				inside := false
				for _, c := range caps {
					inside = inside || c.Distance(x) <= 1e-9
				}
				if !inside {
					t.Fatalf("%s: point %d/20 of the %v bone is outside every capsule", tc.name, k, Joint(j))
				}
			}
		}
	}
}

func TestBodyPointsFollowRigidMotion(t *testing.T) {
	b := NewBody()
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 3; i++ {
		root, rot := randomRotations(rng)
		p := FK(root, rot)
		q, shift := randomQuat(rng), mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		var moved Pose
		for j := range p {
			moved[j] = q.Rotate(p[j]).Add(shift)
		}
		before, after := b.Points(p, nil), b.Points(moved, nil)
		for k := range before {
			if d := q.Rotate(before[k].P).Add(shift).Sub(after[k].P).Len(); d > 1e-9 {
				t.Fatalf("pose %d point %d (%v): moved pose puts it %.3g m from the moved point", i, k, before[k].Part, d)
			}
		}
	}
}

// TestBodyPointsMatchSlowPath checks the fast loop against the definition written out plainly: a
// sample sits at a fixed offset from its capsule's axis in the rest skeleton, and in a pose that
// offset turns with the global rotation of the capsule's frame joint (from IK) while the axis point
// slides with the capsule's ends.
func TestBodyPointsMatchSlowPath(t *testing.T) {
	b := NewBody()
	rest := FK(mgl64.Vec3{}, IdentityRotations())
	restPts, restCaps := b.Points(rest, nil), b.Capsules(rest, nil)
	rng := rand.New(rand.NewPCG(41, 42))
	for n := 0; n < 3; n++ {
		root, rot := randomRotations(rng)
		p := FK(root, rot)
		_, local := IK(p)
		g := GlobalRotations(local)
		pts, caps := b.Points(p, nil), b.Capsules(p, nil)
		for i := range caps {
			lo, hi := b.PointRange(i)
			for k := lo; k < hi; k++ {
				rc := restCaps[i]
				ab := rc.B.Sub(rc.A)
				s := 0.0
				if l2 := ab.Dot(ab); l2 > 0 {
					s = geom.Clamp(restPts[k].P.Sub(rc.A).Dot(ab)/l2, 0, 1)
				}
				offset := restPts[k].P.Sub(rc.A.Add(ab.Mul(s)))
				want := caps[i].A.Add(caps[i].B.Sub(caps[i].A).Mul(s)).Add(g[b.caps[i].frame].Rotate(offset))
				if d := want.Sub(pts[k].P).Len(); d > 1e-9 {
					t.Fatalf("pose %d, capsule %d (%v), point %d: %.3g m from the slow path", n, i, caps[i].Part, k, d)
				}
			}
		}
	}
}

func TestBodyReusesBuffersAndSurvivesDegeneratePoses(t *testing.T) {
	b := NewBody()
	buf := make([]WeightedPoint, 0, b.NumPoints())
	pts := b.Points(Pose{}, buf)
	if &pts[0] != &buf[:1][0] {
		t.Error("Points allocated although dst had room")
	}
	for _, p := range pts {
		if !(Pose{p.P}).Finite() {
			t.Fatalf("collapsed pose gives a non-finite point %v", p.P)
		}
	}
	cbuf := make([]Capsule, 3, b.NumCapsules())
	caps := b.Capsules(Pose{}, cbuf)
	if len(caps) != b.NumCapsules() || &caps[0] != &cbuf[0] {
		t.Errorf("Capsules gave %d capsules in a new buffer, want %d in dst", len(caps), b.NumCapsules())
	}
	if m := b.Mesh(Pose{}); len(m.Positions) == 0 || !(Pose{m.Positions[0], m.Normals[0]}).Finite() {
		t.Error("collapsed pose gives an empty or non-finite mesh")
	}
}

func TestBodyMeshIsClosedPerCapsule(t *testing.T) {
	b := NewBody()
	m := b.Mesh(RestPose())
	if n := len(m.Triangles); n < 2000 || n > 8000 {
		t.Errorf("%d triangles, want a few thousand", n)
	}
	tm := &b.mesh
	for i := 0; i < numCapsules; i++ {
		edges := map[[2]int32]int{}
		for _, tri := range m.Triangles[tm.tstart[i]:tm.tstart[i+1]] {
			for k := 0; k < 3; k++ {
				a, c := tri[k], tri[(k+1)%3]
				if int(a) < tm.vstart[i] || int(a) >= tm.vstart[i+1] {
					t.Fatalf("capsule %d: triangle uses vertex %d of another capsule", i, a)
				}
				edges[[2]int32{a, c}]++
			}
		}
		for e, n := range edges {
			if n != 1 || edges[[2]int32{e[1], e[0]}] != 1 {
				t.Fatalf("capsule %d: edge %v used %d times, its reverse %d times; want once each (closed, consistently wound)",
					i, e, n, edges[[2]int32{e[1], e[0]}])
			}
		}
	}
}

func TestBodyMeshLiesOnCapsulesWithOutwardNormals(t *testing.T) {
	b := NewBody()
	for _, tc := range testPoses() {
		m, caps := b.Mesh(tc.pose), b.Capsules(tc.pose, nil)
		for i, c := range caps {
			for v := b.mesh.vstart[i]; v < b.mesh.vstart[i+1]; v++ {
				x, n := m.Positions[v], m.Normals[v]
				if d := c.Distance(x); math.Abs(d) > 1e-9 {
					t.Fatalf("%s: capsule %d vertex %d is %.3g m off the surface", tc.name, i, v, d)
				}
				if d := c.Distance(x.Add(n.Mul(0.01))); math.Abs(n.Len()-1) > 1e-9 || math.Abs(d-0.01) > 1e-9 {
					t.Fatalf("%s: capsule %d vertex %d normal %v is not the unit outward normal", tc.name, i, v, n)
				}
			}
			for _, tri := range m.Triangles[b.mesh.tstart[i]:b.mesh.tstart[i+1]] {
				p0, p1, p2 := m.Positions[tri[0]], m.Positions[tri[1]], m.Positions[tri[2]]
				face := p1.Sub(p0).Cross(p2.Sub(p0))
				centroid := p0.Add(p1).Add(p2).Mul(1.0 / 3)
				// Outward: stepping from the face along its normal moves away from the capsule.
				if face.Len() > 1e-12 && c.Distance(centroid.Add(face.Normalize().Mul(0.001))) <= c.Distance(centroid) {
					t.Fatalf("%s: capsule %d triangle %v faces inward", tc.name, i, tri)
				}
			}
		}
	}
}
