package eval

import "interactagent/scene"

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
