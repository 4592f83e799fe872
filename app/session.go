package app

import (
	"fmt"
	"strings"

	"interactagent/agent"
	"interactagent/scene"
	"interactagent/task"
)

// Session is what the window shows: a run folder's rounds as panes in one scene, the clock they
// play on and the camera they share. It holds no widget, so that its logic is tested alone.
type Session struct {
	Run      *agent.SavedRun // nil for a motion opened without a run
	Scene    *scene.Scene
	Panes    []*Pane
	Clock    Clock
	Cam      ViewCam
	Overlays Overlays
	Focus    int // the pane in focus (0-based), shown large when Solo
	Solo     bool
}

// MaxPanes is how many rounds the grid shows at once: N_max's largest useful value.
const MaxPanes = 8

// OpenRun reads a run folder into a session: its scene, and a pane per round with motion (the
// last MaxPanes when there are more).
func OpenRun(dir string) (*Session, error) {
	run, err := agent.OpenSaved(dir)
	if err != nil {
		return nil, err
	}
	s, err := task.OpenScene(run.Info.Scene)
	if err != nil {
		return nil, fmt.Errorf("app: the scene of %s: %w", dir, err)
	}
	ses := &Session{Run: run, Scene: s, Cam: NewViewCam(s), Overlays: DefaultOverlays()}
	rounds := run.Rounds
	if len(rounds) > MaxPanes {
		rounds = rounds[len(rounds)-MaxPanes:]
	}
	for _, rd := range rounds {
		c, err := run.Clip(rd.Index)
		if err != nil {
			return nil, err
		}
		ses.Panes = append(ses.Panes, NewPane(rd.Index, roundTitle(rd, run.FinalRound()), c))
	}
	ses.fitClock()
	return ses, nil
}

// roundTitle says how a round did: its verdict, penetration and length.
func roundTitle(rd agent.SavedRound, final int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d", rd.Index)
	if rd.Index == final {
		b.WriteString(" (output)")
	}
	switch {
	case rd.Verdict == nil:
		b.WriteString(" · not checked")
	case rd.Verdict.Pass:
		b.WriteString(" · pass")
	default:
		b.WriteString(" · fail")
	}
	fmt.Fprintf(&b, " · pe_max %.1f · %.1f s", rd.Metrics.Penetration.Max, rd.Metrics.Seconds)
	return b.String()
}

// fitClock sets the clock's length to the longest pane and its rate to the panes' rate.
func (s *Session) fitClock() {
	s.Clock.Duration, s.Clock.FPS = 0, 0
	for _, p := range s.Panes {
		s.Clock.Duration = max(s.Clock.Duration, p.Duration())
		if s.Clock.FPS == 0 {
			s.Clock.FPS = p.Clip.FPS
		}
	}
	s.Clock = s.Clock.Seek(s.Clock.T)
}

// Frames returns the frame each pane shows at the clock's time.
func (s *Session) Frames() []int {
	out := make([]int, len(s.Panes))
	for k, p := range s.Panes {
		out[k] = FrameOf(s.Clock.T, p.Clip.FPS, p.Clip.Len())
	}
	return out
}

// Shown returns the panes on screen: all of them, or the focused one alone.
func (s *Session) Shown() []*Pane {
	if s.Solo && s.Focus >= 0 && s.Focus < len(s.Panes) {
		return s.Panes[s.Focus : s.Focus+1]
	}
	return s.Panes
}

// FocusPane puts pane k (0-based) alone on screen, or back in the grid when it already is.
func (s *Session) FocusPane(k int) {
	if k < 0 || k >= len(s.Panes) {
		return
	}
	s.Solo = !(s.Solo && s.Focus == k)
	s.Focus = k
}
