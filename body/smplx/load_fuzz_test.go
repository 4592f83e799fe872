package smplx

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/geom"
)

// FuzzLoad loads arbitrary bytes as a model file: Load must refuse them with a *ModelError or
// return a model whose faces name its vertices and whose shaping and mesh are valid; it must never
// panic. The seeds, in testdata/fuzz/FuzzLoad, are tiny stand-ins of each family (TestFuzzLoadSeeds
// writes them), with the inputs the fuzzer found worth keeping.
func FuzzLoad(f *testing.F) {
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "model.npz")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		m, err := Load(path)
		if err != nil {
			if _, ok := err.(*ModelError); !ok {
				t.Fatalf("error %v is a %T, want a *ModelError", err, err)
			}
			return
		}
		checkLoaded(t, m)
	})
}

// checkLoaded checks what a loaded model promises.
func checkLoaded(t *testing.T, m *Model) {
	for i, tri := range m.Faces {
		for _, v := range tri {
			if int(v) >= len(m.Template) {
				t.Fatalf("face %d names vertex %d of %d", i, v, len(m.Template))
			}
		}
	}
	if n := len(m.Parents); n != 24 && n != 52 && n != 55 {
		t.Fatalf("%d joints", n)
	}
	s, err := m.Shape(nil)
	if err != nil {
		t.Fatalf("Shape(nil): %v", err)
	}
	if err := s.Mesh().Validate(); err != nil {
		t.Fatalf("Mesh: %v", err)
	}
	out := make([]mgl64.Vec3, len(s.Vertices))
	p := Params{Orient: mgl64.Vec3{0, 1, 0}}
	p.Body[3] = mgl64.Vec3{0.5, 0, 0}
	s.Skin(&p, out)
	for v, q := range out {
		if !geom.FiniteVec(q) {
			t.Fatalf("vertex %d skinned to %v", v, q)
		}
	}
}
