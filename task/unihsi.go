package task

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/instruction"
	"interactagent/scene"
	"interactagent/scene/unihsi"
	"interactagent/task/goal"
)

// Importing UniHSI's scene plans as tasks over their proxy scenes (docs/unihsi.md), their
// instructions written from their chains of contacts (instruction.Instruct).

// ImportUniHSI reads a UniHSI plan file, or one plan of it named as "FILE.json#ID" (a Ref), and
// makes its plans tasks as ImportUniHSIPlans does. Each task's scene is "FILE.json#ID", which
// OpenScene opens, so FILE is kept as given: relative paths are relative to where the suite is run.
func ImportUniHSI(ref string) (*Suite, error) {
	r, err := ParseRef(ref)
	if err != nil {
		return nil, err
	}
	return importRef(r)
}

// importRef is ImportUniHSI for a reference already read.
func importRef(r Ref) (*Suite, error) {
	plans, err := readPlanFile(r.File)
	if err != nil {
		return nil, err
	}
	if plans, err = selectPlans(plans, r); err != nil {
		return nil, err
	}
	return ImportUniHSIPlans(plans, r.File), nil
}

// readPlanFile reads every plan of a UniHSI plan file.
func readPlanFile(file string) ([]*unihsi.Plan, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("task: import UniHSI plans: %w", err)
	}
	defer f.Close()
	plans, err := unihsi.Read(f)
	if err != nil {
		return nil, fmt.Errorf("task: import %s: %w", file, err)
	}
	return plans, nil
}

// selectPlans returns the plans of r.File that r names: all of them, or the one whose id is r.ID.
func selectPlans(plans []*unihsi.Plan, r Ref) ([]*unihsi.Plan, error) {
	if r.ID == "" {
		return plans, nil
	}
	i := slices.IndexFunc(plans, func(p *unihsi.Plan) bool { return p.ID == r.ID })
	if i < 0 {
		return nil, fmt.Errorf("task: import %s: no plan %q among its %d plans (the first is %q)", r.File, r.ID, len(plans), plans[0].ID)
	}
	return plans[i : i+1], nil
}

// ImportUniHSIPlans makes tasks of plans read from file: one per plan, over the plan's proxy
// scene ("FILE#ID"), its steps the plan's chain of contacts (object: the proxy object's id, part:
// the plan's part name, which the proxy carries; "floor" and "none" as they are), its instruction
// written from the chain (Instruct), its complexity by Classify, judged by UniHSI's released
// PartNet thresholds, or ScanNet's for a plan set in a scan. Notes say how each part was given
// proxy geometry. A plan that cannot be run (an object without geometry, a goal the judge cannot
// measure) is listed in Unrunnable with the reason, never dropped.
func ImportUniHSIPlans(plans []*unihsi.Plan, file string) *Suite {
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	s := &Suite{Name: name, Description: fmt.Sprintf("UniHSI scene plans of %s as tasks over proxy scenes: "+
		"procedural furniture stands in for the PartNet meshes, which are not ours to ship.", filepath.Base(file))}
	for _, p := range plans {
		t, why := importPlan(p, file, name)
		if why != "" {
			s.Unrunnable = append(s.Unrunnable, Unrunnable{ID: t.ID, Source: t.Source, Why: why})
			continue
		}
		s.Tasks = append(s.Tasks, t)
	}
	return s
}

// importPlan makes one plan a task, or says why it cannot be run.
func importPlan(p *unihsi.Plan, file, name string) (Task, string) {
	t := planTask(p, file, name)
	if why := withoutGeometry(p); why != "" {
		return t, why
	}
	sc, aliases, err := proxyScene(p)
	if err != nil {
		return t, "its proxy scene cannot be built: " + err.Error()
	}
	var notes []string
	t.Steps, notes = convertSteps(p.Task.Steps)
	if why := unmeasurable(t.Steps, sc); why != "" {
		return t, why
	}
	t.Notes = append(append([]string{proxyNote(p)}, aliasNotes(aliases)...), notes...)
	t.Complexity = Classify(t.Steps)
	t.Instruction = instruction.Instruct(sc, t.Steps)
	if err := t.Check(); err != nil {
		return t, err.Error()
	}
	return t, ""
}

// planTask is a plan's task before its goals: its id, its scene (the plan's proxy, FILE#ID), where
// it came from, and the released thresholds it is judged by (ScanNet's for a plan set in a scan).
func planTask(p *unihsi.Plan, file, name string) Task {
	t := Task{ID: name + "-" + p.ID, Scene: Ref{File: file, ID: p.ID}.String(), Source: Ref{File: filepath.Base(file), ID: p.ID}.String(), Released: "partnet"}
	if p.SceneID != "" {
		t.Released = "scannet"
	}
	return t
}

// proxyScene builds a plan's proxy scene and checks it; the aliases say how each part name the plan
// uses was given geometry (aliasNotes).
func proxyScene(p *unihsi.Plan) (*scene.Scene, []unihsi.PartAlias, error) {
	sc, aliases, err := p.SceneAliases()
	if err == nil {
		err = sc.Check()
	}
	return sc, aliases, err
}

