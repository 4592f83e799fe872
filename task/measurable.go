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
	scenes := map[string]*scene.Scene{}
	failed := map[string]error{}
	var keep []Task
	for _, t := range s.Tasks {
		sc, err := openOnce(t.Scene, open, scenes, failed)
		why := ""
		switch {
		case err != nil:
			why = "its scene cannot be opened: " + err.Error()
		case len(t.Steps) > 0:
			why = unmeasurable(t.Steps, sc)
		}
		if why == "" {
			keep = append(keep, t)
			continue
		}
		s.Unrunnable = append(s.Unrunnable, Unrunnable{ID: t.ID, Source: t.Source, Why: why})
	}
	s.Tasks = keep
}

// openOnce opens ref through the memo of scenes opened and refs that failed.
func openOnce(ref string, open func(string) (*scene.Scene, error), scenes map[string]*scene.Scene, failed map[string]error) (*scene.Scene, error) {
	if sc, ok := scenes[ref]; ok {
		return sc, nil
	}
	if err, ok := failed[ref]; ok {
		return nil, err
	}
	sc, err := open(ref)
	if err != nil {
		failed[ref] = err
		return nil, err
	}
	scenes[ref] = sc
	return sc, nil
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
	for _, pt := range o.Parts {
		if ok, _ := path.Match(p.Part, pt.Name); ok || pt.Name == p.Part {
			return ""
		}
	}
	return fmt.Sprintf("the proxy of %s has no part %q to measure", p.Object, p.Part)
}
