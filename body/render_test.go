package body

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/executor/kinematic"
	"interactagent/motion"
)

// builtinClip runs the built-in kinematic executor (ideal profile) on actions from the origin.
func builtinClip(t testing.TB, actions ...string) *motion.Clip {
	t.Helper()
	ex := kinematic.New(kinematic.Options{Profile: kinematic.Ideal()})
	c, err := ex.Execute(context.Background(), motion.State{}, actions)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestWriteOBJ writes posed meshes as OBJ files for looking at them (docs/body.md shows how to
// render them with Blender). It runs only when BODY_OBJ_DIR names a folder.
func TestWriteOBJ(t *testing.T) {
	dir := os.Getenv("BODY_OBJ_DIR")
	if dir == "" {
		t.Skip("set BODY_OBJ_DIR to a folder to write posed meshes into")
	}
	m := humanModel(t)
	sample := sampleClip(t)
	sit := builtinClip(t, "A person sits down")
	lie := builtinClip(t, "A person lies down")
	walk := builtinClip(t, "A person walks forward 2 meters")
	for _, s := range []struct {
		name  string
		clip  *motion.Clip
		frame int
	}{
		{"rest", nil, 0}, {"sample_stand", sample, 13}, {"sample_bend", sample, 192}, {"sample_mid", sample, 100},
		{"sit", sit, sit.Len() - 1}, {"lie", lie, lie.Len() - 1}, {"walk", walk, walk.Len() / 2},
	} {
		pos := m.Rest
		if s.clip != nil {
			pos = posed(t, m, s.clip, s.frame)
		}
		if err := writeOBJ(filepath.Join(dir, s.name+".obj"), m, pos); err != nil {
			t.Fatal(err)
		}
	}
}

// posed returns the mesh posed as frame t of c.
func posed(tb testing.TB, m *Model, c *motion.Clip, t int) []mgl64.Vec3 {
	tb.Helper()
	f, err := NewFitter(m, c)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := f.Frame(c.Frames[t])
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]mgl64.Vec3, len(m.Rest))
	m.Skin(&s, out)
	return out
}

// writeOBJ writes the mesh with positions pos as a Wavefront OBJ file.
func writeOBJ(path string, m *Model, pos []mgl64.Vec3) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, p := range pos {
		fmt.Fprintf(w, "v %.5f %.5f %.5f\n", p[0], p[1], p[2])
	}
	for _, tri := range m.Faces {
		fmt.Fprintf(w, "f %d %d %d\n", tri[0]+1, tri[1]+1, tri[2]+1)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
