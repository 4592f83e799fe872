package app

import (
	"image"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// TestPlayerDrawsCoarseWhileTheCameraMoves: a moving camera draws panes at half size, and once it
// rests the panes are drawn in full without anything else asking; a playing clock advances by
// wall time at the clock's speed.
func TestPlayerDrawsCoarseWhileTheCameraMoves(t *testing.T) {
	test.NewTempApp(t)
	s := livingRoom(t)
	ses := &Session{Scene: s, Panes: walkPanes(t, s, 2), Cam: NewViewCam(s)}
	ses.fitClock()
	var sizes []image.Point
	var times []float64
	p := NewPlayer(func(panes []*Pane, f Frame) ([]*image.RGBA, error) {
		sizes, times = append(sizes, f.Size), append(times, f.T)
		return make([]*image.RGBA, len(panes)), nil
	}, func() image.Point { return image.Pt(640, 360) }, func([]*image.RGBA, Clock, error) {})
	p.SetSession(ses)
	t0 := time.Now()
	p.Tick(t0)
	p.Tick(t0.Add(time.Second)) // nothing changed: no drawing
	p.Move(func(s *Session) { s.Cam = s.Cam.Orbited(10, 0) })
	p.Tick(time.Now())
	p.Tick(time.Now().Add(time.Second)) // the camera rests: drawn in full again
	want := []image.Point{{640, 360}, {320, 180}, {640, 360}}
	if len(sizes) != 3 || sizes[0] != want[0] || sizes[1] != want[1] || sizes[2] != want[2] {
		t.Fatalf("drawn at %v, want %v", sizes, want)
	}
	p.Update(func(s *Session) { s.Clock.Speed = 2; s.Clock = s.Clock.Toggle() })
	t1 := time.Now()
	p.Tick(t1)
	p.Tick(t1.Add(500 * time.Millisecond))
	if got := p.Session().Clock.T; got < 0.999 || got > 1.001 {
		t.Errorf("half a second at speed 2 moved the clock to %v s, want 1", got)
	}
}

// TestHaltedPlayerHandsNothingOver: once halted (the app stops), the player neither draws nor
// hands a drawing to the window, though the panes need drawing.
func TestHaltedPlayerHandsNothingOver(t *testing.T) {
	test.NewTempApp(t)
	s := livingRoom(t)
	ses := &Session{Scene: s, Panes: walkPanes(t, s, 1), Cam: NewViewCam(s)}
	ses.fitClock()
	calls := 0
	draw := func(panes []*Pane, f Frame) ([]*image.RGBA, error) {
		calls++
		return make([]*image.RGBA, len(panes)), nil
	}
	p := NewPlayer(draw, func() image.Point { return image.Pt(64, 64) }, func([]*image.RGBA, Clock, error) { calls++ })
	p.SetSession(ses)
	p.Halt()
	p.Update(func(s *Session) { s.Clock = s.Clock.Toggle() })
	p.Tick(time.Now())
	if calls != 0 {
		t.Errorf("a halted player drew or handed over %d time(s)", calls)
	}
}
