package app

import (
	"context"
	"fmt"
	"image"
	"interactagent/body/smplx"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"interactagent/agent"
	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
	"interactagent/scene/furniture"
)

// Options configure a window.
type Options struct {
	// Engine draws the panes; nil shows no 3D view (a message says why), the rest works.
	Engine *render.Engine
	// RunsDir is where runs started in the window are written (default "runs").
	RunsDir string
	// FPSLog, when set, is told once a second while playing how many frames the window showed
	// in the last second (the end-to-end test records it).
	FPSLog io.Writer
	// manual leaves the player's clock to the caller's Tick: Fyne's test driver runs fyne.Do on
	// the calling goroutine, so a test drives frames from its own.
	manual bool
}

// maxPaneSize bounds a pane's drawing: beyond it the picture is scaled, which costs nothing.
var maxPaneSize = image.Pt(960, 540)

// Window is the desktop app's main window: the rounds side by side on one clock, the trace
// inspector and the run panel.
type Window struct {
	W        fyne.Window
	app      fyne.App
	opt      Options
	player   *Player
	view     *Viewport
	tabs     *container.AppTabs
	play     *widget.Button
	slider   *widget.Slider
	timeText *widget.Label
	status   *widget.Label

	tree   *widget.Tree
	detail *widget.RichText
	ghost  *canvas.Image
	insp   *Inspection

	runPanel  *runPanel
	seeking   bool
	mu        sync.Mutex
	drawer    *Drawer // of the scene on screen, kept for its signed distance
	fps       fpsMeter
	fpsLogged time.Time
	// closed is set once Close begins: what other goroutines hand over then is dropped, since
	// after the app's driver has stopped fyne.Do runs it on their goroutine, off the UI's.
	closed    atomic.Bool
	closeOnce sync.Once
}

// NewWindow builds the main window of app a. Call Close (or close the window) to stop its player.
func NewWindow(a fyne.App, opt Options) *Window {
	if opt.RunsDir == "" {
		opt.RunsDir = "runs"
	}
	w := &Window{W: a.NewWindow("InteractAgent"), app: a, opt: opt}
	w.view = NewViewport()
	w.player = NewPlayer(w.draw, func() image.Point { return w.view.PaneSize(maxPaneSize) }, w.showFrame)
	w.status = widget.NewLabel("Open a run folder (File ▸ Open run…) or start a run on the Run tab.")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.buildInspector()
	w.runPanel = newRunPanel(w)
	w.tabs = container.NewAppTabs(
		container.NewTabItem("Rounds", container.NewBorder(w.transport(), nil, nil, nil, w.view)),
		container.NewTabItem("Inspector", w.inspectorView()),
		container.NewTabItem("Run", w.runPanel.view()),
	)
	w.W.SetContent(container.NewBorder(nil, w.status, nil, nil, w.tabs))
	w.W.SetMainMenu(w.menu())
	w.W.Canvas().SetOnTypedKey(w.typedKey)
	w.W.Resize(fyne.NewSize(1280, 800))
	w.wireCamera()
	w.W.SetOnClosed(w.Close)
	if !opt.manual {
		w.player.Start()
	}
	return w
}

// Close stops any run (waiting a few seconds for it to end) and the player; the engine belongs
// to the caller. It runs once: a second call, from any goroutine, waits for the first. (When Fyne
// stops on a signal before the app does, the app's quit runs off the UI goroutine, while the main
// goroutine closes the window too.)
func (w *Window) Close() {
	w.closeOnce.Do(func() {
		w.Detach()
		w.runPanel.end()
		w.player.Stop()
	})
}

// Detach halts the player and makes the window drop, from now on, what a run or an export hands
// it. Call it from any goroutine as soon as the app is to stop: once the driver has stopped,
// fyne.Do runs their updates on their own goroutines, where widgets must not be touched. Close
// detaches too.
func (w *Window) Detach() {
	w.closed.Store(true)
	w.player.Halt()
}

