package app

import (
	"image"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// Player plays a session: a goroutine advances the clock by wall time, draws the panes when the
// time, the camera, the overlays or the size changed, and hands the images to the window through
// fyne.Do — at most one hand-over in flight, so a slow drawer skips frames instead of queueing
// them and the window stays responsive.
type Player struct {
	mu    sync.Mutex
	ses   *Session
	draw  func([]*Pane, Frame) ([]*image.RGBA, error)
	size  func() image.Point
	show  func([]*image.RGBA, Clock, error)
	dirty bool
	last  time.Time
	// movedAt is when the camera last moved; while it moves the panes are drawn at half size
	// (a quarter of the pixels: the room is drawn anew each frame then), and once it rests they
	// are drawn again in full.
	movedAt time.Time
	coarse  bool
	// drawnFor is the pane size the last drawing was made for: a new layout (the window shown,
	// resized, a pane focused) changes the size, and the panes are drawn again at once.
	drawnFor image.Point

	busy   atomic.Bool
	halted atomic.Bool
	stop   chan struct{}
	done   chan struct{}
}

// frameInterval is how often the player looks at the clock: 30 frames a second.
const frameInterval = time.Second / 30

// NewPlayer returns a stopped player. draw draws panes (a Drawer's Draw), size says the pane size
// now, show receives each drawing on the UI goroutine.
func NewPlayer(draw func([]*Pane, Frame) ([]*image.RGBA, error), size func() image.Point, show func([]*image.RGBA, Clock, error)) *Player {
	return &Player{draw: draw, size: size, show: show}
}

// Start runs the player's goroutine until Stop.
func (p *Player) Start() {
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	go p.loop()
}

// Stop ends the goroutine and waits for it; call it before the window closes, from one goroutine
// at a time (Window.Close calls it once).
func (p *Player) Stop() {
	if p.stop == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.stop = nil
}

func (p *Player) loop() {
	defer close(p.done)
	tick := time.NewTicker(frameInterval)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-tick.C:
			p.Tick(now)
		}
	}
}

// Tick advances the clock to now and draws when something changed (the time, the session, the
// pane size); the loop calls it, and tests call it with their own times.
func (p *Player) Tick(now time.Time) {
	if p.halted.Load() {
		return
	}
	size := p.size()
	p.mu.Lock()
	if p.ses == nil {
		p.mu.Unlock()
		return
	}
	if !p.last.IsZero() {
		p.ses.Clock = p.ses.Clock.Advance(now.Sub(p.last).Seconds())
	}
	p.last = now
	moving := now.Sub(p.movedAt) < settleTime
	need := p.dirty || p.ses.Clock.Playing || (p.coarse && !moving) || size != p.drawnFor
	panes := p.ses.Shown()
	f := Frame{T: p.ses.Clock.T, Cam: p.ses.Cam, Overlays: p.ses.Overlays}
	clock := p.ses.Clock
	p.mu.Unlock()
	if !need || len(panes) == 0 || !p.busy.CompareAndSwap(false, true) {
		return
	}
	p.mu.Lock()
	p.dirty, p.coarse, p.drawnFor = false, moving, size
	p.mu.Unlock()
	f.Size = size
	if moving {
		f.Size = image.Pt(max(f.Size.X/2, 32)&^1, max(f.Size.Y/2, 32)&^1)
	}
	imgs, err := p.draw(panes, f)
	if p.halted.Load() {
		p.busy.Store(false)
		return
	}
	fyne.Do(func() {
		p.show(imgs, clock, err)
		p.busy.Store(false)
	})
}

// Halt makes the player draw and hand over nothing more, from any goroutine: the app is stopping,
// and its driver may stop before Stop is called.
func (p *Player) Halt() { p.halted.Store(true) }

// Update changes the session under the player's lock and marks the panes for drawing.
func (p *Player) Update(change func(*Session)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ses != nil {
		change(p.ses)
	}
	p.dirty = true
}

// Move changes the camera under the player's lock: like Update, and the panes are drawn coarse
// until the camera has rested for settleTime.
func (p *Player) Move(change func(*Session)) {
	p.Update(change)
	p.mu.Lock()
	p.movedAt = time.Now()
	p.mu.Unlock()
}

// settleTime is how long the camera must rest before the panes are drawn in full again.
const settleTime = 150 * time.Millisecond

// SetSession plays another session from its start.
func (p *Player) SetSession(s *Session) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ses, p.dirty, p.last = s, true, time.Time{}
}

// Session returns a copy of what the player plays now (its panes shared): read it, never change it.
func (p *Player) Session() Session {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ses == nil {
		return Session{}
	}
	return *p.ses
}
