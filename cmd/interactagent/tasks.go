package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"interactagent/task"
)

// runTasks lists a suite's tasks: id, complexity, scene and instruction, then a summary of the
// counts per complexity and the tasks that cannot be run, with the reasons.
func runTasks(ctx context.Context, args []string, stdout io.Writer) error {
	ref, err := tasksArgs(args, stdout)
	if err != nil {
		return err
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

// tasksArgs reads tasks' command line: the suite to list, "builtin" when none is named.
func tasksArgs(args []string, stdout io.Writer) (string, error) {
	fs := newFlags("tasks", "[SUITE]  (builtin (default), SUITE.json or UniHSI PLANS.json[#ID])", stdout)
	if err := fs.parse(args); err != nil {
		return "", err
	}
	if err := fs.atMostOne("suite"); err != nil {
		return "", err
	}
	if fs.NArg() == 1 {
		return fs.Arg(0), nil
	}
	return "builtin", nil
}

// openSuite opens a suite by reference as every front end does (task.OpenSuite); a name that is
// no built-in suite and no file is a usage error.
func openSuite(ref string) (*task.Suite, error) {
	s, err := task.OpenSuite(ref)
	if errors.Is(err, task.ErrUnknownSuite) {
		return nil, usageError{err.Error()}
	}
	return s, err
}

// writeTasks writes the table of tasks, the summary and the unrunnable tasks.
func writeTasks(w io.Writer, s *task.Suite) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCOMPLEXITY\tSCENE\tINSTRUCTION")
	for _, t := range s.Tasks {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", printable(t.ID), t.ComplexityOf(), printable(t.Scene), printable(t.Instruction))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %s\n", printable(s.Name), suiteCounts(s))
	printUnrunnable(w, s)
	return nil
}

// printUnrunnable writes a line for each task of s that cannot be run, with the reason.
func printUnrunnable(w io.Writer, s *task.Suite) {
	for _, u := range s.Unrunnable {
		fmt.Fprintf(w, "unrunnable %s (%s): %s\n", printable(u.ID), printable(u.Source), printable(u.Why))
	}
}

// suiteCounts says how many tasks a suite has of each complexity and how many it cannot run.
func suiteCounts(s *task.Suite) string {
	n := s.Count()
	var parts []string
	for _, c := range task.Complexities() {
		parts = append(parts, fmt.Sprintf("%d %s", n[c], c))
	}
	return fmt.Sprintf("%d tasks (%s), %d unrunnable", len(s.Tasks), strings.Join(parts, ", "), len(s.Unrunnable))
}
