package trumans

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/fileio"
	"interactagent/geom"
	"interactagent/scene"
)

// ManifestFormat is the value of a manifest's "format", which tells it from other JSON files.
const ManifestFormat = "trumans-room"

// Bounds on a manifest: its size and its objects.
const (
	MaxManifestBytes = 1 << 20
	MaxObjects       = 1000
)

// Manifest describes one room wherever its files lie (docs/trumans.md, "Rooms"): the room mesh,
// the occupancy grid and its box, and the objects with category, mesh and pose. Paths are
// relative to the manifest's folder.
type Manifest struct {
	Format    string       `json:"format"`
	Name      string       `json:"name,omitempty"`
	SceneMesh string       `json:"scene_mesh"`
	Grid      *GridSpec    `json:"grid,omitempty"`
	Objects   []ObjectSpec `json:"objects,omitempty"`
	folder    bool         // read from the release layout: the grid has TRUMANS' shape
}

// GridSpec names an occupancy grid file (.npy, bool or uint8, axes x, y, z) and its box: the
// corner Lo and the voxel side (TRUMANS': (−3, 0, −4) and 0.02 m), and whether points outside it
// are occupied (TRUMANS': yes). Zero values take TRUMANS'.
type GridSpec struct {
	File            string      `json:"file"`
	Lo              *[3]float64 `json:"lo,omitempty"`
	Voxel           float64     `json:"voxel,omitempty"`
	OutsideOccupied *bool       `json:"outside_occupied,omitempty"`
}

// IsManifest reports whether data is a JSON object whose "format" is ManifestFormat.
func IsManifest(data []byte) bool {
	var top struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &top) == nil && top.Format == ManifestFormat
}

// ReadManifest reads and checks a manifest; name is used in errors. Unknown fields, missing
// paths, paths that leave the manifest's folder, duplicate or empty object names, poses that are
// not finite and grid boxes that are not are errors.
func ReadManifest(data []byte, name string) (*Manifest, error) {
	var m Manifest
	if err := fileio.DecodeJSON(data, &m, true); err != nil {
		return nil, manifestError(name, err.Error())
	}
	if err := m.check(); err != nil {
		return nil, manifestError(name, err.Error())
	}
	return &m, nil
}

// manifestError reports a manifest that is not one.
func manifestError(name, msg string) error {
	return &scene.FormatError{Format: "trumans manifest", Path: name, Msg: msg}
}

