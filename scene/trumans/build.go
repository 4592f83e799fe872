package trumans

import (
	"fmt"
	"io/fs"

	"interactagent/geom"
	"interactagent/scene"
)

// open builds the room m describes from the files of fsys: every file is read and checked before
// the scene is returned.
func (m *Manifest) open(fsys fs.FS) (*scene.Scene, error) {
	for _, p := range m.paths() {
		if !fs.ValidPath(p) {
			return nil, fmt.Errorf("scene: trumans room %s: path %q leaves the folder (no .., no leading /)", m.Name, p)
		}
	}
	s := &scene.Scene{Name: m.Name}
	if s.Name == "" {
		s.Name = scene.NameFromFile(m.SceneMesh)
	}
	room, err := roomObjects(fsys, m.SceneMesh)
	if err != nil {
		return nil, err
	}
	if s.Grid, err = m.grid(fsys); err != nil {
		return nil, err
	}
	labelled, err := m.objects(fsys, room)
	if err != nil {
		return nil, err
	}
	s.Objects = append(room, labelled...)
	s.Start = startOf(s.Grid, roomBox(room), labelled)
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("scene: trumans room %s: %w", s.Name, err)
	}
	return s, nil
}

// paths lists every file m names.
func (m *Manifest) paths() []string {
	ps := []string{m.SceneMesh}
	if m.Grid != nil {
		ps = append(ps, m.Grid.File)
	}
	for _, o := range m.Objects {
		ps = append(ps, o.Mesh)
	}
	return ps
}

// grid reads m's grid; nil when m names none. A release folder's grid must have TRUMANS' shape.
func (m *Manifest) grid(fsys fs.FS) (*scene.Grid, error) {
	if m.Grid == nil {
		return nil, nil
	}
	var want [3]int
	if m.folder {
		want = GridDims
	}
	lo, voxel, outside := m.Grid.gridBox()
	return readGrid(fsys, m.Grid.File, want, lo, voxel, outside)
}

// objects loads m's labelled objects, their ids unique among themselves and the room's.
func (m *Manifest) objects(fsys fs.FS, room []*scene.Object) ([]*scene.Object, error) {
	used := map[string]bool{}
	for _, o := range room {
		used[o.ID] = true
	}
	var out []*scene.Object
	for _, spec := range m.Objects {
		o, err := labelledObject(fsys, spec, used)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// roomBox returns the box around the room's objects.
func roomBox(room []*scene.Object) geom.Box {
	b := geom.EmptyBox()
	for _, o := range room {
		b = b.Union(o.Bounds())
	}
	return b
}
