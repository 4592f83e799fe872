package task

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
	"interactagent/motion/trumans"
	"interactagent/scene"
	"interactagent/scene/distance"
	"interactagent/task/goal"
)

// Importing the annotated actions of a TRUMANS recording as tasks in the room they were captured
// in (docs/trumans.md, "Recordings and tasks"): the instruction is the annotation's text, the goals
// are read from where the captured body is at the action's last frame.

// How near the captured end pose must be for a goal to be derived: tighter than UniHSI's released
// rule (0.316 m), so that the capture itself fulfils the goals it gave.
const (
	SitReach   = 0.25 // the pelvis to a seat or bed surface's part, from above
	HandReach  = 0.10 // a wrist to any part of a piece of furniture
	StandReach = 0.30 // the pelvis, on the floor, to an object's stand point
)

// TRUMANSRef returns the scene reference of a TRUMANS room: "DIR#SCENE", the recording folder and
// the scene's name, which the TRUMANS room loader opens.
func TRUMANSRef(dir, sceneName string) string { return dir + "#" + sceneName }

// ParseTRUMANSRef splits "DIR#SCENE" when DIR is a TRUMANS recording folder (it holds
// scene_list.npy); false otherwise.
func ParseTRUMANSRef(ref string) (dir, sceneName string, ok bool) {
	i := strings.LastIndexByte(ref, '#')
	if i < 0 || i == len(ref)-1 {
		return "", "", false
	}
	dir, sceneName = ref[:i], ref[i+1:]
	if _, err := os.Stat(filepath.Join(dir, trumans.SceneListFile)); err != nil {
		return "", "", false
	}
	return dir, sceneName, true
}

// ImportTRUMANS makes a suite of the actions rec captured in sceneName: one task per annotated
// action, in frame order, over sc (the room, opened by the caller) named by sceneRef. Its
// instruction is the annotation's text; its goal one step read from the body at the action's last
// frame (human_joints.npy): the pelvis on a seat or bed (within SitReach, from above) is a pelvis
// contact with that surface's part, from above; a wrist within HandReach of furniture is a hand
// contact with that part; with neither, the pelvis within StandReach of an object's stand point is
// a walk to that object. An action that ends near none of these is kept in Unrunnable, saying so.
// A scene the recording lacks is an error naming the scenes it has, before anything is made.
func ImportTRUMANS(rec *trumans.Recording, sceneName string, sc *scene.Scene, sceneRef string) (*Suite, error) {
	actions, err := rec.SceneActions(sceneName)
	if err != nil {
		return nil, err
	}
	if !rec.HasJoints {
		return nil, fmt.Errorf("task: import %s: goals are read from %s, which the folder lacks", rec.Dir, trumans.JointsFile)
	}
	s := &Suite{Name: "trumans-" + sceneName, Description: fmt.Sprintf("The annotated actions of TRUMANS scene %s (%s) as tasks: "+
		"instructions from the annotations, goals from where the captured body ends each action.", sceneName, rec.Dir)}
	d := newDeriver(sc)
	for i, a := range actions {
		t, why, err := trumansTask(rec, a, i, d, sceneRef)
		if err != nil {
			return nil, err
		}
		if why != "" {
			s.Unrunnable = append(s.Unrunnable, Unrunnable{ID: t.ID, Source: t.Source, Why: why})
			continue
		}
		s.Tasks = append(s.Tasks, t)
	}
	return s, nil
}

// trumansTask makes the task of action a (the i-th of its scene), or says why it cannot.
func trumansTask(rec *trumans.Recording, a trumans.Action, i int, d *deriver, sceneRef string) (Task, string, error) {
	c, err := rec.Clip(a.End-1, a.End, nil)
	if err != nil {
		return Task{}, "", err
	}
	t := Task{ID: fmt.Sprintf("%s-%03d", a.Scene, i), Scene: sceneRef, Instruction: sentence(a.Text),
		Released: "partnet", Source: fmt.Sprintf("%s:%d", filepath.ToSlash(a.File), a.Line)}
	step, note := d.derive(c.Frames[0])
	if len(step) == 0 {
		return t, fmt.Sprintf("at its last frame (%d) the captured body is %s: no goal to derive", a.End-1, note), nil
	}
	t.Steps = []goal.Step{step}
	t.Notes = []string{fmt.Sprintf("TRUMANS action %q, frames [%d, %d) of take %s; goal read from its last frame: %s", a.Text, a.Start, a.End, a.Take, note)}
	return t, "", nil
}

// sentence capitalises an annotation and ends it with a full stop: "walk to the chair" → "Walk
// to the chair."
func sentence(text string) string {
	r := []rune(strings.TrimSpace(text))
	if len(r) == 0 {
		return text
	}
	r[0] = unicode.ToUpper(r[0])
	if !strings.ContainsRune(".!?", r[len(r)-1]) {
		r = append(r, '.')
	}
	return string(r)
}

