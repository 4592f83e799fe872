package export

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
)

// Every round of a run becomes an AMASS-style file of the model fitted to it (NAME-round-N.npz);
// each reads back, posed on the model, within the fit error its note reports.
func TestExportSMPLXEveryRound(t *testing.T) {
	run := testRun(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "SMPLX_MALE.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 600}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fit.npz")
	res, err := Do(context.Background(), Request{Source: run, Round: AllRounds, Out: out, SMPLX: model})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 2 || res.Files[1] != filepath.Join(dir, "fit-round-2.npz") || len(res.Notes) != 3 {
		t.Fatalf("wrote %v with notes %q", res.Files, res.Notes)
	}
	maxMM := regexp.MustCompile(`fit error mean [0-9.]+ mm, max ([0-9.]+) mm`)
	for i, path := range res.Files {
		q, err := smplx.ReadAMASS(path)
		if err != nil {
			t.Fatal(err)
		}
		m := maxMM.FindStringSubmatch(res.Notes[i])
		if m == nil || q.Gender != "male" || q.Up != smplx.ZUp {
			t.Fatalf("%s: note %q, gender %q, %v", path, res.Notes[i], q.Gender, q.Up)
		}
		limit, _ := strconv.ParseFloat(m[1], 64)
		mdl, err := smplx.Load(model)
		if err != nil {
			t.Fatal(err)
		}
		s, err := q.Shape(mdl)
		if err != nil {
			t.Fatal(err)
		}
		mo, err := q.Motion(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := mo.Clip()
		if err != nil {
			t.Fatal(err)
		}
		if d := 1000 * maxDiff(got, roundMotion(t, run, i+1)); d > limit+0.05 {
			t.Errorf("round %d reads back %.2f mm off its clip; the fit reported at most %.1f", i+1, d, limit)
		}
	}
}

// Without a model file the smplx format says how to get one; an up axis applies to it alone.
func TestExportSMPLXRefuses(t *testing.T) {
	run := testRun(t)
	dir := t.TempDir()
	_, err := Do(context.Background(), Request{Source: run, Format: SMPLX, Out: filepath.Join(dir, "x.npz")})
	if !errors.Is(err, smplx.ErrNoModel) {
		t.Errorf("no model file: %v, want smplx.ErrNoModel", err)
	}
	_, err = Do(context.Background(), Request{Source: run, Format: JSON, Up: smplx.YUp, Out: filepath.Join(dir, "x.json")})
	if err == nil {
		t.Error("an up axis for a clip JSON accepted")
	}
	if got := listDir(t, dir); len(got) != 0 {
		t.Errorf("refused exports wrote %v", got)
	}
}
