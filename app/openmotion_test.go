package app

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"interactagent/body/smplx"
	"interactagent/body/smplx/smplxtest"
	"interactagent/motion"
)

// TestOpenMotionPosesSMPLXMotion: an AMASS-style .npz opens as one pane, posed on the model file
// of the run form, its joints where the model's forward kinematics puts them; without a model file
// the error says how to get one.
func TestOpenMotionPosesSMPLXMotion(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "SMPLX_NEUTRAL.npz")
	if _, err := smplxtest.Write(model, smplxtest.Options{Vertices: 1500}); err != nil {
		t.Fatal(err)
	}
	s, err := smplx.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	mo := &smplx.Motion{Shaped: s, FPS: 30, Frames: make([]smplx.Params, 12)}
	for i := range mo.Frames {
		mo.Frames[i].Trans = [3]float64{0.05 * float64(i), 0, 1}
		mo.Frames[i].Body[0] = [3]float64{-0.04 * float64(i), 0, 0} // the left hip bends
	}
	want, err := mo.Clip()
	if err != nil {
		t.Fatal(err)
	}
	motionFile := filepath.Join(dir, "walk.npz")
	if err := smplx.WriteAMASS(motionFile, mo, smplx.ZUp); err != nil {
		t.Fatal(err)
	}

	a := test.NewTempApp(t)
	w := NewWindow(a, Options{RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	t.Setenv(smplx.EnvVar, "")
	if err := w.OpenMotion(motionFile); err == nil || !strings.Contains(err.Error(), "smpl-x.is.tue.mpg.de") {
		t.Errorf("no model file: %v, want the error saying where to get one", err)
	}
	if err := w.OpenMotion(dir); err == nil || !strings.Contains(err.Error(), "Add TRUMANS recording pane") {
		t.Errorf("a folder: %v, want the error pointing at the recording pane", err)
	}
	rs := LoadRunSettings(a.Preferences())
	rs.Run.SMPLX = model
	rs.Save(a.Preferences())
	if err := w.OpenMotion(motionFile); err != nil {
		t.Fatal(err)
	}
	panes := w.player.Session().Panes
	if len(panes) != 1 {
		t.Fatalf("%d panes, want 1", len(panes))
	}
	got := panes[0].Clip
	if got.Len() != want.Len() || got.FPS != 30 {
		t.Fatalf("%d frames at %g fps, want %d at 30 (the file's own rate)", got.Len(), got.FPS, want.Len())
	}
	for i := range want.Frames {
		for j := range motion.NumJoints {
			if d := got.Frames[i][j].Sub(want.Frames[i][j]).Len(); d > 1e-4 {
				t.Fatalf("frame %d joint %s is %.2g m from the model's forward kinematics", i, motion.Joint(j), d)
			}
		}
	}
}
