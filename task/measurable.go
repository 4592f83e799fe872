package task

import (
	"fmt"
	"path"

	"interactagent/scene"
	"interactagent/task/goal"
)

// SetAsideUnmeasurable moves the tasks whose scene cannot be opened (by open, given a task's Scene
// reference) or whose goals it cannot measure — a goal naming an object the scene lacks, a part the object
// lacks, a walking step to an object without stand points — to Unrunnable, with the reason, as the
// UniHSI import does for its plans: such a task would run and always fail, saying nothing of why.
// Each scene is opened once.
func (s *Suite) SetAsideUnmeasurable(open func(ref string) (*scene.Scene, error)) {
	scenes := sceneMemo{open: open, opened: map[string]openedScene{}}
	var keep []Task
	for _, t := range s.Tasks {
		if why := whyUnmeasurable(t, scenes); why != "" {
			s.Unrunnable = append(s.Unrunnable, Unrunnable{ID: t.ID, Source: t.Source, Why: why})
			continue
		}
		keep = append(keep, t)
	}
	s.Tasks = keep
}

// whyUnmeasurable says why t's goals cannot be measured: its scene, opened through scenes, does not
// open, or a goal names what the scene lacks (unmeasurable); "" when they can.
func whyUnmeasurable(t Task, scenes sceneMemo) string {
	sc, err := scenes.get(t.Scene)
	switch {
	case err != nil:
		return "its scene cannot be opened: " + err.Error()
	case len(t.Steps) > 0:
		return unmeasurable(t.Steps, sc)
	}
	return ""
}

// sceneMemo opens each scene reference once and remembers what came of it, the scene or the
// error: a suite's tasks share a few scenes, and opening one builds all its geometry.
type sceneMemo struct {
	open   func(ref string) (*scene.Scene, error)
	opened map[string]openedScene
}

// openedScene is what opening one reference gave.
type openedScene struct {
	scene *scene.Scene
	err   error
}

// get opens ref, or returns what opening it gave the first time.
func (m sceneMemo) get(ref string) (*scene.Scene, error) {
	o, ok := m.opened[ref]
	if !ok {
		o.scene, o.err = m.open(ref)
		m.opened[ref] = o
	}
	return o.scene, o.err
}

// unmeasurable says why the judge could not measure a goal of the steps in s: a joint-to-joint
// pair (UniHSI's, which names a joint as the part), a contact without a joint, an object the
// scene lacks or whose stand points a walking step needs, a part the proxy lacks.
func unmeasurable(steps []goal.Step, s *scene.Scene) string {
	for i, st := range steps {
		for _, p := range st {
			if why := unmeasurablePair(p, s); why != "" {
				return fmt.Sprintf("step %d: %s", i+1, why)
			}
		}
	}
	return ""
}

// unmeasurablePair is unmeasurable for one pair.
func unmeasurablePair(p goal.Pair, s *scene.Scene) string {
	o, ok := s.Object(p.Object)
	switch {
	case !ok:
		return fmt.Sprintf("the scene has no object %s", p.Object)
	case p.Walk() && len(o.StandPoints) == 0:
		return fmt.Sprintf("%s has no stand point for the walking step to reach", p.Object)
	case p.Walk():
		return ""
	case goal.IsJoint(p.Part):
		return fmt.Sprintf("%s to %s's %s is one of UniHSI's joint-to-joint pairs; the judge measures joints against parts only", p.Joint, p.Object, p.Part)
	case !goal.IsJoint(p.Joint):
		return fmt.Sprintf("a contact with %s/%s names no joint (%q)", p.Object, p.Part, p.Joint)
	case p.Part == "floor":
		return ""
	}
	if proxyHasPart(o, p.Part) {
		return ""
	}
	return fmt.Sprintf("the proxy of %s has no part %q to measure", p.Object, p.Part)
}

// proxyHasPart reports whether the object has a part the goal's part names: a pattern (path.Match) that
// matches a part's name, or the name itself.
func proxyHasPart(o *scene.Object, part string) bool {
	for _, pt := range o.Parts {
		if ok, _ := path.Match(part, pt.Name); ok || pt.Name == part {
			return true
		}
	}
	return false
}
