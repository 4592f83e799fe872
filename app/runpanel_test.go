package app

import (
	"path/filepath"
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
			if got := LoadRunSettings(a.Preferences()); got.Run.Scene != "bedroom" || got.Mode != "online" || got.NMax != 2 {
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
// run has ended, unfinished, and the closed window's widgets are left alone (after the app's
// driver has stopped, fyne.Do would touch them from the run's goroutine).
func TestClosingTheWindowEndsTheRun(t *testing.T) {
	a := test.NewTempApp(t)
	runs := t.TempDir()
	w := NewWindow(a, Options{Engine: testEngine(t), RunsDir: runs, manual: true})
	p := w.runPanel
	p.scene.SetText("bedroom")
	p.task.SetText("walk to the bed, then sit on it")
	p.mode.SetSelected("full")
	p.nmax.SetText("3")
	p.startRun()
	w.Close() // the run has barely begun: it takes seconds
	select {
	case <-p.ended:
	default:
		t.Fatal("Close returned while the run still ran")
	}
	if done, _ := filepath.Glob(filepath.Join(runs, "*", "summary.json")); len(done) > 0 {
		t.Errorf("the run finished (%v) instead of stopping when the window closed", done)
	}
	if text := p.progress.Text; strings.Contains(text, "stopped") || strings.Contains(text, "finished") {
		t.Errorf("the closed window was told how the run ended: %q", text)
	}
}
