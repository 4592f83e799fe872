package geometric

import (
	"context"
	"strings"
	"testing"

	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// TestReachWordsNameTheHandsTheExecutorUses: a reach is worded so that the executor moves the
// hands the planner meant ("both hands", not "the both hand", which reads as the right hand), and
// reading the words back gives the move.
func TestReachWordsNameTheHandsTheExecutorUses(t *testing.T) {
	ex := kinematic.New(kinematic.Options{})
	for _, hand := range []string{"left", "right", "both"} {
		m := move{kind: mReach, hand: hand, amount: 0.9}
		text := phrasingFor(1).text(m)
		if back := readMove(text); back.kind != mReach || back.hand != hand {
			t.Errorf("%q reads back as %+v, want a %s-hand reach", text, back, hand)
		}
		c, err := ex.Execute(context.Background(), motion.State{}, []string{text})
		if err != nil {
			t.Fatal(err)
		}
		rest := c.Frames[0]
		moved := func(j motion.Joint) bool { return c.Frames[c.Len()/2][j].Sub(rest[j]).Len() > 0.2 }
		left, right := moved(motion.LeftWrist), moved(motion.RightWrist)
		if want := hand != "right"; left != want {
			t.Errorf("%q: left wrist moved %v, want %v", text, left, want)
		}
		if want := hand != "left"; right != want {
			t.Errorf("%q: right wrist moved %v, want %v", text, right, want)
		}
		if hand == "both" && !strings.Contains(text, "both hands") {
			t.Errorf("%q does not say both hands", text)
		}
	}
}
