package app

import (
	"image"
	"math"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestPanesFillTheirCells: a run of three rounds opened in a 1280×800 window drew each pane
// 634×158 inside a cell about 634×300 until the first play or click: the player drew once, before
// the window had its final layout, and nothing it watched changed after. Now a new layout is a
// change: with nothing played or clicked, each pane is drawn at the size of its cell, and a pane
// larger than maxPaneSize keeps its cell's shape.
func TestPanesFillTheirCells(t *testing.T) {
	test.NewTempApp(t)
	a := fyne.CurrentApp()
	w := NewWindow(a, Options{Engine: testEngine(t), RunsDir: t.TempDir(), manual: true})
	defer w.Close()
	s := livingRoom(t)
	ses := &Session{Scene: s, Panes: walkPanes(t, s, 3), Cam: NewViewCam(s), Overlays: DefaultOverlays()}
	ses.fitClock()
	w.W.Resize(fyne.NewSize(900, 420)) // the window before it is laid out in full
	w.setSession(ses)
	w.player.Tick(time.Now())
	w.W.Resize(fyne.NewSize(1280, 800))
	w.player.Tick(time.Now()) // the player's own tick: no play, no click
	for k, got := range w.view.Images() {
		cell := w.view.images[k].Size()
		want := image.Pt(int(cell.Width), int(cell.Height))
		if d := got.Bounds().Size().Sub(want); d.X < -1 || d.X > 1 || d.Y < -1 || d.Y > 1 {
			t.Errorf("pane %d drawn %v inside a cell of %v", k+1, got.Bounds().Size(), want)
		}
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.Key1}) // one round alone: its cell is wider than maxPaneSize
	w.player.Tick(time.Now())
	got, cell := w.view.Images()[0].Bounds().Size(), w.view.images[0].Size()
	if got.X > maxPaneSize.X || got.Y > maxPaneSize.Y {
		t.Errorf("the round alone is drawn %v, beyond %v", got, maxPaneSize)
	}
	drawn, shown := float64(got.X)/float64(got.Y), float64(cell.Width/cell.Height)
	if math.Abs(drawn/shown-1) > 0.01 {
		t.Errorf("the round alone is drawn %v (%.3f wide per high) for a cell of %v (%.3f): it cannot fill it", got, drawn, cell, shown)
	}
}
