package task

import (
	"fmt"
	"os"
	"path/filepath"
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
	f, err := os.Open(r.File)
	if err != nil {
		return nil, fmt.Errorf("task: import UniHSI plans: %w", err)
	}
	defer f.Close()
	plans, err := unihsi.Read(f)
	if err != nil {
		return nil, fmt.Errorf("task: import %s: %w", r.File, err)
	}
	if r.ID != "" {
		i := 0
		for i < len(plans) && plans[i].ID != r.ID {
			i++
		}
		if i == len(plans) {
			return nil, fmt.Errorf("task: import %s: no plan %q among its %d plans (the first is %q)", r.File, r.ID, len(plans), plans[0].ID)
		}
		plans = plans[i : i+1]
	}
	return ImportUniHSIPlans(plans, r.File), nil
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
	t := Task{ID: name + "-" + p.ID, Scene: Ref{File: file, ID: p.ID}.String(), Source: Ref{File: filepath.Base(file), ID: p.ID}.String(), Released: "partnet"}
	if p.SceneID != "" {
		t.Released = "scannet"
	}
	if why := withoutGeometry(p); why != "" {
		return t, why
	}
	sc, aliases, err := p.SceneAliases()
	if err == nil {
		err = sc.Check()
	}
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

// withoutGeometry says why a plan's task cannot be run when an object it uses has no geometry:
// the objects of a ScanNet plan are segments of a scan we do not have, with stand points only.
func withoutGeometry(p *unihsi.Plan) string {
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
	switch {
	case len(missing) == 0:
		return ""
	case p.SceneID != "":
		return fmt.Sprintf("ScanNet plan scene%s: the scan's meshes are not available; objects have stand points only (%s)",
			strings.TrimPrefix(p.SceneID, "scene"), strings.Join(missing, ", "))
	}
	return fmt.Sprintf("objects %s have no placement (no transfer), so no geometry to touch", strings.Join(missing, ", "))
}

// convertSteps turns a plan's chain of contacts into steps, with notes on anything changed in the
// turning: a part name with pattern characters is escaped so that it names only itself.
func convertSteps(steps []unihsi.Step) ([]goal.Step, []string) {
	var out []goal.Step
	var notes []string
	escaped := map[string]bool{}
	for _, st := range steps {
		var s goal.Step
		for _, c := range st {
			part := c.Part
			if strings.ContainsAny(part, `*?[\`) {
				part = escapePattern(part)
				if !escaped[c.Part] {
					escaped[c.Part] = true
					notes = append(notes, fmt.Sprintf("part %q has pattern characters: escaped so that it names only itself", c.Part))
				}
			}
			s = append(s, goal.Pair{Object: c.Object, Part: part, Joint: c.Joint, Contact: goal.ContactKind(c.Contact), Direction: c.Direction})
		}
		out = append(out, s)
	}
	return out, notes
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
	var models []string
	for _, o := range p.Objects {
		if o.ModelID != "" {
			models = append(models, o.Ref()+" = model "+o.ModelID)
		}
	}
	what := "PartNet"
	if p.SceneID != "" {
		what = "ScanNet"
	}
	note := "proxy scene: procedural furniture stands in for the plan's " + what + " meshes"
	if len(models) > 0 {
		note += " (" + strings.Join(models, ", ") + ")"
	}
	return note
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
	kind, word := scene.PartKindWord(a.Part)
	head := fmt.Sprintf("part %s of %s", a.Part, a.Object)
	var geometry string
	switch a.Took {
	case unihsi.TookOwn:
		return head + " is a part of the proxy by that name"
	case unihsi.TookNone:
		return head + " has no geometry: the object has none"
	case unihsi.TookKind:
		geometry = "the proxy's " + string(kind)
	case unihsi.TookCopy:
		geometry = "a copy of " + a.From + "'s geometry"
	case unihsi.TookBody:
		geometry = "the proxy's body"
	default:
		geometry = "the whole object"
	}
	switch {
	case word == "":
		return fmt.Sprintf("%s has no word we know: mapped to %s", head, geometry)
	case kind != scene.PartBody && (a.Took == unihsi.TookBody || a.Took == unihsi.TookWhole):
		return fmt.Sprintf("%s is a %s by its word %q, which the proxy lacks: mapped to %s", head, kind, word, geometry)
	}
	return fmt.Sprintf("%s mapped to %s by its word %q", head, geometry, word)
}