// withoutGeometry says why a plan's task cannot be run when an object it uses has no geometry:
// the objects of a ScanNet plan are segments of a scan we do not have, with stand points only.
func withoutGeometry(p *unihsi.Plan) string {
	missing := usedWithoutGeometry(p)
	switch {
	case len(missing) == 0:
		return ""
	case p.SceneID != "":
		return fmt.Sprintf("ScanNet plan scene%s: the scan's meshes are not available; objects have stand points only (%s)",
			strings.TrimPrefix(p.SceneID, "scene"), strings.Join(missing, ", "))
	}
	return fmt.Sprintf("objects %s have no placement (no transfer), so no geometry to touch", strings.Join(missing, ", "))
}

// usedWithoutGeometry lists, in the plan's order of objects, those its steps use that have no
// placement (no transfer) and so no geometry.
func usedWithoutGeometry(p *unihsi.Plan) []string {
	used := map[string]bool{}
	for _, st := range p.Task.Steps {
		for _, c := range st {
			used[c.Object] = true
		}
	}
	var missing []string
	for _, o := range p.Objects {
		if used[o.Ref()] && o.Transfer == nil {
			missing = append(missing, o.Ref())
		}
	}
	return missing
}

// convertSteps turns a plan's chain of contacts into steps, with notes on anything changed in the
// turning: a part name with pattern characters is escaped so that it names only itself.
func convertSteps(steps []unihsi.Step) ([]goal.Step, []string) {
	var out []goal.Step
	e := partEscaper{seen: map[string]bool{}}
	for _, st := range steps {
		var s goal.Step
		for _, c := range st {
			s = append(s, goal.Pair{Object: c.Object, Part: e.escape(c.Part), Joint: c.Joint, Contact: goal.ContactKind(c.Contact), Direction: c.Direction})
		}
		out = append(out, s)
	}
	return out, e.notes
}

// partEscaper turns the part names of a plan into goal patterns, escaping those with pattern
// characters so that each names only itself, and noting each such name once.
type partEscaper struct {
	seen  map[string]bool
	notes []string
}

// escape returns part as a goal pattern that matches only part.
func (e *partEscaper) escape(part string) string {
	if !strings.ContainsAny(part, `*?[\`) {
		return part
	}
	if !e.seen[part] {
		e.seen[part] = true
		e.notes = append(e.notes, fmt.Sprintf("part %q has pattern characters: escaped so that it names only itself", part))
	}
	return escapePattern(part)
}

// escapePattern escapes path.Match's special characters.
func escapePattern(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// proxyNote says that the scene is made of proxies, and for which models.
func proxyNote(p *unihsi.Plan) string {
	what := "PartNet"
	if p.SceneID != "" {
		what = "ScanNet"
	}
	note := "proxy scene: procedural furniture stands in for the plan's " + what + " meshes"
	if models := modelList(p); len(models) > 0 {
		note += " (" + strings.Join(models, ", ") + ")"
	}
	return note
}

// modelList names the model each object of the plan stands in for, as "chair_0 = model 123", for
// the objects that name one.
func modelList(p *unihsi.Plan) []string {
	var models []string
	for _, o := range p.Objects {
		if o.ModelID != "" {
			models = append(models, o.Ref()+" = model "+o.ModelID)
		}
	}
	return models
}

// aliasNotes says how each part name was given proxy geometry.
func aliasNotes(as []unihsi.PartAlias) []string {
	var out []string
	for _, a := range as {
		out = append(out, aliasNote(a))
	}
	return out
}

// aliasNote says how one part name was given proxy geometry.
func aliasNote(a unihsi.PartAlias) string {
	head := fmt.Sprintf("part %s of %s", a.Part, a.Object)
	switch a.Took {
	case unihsi.TookOwn:
		return head + " is a part of the proxy by that name"
	case unihsi.TookNone:
		return head + " has no geometry: the object has none"
	}
	return mappedNote(head, a)
}

// mappedNote says, after head ("part seat of chair_0"), which geometry of the proxy a part name
// was mapped to, and by which of its words: none we know, or a kind the proxy lacks.
func mappedNote(head string, a unihsi.PartAlias) string {
	kind, word := scene.PartKindWord(a.Part)
	geometry := proxyGeometry(a, kind)
	switch {
	case word == "":
		return fmt.Sprintf("%s has no word we know: mapped to %s", head, geometry)
	case kind != scene.PartBody && (a.Took == unihsi.TookBody || a.Took == unihsi.TookWhole):
		return fmt.Sprintf("%s is a %s by its word %q, which the proxy lacks: mapped to %s", head, kind, word, geometry)
	}
	return fmt.Sprintf("%s mapped to %s by its word %q", head, geometry, word)
}

// proxyGeometry names the geometry of the proxy that a part name took, its word being of kind.
func proxyGeometry(a unihsi.PartAlias, kind scene.PartKind) string {
	switch a.Took {
	case unihsi.TookKind:
		return "the proxy's " + string(kind)
	case unihsi.TookCopy:
		return "a copy of " + a.From + "'s geometry"
	case unihsi.TookBody:
		return "the proxy's body"
	}
	return "the whole object"
}
