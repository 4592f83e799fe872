package app

import "time"

// fpsMeter counts the frames a window showed in the last second: what a person sees, after the
// engine drew the panes and Fyne composed them.
type fpsMeter struct {
	shown []time.Time
}

// add records a frame shown at t and returns the frames shown in the second up to t.
func (m *fpsMeter) add(t time.Time) int {
	m.shown = append(m.shown, t)
	i := 0
	for i < len(m.shown) && t.Sub(m.shown[i]) >= time.Second {
		i++
	}
	m.shown = m.shown[i:]
	return len(m.shown)
}
