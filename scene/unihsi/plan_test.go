package unihsi

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

const unihsiTestdata = "../../../shared/testdata/unihsi/"

func ldLoadPlans(t *testing.T, file string) []*Plan {
	t.Helper()
	f, err := os.Open(unihsiTestdata + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	plans, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return plans
}

// ldFootprintDistance returns how far p is from the box's footprint on the floor (0 inside).
func ldFootprintDistance(b geom.Box, p mgl64.Vec3) float64 {
	dx := math.Max(0, math.Max(b.Lo.X()-p.X(), p.X()-b.Hi.X()))
	dz := math.Max(0, math.Max(b.Lo.Z()-p.Z(), p.Z()-b.Hi.Z()))
	return math.Hypot(dx, dz)
}

func TestLoadUniHSISharedFiles(t *testing.T) {
	for file, n := range map[string]int{
		"partnet_train_simple.json": 100, "partnet_train_mid.json": 200, "partnet_train_hard.json": 200,
		"test.json": 1, "scannet_example.json": 1,
	} {
		t.Run(file, func(t *testing.T) {
			plans := ldLoadPlans(t, file)
			if len(plans) != n {
				t.Errorf("%d plans, want %d", len(plans), n)
			}
			for _, p := range plans {
				s, err := p.Scene()
				if err != nil {
					t.Fatalf("plan %s: %v", p.ID, err)
				}
				ldCheckPlanScene(t, p, s)
			}
		})
	}
}

// ldCheckPlanScene checks what every plan's scene must satisfy: one proxy object per plan object
// with the plan's reference as id, on or above the floor, every part the task names present,
// and stand points on the floor near (but outside) the object's footprint.
func ldCheckPlanScene(t *testing.T, p *Plan, s *scene.Scene) {
	t.Helper()
	named := p.partsNamed()
	for _, po := range p.Objects {
		o, ok := s.Object(po.Ref())
		if !ok || !o.Proxy {
			t.Fatalf("plan %s: object %s missing or not a proxy", p.ID, po.Ref())
		}
		b := o.Bounds()
		if po.Transfer == nil {
			if !b.Empty() {
				t.Errorf("plan %s: %s has geometry though the plan does not place it", p.ID, o.ID)
			}
			continue
		}
		if b.Lo.Y() < -1e-6 {
			t.Errorf("plan %s: %s reaches y = %g, below the floor", p.ID, o.ID, b.Lo.Y())
		}
		for _, name := range named[po.Ref()] {
			if _, ok := o.Part(name); !ok {
				t.Errorf("plan %s: %s has no part %q that the task names", p.ID, o.ID, name)
			}
		}
		for _, sp := range o.StandPoints {
			d := ldFootprintDistance(b, sp)
			if sp.Y() != 0 || d <= 0 || d > 1.0 {
				t.Errorf("plan %s: %s stand point %v is %.2f m from its footprint %v, want on the floor, 0–1 m away", p.ID, o.ID, sp, d, b)
			}
		}
	}
}

func TestUniHSIChairPlan(t *testing.T) {
	var plan *Plan
	for _, p := range ldLoadPlans(t, "partnet_train_hard.json") {
		if p.ID == "0000" {
			plan = p
		}
	}
	s, err := plan.Scene()
	if err != nil {
		t.Fatal(err)
	}
	chair, _ := s.Object("chair000")
	seat, ok := chair.Part("seat_soft_surface58")
	if !ok {
		t.Fatalf("no seat part; parts %v", chair.Parts)
	}
	if h := seat.Mesh.Bounds().Hi.Y(); h < 0.40 || h > 0.70 {
		t.Errorf("seat top at %.3f m, want 0.40–0.70 (scale 1.5)", h)
	}
	arm, ok := chair.Part("armrest_hard_surface49")
	if !ok || arm.Kind != scene.PartArmrest || len(arm.Mesh.Triangles) < 24 {
		t.Errorf("armrest part %+v: want both armrests merged under the plan's name", arm)
	}
	if len(chair.Surfaces) != 1 || chair.Surfaces[0].Part != "seat_soft_surface58" {
		t.Fatalf("surfaces %+v, want the seat's under its plan name", chair.Surfaces)
	}
	// The plan's stand point is in front of the chair (+X here): the seat's back-to-front axis
	// must point at it, which checks the rotation and the half turn between ShapeNet and us.
	sf := chair.Surfaces[0]
	toStand := chair.StandPoints[0].Sub(sf.Center)
	toStand[1] = 0
	if c := sf.Axis.Dot(toStand.Normalize()); c < 0.95 {
		t.Errorf("seat faces %v, stand point lies at %v from it (cos %.2f), want facing it", sf.Axis, toStand, c)
	}
	if c := chair.Bounds().Center(); math.Abs(c.X()-1.3524765133857728) > 1e-9 || math.Abs(c.Z()-2) > 1e-9 {
		t.Errorf("chair centre %v, want transfer (1.352, −2) in Y up: (1.352, _, 2)", c)
	}
}

func TestUniHSIBedPlan(t *testing.T) {
	plans := ldLoadPlans(t, "test.json")
	p := plans[0]
	if len(p.Task.Steps) != 3 || len(p.Task.Steps[1]) != 4 {
		t.Fatalf("steps %v", p.Task.Steps)
	}
	want := ContactPair{Object: "bed000", Part: "mattress18", Joint: "pelvis", Contact: ContactTouch, Direction: "up"}
	if got := p.Task.Steps[1][0]; got != want {
		t.Errorf("step 2 pair 1 = %+v, want %+v", got, want)
	}
	if !p.Task.Steps[0][0].Walk() || p.Task.Steps[1][3].Contact != ContactAvoid {
		t.Errorf("walk step or not-contact pair misread: %+v", p.Task.Steps)
	}
	s, err := p.Scene()
	if err != nil {
		t.Fatal(err)
	}
	bed, _ := s.Object("bed000")
	if _, ok := bed.Part("mattress18"); !ok {
		t.Errorf("no mattress18 part: %v", bed.Parts)
	}
	pillow, ok := bed.Part("pillow20")
	if !ok || pillow.Kind != scene.PartPillow {
		t.Errorf("no pillow20 part: %v", bed.Parts)
	}
	for _, pt := range bed.Parts {
		if strings.HasPrefix(pt.Name, "pillow_") {
			t.Errorf("pillow %s left out of pillow20", pt.Name)
		}
	}
	if d := bed.Bounds().Size().Len(); math.Abs(d-3) > 1e-9 {
		t.Errorf("bed box diagonal %.6f, want the plan's scale 3", d)
	}
	if !s.Start.Root.ApproxEqual(mgl64.Vec3{}) || s.Start.Heading != math.Pi/2 {
		t.Errorf("start %v, want the origin facing +X", s.Start)
	}
}

func TestUniHSIScanNetPlan(t *testing.T) {
	p := ldLoadPlans(t, "scannet_example.json")[0]
	if p.SceneID != "0000_00" || p.InitPos == nil || len(p.Task.Steps) != 12 {
		t.Fatalf("scene %q init %v steps %d", p.SceneID, p.InitPos, len(p.Task.Steps))
	}
	s, err := p.Scene()
	if err != nil {
		t.Fatal(err)
	}
	if s.Start.Root != (mgl64.Vec3{3, 0, -4}) {
		t.Errorf("start %v, want init_pos (3, 4) Z up = (3, 0, −4) Y up", s.Start.Root)
	}
	couch, _ := s.Object("couch006")
	if couch.Category != "couch" || len(couch.Parts) != 0 || couch.StandPoints[0] != (mgl64.Vec3{3, 0, -6}) {
		t.Errorf("couch = %q parts %d stand %v", couch.Category, len(couch.Parts), couch.StandPoints)
	}
}

func TestZupToYupIsAProperRotation(t *testing.T) {
	if d := zupToYupMat.Det(); d != 1 {
		t.Errorf("det = %v, want 1 (a swap of y and z would give −1 and mirror the body)", d)
	}
	for _, v := range [][3]float64{{1, 2, 3}, {-4, 0.5, 7}} {
		if a, b := zupToYup(v), zupToYupMat.Mul3x1(mgl64.Vec3(v)); a != b {
			t.Errorf("zupToYup(%v) = %v, matrix gives %v", v, a, b)
		}
	}
	// Z-up up becomes Y-up up; UniHSI's "left" (+y) becomes −Z, so front × left = up still holds.
	front, left := zupToYup([3]float64{1, 0, 0}), zupToYup([3]float64{0, 1, 0})
	if up := front.Cross(left); up != (mgl64.Vec3{0, 1, 0}) {
		t.Errorf("front × left = %v, want +Y", up)
	}
	dirs := map[string]mgl64.Vec3{"up": {0, 1, 0}, "left": {0, 0, -1}, "front": {1, 0, 0}, "none": {}}
	for d, want := range dirs {
		if got := (ContactPair{Direction: d}).DirectionVector(); got != want {
			t.Errorf("direction %s = %v, want %v", d, got, want)
		}
	}
}

func TestLoadUniHSIErrors(t *testing.T) {
	obj := `{"000":{"id":"1","name":"chair","rotate":[[1.5707963267948966,0,0],[0,0,-1.5707963267948966]],"scale":1.2,"transfer":[1,0,0],"stand_point":[[2,0,0.86]]}}`
	plan := func(objs, pairs string) string { return `{"0001":{"obj":` + objs + `,"contact_pairs":` + pairs + `}}` }
	tests := []struct{ src, want string }{
		{`[1,2]`, "want a JSON object of plans"},
		{`{}`, "no plans"},
		{`{"0001":{"obj":{}}}`, "no objects"},
		{plan(obj, `[[["chair000","none","none","none"]]]`), "step 1, pair 1: 4 fields"},
		{plan(obj, `[[["chair001","none","none","none","none"]]]`), `object "chair001" is not in the plan`},
		{plan(obj, `[[["chair000","seat","elbow","contact","up"]]]`), `joint "elbow" unknown`},
		{plan(obj, `[[["chair000","seat","pelvis","touch","up"]]]`), `contact "touch"`},
		{plan(obj, `[[["chair000","seat","pelvis","contact","north"]]]`), `direction "north"`},
		{plan(obj, `[[]]`), "step 1 has no pairs"},
		{plan(strings.Replace(obj, `"scale":1.2`, `"scale":0`, 1), `[]`), "scale 0"},
		{plan(strings.Replace(obj, `"name":"chair",`, ``, 1), `[]`), "no name"},
		{plan(strings.Replace(obj, `"transfer":[1,0,0]`, `"transfer":[1,0]`, 1), `[]`), "transfer [1 0], want 3 finite numbers"},
		{plan(strings.Replace(obj, `,"transfer":[1,0,0]`, ``, 1), `[]`), `no "transfer": a PartNet plan places every object`},
		{plan(strings.Replace(obj, `,"scale":1.2`, ``, 1), `[]`), `no "scale"`},
		{plan(strings.Replace(obj, `"rotate":[[1.5707963267948966,0,0],[0,0,-1.5707963267948966]],`, ``, 1), `[]`), `no "rotate"`},
		{`{"0001":{"obj":` + obj + `,"contact_pairs":[]}} trailing`, "want a JSON object of plans"},
	}
	for _, tc := range tests {
		_, err := Read(strings.NewReader(tc.src))
		var fe *scene.FormatError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &fe) {
			t.Errorf("%s:\n err = %v, want a FormatError containing %q", tc.src, err, tc.want)
		}
	}
	plans, err := Read(strings.NewReader(plan(strings.Replace(obj, `[[1.5707963267948966,0,0],`, `[[0.5,0,0],`, 1), `[]`)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plans[0].Scene(); err == nil || !strings.Contains(err.Error(), "tilts") {
		t.Errorf("tilted object: err = %v, want a refusal", err)
	}
	// A ScanNet plan names its scan and needs no placement.
	scan := `{"0002":{"scene_id":"scene0000_00","obj":{"000":{"id":"5","name":"chair","stand_point":[[1,1,0.86]]}},"contact_pairs":[]}}`
	if _, err := Read(strings.NewReader(scan)); err != nil {
		t.Errorf("ScanNet plan without placement: %v", err)
	}
}

func TestAliasParts(t *testing.T) {
	box := func() *scene.Object {
		return boxProxy("reach", mgl64.Vec3{1, 1, 0}, 0, math.Sqrt(3)*0.4)
	}
	o := box()
	aliasParts(o, []string{"base_frame5", "other_leaf28"})
	if len(o.Parts) != 2 || o.Parts[0].Name != "base_frame5" || o.Parts[1].Name != "other_leaf28" {
		t.Fatalf("parts %v, want the box renamed and a copy for the second name", o.Parts)
	}
	if b := o.Bounds(); !b.Lo.ApproxEqualThreshold(mgl64.Vec3{0.8, 1, -0.2}, 1e-12) || !b.Hi.ApproxEqualThreshold(mgl64.Vec3{1.2, 1.4, 0.2}, 1e-12) {
		t.Errorf("box bounds %v, want a 0.4 m cube lifted to y = 1", b)
	}
	chair, err := furniture.New(furniture.Spec{Kind: "chair", Variant: "armrests"})
	if err != nil {
		t.Fatal(err)
	}
	tris := len(chair.Mesh().Triangles)
	aliasParts(chair, []string{"seat_hard_surface10", "seat_soft_surface11", "other_leaf28", "arm_sofa_style17"})
	for _, name := range []string{"seat_hard_surface10", "seat_soft_surface11", "other_leaf28", "arm_sofa_style17"} {
		if _, ok := chair.Part(name); !ok {
			t.Errorf("no part %s in %v", name, chair.Parts)
		}
	}
	if _, ok := chair.Part("armrest_left"); ok {
		t.Errorf("armrest_left kept beside arm_sofa_style17")
	}
	whole, _ := chair.Part("other_leaf28")
	if len(whole.Mesh.Triangles) != tris+len(ldMustPart(t, chair, "seat_soft_surface11").Mesh.Triangles) {
		t.Errorf("other_leaf28 has %d triangles, want the whole object's", len(whole.Mesh.Triangles))
	}
}

func ldMustPart(t *testing.T, o *scene.Object, name string) *scene.Part {
	p, ok := o.Part(name)
	if !ok {
		t.Fatalf("no part %s", name)
	}
	return p
}

// FuzzUniHSI checks that any input gives plans or an error, never a panic, and that every plan
// that loads either builds a scene or says why not.
func FuzzUniHSI(f *testing.F) {
	data, err := os.ReadFile(unihsiTestdata + "test.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"1":{"obj":{"000":{"name":"reach","scale":0.6,"transfer":[1,-2,1],"rotate":[[0,0,3]]}},"contact_pairs":[[["reach000","base_frame5","right_hand","contact","none"]]],"init_pos":[1,2]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		plans, err := Read(strings.NewReader(string(data)))
		if err != nil {
			return
		}
		for _, p := range plans {
			s, err := p.Scene()
			if err == nil && len(s.Objects) != len(p.Objects) {
				t.Fatalf("%d objects from %d plan objects", len(s.Objects), len(p.Objects))
			}
		}
	})
}

// BenchmarkUniHSIHardPlans parses the 200 hard plans (1.1 MB) and builds each one's scene.
func BenchmarkUniHSIHardPlans(b *testing.B) {
	data, err := os.ReadFile(unihsiTestdata + "partnet_train_hard.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		plans, err := Read(strings.NewReader(string(data)))
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range plans {
			if _, err := p.Scene(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
