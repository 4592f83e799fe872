package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"interactagent/fileio"
	"interactagent/task"
)

// runImport imports UniHSI scene plans as a suite of tasks over proxy scenes and writes it,
// atomically: PLANS.json (every plan) or PLANS.json#ID (one), or several of them into one suite
// → --out SUITE.json. Scene references in the suite point at the plan files from the suite's
// folder.
func runImport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("import", "PLANS.json[#ID]... --out SUITE.json", stdout)
	out := fs.String("out", "", "the suite file to write (JSON, docs/unihsi.md); required")
	name := fs.String("name", "", "the suite's name (default: the plan file's, or the files' joined by +)")
	if err := fs.parse(args); err != nil {
		return err
	}
	refs := fs.Args()
	switch {
	case len(refs) == 0:
		return usageError{"want at least one plan file PLANS.json[#ID] (see --help)"}
	case *out == "":
		return usageError{"want --out SUITE.json, the suite file to write (see --help)"}
	case !strings.EqualFold(filepath.Ext(*out), ".json"):
		return usageError{fmt.Sprintf("--out %s: want a .json file name", *out)}
	}
	s, err := importAll(refs, *name)
	if err != nil {
		return err
	}
	if err := scenesFrom(s, filepath.Dir(*out)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeSuite(*out, s); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s → %s: %s\n", strings.Join(refs, ", "), *out, suiteCounts(s))
	for _, u := range s.Unrunnable {
		fmt.Fprintf(stdout, "unrunnable %s (%s): %s\n", printable(u.ID), printable(u.Source), printable(u.Why))
	}
	return nil
}

// importAll imports every plan file and joins them into one suite; a task id met twice is an error.
func importAll(refs []string, name string) (*task.Suite, error) {
	var all *task.Suite
	var names []string
	seen := map[string]string{}
	for _, ref := range refs {
		s, err := task.ImportUniHSI(ref)
		if err != nil {
			return nil, err
		}
		for _, t := range s.Tasks {
			if first, dup := seen[t.ID]; dup {
				return nil, fmt.Errorf("import: task %s comes from both %s and %s; import them into different suites", t.ID, first, ref)
			}
			seen[t.ID] = ref
		}
		names = append(names, s.Name)
		if all == nil {
			all = s
			continue
		}
		all.Tasks = append(all.Tasks, s.Tasks...)
		all.Unrunnable = append(all.Unrunnable, s.Unrunnable...)
		all.Description += " " + s.Description
	}
	all.Name = strings.Join(names, "+")
	if name != "" {
		all.Name = name
	}
	return all, nil
}

// scenesFrom rewrites the tasks' scene references (PLANS.json#ID) to reach the plan file from
// dir, the suite's folder, where suites' scene files are looked for first.
func scenesFrom(s *task.Suite, dir string) error {
	for i, t := range s.Tasks {
		r, err := task.ParseRef(t.Scene)
		if err != nil {
			return err
		}
		abs, err := filepath.Abs(r.File)
		if err != nil {
			return err
		}
		absDir, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(absDir, abs)
		if err != nil {
			rel = abs
		}
		r.File = filepath.ToSlash(rel)
		s.Tasks[i].Scene = r.String()
	}
	return nil
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
