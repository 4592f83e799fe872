package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"interactagent/eval"
	"interactagent/fileio"
	"interactagent/scene/furniture"
	"interactagent/scene/load"
	"interactagent/scene/unihsi"
)

// runTasks lists a suite's tasks: id, complexity, scene and instruction, then a summary of the
// counts per complexity and the tasks that cannot be run, with the reasons.
func runTasks(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("tasks", "[SUITE]  (builtin (default), SUITE.json or UniHSI PLANS.json[#ID])", stdout)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageError{fmt.Sprintf("want at most one suite, got %d arguments (see --help)", fs.NArg())}
	}
	ref := "builtin"
	if fs.NArg() == 1 {
		ref = fs.Arg(0)
	}
	s, err := openSuite(ref)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return writeTasks(stdout, s)
}

// openSuite opens a suite by reference: a built-in suite's name, a suite file, or a file of UniHSI
// plans (FILE.json, or one plan as FILE.json#ID) imported as tasks. A suite file's scene
// references that name a file are taken relative to the suite's folder when the file is there.
func openSuite(ref string) (*eval.Suite, error) {
	if slices.Contains(eval.BuiltinSuites(), ref) {
		return eval.BuiltinSuite(ref)
	}
	file, id := splitJSONRef(ref)
	if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
		return nil, usageError{fmt.Sprintf("%q is no built-in suite (%s) and no such file", ref, strings.Join(eval.BuiltinSuites(), ", "))}
	}
	if id != "" {
		return eval.ImportUniHSI(ref)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := fileio.ReadAll(f, file, max(eval.MaxSuiteBytes, unihsi.MaxFileBytes))
	if err != nil {
		return nil, err
	}
	if !isSuiteFile(data) {
		plans, err := unihsi.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s is neither a suite (no \"tasks\") nor UniHSI plans: %w", file, err)
		}
		return eval.ImportUniHSIPlans(plans, file), nil
	}
	s, err := eval.ReadSuite(bytes.NewReader(data), file)
	if err != nil {
		return nil, err
	}
	sceneNextToSuite(s, filepath.Dir(file))
	s.SetAsideUnmeasurable(load.Scene)
	return s, nil
}

// splitJSONRef splits "plans.json#0003" into the file and the id after its last '#'; other names
// are all file.
func splitJSONRef(ref string) (file, id string) {
	if i := strings.LastIndexByte(ref, '#'); i >= 0 && strings.EqualFold(filepath.Ext(ref[:i]), ".json") {
		return ref[:i], ref[i+1:]
	}
	return ref, ""
}

// isSuiteFile reports whether data is a JSON object with "tasks": a suite, not plans.
func isSuiteFile(data []byte) bool {
	var top map[string]json.RawMessage
	return json.Unmarshal(data, &top) == nil && top["tasks"] != nil
}

// sceneNextToSuite rewrites the scene references of s that name a file which exists in dir, the
// suite's folder, to paths through dir; built-in rooms and absolute paths stay as they are.
func sceneNextToSuite(s *eval.Suite, dir string) {
	for i, t := range s.Tasks {
		if slices.Contains(furniture.BuiltinNames(), t.Scene) || filepath.IsAbs(t.Scene) {
			continue
		}
		file, id := splitJSONRef(t.Scene)
		if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
			continue
		}
		s.Tasks[i].Scene = filepath.Join(dir, file)
		if id != "" {
			s.Tasks[i].Scene += "#" + id
		}
	}
}

// writeTasks writes the table of tasks, the summary and the unrunnable tasks.
func writeTasks(w io.Writer, s *eval.Suite) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCOMPLEXITY\tSCENE\tINSTRUCTION")
	for _, t := range s.Tasks {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", printable(t.ID), t.ComplexityOf(), printable(t.Scene), printable(t.Instruction))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %s\n", printable(s.Name), suiteCounts(s))
	for _, u := range s.Unrunnable {
		fmt.Fprintf(w, "unrunnable %s (%s): %s\n", printable(u.ID), printable(u.Source), printable(u.Why))
	}
	return nil
}

// suiteCounts says how many tasks a suite has of each complexity and how many it cannot run.
func suiteCounts(s *eval.Suite) string {
	n := s.Count()
	var parts []string
	for _, c := range eval.Complexities() {
		parts = append(parts, fmt.Sprintf("%d %s", n[c], c))
	}
	return fmt.Sprintf("%d tasks (%s), %d unrunnable", len(s.Tasks), strings.Join(parts, ", "), len(s.Unrunnable))
}
