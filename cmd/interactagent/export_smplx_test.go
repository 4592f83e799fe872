package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"interactagent/body/smplx"
	"interactagent/motion"
	"interactagent/wiring"
)

// fitMax reads the largest fit error export printed for each take, in millimetres.
func fitMax(t *testing.T, out string) []float64 {
	t.Helper()
	var mm []float64
	for _, m := range regexp.MustCompile(`fit error mean [0-9.]+ mm, max ([0-9.]+) mm`).FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		mm = append(mm, v)
	}
	if len(mm) == 0 {
		t.Fatalf("export printed no fit error:\n%s", out)
	}
	return mm
}

// A clip exported as SMPL-X parameters and converted back gives the clip's joints within the fit
// error export reported, Z up (AMASS's) and Y up alike.
func TestExportSMPLXRoundTrip(t *testing.T) {
	model := smplxStandIn(t, "SMPLX_NEUTRAL.npz")
	dir := t.TempDir()
	clipPath := stepClip(t, dir)
	clip, _, err := motion.LoadMotion(clipPath, 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, up := range []string{"z", "y"} {
		npz, back := filepath.Join(dir, "step-"+up+".npz"), filepath.Join(dir, "back-"+up+".npy")
		out := checkRun(t, []string{"export", clipPath, "--format", "smplx", "--smplx", model, "--up", up, "--out", npz}, 0,
			[]string{"wrote " + npz, "step: 5 frames at 30 fps; fit error mean", "SMPL-X parameters of SMPLX_NEUTRAL.npz (neutral, betas 0), poses (T, 165)"})
		limit := fitMax(t, out)[0] + 0.05 // printed to 0.1 mm
		q, err := smplx.ReadAMASS(npz)
		if err != nil {
			t.Fatal(err)
		}
		if wantUp, _ := smplx.ParseUp(up); q.Up != wantUp || q.FPS != 30 || q.Gender != "neutral" || len(q.Frames) != 5 {
			t.Errorf("the file reads as %v, %v fps, %q, %d frames", q.Up, q.FPS, q.Gender, len(q.Frames))
		}
		checkRun(t, []string{"convert", npz, back, "--smplx", model, "--dtype", "float64"}, 0, []string{"5 frames at 30 fps"})
		if d := jointGap(loadJoints(t, back, 30), clip) * 1000; d > limit {
			t.Errorf("up %s: the joints come back %.3f mm off the clip; the fit reported at most %.1f", up, d, limit)
		}
	}
}

// --round all writes one file per round (NAME-round-N.npz), each fitted and reported.
func TestExportSMPLXEveryRound(t *testing.T) {
	model := smplxStandIn(t, "SMPLX_FEMALE.npz")
	dir := t.TempDir()
	runDir := filepath.Join(dir, "run")
	checkRun(t, append(demoRun(3, runDir), "--mode", "offline", "--n-max", "2", "--no-early-stop"), 0, nil)
	out := filepath.Join(dir, "rounds.npz")
	text := checkRun(t, []string{"export", runDir, "--round", "all", "--format", "smplx", "--smplx", model, "--out", out}, 0,
		[]string{"wrote " + filepath.Join(dir, "rounds-round-1.npz"), "wrote " + filepath.Join(dir, "rounds-round-2.npz"), "round 2: ", "(female, betas 0)"})
	if n := len(fitMax(t, text)); n != 2 {
		t.Errorf("%d fit errors printed, want one per round", n)
	}
	for _, r := range []string{"1", "2"} {
		if _, err := smplx.ReadAMASS(filepath.Join(dir, "rounds-round-"+r+".npz")); err != nil {
			t.Error(err)
		}
	}
}

// Without a model file the smplx format says how to get one, and an up axis is refused where it
// means nothing; nothing is written.
func TestExportSMPLXRefuses(t *testing.T) {
	dir := t.TempDir()
	clipPath := stepClip(t, dir)
	out := filepath.Join(dir, "x.npz")
	t.Setenv(wiring.SMPLXEnv, "")
	checkRun(t, []string{"export", clipPath, "--format", "smplx", "--out", out}, 1, []string{wiring.ErrNoSMPLX.Error()})
	checkRun(t, []string{"export", clipPath, "--out", out}, 1, []string{wiring.ErrNoSMPLX.Error()}) // .npz is the smplx format
	checkRun(t, []string{"export", clipPath, "--format", "smplx", "--up", "x", "--out", out}, 2, []string{"--up", "want y or z"})
	checkRun(t, []string{"export", clipPath, "--format", "json", "--up", "y", "--out", filepath.Join(dir, "x.json")}, 1, []string{"up axis", "smplx format"})
	checkRun(t, []string{"export", clipPath, "--format", "smplx", "--smplx", filepath.Join(dir, "none.npz"), "--out", out}, 1, []string{"none.npz"})
	for _, p := range []string{out, filepath.Join(dir, "x.json")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a refused export wrote %s", p)
		}
	}
}
