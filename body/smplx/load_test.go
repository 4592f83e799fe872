package smplx_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
)

// TestLoadStandIns loads stand-ins of every family, dtype, order and integer type and compares what
// Load keeps in its exported fields with the arrays written.
func TestLoadStandIns(t *testing.T) {
	cases := append(slices.Clone(layouts),
		smplxtest.Options{Vertices: 400, Faces: "<u4", Kintree: "<i4"},
		smplxtest.Options{Vertices: 400, Faces: "<i8", Kintree: "<u4", BigEndian: true},
		smplxtest.Options{Vertices: 400, ShapeColumns: 5, Family: smplx.SMPLX},
	)
	for _, o := range cases {
		m, raw := loadStandIn(t, o)
		path, _ := standIn(t, o)
		if m.Family != raw.Family || m.NumJoints() != raw.NumJoints() || m.NumBetas != smplxtest.ShapeCount(o) {
			t.Errorf("%+v: %v, %d joints, %d betas; want %v, %d, %d", o, m.Family, m.NumJoints(), m.NumBetas,
				raw.Family, raw.NumJoints(), smplxtest.ShapeCount(o))
		}
		if m.Path != path || m.Name != filepath.Base(path) || m.Hash != fileHash(t, path) {
			t.Errorf("%+v: path %q name %q hash %q", o, m.Path, m.Name, m.Hash)
		}
		if !slices.Equal(m.Parents, raw.Parents) || !slices.Equal(m.Faces, raw.Faces) {
			t.Errorf("%+v: parents or faces differ from the file's", o)
		}
		for v, p := range m.Template {
			if [3]float64(p) != raw.Template[v] {
				t.Fatalf("%+v: vertex %d is %v, want %v", o, v, p, raw.Template[v])
			}
		}
		if got, want := m.MaxInfluences(), maxMerged(raw); got != want {
			t.Errorf("%+v: MaxInfluences %d, want %d", o, got, want)
		}
	}
}

// fileHash hashes the file's bytes in one piece.
func fileHash(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// maxMerged counts the most body joints with a nonzero merged weight on one vertex, merging each
// joint beyond 21 onto its nearest body ancestor by walking the parents.
func maxMerged(raw *smplxtest.Raw) int {
	most := 0
	for _, row := range raw.Weights {
		var merged [motion.NumJoints]float64
		for j, w := range row {
			a := j
			for a >= motion.NumJoints {
				a = raw.Parents[a]
			}
			merged[a] += w
		}
		n := 0
		for _, w := range merged {
			if w != 0 {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// TestLoadStandInFullSize loads the full stand-in (13,380 vertices) as the SMPL-X site ships it.
func TestLoadStandInFullSize(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 90 MB file")
	}
	m, raw := loadStandIn(t, smplxtest.Options{Fortran: true})
	if len(m.Template) != 13380 || len(m.Faces) != 26756 || m.NumBetas != 10 || m.Family != smplx.SMPLX {
		t.Errorf("%d vertices, %d faces, %d betas, %v", len(m.Template), len(m.Faces), m.NumBetas, m.Family)
	}
	t.Logf("max merged influences on the stand-in: %d (%d vertices)", m.MaxInfluences(), raw.NumVertices())
}
