package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"interactagent/agent"
	"interactagent/eval"
	"interactagent/mllm"
	"interactagent/scene/furniture"
	"interactagent/task"
	"interactagent/wiring"
)

// runPanel starts runs from the window with the remembered settings and shows them live: every
// decision as it happens, pause before the next step, an edited action, an overridden decision,
// cancel. A run writes the same folder `interactagent run` writes.
type runPanel struct {
	w        *Window
	scene    *widget.SelectEntry
	task     *widget.Entry
	model    *widget.Entry
	baseURL  *widget.Entry
	executor *widget.Entry
	profile  *widget.Select
	body     *widget.Select // the body drawn and measured (agent.Settings.Body)
	smplx    *widget.Entry  // the model file of the smplx body (agent.Settings.SMPLX), a path only
	mode     *widget.Select
	feedback *widget.Select
	nmax     *widget.Entry
	rmax     *widget.Entry

	tasks *widget.Select // the loaded suite's tasks; picking one fills scene and instruction
	suite []task.Task

	start, stop, pause *widget.Button
	next               *widget.Entry
	override           *widget.Select
	progress           *widget.Label
	log                *widget.List
	lines              []string

	cancelRun context.CancelFunc
	gate      *Gate
	// ended is closed once the latest run's end is on screen. Fyne's test driver runs fyne.Do on
	// the calling goroutine, so a test must wait for it before it closes the window.
	ended chan struct{}
}

func newRunPanel(w *Window) *runPanel {
	p := &runPanel{w: w}
	s := LoadRunSettings(w.app.Preferences())
	p.scene = widget.NewSelectEntry(furniture.BuiltinNames())
	p.scene.SetText(s.Run.Scene)
	p.tasks = widget.NewSelect(nil, p.pickTask)
	p.tasks.PlaceHolder = "pick a task of the suite, or type an instruction below"
	p.loadSuite("builtin")
	p.task = widget.NewMultiLineEntry()
	p.task.Wrapping = fyne.TextWrapWord
	p.task.SetText(s.Run.Task)
	p.model, p.baseURL, p.executor = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	p.model.SetText(s.Run.Model)
	p.baseURL.SetText(s.Run.BaseURL)
	p.baseURL.PlaceHolder = "$OPENAI_BASE_URL (the key comes from $OPENAI_API_KEY)"
	p.executor.SetText(s.Run.Executor)
	p.profile = widget.NewSelect([]string{"motionllm", "ideal"}, nil)
	p.profile.SetSelected(s.Run.Profile)
	p.body = widget.NewSelect(eval.BodyNames(), nil)
	p.body.SetSelected(s.Run.Body)
	p.smplx = widget.NewEntry()
	p.smplx.SetText(s.Run.SMPLX)
	p.smplx.PlaceHolder = "SMPL-X model .npz for smplx ($" + wiring.SMPLXEnv + ")"
	p.mode = widget.NewSelect(agentModes(), nil)
	p.mode.SetSelected(string(s.Mode))
	p.feedback = widget.NewSelect([]string{string(agent.Visual), string(agent.Hybrid)}, nil)
	p.feedback.SetSelected(string(s.Feedback))
	p.nmax, p.rmax = widget.NewEntry(), widget.NewEntry()
	p.nmax.SetText(strconv.Itoa(s.NMax))
	p.rmax.SetText(strconv.Itoa(s.RMax))
	p.start = widget.NewButton("Start run", p.startRun)
	p.stop = widget.NewButton("Cancel", p.cancel)
	p.pause = widget.NewButton("Pause before next step", p.togglePause)
	p.next = widget.NewEntry()
	p.next.PlaceHolder = "while paused: the next action, edit it to run another"
	p.override = widget.NewSelect([]string{"(model decides)", string(mllm.Continue), string(mllm.Redo), string(mllm.Replan)}, p.setOverride)
	p.override.SetSelected("(model decides)")
	p.progress = widget.NewLabel("no run")
	p.log = widget.NewList(func() int { return len(p.lines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.lines[i]) })
	p.stop.Disable()
	p.pause.Disable()
	return p
}

