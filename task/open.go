package task

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/fileio"
	"interactagent/scene"
	"interactagent/scene/furniture"
	"interactagent/scene/load"
	"interactagent/scene/unihsi"
)

// ErrUnknownSuite is returned (wrapped) by OpenSuite for a reference that is neither a built-in
// suite nor a file: a mistake on the command line rather than a bad file.
var ErrUnknownSuite = errors.New("task: unknown suite")

// OpenSuite opens a suite by reference, as the command line's tasks and bench, and the app's run
// panel, name it: a built-in suite's name ("builtin"), a suite file (the JSON ReadSuite reads,
// docs/bench.md), or a file of UniHSI plans, whole ("PLANS.json") or one plan ("PLANS.json#ID"),
// imported by ImportUniHSIPlans. A suite file's scene references that name a file are taken
// relative to the suite file's folder when the file is there, and its tasks whose scene cannot be
// opened or whose goals it cannot measure are set aside (SetAsideUnmeasurable).
func OpenSuite(ref string) (*Suite, error) {
	if slices.Contains(BuiltinSuites(), ref) {
		return BuiltinSuite(ref)
	}
	r, err := ParseRef(ref)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(r.File); errors.Is(err, os.ErrNotExist) {
		return nil, unknownSuite(ref, r)
	}
	if r.ID != "" {
		return importRef(r)
	}
	return openSuiteFile(r.File)
}

// openSuiteFile opens a suite file, or a file of UniHSI plans: a JSON object with "tasks" is a
// suite, anything else is read as plans.
func openSuiteFile(file string) (*Suite, error) {
	data, err := readSuiteFile(file)
	if err != nil {
		return nil, err
	}
	if isSuiteFile(data) {
		return suiteFromFile(data, file)
	}
	return plansFromFile(data, file)
}

// suiteFromFile reads the data of the suite file file: its scene files that lie next to it are
// opened from there, and its tasks that cannot be measured are set aside (SetAsideUnmeasurable).
func suiteFromFile(data []byte, file string) (*Suite, error) {
	s, err := ReadSuite(bytes.NewReader(data), file)
	if err != nil {
		return nil, err
	}
	scenesNextTo(s, filepath.Dir(file))
	s.SetAsideUnmeasurable(OpenScene)
	return s, nil
}

// plansFromFile imports the data of file, which is not a suite, as UniHSI plans
// (ImportUniHSIPlans); data that are not plans either are refused, naming both formats.
func plansFromFile(data []byte, file string) (*Suite, error) {
	plans, err := unihsi.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("task: %s is neither a suite file (no \"tasks\"; docs/bench.md) nor UniHSI plans: %w", file, err)
	}
	return ImportUniHSIPlans(plans, file), nil
}

// unknownSuite says that a reference names no built-in suite and no file.
func unknownSuite(ref string, r Ref) error {
	if r.ID != "" {
		return fmt.Errorf("%w %q: no plan file %s", ErrUnknownSuite, ref, r.File)
	}
	return fmt.Errorf("%w %q: no built-in suite of that name and no such file; want one of %s, a suite file (docs/bench.md) or a UniHSI plan file",
		ErrUnknownSuite, ref, strings.Join(BuiltinSuites(), ", "))
}

// readSuiteFile reads a suite or plan file within the larger of the two formats' limits.
func readSuiteFile(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("task: suite: %w", err)
	}
	defer f.Close()
	data, err := fileio.ReadAll(f, file, max(MaxSuiteBytes, unihsi.MaxFileBytes))
	if err != nil {
		return nil, fmt.Errorf("task: suite: %w", err)
	}
	return data, nil
}

// isSuiteFile reports whether data is a JSON object with "tasks": a suite, not plans.
func isSuiteFile(data []byte) bool {
	var top map[string]json.RawMessage
	return json.Unmarshal(data, &top) == nil && top["tasks"] != nil
}

// scenesNextTo rewrites the scene references of s that name a file which exists in dir, the
// suite's folder, to paths through dir; built-in rooms and absolute paths stay as they are.
func scenesNextTo(s *Suite, dir string) {
	builtin := furniture.BuiltinNames()
	for i, t := range s.Tasks {
		if slices.Contains(builtin, t.Scene) || filepath.IsAbs(t.Scene) {
			continue
		}
		if ref, ok := refNextTo(t.Scene, dir); ok {
			s.Tasks[i].Scene = ref
		}
	}
}

// refNextTo returns the reference ref with its file's path taken through dir, when the file (or
// folder) exists there; false when it does not, or when ref cannot be read (SetAsideUnmeasurable
// says why it cannot be opened). The reference is read after the join, so that a TRUMANS folder
// next to the suite takes its #SCENE.
func refNextTo(ref, dir string) (string, bool) {
	r, err := ParseRef(filepath.Join(dir, ref))
	if err != nil {
		return "", false
	}
	if _, err := os.Stat(r.File); err != nil {
		return "", false
	}
	return r.String(), true
}

// OpenScene opens a scene reference, as tasks, run folders and the command line write them: a
// built-in room's name, a scene file (a TRUMANS room manifest among them), one plan of a UniHSI
// plan file (PLANS.json#ID), or one room of a TRUMANS folder (FOLDER#SCENE; FOLDER for its only
// room).
func OpenScene(ref string) (*scene.Scene, error) {
	r, err := ParseRef(ref)
	if err != nil {
		return nil, err
	}
	return load.Scene(r.File, r.ID)
}

// AbsoluteScene returns a scene reference with its file's path made absolute (its #ID kept), so
// that a run folder that records it opens the same scene from any working directory; built-in
// names and absolute paths come back as they are.
func AbsoluteScene(ref string) (string, error) {
	if slices.Contains(furniture.BuiltinNames(), ref) {
		return ref, nil
	}
	r, err := ParseRef(ref)
	if err != nil {
		return "", err
	}
	if r.File, err = filepath.Abs(r.File); err != nil {
		return "", fmt.Errorf("task: scene %s: %w", ref, err)
	}
	return r.String(), nil
}
