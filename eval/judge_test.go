package eval

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/scene"
	"interactagent/scene/furniture"
	"interactagent/task"
	"interactagent/task/goal"
)

// seatScene is one box "stool_1" whose part "seat" spans x, z in [-0.25, 0.25] with its top at
// y = 0.45, and a stand point at (0, 0, 1).
func seatScene() *scene.Scene {
	seat := furniture.BoxMesh(mgl64.Vec3{-0.25, 0, -0.25}, mgl64.Vec3{0.25, 0.45, 0.25})
	o := &scene.Object{ID: "stool_1", Category: "stool", Transform: mgl64.Ident4(),
		Parts: []scene.Part{{Name: "seat", Kind: scene.PartSeat, Mesh: seat}}, StandPoints: []mgl64.Vec3{{0, 0, 1}}}
	return &scene.Scene{Name: "stool", Objects: []*scene.Object{o}}
}

// pelvisAt is a clip of poses whose pelvis is at each given point.
func pelvisAt(points ...mgl64.Vec3) *motion.Clip {
	c := &motion.Clip{FPS: 20}
	rest := motion.RestPose()
	for _, p := range points {
		c.Frames = append(c.Frames, rest.Translate(p.Sub(rest[motion.Pelvis])))
	}
	return c
}

var sit = goal.Pair{Object: "stool_1", Part: "seat", Joint: "pelvis", Contact: goal.Touch, Direction: "up"}

// TestContactBoundaries: a pelvis just inside and just outside each rule's contact distance, and
// the not-contact distance, above the seat.
func TestContactBoundaries(t *testing.T) {
	j := NewJudge(seatScene())
	away := goal.Pair{Object: "stool_1", Part: "seat", Joint: "pelvis", Contact: goal.Avoid, Direction: "none"}
	cases := []struct {
		pair   goal.Pair
		height float64 // pelvis above the seat's top
		rule   Rule
		ok     bool
	}{
		{sit, 0.099, Strict(), true}, {sit, 0.101, Strict(), false},
		{sit, 0.315, Released(), true}, {sit, 0.317, Released(), false},
		{sit, 0.446, ReleasedScanNet(), true}, {sit, 0.448, ReleasedScanNet(), false},
		{away, 0.101, Strict(), true}, {away, 0.099, Strict(), false},
		{away, 0.225, Released(), true}, {away, 0.223, Released(), false},
		{sit, -0.1, Released(), true}, // inside the seat: distance 0, from above
	}
	for _, c := range cases {
		tk := task.Task{ID: "t", Steps: []goal.Step{{c.pair}}}
		got := j.Judge(tk, pelvisAt(mgl64.Vec3{0, 0.45 + c.height, 0}), c.rule)
		if got.Success != c.ok {
			t.Errorf("%s %s at %.3f m: success %v (%s), want %v", c.rule.Name, c.pair.Contact, c.height, got.Success, got.Why, c.ok)
		}
	}
}

// TestDirectionBoundaries: the pelvis beside the seat, at a distance within reach, meets it from
// the side: the cosine with "up" is about 0, and the step fails as a wrong direction; at 45° the
// cosine is 0.71: the released rule passes, the strict one does not.
func TestDirectionBoundaries(t *testing.T) {
	j := NewJudge(seatScene())
	tk := task.Task{ID: "t", Steps: []goal.Step{{sit}}}
	side := j.Judge(tk, pelvisAt(mgl64.Vec3{0.3, 0.3, 0}), Released())
	if side.Success || !strings.Contains(side.Why, "wrong direction") {
		t.Fatalf("from the side: %+v", side)
	}
	diag := pelvisAt(mgl64.Vec3{0.25 + 0.05, 0.45 + 0.05, 0})
	if got := j.Judge(tk, diag, Released()); !got.Success {
		t.Errorf("at 45°, released: %+v", got)
	}
	if got := j.Judge(tk, diag, Strict()); got.Success || !strings.Contains(got.Why, "cosine 0.71") {
		t.Errorf("at 45°, strict: %+v", got)
	}
}

// TestStepsInOrder: steps must be fulfilled in order, each after the previous; a step fulfilled
// only before the previous one is reported as out of order.
func TestStepsInOrder(t *testing.T) {
	j := NewJudge(seatScene())
	walk := goal.Pair{Object: "stool_1", Part: "none", Joint: "none", Contact: goal.Reach, Direction: "none"}
	tk := task.Task{ID: "t", Steps: []goal.Step{{walk}, {sit}}}
	stand, seated := mgl64.Vec3{0, 0.95, 1}, mgl64.Vec3{0, 0.5, 0}
	if got := j.Judge(tk, pelvisAt(stand, seated), Released()); !got.Success || got.Frames[0] != 0 || got.Frames[1] != 1 {
		t.Fatalf("in order: %+v", got)
	}
	got := j.Judge(tk, pelvisAt(seated, stand), Released())
	if got.Success || got.FailedStep != 2 || !strings.Contains(got.Why, "out of order") {
		t.Fatalf("reversed: %+v", got)
	}
	far := j.Judge(tk, pelvisAt(mgl64.Vec3{0, 0.95, 1.5}), Released())
	if far.FailedStep != 1 || !strings.Contains(far.Why, "0.500 m from stool_1's nearest stand point") {
		t.Fatalf("short of the stand point: %+v", far)
	}
	// Both pairs of a step must hold at the same frame.
	both := task.Task{ID: "t", Steps: []goal.Step{{sit, goal.Pair{Object: "stool_1", Part: "floor", Joint: "left_foot", Contact: goal.Touch, Direction: "none"}}}}
	if got := j.Judge(both, pelvisAt(seated), Released()); !got.Success {
		t.Fatalf("seated with feet on the floor: %+v", got)
	}
	if got := j.Judge(both, pelvisAt(mgl64.Vec3{0, 1.4, 0}), Released()); got.Success || !strings.Contains(got.Why, "too far") {
		t.Fatalf("feet in the air: %+v", got)
	}
}

func TestMissingPartsAndPatterns(t *testing.T) {
	j := NewJudge(seatScene())
	for part, ok := range map[string]bool{"seat": true, "se*": true, "*": true, "back": false} {
		p := sit
		p.Part = part
		got := j.Judge(task.Task{ID: "t", Steps: []goal.Step{{p}}}, pelvisAt(mgl64.Vec3{0, 0.5, 0}), Released())
		if got.Success != ok || !ok && !strings.Contains(got.Why, `has no part "back"`) {
			t.Errorf("part %q: %+v", part, got)
		}
	}
}