// do runs f on the UI goroutine (fyne.Do), unless the window has closed by then. Once closed, it
// does not even call fyne.Do, which may meet Fyne's queue as it closes.
func (w *Window) do(f func()) {
	if w.closed.Load() {
		return
	}
	fyne.Do(func() {
		if !w.closed.Load() {
			f()
		}
	})
}

// draw draws panes, or says why it cannot.
func (w *Window) draw(panes []*Pane, f Frame) ([]*image.RGBA, error) {
	if w.opt.Engine == nil {
		return nil, fmt.Errorf("no OpenGL: the 3D view needs Mesa (make deps installs it)")
	}
	ses := w.player.Session()
	body := runBody(ses)
	w.mu.Lock()
	if w.drawer == nil || w.drawer.scene != ses.Scene || w.drawer.Body != body {
		w.drawer = NewDrawer(w.opt.Engine, ses.Scene)
		w.drawer.Body = body
	}
	d := w.drawer
	w.mu.Unlock()
	return d.Draw(panes, f)
}

// showFrame puts a drawing on screen and moves the transport to the clock.
func (w *Window) showFrame(imgs []*image.RGBA, c Clock, err error) {
	if w.closed.Load() {
		return
	}
	if err != nil {
		w.status.SetText(err.Error())
		return
	}
	w.view.ShowImages(imgs)
	w.seeking = true
	if c.Duration > 0 {
		w.slider.SetValue(c.T / c.Duration)
	}
	w.seeking = false
	text := fmt.Sprintf("%5.2f / %.2f s · frame %d", c.T, c.Duration, c.Frame())
	if c.Playing {
		now := time.Now()
		fps := w.fps.add(now)
		text += fmt.Sprintf(" · %d fps", fps)
		if w.opt.FPSLog != nil && now.Sub(w.fpsLogged) >= time.Second {
			w.fpsLogged = now
			fmt.Fprintf(w.opt.FPSLog, "fps %d panes %d size %dx%d\n", fps, len(imgs), imgs[0].Rect.Dx(), imgs[0].Rect.Dy())
		}
	}
	w.timeText.SetText(text)
	if c.Playing {
		w.play.SetIcon(theme.MediaPauseIcon())
	} else {
		w.play.SetIcon(theme.MediaPlayIcon())
	}
}

// OpenRun shows a run folder's rounds and fills the inspector.
func (w *Window) OpenRun(dir string) error {
	ses, err := OpenRun(dir)
	if err != nil {
		return err
	}
	w.setSession(ses)
	AddRecentRun(w.app.Preferences(), dir)
	w.W.SetMainMenu(w.menu())
	w.status.SetText(fmt.Sprintf("%s — %q, %d round(s), %s", dir, ses.Run.Info.Task, len(ses.Panes), ses.Run.Info.Model))
	return nil
}

// setSession shows a session (keeping the camera when the scene is the same).
func (w *Window) setSession(ses *Session) {
	old := w.player.Session()
	if old.Scene != nil && ses.Scene != nil && old.Scene.Name == ses.Scene.Name {
		ses.Cam, ses.Overlays = old.Cam, old.Overlays
		ses.Clock = ses.Clock.Seek(old.Clock.T)
	}
	var titles []string
	for _, p := range ses.Panes {
		titles = append(titles, p.Title)
	}
	w.view.SetPanes(titles)
	w.player.SetSession(ses)
	if ses.Run != nil {
		w.setInspection(Inspect(ses.Run))
	}
}

// Session returns what the window plays now.
func (w *Window) Session() Session { return w.player.Session() }

// Viewport returns the panes' widget.
func (w *Window) Viewport() *Viewport { return w.view }

// ShowTab switches to the tab of that name ("Rounds", "Inspector", "Run").
func (w *Window) ShowTab(name string) {
	for _, it := range w.tabs.Items {
		if it.Text == name {
			w.tabs.Select(it)
		}
	}
}

