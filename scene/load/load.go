// Package load opens scenes: a built-in room by name, or a file by its extension through the
// loader it needs (glTF/GLB, OBJ, our layout JSON, UniHSI plans). It is the one opener the CLI, the
// desktop app and the benchmark share; it lives apart from package scene because the loaders it
// dispatches to build on scene's types.
package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"interactagent/fileio"
	"interactagent/scene"
	"interactagent/scene/furniture"
	"interactagent/scene/gltf"
	"interactagent/scene/obj"
	"interactagent/scene/unihsi"
)

// Scene opens ref: the name of a built-in room ("living_room"), or else a scene file as File reads
// it. When ref is neither, the error lists the built-in names.
func Scene(ref string) (*scene.Scene, error) {
	if slices.Contains(furniture.BuiltinNames(), ref) {
		return furniture.Builtin(ref)
	}
	file, _ := splitFragment(ref)
	if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("scene: no built-in scene %q and no such file; built-in scenes: %s",
			ref, strings.Join(furniture.BuiltinNames(), ", "))
	}
	return File(ref)
}

// File reads a scene file by its extension: .gltf/.glb (glTF 2.0), .obj (Wavefront) or .json, which
// is either a scene layout (docs/scene-layout.md; it has a "room") or a file of UniHSI scene
// plans. A plan file holds many plans: name one with a "#ID" suffix
// ("partnet_train_hard.json#0003"); without it the file must hold exactly one plan.
func File(p string) (*scene.Scene, error) {
	file, frag := splitFragment(p)
	dir, base := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	name := base
	if frag != "" {
		name += "#" + frag
	}
	return FS(os.DirFS(dir), name)
}

// FS is File for a file inside fsys. name follows io/fs rules: a slash-separated path with no
// "..", so a file can never reach outside fsys, nor can the files it references. A scene whose
// coordinates are no room's (scene.Check) is refused.
func FS(fsys fs.FS, name string) (*scene.Scene, error) {
	sc, err := byExtension(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := sc.Check(); err != nil {
		return nil, fmt.Errorf("scene: load %s: %w", name, err)
	}
	return sc, nil
}

// byExtension opens name with the loader its extension names.
func byExtension(fsys fs.FS, name string) (*scene.Scene, error) {
	file, frag := splitFragment(name)
	if !fs.ValidPath(file) || file == "." {
		return nil, fmt.Errorf("scene: load %q: not a valid path inside the folder (no .., no leading /)", name)
	}
	switch ext := strings.ToLower(path.Ext(file)); ext {
	case ".gltf", ".glb":
		return gltf.Load(fsys, file)
	case ".obj":
		return obj.Load(fsys, file)
	case ".json":
		return loadJSON(fsys, file, frag)
	default:
		return nil, fmt.Errorf("scene: load %s: unknown extension %q, want .gltf, .glb, .obj or .json", file, ext)
	}
}

// splitFragment splits "file.json#id" into the file and the id; only .json names take an id, so
// other files may have '#' in their names.
func splitFragment(name string) (file, frag string) {
	i := strings.LastIndexByte(name, '#')
	if i < 0 || !strings.EqualFold(path.Ext(name[:i]), ".json") || strings.ContainsAny(name[i+1:], `/\`) {
		return name, ""
	}
	return name[:i], name[i+1:]
}

// loadJSON loads a layout, or one plan of a UniHSI plan file, as a scene. The file is read within
// the larger of the two formats' limits (unihsi.MaxFileBytes) and told apart by a top-level "room",
// which only layouts have; a file that is not JSON at all is reported as such, with where.
func loadJSON(fsys fs.FS, name, id string) (*scene.Scene, error) {
	data, err := fileio.ReadFile(fsys, name, unihsi.MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: load: %w", err)
	}
	var top map[string]json.RawMessage
	if err := fileio.DecodeJSON(data, &top, false); err != nil {
		return nil, &scene.FormatError{Format: "json", Path: name,
			Msg: "want a scene layout or UniHSI plans (a JSON object): " + err.Error()}
	}
	if top["room"] != nil {
		if id != "" {
			return nil, fmt.Errorf("scene: load %s: a layout file has no plans to choose with #%s", name, id)
		}
		l, err := furniture.ParseLayout(data)
		if err != nil {
			return nil, fmt.Errorf("%w (in %s)", err, name)
		}
		return l.Build()
	}
	plans, err := unihsi.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, name)
	}
	return pickPlan(plans, name, id)
}

// pickPlan returns the scene of the plan named id, or of the only plan when id is empty.
func pickPlan(plans []*unihsi.Plan, name, id string) (*scene.Scene, error) {
	if len(plans) == 0 {
		return nil, fmt.Errorf("scene: load %s: the file holds no plans", name)
	}
	if id == "" {
		if len(plans) != 1 {
			return nil, fmt.Errorf("scene: load %s: the file holds %d plans; name one as %s#ID (first: %s)",
				name, len(plans), name, plans[0].ID)
		}
		return plans[0].Scene()
	}
	for _, p := range plans {
		if p.ID == id {
			return p.Scene()
		}
	}
	return nil, fmt.Errorf("scene: load %s: no plan %q among its %d plans", name, id, len(plans))
}

// Absolute returns ref with a file's path made absolute (a "#ID" suffix kept), so that a run
// folder that records it opens the same scene from any working directory; built-in names and
// absolute paths come back as they are.
func Absolute(ref string) (string, error) {
	if slices.Contains(furniture.BuiltinNames(), ref) {
		return ref, nil
	}
	file, frag := splitFragment(ref)
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("scene: %s: %w", ref, err)
	}
	if frag != "" {
		abs += "#" + frag
	}
	return abs, nil
}