// check refuses a manifest that cannot describe a room.
func (m *Manifest) check() error {
	if m.Format != ManifestFormat {
		return fmt.Errorf("format %q, want %q", m.Format, ManifestFormat)
	}
	if err := checkPath("scene_mesh", m.SceneMesh); err != nil {
		return err
	}
	if err := m.Grid.check(); err != nil {
		return err
	}
	if len(m.Objects) > MaxObjects {
		return fmt.Errorf("%d objects, want at most %d", len(m.Objects), MaxObjects)
	}
	seen := map[string]bool{}
	for i, o := range m.Objects {
		if err := o.check(i, seen); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a grid spec without a file or with a box that is not finite.
func (g *GridSpec) check() error {
	if g == nil {
		return nil
	}
	if err := checkPath("grid.file", g.File); err != nil {
		return err
	}
	if g.Lo != nil && (!geom.AllFinite(g.Lo[:]) || maxAbs(g.Lo[:]) > 1e3) {
		return fmt.Errorf("grid.lo %v: want a finite corner within 1 km (metres)", *g.Lo)
	}
	if !(g.Voxel >= 0 && g.Voxel <= 10) {
		return fmt.Errorf("grid.voxel %v: want a side in metres, 0 < voxel ≤ 10 (0 or absent: %g)", g.Voxel, GridVoxel)
	}
	return nil
}

// check refuses object i when its name is empty or taken, its mesh path bad or its pose not finite.
func (o ObjectSpec) check(i int, seen map[string]bool) error {
	switch {
	case strings.TrimSpace(o.Name) == "":
		return fmt.Errorf("objects[%d]: no name, want one such as \"chair_01\"", i)
	case seen[o.Name]:
		return fmt.Errorf("objects[%d]: a second object named %q", i, o.Name)
	}
	seen[o.Name] = true
	if err := checkPath(fmt.Sprintf("objects[%d].mesh", i), o.Mesh); err != nil {
		return err
	}
	return o.Pose.check(fmt.Sprintf("objects[%d] (%s)", i, o.Name))
}

// checkPath refuses an empty path or one with a control character.
func checkPath(field, p string) error {
	if p == "" {
		return fmt.Errorf("%s: no path", field)
	}
	if strings.ContainsFunc(p, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("%s %q: a control character in the path", field, p)
	}
	return nil
}

// OpenManifest opens the room a manifest file describes. Its paths are taken relative to the
// manifest's folder; absolute paths and paths through ".." are allowed, since the user wrote them.
func OpenManifest(file string) (*scene.Scene, error) {
	data, err := readManifestFile(os.DirFS(filepath.Dir(file)), filepath.Base(file))
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(data, file)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return nil, fmt.Errorf("scene: trumans manifest %s: %w", file, err)
	}
	m.rebase(func(p string) string { return rootRelative(dir, p) })
	return m.open(os.DirFS("/"))
}

// OpenManifestFS opens the manifest name of fsys; its paths are relative to its folder in fsys
// and may not leave fsys.
func OpenManifestFS(fsys fs.FS, name string) (*scene.Scene, error) {
	data, err := readManifestFile(fsys, name)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(data, name)
	if err != nil {
		return nil, err
	}
	m.rebase(func(p string) string { return path.Join(path.Dir(name), p) })
	return m.open(fsys)
}

// readManifestFile reads a manifest within MaxManifestBytes.
func readManifestFile(fsys fs.FS, name string) ([]byte, error) {
	data, err := fileio.ReadFile(fsys, name, MaxManifestBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: trumans manifest: %w", err)
	}
	return data, nil
}

// rootRelative returns p (absolute, or relative to dir) as a path in os.DirFS("/").
func rootRelative(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(p)), "/")
}

// rebase rewrites every path of m by f.
func (m *Manifest) rebase(f func(string) string) {
	m.SceneMesh = f(m.SceneMesh)
	if m.Grid != nil {
		m.Grid.File = f(m.Grid.File)
	}
	for i := range m.Objects {
		m.Objects[i].Mesh = f(m.Objects[i].Mesh)
	}
}

// posesFile reads Object_pose/<scene>.json: an object mapping each object's name to its pose.
func posesFile(fsys fs.FS, file string) ([]ObjectSpec, error) {
	data, err := fileio.ReadFile(fsys, file, MaxManifestBytes)
	if err != nil {
		return nil, fmt.Errorf("scene: trumans poses: %w", err)
	}
	var poses map[string]Pose
	if err := fileio.DecodeJSON(data, &poses, true); err != nil {
		return nil, &scene.FormatError{Format: "trumans poses", Path: file, Msg: "want {\"<object name>\": pose, …}: " + err.Error()}
	}
	names := make([]string, 0, len(poses))
	for n := range poses {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]ObjectSpec, 0, len(names))
	for _, n := range names {
		if err := poses[n].check(file + ": " + n); err != nil {
			return nil, err
		}
		out = append(out, ObjectSpec{Name: n, Mesh: path.Join(ObjectMeshDir, n+".obj"), Pose: poses[n]})
	}
	return out, nil
}

// gridBox returns the grid's corner, voxel side and outside rule, TRUMANS' where not given.
func (g *GridSpec) gridBox() (mgl64.Vec3, float64, bool) {
	lo, voxel, outside := GridLo, GridVoxel, true
	if g.Lo != nil {
		lo = mgl64.Vec3(*g.Lo)
	}
	if g.Voxel > 0 {
		voxel = g.Voxel
	}
	if g.OutsideOccupied != nil {
		outside = *g.OutsideOccupied
	}
	return lo, voxel, outside
}