// transport is the row of playback controls, camera and overlays.
func (w *Window) transport() fyne.CanvasObject {
	w.play = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), func() { w.player.Update(func(s *Session) { s.Clock = s.Clock.Toggle() }) })
	clock := func(f func(Clock) Clock) func() {
		return func() { w.player.Update(func(s *Session) { s.Clock = f(s.Clock) }) }
	}
	home := widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), clock(Clock.Home))
	back := widget.NewButtonWithIcon("", theme.NavigateBackIcon(), clock(func(c Clock) Clock { return c.Step(-1) }))
	fwd := widget.NewButtonWithIcon("", theme.NavigateNextIcon(), clock(func(c Clock) Clock { return c.Step(1) }))
	end := widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), clock(Clock.End))
	w.slider = widget.NewSlider(0, 1)
	w.slider.Step = 0.0005
	w.slider.OnChanged = func(v float64) {
		if !w.seeking {
			w.player.Update(func(s *Session) { s.Clock = s.Clock.Seek(v * s.Clock.Duration) })
		}
	}
	w.timeText = widget.NewLabel("0.00 / 0.00 s")
	var speedNames []string
	for _, s := range Speeds() {
		speedNames = append(speedNames, strconv.FormatFloat(s, 'g', -1, 64)+"×")
	}
	speed := widget.NewSelect(speedNames, func(v string) {
		x, _ := strconv.ParseFloat(strings.TrimSuffix(v, "×"), 64)
		w.player.Update(func(s *Session) { s.Clock.Speed = x })
	})
	speed.SetSelected("1×")
	loop := widget.NewCheck("loop", func(b bool) { w.player.Update(func(s *Session) { s.Clock.Loop = b }) })
	var presetNames []string
	for _, p := range Presets() {
		presetNames = append(presetNames, p.String())
	}
	camSel := widget.NewSelect(presetNames, func(v string) {
		for _, p := range Presets() {
			if p.String() == v {
				w.player.Update(func(s *Session) { s.Cam = s.Cam.WithPreset(p) })
			}
		}
	})
	camSel.PlaceHolder = "camera"
	overlay := func(label string, on bool, set func(*Overlays, bool)) *widget.Check {
		c := widget.NewCheck(label, func(b bool) { w.player.Update(func(s *Session) { set(&s.Overlays, b) }) })
		c.Checked = on
		return c
	}
	d := DefaultOverlays()
	left := container.NewHBox(w.play, home, back, fwd, end)
	right := container.NewHBox(w.timeText, speed, loop, camSel,
		overlay("labels", d.Labels, func(o *Overlays, b bool) { o.Labels = b }),
		overlay("grid", d.Grid, func(o *Overlays, b bool) { o.Grid = b }),
		overlay("ghost", d.Ghost, func(o *Overlays, b bool) { o.Ghost = b }),
		overlay("penetration", d.Penetration, func(o *Overlays, b bool) { o.Penetration = b }))
	return container.NewBorder(nil, nil, left, right, w.slider)
}

// wireCamera turns mouse moves on the viewport into camera moves shared by every pane.
func (w *Window) wireCamera() {
	w.view.OnOrbit = func(dx, dy float64) { w.player.Move(func(s *Session) { s.Cam = s.Cam.Orbited(dx, dy) }) }
	w.view.OnPan = func(dx, dy, h float64) { w.player.Move(func(s *Session) { s.Cam = s.Cam.Panned(dx, dy, h) }) }
	w.view.OnZoom = func(n float64) { w.player.Move(func(s *Session) { s.Cam = s.Cam.Zoomed(n) }) }
}

