package scene

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// oneTriangle is a scene of one object with one triangle, its first vertex at v.
func oneTriangle(v mgl64.Vec3) *Scene {
	m := &Mesh{Vertices: []mgl64.Vec3{v, {1, 0, 0}, {0, 1, 0}}, Triangles: [][3]int32{{0, 1, 2}}}
	return &Scene{Name: "t", Objects: []*Object{{ID: "tri", Parts: []Part{{Name: "body", Kind: PartBody, Mesh: m}}}}}
}

// Coordinates of 1e308, or beyond float32, were taken as a room and failed later with a 309-digit
// number; Check names the first one and where it is.
func TestCheckRefusesWhatIsNoRoom(t *testing.T) {
	for _, tc := range []struct {
		v    mgl64.Vec3
		want string
	}{
		{mgl64.Vec3{0, 0, 0}, ""},
		{mgl64.Vec3{-geom.MaxCoord, 0, geom.MaxCoord}, ""},
		{mgl64.Vec3{1e308, 0, 0}, "object tri: part body: vertex 0 at [1e+308 0 0] is not within ±10000 m"},
		{mgl64.Vec3{0, 4e38, 0}, "vertex 0"},
		{mgl64.Vec3{0, 0, math.Inf(-1)}, "vertex 0"},
		{mgl64.Vec3{math.NaN(), 0, 0}, "vertex 0"},
		{mgl64.Vec3{0, 0, geom.MaxCoord * 1.0001}, "vertex 0"},
	} {
		err := oneTriangle(tc.v).Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("vertex %v: %v, want %q", tc.v, err, tc.want)
		}
	}
	sc := oneTriangle(mgl64.Vec3{})
	sc.Objects[0].StandPoints = []mgl64.Vec3{{1, 0, 1}, {2e4, 0, 0}}
	if err := sc.Check(); err == nil || !strings.Contains(err.Error(), "stand point 1") {
		t.Errorf("a stand point 20 km away: %v", err)
	}
	sc = oneTriangle(mgl64.Vec3{})
	sc.Start.Root = mgl64.Vec3{math.Inf(1), 0, 0}
	if err := sc.Check(); err == nil || !strings.Contains(err.Error(), "the start") {
		t.Errorf("a start at +Inf: %v", err)
	}
}
