package eval

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/scene/furniture"
	"interactagent/scene/load"
)

// sofaScene is a room with one three-seat sofa at the origin, facing +Z (seat top at about
// 0.44 m, 2.1 m wide, 0.9 m deep).
func sofaScene(t testing.TB) (*scene.Scene, *scene.Object) {
	t.Helper()
	sofa, err := furniture.New(furniture.Spec{Kind: "sofa", ID: "sofa_1"})
	if err != nil {
		t.Fatal(err)
	}
	return &scene.Scene{Name: "sofa", Objects: []*scene.Object{sofa}}, sofa
}

// walkClip is the rest pose slid from one floor point to another in n frames, facing the way it
// goes: a walk without leg swing, which is all the metric needs to see.
func walkClip(from, to mgl64.Vec3, n int) *motion.Clip {
	d := to.Sub(from)
	heading := math.Atan2(d.X(), d.Z())
	rest := motion.RestPose().RotateY(heading)
	c := &motion.Clip{FPS: 20}
	for i := 0; i < n; i++ {
		c.Frames = append(c.Frames, rest.Translate(from.Add(d.Mul(float64(i)/float64(n-1)))))
	}
	return c
}

// seatedPose is the rest pose sitting with its pelvis at p, facing +Z: each ankle placed 0.45 m in
// front of its hip at its standing height, the knee bent forward to reach it (two-bone IK), the
// forearms held forward over the lap.
func seatedPose(p mgl64.Vec3) motion.Pose {
	rest := motion.RestPose()
	pose := rest.Translate(p.Sub(rest[motion.Pelvis]))
	off := motion.RestOffsets()
	legs := [][4]motion.Joint{
		{motion.LeftHip, motion.LeftKnee, motion.LeftAnkle, motion.LeftFoot},
		{motion.RightHip, motion.RightKnee, motion.RightAnkle, motion.RightFoot},
	}
	for _, l := range legs {
		hip := pose[l[0]]
		target := mgl64.Vec3{hip.X(), rest[l[2]].Y(), hip.Z() + 0.45}
		pole := hip.Add(mgl64.Vec3{0, 0.3, 1})
		pose[l[1]], pose[l[2]] = motion.TwoBoneIK(hip, pose[l[1]], pose[l[2]], target,
			motion.BoneLength(l[1]), motion.BoneLength(l[2]), pole)
		pose[l[3]] = pose[l[2]].Add(off[l[3]])
	}
	for _, a := range [][3]motion.Joint{{motion.LeftShoulder, motion.LeftElbow, motion.LeftWrist}, {motion.RightShoulder, motion.RightElbow, motion.RightWrist}} {
		pose[a[1]] = pose[a[0]].Add(mgl64.Vec3{0, -0.85, 0.5}.Normalize().Mul(motion.BoneLength(a[1])))
		pose[a[2]] = pose[a[1]].Add(mgl64.Vec3{0, -0.1, 1}.Normalize().Mul(motion.BoneLength(a[2])))
	}
	return pose
}

func holdClip(p motion.Pose, n int) *motion.Clip {
	c := &motion.Clip{FPS: 20}
	for i := 0; i < n; i++ {
		c.Frames = append(c.Frames, p)
	}
	return c
}

