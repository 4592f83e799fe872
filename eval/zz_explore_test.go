package eval

import (
	"context"
	"testing"

	"interactagent/executor/kinematic"
	"interactagent/motion"
	"interactagent/scene"
)

func TestZZExecutorFeet(t *testing.T) {
	ex := kinematic.New(kinematic.Options{})
	prep := Prepare(&scene.Scene{})
	body := prep.Body
	for _, act := range []string{"A person stands still", "A person walks forward 2 meters", "A person turns left 90 degrees", "A person walks backward 1 meter", "A person runs forward 3 meters", "A person sits down on the floor"} {
		clip, err := ex.Execute(context.Background(), motion.State{}, []string{act})
		if err != nil {
			t.Log(act, err)
			continue
		}
		st, _ := Penetration(prep, clip)
		lowCap, lowPt, below := 1.0, 1.0, 0
		var lowPart motion.BodyPart
		for _, p := range clip.Frames {
			fb := false
			for _, c := range body.Capsules(p, nil) {
				if y := min(c.A.Y(), c.B.Y()) - c.Radius; y < lowCap {
					lowCap, lowPart = y, c.Part
				}
				if min(c.A.Y(), c.B.Y())-c.Radius+scene.CullTolerance < 0 {
					fb = true
				}
			}
			if fb {
				below++
			}
			for _, w := range body.Points(p, nil) {
				lowPt = min(lowPt, w.P.Y())
			}
		}
		t.Logf("%-40q frames %3d lowest capsule %.5f (%v) lowest point %.5f frames sampled for floor %d pe_max %.4g", act, clip.Len(), lowCap, lowPart, lowPt, below, st.Max)
	}
}
