package eval

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"interactagent/scene"
	"interactagent/scene/unihsi"
)

// Importing UniHSI's scene plans as tasks over their proxy scenes (docs/unihsi.md).

// ImportUniHSI reads a UniHSI plan file, or one plan of it named as "FILE#ID", and makes its plans
// tasks as ImportUniHSIPlans does. Each task's scene is "FILE#ID", which scene/load opens, so FILE
// is kept as given: relative paths are relative to where the suite is run.
func ImportUniHSI(ref string) (*Suite, error) {
	file, id := splitPlanRef(ref)
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("eval: import UniHSI plans: %w", err)
	}
	defer f.Close()
	plans, err := unihsi.Read(f)
	if err != nil {
		return nil, fmt.Errorf("eval: import %s: %w", file, err)
	}
	if id != "" {
		i := 0
		for i < len(plans) && plans[i].ID != id {
			i++
		}
		if i == len(plans) {
			return nil, fmt.Errorf("eval: import %s: no plan %q among its %d plans (the first is %q)", file, id, len(plans), plans[0].ID)
		}
		plans = plans[i : i+1]
	}
	return ImportUniHSIPlans(plans, file), nil
}

// splitPlanRef splits "plans.json#0003" into the file and the plan id; a name whose part before
// the last '#' is not a .json file is all file.
func splitPlanRef(ref string) (file, id string) {
	i := strings.LastIndexByte(ref, '#')
	if i < 0 || !strings.EqualFold(path.Ext(ref[:i]), ".json") || strings.ContainsAny(ref[i+1:], `/\`) {
		return ref, ""
	}
	return ref[:i], ref[i+1:]
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
	t := Task{ID: name + "-" + p.ID, Scene: file + "#" + p.ID, Source: filepath.Base(file) + "#" + p.ID, Released: "partnet"}
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
	t.Instruction = Instruct(sc, t.Steps)
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
func convertSteps(steps []unihsi.Step) ([]Step, []string) {
	var out []Step
	var notes []string
	escaped := map[string]bool{}
	for _, st := range steps {
		var s Step
		for _, c := range st {
			part := c.Part
			if strings.ContainsAny(part, `*?[\`) {
				part = escapePattern(part)
				if !escaped[c.Part] {
					escaped[c.Part] = true
					notes = append(notes, fmt.Sprintf("part %q has pattern characters: escaped so that it names only itself", c.Part))
				}
			}
			s = append(s, Pair{Object: c.Object, Part: part, Joint: c.Joint, Contact: ContactKind(c.Contact), Direction: c.Direction})
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

// unmeasurable says why the judge could not measure a goal of the steps in s: a joint-to-joint
// pair (UniHSI's, which names a joint as the part), a contact without a joint, an object the
// scene lacks or whose stand points a walking step needs, a part the proxy lacks.
func unmeasurable(steps []Step, s *scene.Scene) string {
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
func unmeasurablePair(p Pair, s *scene.Scene) string {
	o, ok := s.Object(p.Object)
	switch {
	case !ok:
		return fmt.Sprintf("the scene has no object %s", p.Object)
	case p.Walk() && len(o.StandPoints) == 0:
		return fmt.Sprintf("%s has no stand point for the walking step to reach", p.Object)
	case p.Walk():
		return ""
	case joints[p.Part] != nil:
		return fmt.Sprintf("%s to %s's %s is one of UniHSI's joint-to-joint pairs; the judge measures joints against parts only", p.Joint, p.Object, p.Part)
	case joints[p.Joint] == nil:
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
