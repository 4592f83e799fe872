package furniture

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"interactagent/assets"
	"interactagent/scene"
)

// BuiltinNames returns the names of the built-in scenes, sorted: the layouts embedded in the
// binary (assets/scenes/NAME.json).
func BuiltinNames() []string {
	entries, err := fs.ReadDir(assets.Scenes(), ".")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Builtin builds the built-in scene of that name; each call returns a new scene the caller may
// change. An unknown name is an error that lists the known ones.
func Builtin(name string) (*scene.Scene, error) {
	l, err := BuiltinLayout(name)
	if err != nil {
		return nil, err
	}
	return l.Build()
}

// BuiltinLayout returns the parsed layout of a built-in scene (its description and room size are
// there, not in the Scene).
func BuiltinLayout(name string) (*Layout, error) {
	known := BuiltinNames()
	if i := sort.SearchStrings(known, name); i == len(known) || known[i] != name {
		return nil, fmt.Errorf("scene: no built-in scene %q; built-in scenes: %s", name, strings.Join(known, ", "))
	}
	data, err := fs.ReadFile(assets.Scenes(), path.Clean(name+".json"))
	if err != nil {
		return nil, fmt.Errorf("scene: built-in scene %s: %w", name, err)
	}
	l, err := ParseLayout(data)
	if err != nil {
		return nil, fmt.Errorf("scene: built-in scene %s: %w", name, err)
	}
	if l.Name != name {
		return nil, fmt.Errorf("scene: built-in scene %s: layout names itself %q", name, l.Name)
	}
	return l, nil
}
