package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/fileio"
	"interactagent/scene/furniture"
	"interactagent/task"
)

// runImport imports UniHSI scene plans as a suite of tasks over proxy scenes and writes it,
// atomically: PLANS.json (every plan) or PLANS.json#ID (one), or several of them into one suite
// → --out SUITE.json. Scene references in the suite point at the plan files from the suite's
// folder. TRUMANS_DIR#SCENE imports a TRUMANS scene's annotated actions (task.ImportTRUMANS), its
// goals read in the room --scene names (the TRUMANS room itself by default).
func runImport(ctx context.Context, args []string, stdout io.Writer) error {
	c, err := importArgs(args, stdout)
	if err != nil {
		return err
	}
	s, err := c.suite()
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeSuite(c.out, s); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s → %s: %s\n", strings.Join(c.refs, ", "), c.out, suiteCounts(s))
	printUnrunnable(stdout, s)
	return nil
}

// importConfig is what `interactagent import` was asked to do: import the plan files refs into
// one suite, named name (when given), and write it to out.
type importConfig struct {
	refs      []string
	out, name string
	scene     string // the room TRUMANS goals are read in; "" for the recording's own
}

// importArgs reads import's command line into its config.
func importArgs(args []string, stdout io.Writer) (importConfig, error) {
	fs := newFlags("import", "PLANS.json[#ID]... --out SUITE.json\n       interactagent import [flags] TRUMANS_DIR#SCENE... --out SUITE.json [--scene ROOM]", stdout)
	var c importConfig
	fs.StringVar(&c.out, "out", "", "the suite file to write (JSON, docs/unihsi.md); required")
	fs.StringVar(&c.name, "name", "", "the suite's name (default: the plan file's, or the files' joined by +)")
	fs.StringVar(&c.scene, "scene", "", "for TRUMANS_DIR#SCENE: the room its goals are read in and its tasks name (default: TRUMANS_DIR#SCENE, the recording's own room)")
	if err := fs.parse(args); err != nil {
		return c, err
	}
	c.refs = fs.Args()
	return c, c.check()
}

// check refuses a command line without plan files, or without a suite file to write.
func (c importConfig) check() error {
	switch {
	case len(c.refs) == 0:
		return usageError{"want at least one plan file PLANS.json[#ID] or TRUMANS recording TRUMANS_DIR#SCENE (see --help)"}
	case c.out == "":
		return usageError{"want --out SUITE.json, the suite file to write (see --help)"}
	case !strings.EqualFold(filepath.Ext(c.out), ".json"):
		return usageError{fmt.Sprintf("--out %s: want a .json file name", c.out)}
	}
	return nil
}

// suite imports the plan files into one suite whose scene references reach them from the folder
// the suite is written to.
func (c importConfig) suite() (*task.Suite, error) {
	s, err := importAll(c.refs, c.name, c.scene)
	if err != nil {
		return nil, err
	}
	if err := scenesFrom(s, filepath.Dir(c.out)); err != nil {
		return nil, err
	}
	return s, nil
}

// importAll imports every plan file and joins them into one suite; a task id met twice is an error.
func importAll(refs []string, name, room string) (*task.Suite, error) {
	var all *task.Suite
	var names []string
	seen := map[string]string{}
	for _, ref := range refs {
		s, err := importOne(ref, room)
		if err != nil {
			return nil, err
		}
		if err := claimIDs(seen, s, ref); err != nil {
			return nil, err
		}
		names = append(names, s.Name)
		all = joinSuites(all, s)
	}
	all.Name = cmp.Or(name, strings.Join(names, "+"))
	return all, nil
}

// claimIDs records in seen that the tasks of s, imported from ref, came from there, refusing an
// id that an earlier file gave already.
func claimIDs(seen map[string]string, s *task.Suite, ref string) error {
	for _, t := range s.Tasks {
		if first, dup := seen[t.ID]; dup {
			return fmt.Errorf("import: task %s comes from both %s and %s; import them into different suites", t.ID, first, ref)
		}
		seen[t.ID] = ref
	}
	return nil
}

// joinSuites adds the tasks, the unrunnable tasks and the description of s to all, and returns
// it; the first suite, with all nil, is all.
func joinSuites(all, s *task.Suite) *task.Suite {
	if all == nil {
		return s
	}
	all.Tasks = append(all.Tasks, s.Tasks...)
	all.Unrunnable = append(all.Unrunnable, s.Unrunnable...)
	all.Description += " " + s.Description
	return all
}

// scenesFrom rewrites the tasks' scene references (PLANS.json#ID) to reach the plan file from
// dir, the suite's folder, where suites' scene files are looked for first.
func scenesFrom(s *task.Suite, dir string) error {
	for i, t := range s.Tasks {
		if slices.Contains(furniture.BuiltinNames(), t.Scene) {
			continue
		}
		if dir, name, ok := task.ParseTRUMANSRef(t.Scene); ok { // licensed data stays where it is: an absolute path
			abs, err := filepath.Abs(dir)
			if err != nil {
				return err
			}
			s.Tasks[i].Scene = task.TRUMANSRef(abs, name)
			continue
		}
		r, err := task.ParseRef(t.Scene)
		if err != nil {
			return err
		}
		if r.File, err = pathFrom(dir, r.File); err != nil {
			return err
		}
		s.Tasks[i].Scene = r.String()
	}
	return nil
}

// pathFrom returns the path to file from dir, with forward slashes, as a suite file writes it; a
// file that no relative path reaches (on another volume) keeps its absolute path.
func pathFrom(dir, file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, abs)
	if err != nil {
		rel = abs
	}
	return filepath.ToSlash(rel), nil
}

// writeSuite writes a suite as indented JSON, atomically, after checking it.
func writeSuite(path string, s *task.Suite) error {
	if err := s.Check(); err != nil {
		return err
	}
	return fileio.WriteAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		enc.SetEscapeHTML(false)
		return enc.Encode(s)
	})
}
