package floor_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/scene"
	"interactagent/scene/floor"
)

// BenchmarkNewLounge measures building the walkable floor of the largest built-in room.
func BenchmarkNewLounge(b *testing.B) {
	s, _ := roomFloor(b, "lounge")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := floor.New(s, floor.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPathLounge measures the longest path across the lounge: between the two stand
// points farthest apart.
func BenchmarkPathLounge(b *testing.B) {
	s, f := roomFloor(b, "lounge")
	from, to := farthestStandPoints(s)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Path(from, to); err != nil {
			b.Fatal(err)
		}
	}
}

// farthestStandPoints returns the two stand points of s farthest apart in a straight line.
func farthestStandPoints(s *scene.Scene) (mgl64.Vec3, mgl64.Vec3) {
	var all []mgl64.Vec3
	for _, o := range s.Objects {
		all = append(all, o.StandPoints...)
	}
	var a, b mgl64.Vec3
	for i := range all {
		for j := range all[:i] {
			if all[i].Sub(all[j]).Len() > a.Sub(b).Len() {
				a, b = all[i], all[j]
			}
		}
	}
	return a, b
}

// BenchmarkPathWidthLounge measures PathWidth along the path of BenchmarkPathLounge.
func BenchmarkPathWidthLounge(b *testing.B) {
	s, f := roomFloor(b, "lounge")
	path, err := f.Path(farthestStandPoints(s))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		f.PathWidth(path)
	}
}
