package eval

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
)

// TestPenetrationInAGridOnlyRoom: in a room known only by its occupancy grid (a TRUMANS room whose
// mesh is missing), a body standing in an occupied block penetrates it, named as the room's
// occupancy grid, on the proxy and on the human body, and a body standing clear of it does not.
func TestPenetrationInAGridOnlyRoom(t *testing.T) {
	g := &scene.Grid{Lo: mgl64.Vec3{-1, 0, -1}, Voxel: 0.05, Dims: [3]int{40, 40, 40}}
	g.Occupied = make([]bool, 40*40*40)
	for i := 24; i < 32; i++ { // x in [0.2, 0.6)
		for j := 0; j < 10; j++ { // y in [0, 0.5)
			for k := 16; k < 24; k++ { // z in [-0.2, 0.2)
				g.Occupied[g.Index(i, j, k)] = true
			}
		}
	}
	prep := Prepare(&scene.Scene{Name: "grid only", Grid: g})
	stand := func(x, z float64) *motion.Clip {
		return &motion.Clip{FPS: 20, Frames: []motion.Pose{motion.RestPose().Translate(mgl64.Vec3{x, 0, z})}}
	}
	human := humanSkin(t)
	for _, b := range []Body{Proxy(), human} {
		in, err := Penetration(prep, stand(0.4, 0), b)
		if err != nil {
			t.Fatal(err)
		}
		if in.Max <= 0 || in.Worst == nil || in.Worst.Object != "room" || in.Worst.Depth < 0.05 {
			t.Errorf("%s body in the block: pe_max %v, worst %+v; want it inside the room's grid", b.Name(), in.Max, in.Worst)
		}
		out, err := Penetration(prep, stand(-0.6, -0.6), b)
		if err != nil {
			t.Fatal(err)
		}
		if out.Max != 0 {
			t.Errorf("%s body clear of the block: pe_max %v, want 0", b.Name(), out.Max)
		}
	}
}