func TestPenetrationThroughAroundAndOnASofa(t *testing.T) {
	s, sofa := sofaScene(t)
	prep := Prepare(s)
	seat := sofa.Surfaces[0]
	through, err := Penetration(prep, walkClip(mgl64.Vec3{0, 0, -2.5}, mgl64.Vec3{0, 0, 2.5}, 100), Proxy())
	if err != nil {
		t.Fatal(err)
	}
	aroundClip := walkClip(mgl64.Vec3{1.8, 0, -2.5}, mgl64.Vec3{1.8, 0, 2.5}, 100)
	around, err := Penetration(prep, aroundClip, Proxy())
	if err != nil {
		t.Fatal(err)
	}
	// The same walk in an empty room: whatever the feet do to the floor, the sofa adds nothing.
	empty, err := Penetration(Prepare(&scene.Scene{}), aroundClip, Proxy())
	if err != nil {
		t.Fatal(err)
	}
	// Seated on the first seat: pelvis 0.1 m above it, a little in front of its centre.
	sit, err := Penetration(prep, holdClip(seatedPose(seat.Center.Add(mgl64.Vec3{0, 0.1, 0.08})), 40), Proxy())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("through pe_max %.3f pe10%% %.3f, around %.4f, sit %.3f (worst %+v)", through.Max, through.Top10, around.Max, sit.Max, sit.Worst)

	// Walking through, legs and pelvis pass through the frame, seat and back: tens of centimetres
	// deep over thousands of points weighing about 0.15 vertices each.
	if through.Max < 20 || through.Penetrating < 0.15 || through.Worst == nil || through.Worst.Depth < 0.1 {
		t.Errorf("walking through the sofa: pe_max %.2f, penetrating %.2f, worst %+v; want pe_max ≥ 20, ≥ 15%% of frames, ≥ 0.1 m deep",
			through.Max, through.Penetrating, through.Worst)
	}
	if through.Worst != nil && through.Worst.Object != "sofa_1" {
		t.Errorf("walking through the sofa: worst object %q, want sofa_1", through.Worst.Object)
	}
	if !slices.Equal(around.PerFrame, empty.PerFrame) || around.Penetrating != 0 || (around.Worst != nil && around.Worst.Object != "floor") {
		t.Errorf("walking around the sofa: pe_max %v, penetrating %v, worst %+v; want what an empty room gives (pe_max %v) and nothing deep",
			around.Max, around.Penetrating, around.Worst, empty.Max)
	}
	// Sitting, only the underside of the thighs (and the heels) sinks a few centimetres.
	if !(sit.Max > 0.1 && sit.Max < through.Max/5) || sit.Worst == nil || sit.Worst.Depth > 0.06 {
		t.Errorf("sitting on the sofa: pe_max %.3f, worst %+v; want 0.1 < pe_max < %.2f and depth ≤ 6 cm",
			sit.Max, sit.Worst, through.Max/5)
	}
}

func TestPenetrationStatisticsAreConsistent(t *testing.T) {
	s, sofa := sofaScene(t)
	prep := Prepare(s)
	rng := rand.New(rand.NewPCG(1, 2))
	seat := sofa.Surfaces[0].Height()
	for trial := 0; trial < 6; trial++ {
		c := &motion.Clip{FPS: 20}
		n := 5 + rng.IntN(40)
		for i := 0; i < n; i++ {
			p := mgl64.Vec3{rng.Float64()*3 - 1.5, seat + 0.05 + 0.2*rng.Float64(), rng.Float64()*2 - 1}
			pose := seatedPose(p)
			if rng.IntN(2) == 0 {
				pose = motion.RestPose().RotateY(rng.Float64() * 6).Translate(mgl64.Vec3{p.X(), rng.Float64() * 0.2, p.Z()})
			}
			c.Frames = append(c.Frames, pose)
		}
		st, err := Penetration(prep, c, Proxy())
		if err != nil {
			t.Fatal(err)
		}
		wantMax := 0.0
		for _, v := range st.PerFrame {
			wantMax = max(wantMax, v)
		}
		if st.Frames != n || len(st.PerFrame) != n || st.Max != wantMax {
			t.Fatalf("trial %d: frames %d, per-frame %d, max %v; want %d, %d, %v", trial, st.Frames, len(st.PerFrame), st.Max, n, n, wantMax)
		}
		if !(st.Mean <= st.Top10+1e-12 && st.Top10 <= st.Max+1e-12 && st.Penetrating >= 0 && st.Penetrating <= 1) {
			t.Fatalf("trial %d: want mean ≤ pe10%% ≤ pe_max and a fraction in [0, 1]: %+v", trial, st)
		}
		if st.Worst != nil && (st.Worst.Sum != st.Max || st.PerFrame[st.Worst.Frame] != st.Max) {
			t.Fatalf("trial %d: worst frame %+v does not hold pe_max %v", trial, st.Worst, st.Max)
		}
		if st.Body != BodyProxy || st.MeasuredOn != PenetrationProxy {
			t.Fatalf("trial %d: the statistics say they are measured on %q (%q), want the proxy", trial, st.Body, st.MeasuredOn)
		}
	}
}

func TestTopMean(t *testing.T) {
	tests := []struct {
		v    []float64
		k    int
		want float64
	}{
		{[]float64{1, 5, 3}, 1, 5},
		{[]float64{1, 5, 3}, 2, 4},
		{[]float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10}, 2, 5},
		{[]float64{2}, 3, 2},
	}
	for _, tc := range tests {
		if got := topMean(tc.v, tc.k); got != tc.want {
			t.Errorf("topMean(%v, %d) = %v, want %v", tc.v, tc.k, got, tc.want)
		}
	}
}

func TestPenetrationRejectsBadClips(t *testing.T) {
	s, _ := sofaScene(t)
	prep := Prepare(s)
	bad := holdClip(motion.RestPose(), 3)
	bad.Frames[1][motion.Head][1] = math.NaN()
	for name, c := range map[string]*motion.Clip{"empty": {FPS: 20}, "NaN joint": bad} {
		if _, err := Penetration(prep, c, Proxy()); err == nil {
			t.Errorf("%s clip: no error", name)
		}
	}
}

