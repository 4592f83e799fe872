package furniture

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/scene"
)

// all builds every kind and variant at its default size at the origin.
func all(t *testing.T) map[string]*scene.Object {
	t.Helper()
	out := map[string]*scene.Object{}
	for _, k := range Kinds() {
		for _, v := range Variants(k) {
			o, err := New(Spec{Kind: k, Variant: v})
			if err != nil {
				t.Fatalf("New(%s %s): %v", k, v, err)
			}
			out[k+"/"+v] = o
		}
	}
	return out
}

func TestFurnitureKindsCoverTheIssue(t *testing.T) {
	want := map[string][]string{
		"chair": {"plain", "armrests"}, "armchair": nil, "sofa": {"2seat", "3seat"},
		"bed": {"single", "double"}, "dining_table": nil, "coffee_table": nil, "desk": nil,
		"office_chair": nil, "nightstand": nil, "wardrobe": nil, "cabinet": nil, "bookshelf": nil,
		"tv_stand": nil, "floor_lamp": nil, "plant": nil,
	}
	for kind, variants := range want {
		got := Variants(kind)
		if got == nil {
			t.Errorf("kind %q missing from %v", kind, Kinds())
		}
		for _, v := range variants {
			if !strings.Contains(strings.Join(got, ","), v) {
				t.Errorf("kind %q: variant %q missing from %v", kind, v, got)
			}
		}
	}
}

// TestFurnitureWatertightAtEverySize builds every kind and variant at its default, smallest and
// largest size, turned, and checks every part.
func TestFurnitureWatertightAtEverySize(t *testing.T) {
	for _, k := range Kinds() {
		for _, v := range Variants(k) {
			def, err := DefaultSize(k, v)
			if err != nil {
				t.Fatal(err)
			}
			for _, scale := range []mgl64.Vec3{{1, 1, 1}, {MinScale, MinScale, MinScale}, {MaxScale, MaxScale, MaxScale}, {MinScale, MaxScale, MinScale}, {MaxScale, MinScale, MaxScale}} {
				size := pv(def.X()*scale.X(), def.Y()*scale.Y(), def.Z()*scale.Z())
				o, err := New(Spec{Kind: k, Variant: v, Size: size, Position: pv(1, 0, 2), Yaw: 0.7})
				if err != nil {
					t.Fatalf("%s %s size %v: %v", k, v, size, err)
				}
				wtCheckObject(t, k+"/"+v, o)
				checkInsideSize(t, k+"/"+v, o, size)
			}
		}
	}
}

// checkInsideSize checks that an object's parts lie inside its size box in its own frame, on
// the floor, and fill the box's footprint and height to within a few centimetres.
func checkInsideSize(t *testing.T, label string, o *scene.Object, size mgl64.Vec3) {
	t.Helper()
	b := geom.EmptyBox()
	inv := o.Transform.Inv()
	for _, p := range o.Parts {
		b = b.Union(p.Mesh.Transformed(inv).Bounds())
	}
	const eps = 1e-6
	lo, hi := pv(-size.X()/2, 0, -size.Z()/2), pv(size.X()/2, size.Y(), size.Z()/2)
	for k := 0; k < 3; k++ {
		if b.Lo[k] < lo[k]-eps || b.Hi[k] > hi[k]+eps {
			t.Errorf("%s size %v: bounds %v–%v leave the size box", label, size, b.Lo, b.Hi)
			return
		}
		if b.Size()[k] < 0.8*size[k] {
			t.Errorf("%s size %v: bounds %v fill only %.2f of axis %d", label, size, b.Size(), b.Size()[k]/size[k], k)
		}
	}
	if b.Lo.Y() > 0.03 {
		t.Errorf("%s: lowest point %.3f m, want on the floor", label, b.Lo.Y())
	}
}

// TestFurnitureDimensions checks default heights against ordinary furniture: seats 0.42–0.48 m,
// bed tops 0.5–0.6 m, dining tables and desks 0.72–0.78 m.
func TestFurnitureDimensions(t *testing.T) {
	for label, o := range all(t) {
		for _, s := range o.Surfaces {
			lo, hi := 0.42, 0.48
			if o.Category == "bed" {
				lo, hi = 0.5, 0.6
			}
			if h := s.Height(); h < lo || h > hi {
				t.Errorf("%s: surface on %s at %.3f m, want %.2f–%.2f m", label, s.Part, h, lo, hi)
			}
		}
		if o.Category == "dining_table" || o.Category == "desk" {
			top, _ := o.Part("tabletop")
			if h := top.Mesh.Bounds().Hi.Y(); h < 0.72 || h > 0.78 {
				t.Errorf("%s: tabletop at %.3f m, want 0.72–0.78 m", label, h)
			}
		}
	}
}