func (p *runPanel) view() fyne.CanvasObject {
	openSuite := widget.NewButton("Open suite…", func() {
		dialog.ShowFileOpen(func(u fyne.URIReadCloser, err error) {
			if u != nil {
				u.Close()
				p.w.report(p.loadSuite(u.URI().Path()))
			}
		}, p.w.W)
	})
	form := widget.NewForm(
		widget.NewFormItem("task", container.NewBorder(nil, nil, nil, openSuite, p.tasks)),
		widget.NewFormItem("scene", p.scene), widget.NewFormItem("instruction", p.task),
		widget.NewFormItem("model", p.model), widget.NewFormItem("base URL", p.baseURL),
		widget.NewFormItem("executor", p.executor), widget.NewFormItem("profile", p.profile),
		widget.NewFormItem("body", container.NewGridWithColumns(2, p.body, p.smplx)),
		widget.NewFormItem("mode", p.mode), widget.NewFormItem("feedback", p.feedback),
		widget.NewFormItem("N_max", p.nmax), widget.NewFormItem("R_max", p.rmax))
	controls := container.NewVBox(form, container.NewHBox(p.start, p.stop, p.pause),
		widget.NewForm(widget.NewFormItem("next action", p.next), widget.NewFormItem("next decision", p.override)))
	right := container.NewBorder(p.progress, nil, nil, nil, p.log)
	split := container.NewHSplit(container.NewVScroll(controls), right)
	split.Offset = 0.4
	return split
}

// loadSuite lists a suite's tasks in the task picker: "builtin", a suite file or UniHSI plans
// (imported as `interactagent import` does), opened by task.OpenSuite as every front end opens
// them. Only what a planner is shown is taken from a task: its scene and its instruction, never
// its goals.
func (p *runPanel) loadSuite(ref string) error {
	s, err := task.OpenSuite(ref)
	if err != nil {
		return err
	}
	p.suite = s.Tasks
	var names []string
	for _, t := range s.Tasks {
		names = append(names, taskLabel(t))
	}
	p.tasks.SetOptions(names)
	p.tasks.ClearSelected()
	return nil
}

// taskLabel names a task in the picker: "lr-sit (living_room, low): Walk to the armchair…".
func taskLabel(t task.Task) string {
	return fmt.Sprintf("%s (%s, %s): %s", t.ID, filepath.Base(t.Scene), t.Complexity, shorten(t.Instruction, 70))
}

// pickTask fills the scene and the instruction from the picked task.
func (p *runPanel) pickTask(label string) {
	for _, t := range p.suite {
		if taskLabel(t) == label {
			p.scene.SetText(t.Scene)
			p.task.SetText(t.Instruction)
			return
		}
	}
}

// settings reads the form.
func (p *runPanel) settings() (RunSettings, error) {
	s := LoadRunSettings(p.w.app.Preferences()) // what the form does not show stays as remembered
	s.Mode, s.Feedback = agent.Mode(p.mode.Selected), agent.Feedback(p.feedback.Selected)
	s.Run.Scene, s.Run.Task = p.scene.Text, p.task.Text
	s.Run.Model, s.Run.BaseURL, s.Run.Executor, s.Run.Profile = p.model.Text, p.baseURL.Text, p.executor.Text, p.profile.Selected
	s.Run.Body, s.Run.SMPLX = p.body.Selected, p.smplx.Text
	var err error
	if s.NMax, err = strconv.Atoi(p.nmax.Text); err != nil {
		return s, fmt.Errorf("N_max %q: want a whole number", p.nmax.Text)
	}
	if s.RMax, err = strconv.Atoi(p.rmax.Text); err != nil {
		return s, fmt.Errorf("R_max %q: want a whole number", p.rmax.Text)
	}
	return s, nil
}