// TestPenetrationFastPathMatchesExact compares, point by point, the depths the fast path gives
// body points with max(0, −SDF) from the exact signed distance, over random poses around several
// pieces of furniture (convex pieces) and a real glTF sofa (non-convex meshes): within
// distance.CullTolerance (0.1 mm) everywhere, so within 1 mm wherever the SDF is negative.
func TestPenetrationFastPathMatchesExact(t *testing.T) {
	objs := gltfSofa(t, mgl64.Vec3{5, 0, 2.5})
	for i, k := range []string{"sofa", "chair", "bed", "dining_table", "bookshelf"} {
		o, err := furniture.New(furniture.Spec{Kind: k, ID: k, Position: mgl64.Vec3{float64(i%3) * 2.5, 0, float64(i/3) * 2.5}, Yaw: 0.4 * float64(i)})
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
	prep := Prepare(&scene.Scene{Objects: objs})
	exact := prep.Field.Exact()
	rng := rand.New(rand.NewPCG(3, 4))
	body := prep.Body
	sc := &frameScratch{probe: prep.Field.NewProbe()}
	var pts []motion.WeightedPoint
	inside := 0
	for trial := 0; trial < 12; trial++ {
		o := objs[trial%len(objs)]
		c := o.Bounds().Center()
		at := mgl64.Vec3{c.X() + rng.NormFloat64()*0.4, 0, c.Z() + rng.NormFloat64()*0.4}
		pose := motion.RestPose().RotateY(rng.Float64() * 6.3).Translate(at.Add(mgl64.Vec3{0, rng.Float64()*0.3 - 0.05, 0}))
		if trial%2 == 0 {
			pose = seatedPose(at.Add(mgl64.Vec3{0, 0.35 + 0.3*rng.Float64(), 0}))
		}
		fast := penetrationFrame(prep, pose, sc)
		pts = body.Points(pose, pts)
		var sum, deepest float64
		for _, wp := range pts {
			d := max(0, -exact.Distance(wp.P))
			sum += wp.Weight * d
			deepest = max(deepest, d)
			if d > 0 {
				inside++
			}
		}
		if math.Abs(fast.deepest-deepest) > distance.CullTolerance || math.Abs(fast.sum-sum) > motion.SMPLXVertices*distance.CullTolerance {
			t.Fatalf("trial %d near %s: fast sum %.6f deepest %.6f, exact %.6f and %.6f", trial, o.ID, fast.sum, fast.deepest, sum, deepest)
		}
		checkPointDepths(t, prep, pose, pts)
	}
	if inside < 1000 {
		t.Fatalf("only %d body points inside furniture: the test does not exercise depths", inside)
	}
}

// gltfSofa loads the shared glTF sofa (4,196 triangles in non-convex pieces) and moves it to at.
func gltfSofa(t *testing.T, at mgl64.Vec3) []*scene.Object {
	t.Helper()
	s, err := load.File("../../shared/testdata/gltf/GlamVelvetSofa/glTF-Binary/GlamVelvetSofa.glb", "")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Logf("without the glTF sofa (%v): only convex furniture is tested", err)
		return nil
	}
	x := mgl64.Translate3D(at.X(), at.Y(), at.Z())
	for _, o := range s.Objects {
		for i := range o.Parts {
			o.Parts[i].Mesh = o.Parts[i].Mesh.Transformed(x)
		}
	}
	return s.Objects
}

// checkPointDepths checks each point's depth from the probe (0 for points of culled capsules)
// against the exact one.
func checkPointDepths(t *testing.T, prep *PreparedScene, pose motion.Pose, pts []motion.WeightedPoint) {
	t.Helper()
	exact := prep.Field.Exact()
	probe := prep.Field.NewProbe()
	caps := prep.Body.Capsules(pose, nil)
	var geoms []geom.Capsule
	for _, c := range caps {
		geoms = append(geoms, c.Capsule)
	}
	probe.Frame(geoms)
	var ps []mgl64.Vec3
	for i, c := range caps {
		start, end := prep.Body.PointRange(i)
		ps = ps[:0]
		for _, wp := range pts[start:end] {
			ps = append(ps, wp.P)
		}
		depth := make([]float64, len(ps))
		if probe.Reaches(i) {
			depth, _ = probe.Depths(i, ps)
		}
		for k, p := range ps {
			if want := max(0, -exact.Distance(p)); math.Abs(depth[k]-want) > distance.CullTolerance {
				t.Fatalf("%s point %v: fast depth %.6f, exact %.6f", c.Part, p, depth[k], want)
			}
		}
	}
}