// TestFurnitureSurfacesAndParts checks the semantic side: unique part names, seats and beds with
// the right surfaces on real parts, colours in range, modest triangle counts.
func TestFurnitureSurfacesAndParts(t *testing.T) {
	sittable := map[string]bool{"chair": true, "armchair": true, "sofa": true, "office_chair": true, "ottoman": true, "bed": true}
	for label, o := range all(t) {
		names := map[string]bool{}
		tris := 0
		for _, p := range o.Parts {
			if names[p.Name] {
				t.Errorf("%s: part name %q twice", label, p.Name)
			}
			names[p.Name] = true
			tris += len(p.Mesh.Triangles)
		}
		if tris > 1200 {
			t.Errorf("%s: %d triangles, want a modest count (≤ 1200)", label, tris)
		}
		for _, c := range o.Color {
			if c <= 0 || c >= 1 {
				t.Errorf("%s: colour %v, want components in (0, 1)", label, o.Color)
			}
		}
		if sittable[o.Category] != (len(o.Surfaces) > 0) {
			t.Errorf("%s: %d surfaces, sittable %v", label, len(o.Surfaces), sittable[o.Category])
		}
		if len(o.StandPoints) == 0 {
			t.Errorf("%s: no stand points", label)
		}
		for _, s := range o.Surfaces {
			checkSurface(t, label, o, s)
		}
	}
}

// checkSurface checks one surface: on a part of the right kind, at that part's top, inside
// its footprint, with unit horizontal axis and up normal; beds sit and lie, seats sit.
func checkSurface(t *testing.T, label string, o *scene.Object, s scene.Surface) {
	t.Helper()
	p, ok := o.Part(s.Part)
	if !ok {
		t.Errorf("%s: surface names part %q, which does not exist", label, s.Part)
		return
	}
	want := scene.PartSeat
	if o.Category == "bed" {
		want = scene.PartMattress
		if !s.Sit || !s.LieDown {
			t.Errorf("%s: mattress surface Sit %v LieDown %v, want both", label, s.Sit, s.LieDown)
		}
	} else if !s.Sit && !s.LieDown {
		t.Errorf("%s: surface on %s neither Sit nor LieDown", label, s.Part)
	}
	if p.Kind != want {
		t.Errorf("%s: surface on part %s of kind %s, want %s", label, s.Part, p.Kind, want)
	}
	b := p.Mesh.Bounds()
	if math.Abs(b.Hi.Y()-s.Height()) > 1e-9 && s.Sit {
		t.Errorf("%s: surface at %.3f m, part %s top at %.3f m", label, s.Height(), s.Part, b.Hi.Y())
	}
	if math.Abs(s.Axis.Len()-1) > 1e-9 || s.Axis.Y() != 0 || s.Normal != pv(0, 1, 0) {
		t.Errorf("%s: axis %v normal %v, want unit horizontal axis and up normal", label, s.Axis, s.Normal)
	}
	if s.Extent[0] <= 0.1 || s.Extent[1] <= 0.1 {
		t.Errorf("%s: extent %v too small", label, s.Extent)
	}
}

// TestFurnitureStandPointsInFrontOfSeats checks that the first stand point of every seat lies
// 0.5–0.6 m in front of the seat's front edge, on the floor, and that a bed's lie beside it.
func TestFurnitureStandPointsInFrontOfSeats(t *testing.T) {
	for _, yaw := range []float64{0, math.Pi / 2, -2.5} {
		for label, o := range allAt(t, pv(3, 0, -1), yaw) {
			fwd := pv(math.Sin(yaw), 0, math.Cos(yaw))
			for i, s := range o.Surfaces {
				if !s.Sit || o.Category == "bed" {
					continue
				}
				if s.Axis.Sub(fwd).Len() > 1e-9 {
					t.Errorf("%s yaw %.2f: seat axis %v, want the facing %v", label, yaw, s.Axis, fwd)
				}
				front := s.Center.Add(s.Axis.Mul(s.Extent[0]))
				p := o.StandPoints[i]
				if o.Category != "sofa" {
					p = o.StandPoints[0]
				}
				d := p.Sub(front)
				d[1] = 0
				if p.Y() != 0 || d.Dot(fwd) < 0.5 || d.Dot(fwd) > 0.6 || math.Abs(d.Dot(pv(fwd.Z(), 0, -fwd.X()))) > 1e-9 {
					t.Errorf("%s yaw %.2f: stand point %v is %v from the seat front %v, want 0.5–0.6 m straight ahead", label, yaw, p, d, front)
				}
			}
			if o.Category == "bed" {
				m, _ := o.Part("mattress")
				c := m.Mesh.Bounds().Center()
				side := pv(fwd.Z(), 0, -fwd.X())
				for _, p := range o.StandPoints[:2] {
					if d := math.Abs(p.Sub(c).Dot(side)); d < 0.8 {
						t.Errorf("%s: stand point %v only %.2f m beside the mattress centre", label, p, d)
					}
				}
			}
		}
	}
}