// typedKey: space plays or pauses, ←/→ step a frame, Home/End jump, 1–5 focus a round, I
// switches between the rounds and the inspector.
func (w *Window) typedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyI {
		if w.tabs.Selected().Text == "Inspector" {
			w.ShowTab("Rounds")
		} else {
			w.ShowTab("Inspector")
		}
		return
	}
	w.player.Update(func(s *Session) {
		switch e.Name {
		case fyne.KeySpace:
			s.Clock = s.Clock.Toggle()
		case fyne.KeyLeft:
			s.Clock = s.Clock.Step(-1)
		case fyne.KeyRight:
			s.Clock = s.Clock.Step(1)
		case fyne.KeyHome:
			s.Clock = s.Clock.Home()
		case fyne.KeyEnd:
			s.Clock = s.Clock.End()
		case fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5:
			s.FocusPane(int(e.Name[0] - '1'))
		}
	})
	if e.Name >= fyne.Key1 && e.Name <= fyne.Key5 {
		w.relayout()
	}
}

// relayout rebuilds the grid for the panes on screen.
func (w *Window) relayout() {
	ses := w.player.Session()
	var titles []string
	for _, p := range ses.Shown() {
		titles = append(titles, p.Title)
	}
	w.view.SetPanes(titles)
	w.player.Update(func(*Session) {})
}

// menu is the main menu: File (open a run, a scene, a motion; recent runs) and Export.
func (w *Window) menu() *fyne.MainMenu {
	open := fyne.NewMenuItem("Open run…", func() {
		dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
			if u != nil {
				w.report(w.OpenRun(u.Path()))
			}
		}, w.W)
	})
	openBundle := w.openFileItem("Open run bundle (.zip)…", w.OpenPath)
	openMotion := w.openFileItem("Open motion…", w.OpenMotion)
	recent := fyne.NewMenuItem("Recent runs", nil)
	for _, d := range RecentRuns(w.app.Preferences()) {
		recent.ChildMenu = appendItem(recent.ChildMenu, fyne.NewMenuItem(d, func() { w.report(w.OpenRun(d)) }))
	}
	file := fyne.NewMenu("File", open, openBundle, openMotion, w.addRecordingItem(), recent)
	export := fyne.NewMenu("Export",
		fyne.NewMenuItem("Grid as MP4…", func() { w.exportDialog(true, ".mp4") }),
		fyne.NewMenuItem("Focused round as MP4…", func() { w.exportDialog(false, ".mp4") }),
		fyne.NewMenuItem("Grid as GIF…", func() { w.exportDialog(true, ".gif") }),
		fyne.NewMenuItem("Screenshot (PNG)…", w.screenshotDialog))
	export.Items = append(export.Items, fyne.NewMenuItemSeparator())
	export.Items = append(export.Items, w.exportItems()...)
	return fyne.NewMainMenu(file, export)
}

// openFileItem is a menu item that picks a file and opens it with open, reporting a failure.
func (w *Window) openFileItem(label string, open func(path string) error) *fyne.MenuItem {
	return fyne.NewMenuItem(label, func() {
		dialog.ShowFileOpen(func(u fyne.URIReadCloser, err error) {
			if u != nil {
				u.Close()
				w.report(open(u.URI().Path()))
			}
		}, w.W)
	})
}

func appendItem(m *fyne.Menu, it *fyne.MenuItem) *fyne.Menu {
	if m == nil {
		return fyne.NewMenu("", it)
	}
	m.Items = append(m.Items, it)
	return m
}

// report shows an error in a dialog; nil does nothing.
func (w *Window) report(err error) {
	if err != nil {
		dialog.ShowError(err, w.W)
	}
}

// OpenMotion shows a motion file as one pane in the current scene (the living room when none):
// joints or HumanML3D features .npy, a clip .json, or an AMASS-style .npz of SMPL-family motion
// posed on the SMPL-X model file of the run form (else $INTERACTAGENT_SMPLX), positions
// unchanged. A TRUMANS folder holds the whole dataset's frames: Add TRUMANS recording pane picks
// one annotated action of it.
func (w *Window) OpenMotion(path string) error {
	c, err := w.loadMotion(path)
	if err != nil {
		return err
	}
	ses := w.player.Session()
	sc := ses.Scene
	if sc == nil {
		if sc, err = furniture.Builtin("living_room"); err != nil {
			return err
		}
	}
	n := &Session{Scene: sc, Cam: NewViewCam(sc), Overlays: DefaultOverlays(), Panes: []*Pane{NewPane(1, filepath.Base(path), c)}}
	n.fitClock()
	w.setSession(n)
	return nil
}

