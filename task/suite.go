package task

import (
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"interactagent/assets"
	"interactagent/fileio"
)

// Suite is a list of tasks a benchmark runs, with the tasks that could not be made runnable kept
// beside them and the reason (a plan without geometry, a goal no proxy can carry): never dropped
// silently.
type Suite struct {
	Name        string       `json:"name"`
	Description string       `json:"description,omitempty"`
	Tasks       []Task       `json:"tasks"`
	Unrunnable  []Unrunnable `json:"unrunnable,omitempty"`
}

// Unrunnable is a task that cannot be run, and why.
type Unrunnable struct {
	ID     string `json:"id"`
	Source string `json:"source,omitempty"`
	Why    string `json:"why"`
}

// Limits on a suite file: far beyond any real suite, tight enough that a hostile file is refused
// before it costs much.
const (
	MaxSuiteBytes  = 64 << 20
	MaxSuiteValues = 10_000_000
	MaxSuiteTasks  = 100_000
)

// ReadSuite reads a suite in JSON (docs/bench.md), checking every task.
func ReadSuite(r io.Reader, what string) (*Suite, error) {
	var s Suite
	if err := fileio.ReadJSON(r, what, fileio.JSONLimits{Bytes: MaxSuiteBytes, Values: MaxSuiteValues}, &s); err != nil {
		return nil, fmt.Errorf("task: suite: %w", err)
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, what)
	}
	return &s, nil
}

// Check reports a suite with no tasks, too many, a bad task or two tasks with one id.
func (s *Suite) Check() error {
	if len(s.Tasks) == 0 && len(s.Unrunnable) == 0 {
		return fmt.Errorf("task: suite %q has no tasks", s.Name)
	}
	if len(s.Tasks) > MaxSuiteTasks {
		return fmt.Errorf("task: suite %q has %d tasks, want at most %d", s.Name, len(s.Tasks), MaxSuiteTasks)
	}
	return s.checkTasks()
}

// checkTasks checks each task in order, and that no two of them share an id: the first problem
// met is the one reported.
func (s *Suite) checkTasks() error {
	seen := map[string]bool{}
	for _, t := range s.Tasks {
		if err := t.Check(); err != nil {
			return err
		}
		if seen[t.ID] {
			return fmt.Errorf("task: suite %q has two tasks %q", s.Name, t.ID)
		}
		seen[t.ID] = true
	}
	return nil
}

// Count returns how many tasks the suite has of each complexity.
func (s *Suite) Count() map[Complexity]int {
	out := map[Complexity]int{}
	for _, t := range s.Tasks {
		out[t.ComplexityOf()]++
	}
	return out
}

// BuiltinSuites returns the names of the suites embedded in the binary (assets/suites/NAME.json).
func BuiltinSuites() []string {
	entries, _ := fs.ReadDir(assets.Suites(), ".")
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".json"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// BuiltinSuite returns an embedded suite by name.
func BuiltinSuite(name string) (*Suite, error) {
	f, err := assets.Suites().Open(name + ".json")
	if err != nil {
		return nil, fmt.Errorf("task: no built-in suite %q; built-in suites: %s", name, strings.Join(BuiltinSuites(), ", "))
	}
	defer f.Close()
	return ReadSuite(f, "built-in suite "+name)
}
