package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"interactagent/body/smplx"
	"interactagent/motion/trumans"
	"interactagent/motion/trumans/trumanstest"
)

// TestAddRecordingPaneBesideARun: adding a TRUMANS recording to an open run's session gives one
// more pane, after the rounds, on the same clock (its time kept, as long as the longest pane),
// showing the annotated action's frames; a scene or action the recording lacks is refused and
// leaves the panes as they were.
func TestAddRecordingPaneBesideARun(t *testing.T) {
	rec := t.TempDir()
	written, err := trumanstest.WriteRecording(rec, trumanstest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	t.Setenv(smplx.EnvVar, "")
	if err := w.AddRecording(rec, RecordingPick{Scene: "living_room", Action: 1}); err == nil || !strings.Contains(err.Error(), "open a run first") {
		t.Errorf("no run: %v", err)
	}
	if err := w.OpenRun(demoRun(t)); err != nil {
		t.Fatal(err)
	}
	w.player.Update(func(s *Session) { s.Clock = s.Clock.Seek(1.5) })
	before := w.Session()
	if err := w.AddRecording(rec, RecordingPick{Scene: "living_room", Action: 1}); err != nil {
		t.Fatal(err)
	}
	after := w.Session()
	if len(after.Panes) != len(before.Panes)+1 || after.Panes[0] != before.Panes[0] {
		t.Fatalf("%d panes, want the run's %d and one more after them", len(after.Panes), len(before.Panes))
	}
	p := after.Panes[len(after.Panes)-1]
	ann := written.Annotations[1]
	if p.Clip.FPS != trumans.FPS || p.Clip.Len() != ann.End-ann.Start || !strings.Contains(p.Title, "sit on the sofa") {
		t.Fatalf("pane %q: %d frames at %g fps, want the sit action's %d at 30", p.Title, p.Clip.Len(), p.Clip.FPS, ann.End-ann.Start)
	}
	if got, want := p.Clip.Frames[0], written.Clip.Frames[15+ann.Start]; got[0].Sub(want[0]).Len() > 1e-5 {
		t.Errorf("first frame's pelvis %v, want the recording's %v", got[0], want[0])
	}
	if after.Clock.T != 1.5 || after.Clock.Duration < p.Duration() || after.Clock.Duration < before.Clock.Duration {
		t.Errorf("clock %+v: want t = 1.5 kept and the longest pane's length (%v, %v)", after.Clock, p.Duration(), before.Clock.Duration)
	}
	if titles := w.Viewport().Titles(); len(titles) != len(after.Panes) {
		t.Errorf("viewport titles %q", titles)
	}
	for _, pick := range []RecordingPick{{Scene: "kitchen"}, {Scene: "living_room", Action: 7}, {From: 5, To: 1 << 20}} {
		if err := w.AddRecording(rec, pick); err == nil {
			t.Errorf("%+v: no error", pick)
		}
	}
	if n := len(w.Session().Panes); n != len(after.Panes) {
		t.Errorf("refused picks changed the panes: %d", n)
	}
	if err := w.AddRecording(rec, RecordingPick{From: 3, To: 40}); err != nil || w.Session().Panes[len(after.Panes)].Clip.Len() != 37 {
		t.Errorf("frames 3–40: %v", err)
	}
}