// deriver reads goals from a pose in one room; each part's distance tree is built once.
type deriver struct {
	s    *scene.Scene
	bvhs map[*scene.Mesh]*distance.BVH
}

func newDeriver(s *scene.Scene) *deriver {
	return &deriver{s: s, bvhs: map[*scene.Mesh]*distance.BVH{}}
}

// distance returns how far p is from a part's triangles.
func (d *deriver) distance(m *scene.Mesh, p mgl64.Vec3) float64 {
	if m == nil || len(m.Triangles) == 0 {
		return math.Inf(1)
	}
	t, ok := d.bvhs[m]
	if !ok {
		t = distance.NewBVH(m)
		d.bvhs[m] = t
	}
	_, dist, _, ok := t.Closest(p)
	if !ok {
		return math.Inf(1)
	}
	return dist
}

// derive returns the step a pose fulfils (nil when none) and a note saying how it was read.
func (d *deriver) derive(pose motion.Pose) (goal.Step, string) {
	var step goal.Step
	var notes []string
	if p, note, ok := d.seat(pose[motion.Pelvis]); ok {
		step, notes = append(step, p), append(notes, note)
	}
	for _, h := range []struct {
		joint motion.Joint
		name  string
	}{{motion.LeftWrist, "left_hand"}, {motion.RightWrist, "right_hand"}} {
		if p, note, ok := d.touch(pose[h.joint], h.name); ok {
			step, notes = append(step, p), append(notes, note)
		}
	}
	if len(step) == 0 {
		p, note, ok := d.stand(pose[motion.Pelvis])
		if !ok {
			return nil, note
		}
		step, notes = append(step, p), append(notes, note)
	}
	return step, strings.Join(notes, "; ")
}

// seat finds the sit or lie surface nearest the pelvis, from above, within SitReach.
func (d *deriver) seat(pelvis mgl64.Vec3) (goal.Pair, string, bool) {
	best, bestD := goal.Pair{}, math.Inf(1)
	for _, o := range d.s.Objects {
		for _, sf := range o.Surfaces {
			part, ok := o.Part(sf.Part)
			if !ok || !(sf.Sit || sf.LieDown) || pelvis.Y() < sf.Height()-0.05 {
				continue
			}
			if dist := d.distance(part.Mesh, pelvis); dist < bestD {
				best, bestD = goal.Pair{Object: o.ID, Part: sf.Part, Joint: "pelvis", Contact: goal.Touch, Direction: "up"}, dist
			}
		}
	}
	if bestD >= SitReach {
		return goal.Pair{}, "", false
	}
	return best, fmt.Sprintf("pelvis %.2f m from %s/%s, above it (a seat)", bestD, best.Object, best.Part), true
}

// touch finds the furniture part nearest a wrist within HandReach; walls and the floor do not count.
func (d *deriver) touch(wrist mgl64.Vec3, joint string) (goal.Pair, string, bool) {
	best, bestD := goal.Pair{}, math.Inf(1)
	for _, o := range d.s.Objects {
		for _, p := range o.Parts {
			if p.Kind == scene.PartWall || o.Category == "wall" {
				continue
			}
			if dist := d.distance(p.Mesh, wrist); dist < bestD {
				best, bestD = goal.Pair{Object: o.ID, Part: p.Name, Joint: joint, Contact: goal.Touch, Direction: "none"}, dist
			}
		}
	}
	if bestD >= HandReach {
		return goal.Pair{}, "", false
	}
	return best, fmt.Sprintf("%s %.2f m from %s/%s", joint, bestD, best.Object, best.Part), true
}

// stand finds the object whose stand point is nearest the pelvis on the floor, within StandReach.
func (d *deriver) stand(pelvis mgl64.Vec3) (goal.Pair, string, bool) {
	bestID, bestD := "", math.Inf(1)
	for _, o := range d.s.Objects {
		for _, sp := range o.StandPoints {
			if dist := math.Hypot(pelvis.X()-sp.X(), pelvis.Z()-sp.Z()); dist < bestD {
				bestID, bestD = o.ID, dist
			}
		}
	}
	if bestD >= StandReach {
		if bestID == "" {
			return goal.Pair{}, "away from every seat and surface, in a room without stand points", false
		}
		return goal.Pair{}, fmt.Sprintf("away from every seat and surface, %.2f m from the nearest stand point (%s's; want within %.2f)", bestD, bestID, StandReach), false
	}
	return goal.Pair{Object: bestID, Part: "none", Joint: "none", Contact: goal.Reach, Direction: "none"},
		fmt.Sprintf("standing %.2f m from a stand point of %s", bestD, bestID), true
}
