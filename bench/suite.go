package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/eval"
	"interactagent/scene/furniture"
	"interactagent/scene/load"
)

// ErrUnknownSuite is returned (wrapped) by LoadSuite for a name that is neither a built-in suite
// nor a file: a mistake on the command line rather than a bad file.
var ErrUnknownSuite = errors.New("bench: unknown suite")

// LoadSuite opens a suite: a built-in one by name ("builtin"), a suite file (the JSON that
// eval.ReadSuite reads, docs/bench.md), or a UniHSI plan file ("PLANS.json", or one plan of it as
// "PLANS.json#ID") imported by eval.ImportUniHSI. Scene references of a suite file's tasks that
// name a file are taken relative to the suite file's folder when the file is there.
func LoadSuite(ref string) (*eval.Suite, error) {
	if slices.Contains(eval.BuiltinSuites(), ref) {
		return eval.BuiltinSuite(ref)
	}
	if file, id := splitFragment(ref); id != "" {
		if _, err := os.Stat(file); err != nil {
			return nil, fmt.Errorf("%w %q: no plan file %s", ErrUnknownSuite, ref, file)
		}
		return eval.ImportUniHSI(ref)
	}
	data, err := os.ReadFile(ref)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w %q: no built-in suite of that name and no such file; want one of %s, a suite file (docs/bench.md) or a UniHSI plan file",
			ErrUnknownSuite, ref, strings.Join(eval.BuiltinSuites(), ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("bench: suite: %w", err)
	}
	s, err := eval.ReadSuite(bytes.NewReader(data), ref)
	if err != nil && isPlanFile(data) {
		return eval.ImportUniHSI(ref)
	}
	if err != nil {
		return nil, fmt.Errorf("bench: %s is not a suite file (docs/bench.md) nor UniHSI plans: %w", ref, err)
	}
	resolveScenes(s, filepath.Dir(ref))
	s.SetAsideUnmeasurable(load.Scene)
	return s, nil
}

// isPlanFile reports whether data looks like UniHSI plans: an object of objects that have
// "contact_pairs" and no "tasks".
func isPlanFile(data []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil || top["tasks"] != nil {
		return false
	}
	for _, v := range top {
		var plan map[string]json.RawMessage
		if json.Unmarshal(v, &plan) == nil && plan["contact_pairs"] != nil {
			return true
		}
	}
	return false
}

// resolveScenes rewrites scene references that name a file relative to dir, when the file exists
// there (built-in rooms and absolute paths stay as they are).
func resolveScenes(s *eval.Suite, dir string) {
	builtin := furniture.BuiltinNames()
	for i, t := range s.Tasks {
		if slices.Contains(builtin, t.Scene) || filepath.IsAbs(t.Scene) {
			continue
		}
		file, frag := splitFragment(t.Scene)
		if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
			continue
		}
		s.Tasks[i].Scene = filepath.Join(dir, file)
		if frag != "" {
			s.Tasks[i].Scene += "#" + frag
		}
	}
}

// splitFragment splits "plans.json#ID" into the file and the id, as scene/load reads them: only a
// .json name takes an id.
func splitFragment(ref string) (file, frag string) {
	i := strings.LastIndexByte(ref, '#')
	if i < 0 || !strings.EqualFold(filepath.Ext(ref[:i]), ".json") {
		return ref, ""
	}
	return ref[:i], ref[i+1:]
}
