package app

import (
	"image"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"interactagent/export"
)

// TestWindowOpensARun: opening a run folder in the window titles a pane per round, fills the
// inspector, and the keys drive the shared clock; the player then draws every pane.
func TestWindowOpensARun(t *testing.T) {
	dir := demoRun(t)
	a := test.NewTempApp(t)
	w := NewWindow(a, Options{Engine: testEngine(t), RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	w.W.Resize(fyne.NewSize(900, 600))
	if err := w.OpenRun(dir); err != nil {
		t.Fatal(err)
	}
	if titles := w.Viewport().Titles(); len(titles) != 2 || !strings.HasPrefix(titles[1], "round 2 (output)") {
		t.Fatalf("pane titles %q", titles)
	}
	in := w.Inspection()
	if len(in.Root) != 3 || !strings.Contains(w.DetailText(), "Plan") {
		t.Errorf("inspector: roots %v, detail %q", in.Root, w.DetailText())
	}
	if RecentRuns(a.Preferences())[0] != dir {
		t.Errorf("recent runs %v", RecentRuns(a.Preferences()))
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if f := w.Session().Clock.Frame(); f != 2 {
		t.Errorf("two → presses: frame %d, want 2", f)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	ses := w.Session()
	if want := int(ses.Clock.Duration*20+1e-9) - 1; ses.Clock.Frame() != want {
		t.Errorf("End then ←: frame %d, want %d", ses.Clock.Frame(), want)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if !w.Session().Clock.Playing {
		t.Error("space did not start playing")
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.Key2})
	if s := w.Session(); !s.Solo || s.Focus != 1 || len(w.Viewport().Titles()) != 1 {
		t.Errorf("key 2: solo %v focus %d, %d panes", s.Solo, s.Focus, len(w.Viewport().Titles()))
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.Key2})
	waitDrawn(t, w, 2)
	imgs := w.Viewport().Images()
	if differing(imgs[0].(*image.RGBA), imgs[1].(*image.RGBA)) == 0 {
		t.Error("the two rounds' panes show the same picture")
	}
	w.ShowTab("Inspector")
	w.ShowTab("Rounds")

	// The Export menu's formats are export.Do's: a bundle written from the window opens again.
	if n := len(w.exportItems()); n != len(export.Formats())-2 {
		t.Errorf("%d export items, want every format but the two videos", n)
	}
	zip := filepath.Join(t.TempDir(), "again.zip")
	w.runFormatExport(export.Request{Source: dir, Format: export.Bundle, Out: zip})
	if err := w.OpenPath(zip); err != nil {
		t.Fatal(err)
	}
	if got := w.Session().Run.Dir; got != strings.TrimSuffix(zip, ".zip") || len(w.Viewport().Titles()) != 2 {
		t.Errorf("the bundle opened as %s with %d panes", got, len(w.Viewport().Titles()))
	}
}

// waitDrawn waits until the player has drawn n panes at their real size.
func waitDrawn(t *testing.T, w *Window, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		ok := 0
		for _, im := range w.Viewport().Images() {
			if im.Bounds().Dx() > 2 {
				ok++
			}
		}
		if ok == n {
			return
		}
		w.player.Update(func(*Session) {})
		w.player.Tick(time.Now())
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the panes were not drawn")
}

// TestWindowClosesOnceFromTwoGoroutines: when Fyne stopped on a signal before the app did, the
// app's quit closed the window off the UI goroutine while the main goroutine closed it too, and
// the player's stop channel was closed twice (a panic). Now the second Close waits for the first.
func TestWindowClosesOnceFromTwoGoroutines(t *testing.T) {
	a := test.NewTempApp(t)
	for range 100 {
		w := NewWindow(a, Options{RunsDir: t.TempDir()}) // its player runs
		var both sync.WaitGroup
		start := make(chan struct{})
		for range 2 {
			both.Add(1)
			go func() {
				defer both.Done()
				<-start
				w.Close()
			}()
		}
		close(start)
		both.Wait()
	}
}
