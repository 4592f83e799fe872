// Package app is the desktop application (Fyne): the rounds of a run side by side on one clock,
// the trace inspector, runs started, paused, edited and cancelled from the window, and exports of
// what the panes show.
//
// A window (Window) holds a session (the run folder read back, one pane per round) and the
// player's clock in seconds; every pane asks its clip for the frame at the clock's time, so clips
// at different rates share one clock. Panes are drawn by package render's engine on its own
// locked thread and reach the window as images through fyne.Do, which is also the only way agent
// events and other goroutines' results reach widgets. Runs are built by the same wiring as the
// command line's and write the same run folder. docs/app.md describes the pieces.
package app
