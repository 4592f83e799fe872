package eval

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// TestBuiltinStandPointsAreFreeSpace stands the body proxy and the human body at the start pose
// and at every stand point of every built-in scene, facing the object it belongs to, and turned a
// quarter either way: nothing of either body may be inside any object (the floor aside, where the
// soles rest): the deepest point is not in an object by more than 1 mm, and the frame's sum is
// what the floor alone gives to within 0.01 (1 mm over ten SMPL-X vertices' worth of skin: a body
// whose soles sink into the floor would hide a shallower object from the deepest point).
func TestBuiltinStandPointsAreFreeSpace(t *testing.T) {
	floor := Prepare(&scene.Scene{})
	for _, name := range furniture.BuiltinNames() {
		s, err := furniture.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		prep := Prepare(s)
		check := func(what string, st motion.State) {
			for _, turn := range []float64{0, math.Pi / 2, -math.Pi / 2} {
				st := motion.State{Root: st.Root, Heading: st.Heading + turn}
				clip := &motion.Clip{FPS: 20, Frames: []motion.Pose{motion.RestPose().RotateY(st.Heading).Translate(st.Root)}}
				for _, b := range []Body{Proxy(), humanSkin(t)} {
					stats, err := Penetration(prep, clip, b)
					if err != nil {
						t.Fatal(err)
					}
					alone, err := Penetration(floor, clip, b)
					if err != nil {
						t.Fatal(err)
					}
					if w := stats.Worst; w != nil && w.Object != "floor" && w.Depth > 1e-3 || stats.Max > alone.Max+0.01 {
						t.Errorf("%s: %s (%.2f, %.2f) facing %.0f°: the %s body sums %.4f against the floor's %.4f, deepest %+v", name, what, st.Root.X(), st.Root.Z(),
							mgl64.RadToDeg(geom.WrapAngle(st.Heading)), b.Name(), stats.Max, alone.Max, stats.Worst)
					}
				}
			}
		}
		check("start", s.Start)
		for _, o := range s.Objects {
			c := o.Bounds().Center()
			for _, p := range o.StandPoints {
				check(o.ID+" stand point", motion.State{Root: p, Heading: math.Atan2(c.X()-p.X(), c.Z()-p.Z())})
			}
		}
	}
}
