package trumans

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/furniture"
)

// TestSurfacesMatchFurniture finds the surfaces of procedural furniture from its meshes alone and
// compares them with the ones its builder wrote: the same seat or mattress, facing the same way.
func TestSurfacesMatchFurniture(t *testing.T) {
	for _, kind := range []string{"chair", "armchair", "office_chair", "bed", "ottoman", "sofa"} {
		for _, yaw := range []float64{0, math.Pi / 2, 2.5} {
			want, err := furniture.New(furniture.Spec{Kind: kind, Position: mgl64.Vec3{0.3, 0, -0.2}, Yaw: yaw})
			if err != nil {
				t.Fatal(err)
			}
			got := &scene.Object{Category: kind, Parts: want.Parts}
			addSurfaces(got, mgl64.Rotate3DY(yaw).Mul3x1(mgl64.Vec3{0, 0, 1}))
			if len(got.Surfaces) == 0 {
				t.Errorf("%s yaw %.2f: no surface found", kind, yaw)
				continue
			}
			checkSurface(t, kind, yaw, got.Surfaces[0], want.Surfaces)
		}
	}
}

// checkSurface checks that s covers one of the builder's surfaces of its kind (sit or lie): its
// height within 3 cm, its centre within 10 cm of it or of the span of the builder's seats, its
// axis the same.
func checkSurface(t *testing.T, kind string, yaw float64, s scene.Surface, want []scene.Surface) {
	t.Helper()
	var lo, hi mgl64.Vec3
	first := true
	for _, w := range want {
		if w.Sit != s.Sit || w.LieDown != s.LieDown {
			continue
		}
		if math.Abs(w.Height()-s.Height()) > 0.03 || w.Axis.Sub(s.Axis).Len() > 1e-6 {
			t.Errorf("%s yaw %.2f: found %+v, builder's %+v", kind, yaw, s, w)
			return
		}
		if first {
			lo, hi, first = w.Center, w.Center, false
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], w.Center[k]), max(hi[k], w.Center[k])
		}
	}
	if first {
		t.Fatalf("%s: the builder has no surface like %+v", kind, s)
	}
	mid := lo.Add(hi).Mul(0.5)
	off := mgl64.Vec3{mid.X() - s.Center.X(), 0, mid.Z() - s.Center.Z()}
	if d := off.Len(); d > 0.1 {
		t.Errorf("%s yaw %.2f: found centre %v, builder's %v (%.2f m off)", kind, yaw, s.Center, mid, d)
	}
}
