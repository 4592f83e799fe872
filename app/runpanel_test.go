package app

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// TestRunPanelRunsAndShowsTheRun: a run started from the panel with the built-in backends writes
// its folder under RunsDir, remembers its settings, and ends with its rounds on screen.
func TestRunPanelRunsAndShowsTheRun(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{Engine: testEngine(t), RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	p := w.runPanel
	p.scene.SetText("bedroom")
	p.task.SetText("walk to the bed")
	p.mode.SetSelected("online")
	p.nmax.SetText("2")
	p.startRun()
	select { // the end reaches the window before the test reads it or closes the window
	case <-p.ended:
	case <-time.After(60 * time.Second):
		t.Fatal("the run did not end")
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if s := w.Session(); s.Run != nil && s.Run.Summary != nil {
			if s.Run.Info.Task != "walk to the bed" || len(s.Panes) == 0 {
				t.Fatalf("on screen: task %q, %d panes", s.Run.Info.Task, len(s.Panes))
			}
			if got := LoadRunSettings(a.Preferences()); got.Scene != "bedroom" || got.Mode != "online" || got.NMax != 2 {
				t.Errorf("remembered %+v", got)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the run did not finish on screen")
}

// TestClosingTheWindowEndsTheRun: closing the window mid-run (a person, or the app stopping on a
// signal) cancelled the run and returned while the run still went on. Now Close returns once the
// run has ended, and the closed window's widgets are left alone (after the app's driver has
// stopped, fyne.Do would touch them from the run's goroutine).
func TestClosingTheWindowEndsTheRun(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{Engine: testEngine(t), RunsDir: t.TempDir(), manual: true})
	p := w.runPanel
	p.scene.SetText("bedroom")
	p.task.SetText("walk to the bed, then sit on it")
	p.mode.SetSelected("full")
	p.nmax.SetText("3")
	p.startRun()
	p.togglePause() // the run waits before a step: it is surely in progress when the window closes
	deadline := time.Now().Add(60 * time.Second)
	for !strings.HasPrefix(p.progress.Text, "paused") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.HasPrefix(p.progress.Text, "paused") {
		t.Fatalf("the run did not pause: %q", p.progress.Text)
	}
	w.Close()
	select {
	case <-p.ended:
	default:
		t.Fatal("Close returned while the run still ran")
	}
	if strings.Contains(p.progress.Text, "stopped") {
		t.Errorf("the closed window was told how the run ended: %q", p.progress.Text)
	}
}
