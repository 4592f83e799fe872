package app

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"interactagent/agent"
	"interactagent/render"
)

// TestOpenedRunsDrawTheirBody: a run folder from before bodies were chosen opens with the proxy,
// the body its numbers were measured on; no run leaves the choice to the engine.
func TestOpenedRunsDrawTheirBody(t *testing.T) {
	ses, err := OpenRun(filepath.Join("..", "cmd", "interactagent", "testdata", "release-f5b1851", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if got := runBody(*ses); got != render.BodyProxy {
		t.Errorf("the release's run draws %v, want the proxy", got)
	}
	if got := runBody(Session{}); got != render.BodyDefault {
		t.Errorf("no run draws %v, want the engine's choice", got)
	}
}

// TestRunPanelChoosesTheBody: the run panel offers the bodies, starts with the remembered one (the
// human body on a first start), and a run's settings and the preferences take the one chosen.
func TestRunPanelChoosesTheBody(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	p := w.runPanel
	if len(p.body.Options) != 3 || p.body.Options[0] != "human" || p.body.Selected != "human" {
		t.Fatalf("body choice %v, %q selected; want human, proxy and smplx, human first", p.body.Options, p.body.Selected)
	}
	p.body.SetSelected("proxy")
	p.smplx.SetText("/data/SMPLX_NEUTRAL.npz")
	s, err := p.settings()
	if err != nil {
		t.Fatal(err)
	}
	s.Save(a.Preferences())
	if job := s.Job(t.TempDir()); job.Settings.Body != "proxy" || LoadRunSettings(a.Preferences()).Run.Body != "proxy" {
		t.Errorf("the job's body %q, remembered %q; want proxy", job.Settings.Body, LoadRunSettings(a.Preferences()).Run.Body)
	}
	if got := LoadRunSettings(a.Preferences()).Run.SMPLX; got != "/data/SMPLX_NEUTRAL.npz" {
		t.Errorf("remembered model file %q, want the path typed (the preferences store the path only)", got)
	}
}

// TestInspectorNamesTheBody: a round's metrics in the inspector say what penetration was measured
// on; metrics written before the choice were measured on the proxy.
func TestInspectorNamesTheBody(t *testing.T) {
	var rd agent.SavedRound
	rd.Metrics.Penetration.Body = "human"
	if got := roundMetrics(rd); !strings.Contains(got, "| measured on | human body |") {
		t.Errorf("a round on the human body: %q", got)
	}
	if got := roundMetrics(agent.SavedRound{}); !strings.Contains(got, "| measured on | proxy body |") {
		t.Errorf("a round from before the choice: %q", got)
	}
}
