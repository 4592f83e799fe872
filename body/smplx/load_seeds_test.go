package smplx_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
)

var updateSeeds = flag.Bool("smplx.update-seeds", false, "rewrite FuzzLoad's seed files from the stand-in generator")

// fuzzSeeds are FuzzLoad's seeds: tiny stand-ins (3 vertices) of each family, dtype and order.
var fuzzSeeds = map[string]smplxtest.Options{
	"seed-smpl":  {Family: smplx.SMPL, Vertices: 3, ShapeColumns: 2},
	"seed-smplh": {Family: smplx.SMPLH, Vertices: 3, ShapeColumns: 2, Fortran: true, Compress: true},
	"seed-smplx": {Family: smplx.SMPLX, Vertices: 3, ShapeColumns: 20, Fortran: true, BigEndian: true, Compress: true},
}

// TestFuzzLoadSeeds checks that FuzzLoad's seed files are the stand-ins the generator writes now
// and that they load; -smplx.update-seeds rewrites them.
func TestFuzzLoadSeeds(t *testing.T) {
	for name, o := range fuzzSeeds {
		path := filepath.Join(t.TempDir(), name+".npz")
		if _, err := smplxtest.Write(path, o); err != nil {
			t.Fatal(err)
		}
		if _, err := smplx.Load(path); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data))
		seed := filepath.Join("testdata", "fuzz", "FuzzLoad", name)
		if *updateSeeds {
			if err := os.WriteFile(seed, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got, err := os.ReadFile(seed); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from the generator's stand-in (%v); rerun with -smplx.update-seeds", seed, err)
		}
	}
}
