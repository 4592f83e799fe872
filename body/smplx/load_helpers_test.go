package smplx_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
)

// standInDir holds the stand-in files the tests share, made once per test binary.
var standInDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "smplx-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	standInDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// standInFile is a written stand-in and its arrays.
type standInFile struct {
	path string
	raw  *smplxtest.Raw
	err  error
}

var (
	standInMu    sync.Mutex
	standInFiles = map[smplxtest.Options]*standInFile{}
)

// standIn returns the path and arrays of the stand-in written with o, writing it on first use.
func standIn(t testing.TB, o smplxtest.Options) (string, *smplxtest.Raw) {
	t.Helper()
	standInMu.Lock()
	defer standInMu.Unlock()
	f := standInFiles[o]
	if f == nil {
		f = &standInFile{path: filepath.Join(standInDir, fmt.Sprintf("standin-%d.npz", len(standInFiles)))}
		f.raw, f.err = smplxtest.Write(f.path, o)
		standInFiles[o] = f
	}
	if f.err != nil {
		t.Fatal(f.err)
	}
	return f.path, f.raw
}

// loadStandIn loads the stand-in written with o.
func loadStandIn(t testing.TB, o smplxtest.Options) (*smplx.Model, *smplxtest.Raw) {
	t.Helper()
	path, raw := standIn(t, o)
	m, err := smplx.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return m, raw
}

// small is the layout most tests use: an SMPL-X file of about 1,500 of the stand-in's vertices.
var small = smplxtest.Options{Vertices: 1500}

// layouts are the files the tests compare against the reference: every family, both dtypes, both
// orders and byte orders, stored and deflated.
var layouts = []smplxtest.Options{
	{Vertices: 1500, Fortran: true},
	{Vertices: 1500, DType: motion.Float64},
	{Vertices: 1500, Family: smplx.SMPLH, ShapeColumns: 16, Fortran: true},
	{Vertices: 1500, Family: smplx.SMPL, ShapeColumns: 10, BigEndian: true, Compress: true},
	{Vertices: 1500, ShapeColumns: 400, Fortran: true, DType: motion.Float64},
}

// writeEntries writes entries to a new file in the test's temporary directory.
func writeEntries(t testing.TB, entries []smplxtest.Entry) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "SMPLX_NEUTRAL.npz")
	if err := smplxtest.WriteEntries(path, entries, false); err != nil {
		t.Fatal(err)
	}
	return path
}
