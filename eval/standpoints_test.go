package eval

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/scene/furniture"
)

// TestBuiltinStandPointsAreFreeSpace stands the body proxy at the start pose and at every stand
// point of every built-in scene, facing the object it belongs to, and turned a quarter either way:
// nothing of the body may be inside any object (the floor aside, a few millimetres of sole).
func TestBuiltinStandPointsAreFreeSpace(t *testing.T) {
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
				stats, err := Penetration(prep, clip)
				if err != nil {
					t.Fatal(err)
				}
				if w := stats.Worst; w != nil && w.Object != "floor" && w.Depth > 1e-3 {
					t.Errorf("%s: %s (%.2f, %.2f) facing %.0f°: %s is %.1f cm inside %s/%s", name, what, st.Root.X(), st.Root.Z(), mgl64.RadToDeg(geom.WrapAngle(st.Heading)), w.Part, 100*w.Depth, w.Object, w.ObjectPart)
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