// allAt builds every kind and variant at a position and yaw.
func allAt(t *testing.T, at mgl64.Vec3, yaw float64) map[string]*scene.Object {
	t.Helper()
	out := map[string]*scene.Object{}
	for _, k := range Kinds() {
		for _, v := range Variants(k) {
			o, err := New(Spec{Kind: k, Variant: v, Position: at, Yaw: yaw})
			if err != nil {
				t.Fatal(err)
			}
			out[k+"/"+v] = o
		}
	}
	return out
}

func TestFurnitureSofaLieSurface(t *testing.T) {
	o, err := New(Spec{Kind: "sofa", Variant: "3seat"})
	if err != nil {
		t.Fatal(err)
	}
	var sit, lie int
	for _, s := range o.Surfaces {
		if s.Sit {
			sit++
		}
		if s.LieDown {
			lie++
			if s.Extent[0] < 0.8 {
				t.Errorf("lie surface half length %.2f m, want the sofa's seat length", s.Extent[0])
			}
		}
	}
	if sit != 3 || lie != 1 || len(o.StandPoints) != 3 {
		t.Errorf("3-seat sofa: %d sit, %d lie surfaces, %d stand points; want 3, 1, 3", sit, lie, len(o.StandPoints))
	}
}

func TestNewFurnitureErrors(t *testing.T) {
	tests := []struct {
		spec Spec
		want string
	}{
		{Spec{Kind: "throne"}, "known kinds: armchair, bed,"},
		{Spec{Kind: "sofa", Variant: "9seat"}, "variants: 3seat, 2seat"},
		{Spec{Kind: "chair", Size: pv(0.1, 0, 0)}, "width 0.1 m out of range"},
		{Spec{Kind: "chair", Size: pv(0, 99, 0)}, "height 99 m out of range"},
		{Spec{Kind: "chair", Size: pv(0, 0, math.NaN())}, "depth NaN m out of range"},
		{Spec{Kind: "bed", Position: pv(math.Inf(1), 0, 0)}, "want finite numbers"},
		{Spec{Kind: "bed", Yaw: math.NaN()}, "want finite numbers"},
	}
	for _, tc := range tests {
		_, err := New(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "scene: ") {
			t.Errorf("New(%+v): error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
}

// TestFurnitureTransform checks placement against a slow, obvious computation: every vertex is
// the default object's vertex turned by yaw and moved to the position.
func TestFurnitureTransform(t *testing.T) {
	at, yaw := pv(2, 0, -3), 1.1
	base, _ := New(Spec{Kind: "desk"})
	moved, _ := New(Spec{Kind: "desk", Position: at, Yaw: yaw, ID: "desk_7"})
	if moved.ID != "desk_7" || moved.Category != "desk" || base.ID != "desk" || base.Name != "Desk" {
		t.Errorf("ids/names: %q %q %q %q", moved.ID, moved.Category, base.ID, base.Name)
	}
	for i, p := range base.Parts {
		for j, v := range p.Mesh.Vertices {
			want := pv(v.X()*math.Cos(yaw)+v.Z()*math.Sin(yaw), v.Y(), -v.X()*math.Sin(yaw)+v.Z()*math.Cos(yaw)).Add(at)
			if got := moved.Parts[i].Mesh.Vertices[j]; got.Sub(want).Len() > 1e-9 {
				t.Fatalf("part %s vertex %d: %v, want %v", p.Name, j, got, want)
			}
		}
	}
}

func TestPrimitivesAreClosedAndSized(t *testing.T) {
	tests := []struct {
		name string
		m    *scene.Mesh
		vol  float64 // expected volume, 0 to skip
		tris int
	}{
		{"box", BoxMesh(pv(0, 0, 0), pv(1, 2, 3)), 6, 12},
		// A chamfer r removes a prism r²/2 × (1 − 2r) along each edge and 5r³/6 at each corner.
		{"bevel box", primBevelBox(pv(0, 0, 0), pv(1, 1, 1), 0.1), 1 - 12*0.1*0.1/2*0.8 - 8*5*0.001/6, 44},
		{"cylinder", primCylinder(pv(0, 0, 0), 1, 1, 64), math.Pi, 4*64 - 4},
		{"frustum", primFrustum(pv(0, 0, 0), 1, 0.5, 1, 64), math.Pi / 3 * (1 + 0.5 + 0.25), 4*64 - 4},
		{"ellipsoid", primEllipsoid(pv(0, 0, 0), pv(1, 2, 1)), 0, 80},
	}
	for _, tc := range tests {
		if p := wtProblems(tc.m, mgl64.Ident4()); len(p) > 0 {
			t.Errorf("%s: %v", tc.name, p)
		}
		if len(tc.m.Triangles) != tc.tris {
			t.Errorf("%s: %d triangles, want %d", tc.name, len(tc.m.Triangles), tc.tris)
		}
		all := make([]int, len(tc.m.Triangles))
		for i := range all {
			all[i] = i
		}
		if v := wtSignedVolume(tc.m, all); tc.vol > 0 && math.Abs(v-tc.vol) > 0.01*tc.vol {
			t.Errorf("%s: volume %.4f, want %.4f", tc.name, v, tc.vol)
		}
	}
}
