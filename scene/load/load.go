// Package load opens scenes: a built-in room by name, a file by its extension through the loader
// it needs (glTF/GLB, OBJ, our layout JSON, one plan of UniHSI plans, a TRUMANS room manifest), or
// a TRUMANS folder (one of its rooms). The CLI, the desktop
// app and the benchmark reach it through task.OpenScene, which reads their references
// (FILE.json#ID); it lives apart from package scene because the loaders it dispatches to build on
// scene's types.
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
	"interactagent/scene/trumans"
	"interactagent/scene/unihsi"
)

// Scene opens a scene by name: a built-in room ("living_room"), a TRUMANS folder (docs/trumans.md)
// with id naming one of its rooms ("" for its only one), or else a file as File reads it, with id
// naming one plan of a UniHSI plan file ("" for none). When name is neither a built-in
// room nor a file, the error lists the built-in names. A reference written as FILE.json#ID is
// split into file and id by task.ParseRef, which every front end calls (task.OpenScene).
func Scene(name, id string) (*scene.Scene, error) {
	if id == "" && slices.Contains(furniture.BuiltinNames(), name) {
		return furniture.Builtin(name)
	}
	st, err := os.Stat(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("scene: no built-in scene %q and no such file; built-in scenes: %s",
			shown(name, id), strings.Join(furniture.BuiltinNames(), ", "))
	}
	if err == nil && st.IsDir() {
		return trumans.Open(name, id)
	}
	return File(name, id)
}

// shown writes a file and a plan id as the reference a person wrote.
func shown(name, id string) string {
	if id == "" {
		return name
	}
	return name + "#" + id
}

// File reads a scene file by its extension: .gltf/.glb (glTF 2.0), .obj (Wavefront) or .json, which
// is a scene layout (docs/scene-layout.md; it has a "room"), a TRUMANS room manifest
// (docs/trumans.md; its "format" is "trumans-room", and its paths may reach anywhere) or a file of
// UniHSI scene plans. A plan file holds many plans: id names one ("0003" of partnet_train_hard.json); without
// it the file must hold exactly one plan. Only a plan file takes an id.
func File(p, id string) (*scene.Scene, error) {
	if id == "" && isManifest(p) {
		return trumans.OpenManifest(p)
	}
	dir, base := filepath.Split(p)
	if dir == "" {
		dir = "."
	}
	return FS(os.DirFS(dir), base, id)
}

// FS is File for a file inside fsys. name follows io/fs rules: a slash-separated path with no
// "..", so a file can never reach outside fsys, nor can the files it references. A scene whose
// coordinates are no room's (scene.Check) is refused.
func FS(fsys fs.FS, name, id string) (*scene.Scene, error) {
	sc, err := byExtension(fsys, name, id)
	if err != nil {
		return nil, err
	}
	if err := sc.Check(); err != nil {
		return nil, fmt.Errorf("scene: load %s: %w", shown(name, id), err)
	}
	return sc, nil
}

// byExtension opens name with the loader its extension names.
func byExtension(fsys fs.FS, name, id string) (*scene.Scene, error) {
	if !fs.ValidPath(name) || name == "." {
		return nil, fmt.Errorf("scene: load %q: not a valid path inside the folder (no .., no leading /)", shown(name, id))
	}
	ext := strings.ToLower(path.Ext(name))
	if id != "" && ext != ".json" {
		return nil, fmt.Errorf("scene: load %s: only a UniHSI plan file (.json) has plans to choose with #%s", name, id)
	}
	switch ext {
	case ".gltf", ".glb":
		return gltf.Load(fsys, name)
	case ".obj":
		return obj.Load(fsys, name)
	case ".json":
		return loadJSON(fsys, name, id)
	default:
		return nil, fmt.Errorf("scene: load %s: unknown extension %q, want .gltf, .glb, .obj or .json", name, ext)
	}
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
	if trumans.IsManifest(data) {
		if id != "" {
			return nil, fmt.Errorf("scene: load %s: a TRUMANS manifest describes one room, nothing to choose with #%s", name, id)
		}
		return trumans.OpenManifestFS(fsys, name)
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

// isManifest reports whether the file p is a TRUMANS room manifest: a .json file, within the
// manifest's size limit, whose "format" says so.
func isManifest(p string) bool {
	if !strings.EqualFold(filepath.Ext(p), ".json") {
		return false
	}
	st, err := os.Stat(p)
	if err != nil || st.Size() > trumans.MaxManifestBytes {
		return false
	}
	data, err := os.ReadFile(p)
	return err == nil && trumans.IsManifest(data)
}