// exportDialog asks for a time range and a file and writes the video.
func (w *Window) exportDialog(grid bool, ext string) {
	ses := w.player.Session()
	if len(ses.Panes) == 0 || w.opt.Engine == nil {
		w.report(fmt.Errorf("nothing to export: open a run first (and the 3D view needs OpenGL)"))
		return
	}
	from, to := widget.NewEntry(), widget.NewEntry()
	from.SetText("0")
	to.SetText(strconv.FormatFloat(ses.Clock.Duration, 'f', 2, 64))
	path := widget.NewEntry()
	path.SetText(filepath.Join(exportDir(ses), "export"+ext))
	dialog.ShowForm("Export video", "Export", "Cancel", []*widget.FormItem{
		widget.NewFormItem("from (s)", from), widget.NewFormItem("to (s)", to), widget.NewFormItem("file", path)},
		func(ok bool) {
			if !ok {
				return
			}
			a, _ := strconv.ParseFloat(from.Text, 64)
			b, _ := strconv.ParseFloat(to.Text, 64)
			x := ClipExport{From: a, To: b, Grid: grid, Path: path.Text}
			go w.runExport(ses, x)
		}, w.W)
}

func (w *Window) runExport(ses Session, x ClipExport) {
	w.do(func() { w.status.SetText("exporting " + x.Path + " …") })
	out, err := ExportClip(context.Background(), w.opt.Engine, &ses, x, nil)
	w.do(func() {
		if err != nil {
			w.status.SetText("export failed: " + err.Error())
			return
		}
		w.status.SetText("wrote " + out)
	})
}

// screenshotDialog saves what the panes show now as one PNG.
func (w *Window) screenshotDialog() {
	imgs := w.view.Images()
	var panes []*image.RGBA
	for _, im := range imgs {
		if rgba, ok := im.(*image.RGBA); ok && rgba.Rect.Dx() > 2 {
			panes = append(panes, rgba)
		}
	}
	if len(panes) == 0 {
		w.report(fmt.Errorf("nothing drawn yet"))
		return
	}
	path := filepath.Join(exportDir(w.player.Session()), fmt.Sprintf("screenshot-%s.png", time.Now().Format("150405")))
	w.report(media.WritePNG(path, render.ComposePanes(panes, w.view.Titles(), 0)))
	w.status.SetText("wrote " + path)
}

// exportDir is where exports go by default: the run folder, else the working directory.
func exportDir(ses Session) string {
	if ses.Run != nil {
		return ses.Run.Dir
	}
	wd, _ := os.Getwd()
	return wd
}

// agentModes are the modes the run panel offers.
func agentModes() []string {
	var out []string
	for _, m := range agent.Modes() {
		out = append(out, string(m))
	}
	return out
}

// loadMotion reads a motion file or a TRUMANS folder as a clip (see OpenMotion).
func (w *Window) loadMotion(path string) (*motion.Clip, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder: a TRUMANS recording opens one annotated action at a time, beside a run (File → Add TRUMANS recording pane…)", path)
	}
	if !strings.EqualFold(filepath.Ext(path), ".npz") {
		c, _, err := motion.LoadMotion(path, motion.HumanML3DFPS)
		return c, err
	}
	s, err := smplx.Open(smplx.PathFrom(LoadRunSettings(w.app.Preferences()).Run.SMPLX))
	if err != nil {
		return nil, fmt.Errorf("%s is SMPL-family motion, posed on your model file (the run form's SMPL-X file): %w", filepath.Base(path), err)
	}
	q, err := smplx.ReadAMASS(path)
	if err != nil {
		return nil, err
	}
	return q.Clip(s.Model)
}
