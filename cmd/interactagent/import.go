package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"interactagent/eval"
	"interactagent/fileio"
)

// runImport imports UniHSI scene plans as a suite of tasks over proxy scenes and writes it,
// atomically: PLANS.json (every plan) or PLANS.json#ID (one) → --out SUITE.json. Scene
// references in the suite point at the plan file from the suite's folder.
func runImport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("import", "PLANS.json[#ID] --out SUITE.json", stdout)
	out := fs.String("out", "", "the suite file to write (JSON, docs/unihsi.md); required")
	var refs []string
	for { // flags may come after the plan file too
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		refs = append(refs, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
	case len(refs) != 1:
		return usageError{fmt.Sprintf("want one plan file PLANS.json[#ID], got %d (see --help)", len(refs))}
	case *out == "":
		return usageError{"want --out SUITE.json, the suite file to write (see --help)"}
	case !strings.EqualFold(filepath.Ext(*out), ".json"):
		return usageError{fmt.Sprintf("--out %s: want a .json file name", *out)}
	}
	s, err := eval.ImportUniHSI(refs[0])
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
	fmt.Fprintf(stdout, "%s → %s: %s\n", refs[0], *out, suiteCounts(s))
	for _, u := range s.Unrunnable {
		fmt.Fprintf(stdout, "unrunnable %s (%s): %s\n", u.ID, u.Source, u.Why)
	}
	return nil
}

// scenesFrom rewrites the tasks' scene references (PLANS.json#ID) to reach the plan file from
// dir, the suite's folder, where suites' scene files are looked for first.
func scenesFrom(s *eval.Suite, dir string) error {
	for i, t := range s.Tasks {
		file, id := splitJSONRef(t.Scene)
		abs, err := filepath.Abs(file)
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
		s.Tasks[i].Scene = filepath.ToSlash(rel) + "#" + id
	}
	return nil
}

// writeSuite writes a suite as indented JSON, atomically, after checking it.
func writeSuite(path string, s *eval.Suite) error {
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