// freshDir returns base, or base-2, base-3, …: the first that is not there, so that two runs
// started within a second do not share a folder.
func freshDir(base string) string {
	dir := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(dir); err != nil { // missing, or unreadable: CreateFolder says which
			return dir
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}

// startRun remembers the settings and runs them in a new run folder.
func (p *runPanel) startRun() {
	s, err := p.settings()
	if err != nil {
		dialog.ShowError(err, p.w.W)
		return
	}
	s.Save(p.w.app.Preferences())
	dir := freshDir(filepath.Join(p.w.opt.RunsDir, "app-"+time.Now().Format("20060102-150405")))
	env, closeEnv, err := wiring.NewEnv(s.Job(dir))
	if err != nil {
		dialog.ShowError(err, p.w.W)
		return
	}
	r := liveRun{dir: dir, events: make(chan agent.Event, 64), paused: make(chan agent.StepView, 1), result: make(chan error, 1),
		ended: make(chan struct{})}
	p.ended = r.ended
	p.gate = &Gate{OnPaused: func(at agent.StepView) { r.paused <- at }}
	env.Person = p.gate
	ctx, cancel := context.WithCancel(context.Background())
	p.cancelRun = cancel
	p.lines = nil
	p.start.Disable()
	p.stop.Enable()
	p.pause.Enable()
	go p.follow(r)
	go func() {
		_, err := agent.Run(ctx, env, s.Job(dir).Config, r.events)
		close(r.events)
		closeEnv()
		r.result <- err
	}()
}

// liveRun is what a run started from the panel reports: its events, where it waits for a person,
// and how it ended.
type liveRun struct {
	dir    string
	events chan agent.Event
	paused chan agent.StepView
	result chan error
	ended  chan struct{} // closed when the end is on screen
}

// follow shows a run as it goes, from one goroutine, so that its updates reach the window in the
// order they happened: each event, a pause, its rounds as they are written, and its end.
func (p *runPanel) follow(r liveRun) {
	for events := r.events; events != nil; {
		select {
		case e, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			p.w.do(func() { p.show(r.dir, e) })
		case at := <-r.paused:
			p.w.do(func() { p.paused(at) })
		}
	}
	err := <-r.result
	p.w.do(func() { p.finished(r.dir, err) })
	close(r.ended)
}

// show puts an event in the live log, and a finished round on screen.
func (p *runPanel) show(dir string, e agent.Event) {
	p.progress.SetText(fmt.Sprintf("%s — round %d · step %d/%d · attempt %d", dir, e.Round, e.Step, e.Steps, e.Attempt))
	if line := e.Line(); line != "" {
		p.lines = append(p.lines, line)
		p.log.Refresh()
		p.log.ScrollToBottom()
	}
	if e.Kind == agent.KindRound {
		if ses, err := OpenRun(dir); err == nil {
			p.w.setSession(ses)
		}
	}
}

func (p *runPanel) finished(dir string, err error) {
	p.start.Enable()
	p.stop.Disable()
	p.pause.Disable()
	p.cancelRun = nil
	if err != nil {
		p.progress.SetText(fmt.Sprintf("%s stopped: %v%s", dir, err, agent.Advice(dir, err)))
	} else {
		p.progress.SetText(dir + " finished")
	}
	p.w.report(p.w.OpenRun(dir))
}

// cancel stops the run in progress, if any.
func (p *runPanel) cancel() {
	if p.cancelRun != nil {
		p.cancelRun()
	}
}

// runStopWait bounds how long closing the window waits for a cancelled run to end.
const runStopWait = 3 * time.Second

// end cancels the run in progress and waits, up to runStopWait, until its end is reported, so
// that a window closed mid-run (by a person or a signal) leaves its folder as `run` leaves it on
// Ctrl-C. A run that ignores the cancel is left behind; it dies with the process.
func (p *runPanel) end() {
	p.cancel()
	if p.ended == nil {
		return
	}
	select {
	case <-p.ended:
	case <-time.After(runStopWait):
	}
}

func (p *runPanel) togglePause() {
	if p.gate == nil {
		return
	}
	if p.pause.Text == "Resume" {
		p.gate.Resume(p.next.Text)
		p.pause.SetText("Pause before next step")
		p.next.SetText("")
		return
	}
	p.gate.Pause()
	p.pause.SetText("Resume")
}

// paused shows where the run waits, with its action ready to edit.
func (p *runPanel) paused(at agent.StepView) {
	p.progress.SetText(fmt.Sprintf("paused before round %d step %d/%d (attempt %d)", at.Round, at.Step, at.Steps, at.Attempt))
	p.next.SetText(at.Action)
}

func (p *runPanel) setOverride(v string) {
	if p.gate == nil {
		return
	}
	d := mllm.Decision(v)
	if v == "(model decides)" {
		d = ""
	}
	p.gate.Override(d)
}
