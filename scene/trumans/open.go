package trumans

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"interactagent/scene"
)

// The release's folders (docs/trumans.md, "Rooms").
const (
	SceneMeshDir  = "Scene_mesh"             // <scene>.obj: the room's static mesh
	GridDir       = "Scene"                  // <scene>.npy: its occupancy grid
	ObjectMeshDir = "Object_all/Object_mesh" // <name>.obj: an interactable object's mesh
	ObjectPoseDir = "Object_all/Object_pose" // <scene>/<name>.json|.npy or <scene>.json: poses
)

// Open opens the room named sceneName of the TRUMANS folder dir ("" for the folder's only room).
func Open(dir, sceneName string) (*scene.Scene, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("scene: trumans: %s is not a folder, want a TRUMANS folder (%s/, %s/)", dir, SceneMeshDir, GridDir)
	}
	return OpenFS(os.DirFS(dir), dir, sceneName)
}

// IsFolder reports whether dir looks like a TRUMANS folder: it holds a Scene_mesh folder.
func IsFolder(dir string) bool {
	st, err := os.Stat(path.Join(dir, SceneMeshDir))
	return err == nil && st.IsDir()
}

// OpenFS is Open for a folder given as fsys; where names it in errors.
func OpenFS(fsys fs.FS, where, sceneName string) (*scene.Scene, error) {
	name, err := pickScene(fsys, where, sceneName)
	if err != nil {
		return nil, err
	}
	m, err := folderManifest(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, where)
	}
	s, err := m.open(fsys)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, where)
	}
	return s, nil
}

// Scenes returns the rooms of a TRUMANS folder: the names of its Scene_mesh/*.obj, sorted.
func Scenes(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, SceneMeshDir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.EqualFold(path.Ext(n), ".obj") {
			names = append(names, strings.TrimSuffix(n, path.Ext(n)))
		}
	}
	sort.Strings(names)
	return names, nil
}

// pickScene returns the scene to open: sceneName when the folder holds it, else the only one.
func pickScene(fsys fs.FS, where, sceneName string) (string, error) {
	names, err := Scenes(fsys)
	if err != nil {
		return "", fmt.Errorf("scene: trumans %s: no %s/ folder of room meshes (%w); want the TRUMANS layout of docs/trumans.md", where, SceneMeshDir, err)
	}
	switch {
	case len(names) == 0:
		return "", fmt.Errorf("scene: trumans %s: %s/ holds no .obj room mesh", where, SceneMeshDir)
	case sceneName == "" && len(names) > 1:
		return "", fmt.Errorf("scene: trumans %s: %d rooms; name one as %s#SCENE (%s)", where, len(names), where, listed(names))
	case sceneName == "":
		return names[0], nil
	}
	for _, n := range names {
		if n == sceneName {
			return n, nil
		}
	}
	return "", fmt.Errorf("scene: trumans %s: no room %q: no %s/%s.obj; rooms: %s", where, sceneName, SceneMeshDir, sceneName, listed(names))
}

// listed writes names for an error, the first ten of them.
func listed(names []string) string {
	if len(names) > 10 {
		return strings.Join(names[:10], ", ") + fmt.Sprintf(", … (%d in all)", len(names))
	}
	return strings.Join(names, ", ")
}

// folderManifest describes the room sceneName of a release folder as a manifest: its mesh, its
// grid (required) and the objects its poses place.
func folderManifest(fsys fs.FS, sceneName string) (*Manifest, error) {
	grid := path.Join(GridDir, sceneName+".npy")
	if _, err := fs.Stat(fsys, grid); err != nil {
		return nil, fmt.Errorf("scene: trumans room %s: no occupancy grid %s, want a (300, 100, 400) boolean .npy: %w", sceneName, grid, err)
	}
	objects, err := folderObjects(fsys, sceneName)
	if err != nil {
		return nil, err
	}
	return &Manifest{Name: sceneName, SceneMesh: path.Join(SceneMeshDir, sceneName+".obj"),
		Grid: &GridSpec{File: grid}, Objects: objects, folder: true}, nil
}

// folderObjects lists the objects posed in the room: one per file of Object_pose/<scene>/, or
// per entry of Object_pose/<scene>.json; none when neither exists.
func folderObjects(fsys fs.FS, sceneName string) ([]ObjectSpec, error) {
	dir := path.Join(ObjectPoseDir, sceneName)
	if entries, err := fs.ReadDir(fsys, dir); err == nil {
		return posesIn(fsys, dir, entries)
	}
	file := dir + ".json"
	if _, err := fs.Stat(fsys, file); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return posesFile(fsys, file)
}

// posesIn reads one pose per .json or .npy file of dir, named after its object.
func posesIn(fsys fs.FS, dir string, entries []fs.DirEntry) ([]ObjectSpec, error) {
	var out []ObjectSpec
	for _, e := range entries {
		ext := strings.ToLower(path.Ext(e.Name()))
		if e.IsDir() || (ext != ".json" && ext != ".npy") {
			continue
		}
		p, err := readPoseFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(e.Name(), path.Ext(e.Name()))
		out = append(out, ObjectSpec{Name: name, Mesh: path.Join(ObjectMeshDir, name+".obj"), Pose: p})
	}
	return out, nil
}
