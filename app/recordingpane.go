package app

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"interactagent/body/smplx"
	"interactagent/motion/trumans"
)

// RecordingPick says which frames of a TRUMANS recording a pane shows: action number Action
// (0-based, in frame order) of those captured in Scene, or, when To > 0, the frames [From, To).
type RecordingPick struct {
	Scene    string
	Action   int
	From, To int
}

// RecordingPane returns a pane of a TRUMANS recording's frames that pick names: posed from its
// SMPL-X parameters on model, or its joints when model is nil (trumans.Recording.Clip). Its round
// is 0: it is captured motion, no round of the run.
func RecordingPane(rec *trumans.Recording, pick RecordingPick, model *smplx.Model) (*Pane, error) {
	if pick.To > 0 {
		c, err := rec.Clip(pick.From, pick.To, model)
		if err != nil {
			return nil, err
		}
		return NewPane(0, fmt.Sprintf("TRUMANS frames %d–%d", pick.From, pick.To), c), nil
	}
	a, err := rec.Segment(pick.Scene, pick.Action)
	if err != nil {
		return nil, err
	}
	c, err := rec.ActionClip(a, model)
	if err != nil {
		return nil, err
	}
	return NewPane(0, fmt.Sprintf("TRUMANS %s · %s", a.Take, a.Text), c), nil
}

// AddPane returns a copy of the session with p added after its panes, on the same clock (its
// time kept, its length the longest pane's); a session already showing MaxPanes is refused.
func (s Session) AddPane(p *Pane) (*Session, error) {
	if len(s.Panes) >= MaxPanes {
		return nil, fmt.Errorf("app: the grid shows at most %d panes; close a run with fewer rounds to add a recording", MaxPanes)
	}
	s.Panes = append(slices.Clone(s.Panes), p)
	s.fitClock()
	return &s, nil
}

// AddRecording adds a pane of a TRUMANS recording folder to what the window shows (an open run's
// rounds), on the same clock: posed on the run form's SMPL-X model file when one is set (else
// $INTERACTAGENT_SMPLX), else from its human_joints.npy.
func (w *Window) AddRecording(dir string, pick RecordingPick) error {
	ses := w.player.Session()
	if ses.Scene == nil {
		return fmt.Errorf("app: open a run first: a recording pane plays beside its rounds")
	}
	rec, err := trumans.Open(dir)
	if err != nil {
		return err
	}
	model, err := w.recordingModel(rec)
	if err != nil {
		return err
	}
	p, err := RecordingPane(rec, pick, model)
	if err != nil {
		return err
	}
	n, err := ses.AddPane(p)
	if err != nil {
		return err
	}
	w.setSession(n)
	w.status.SetText(fmt.Sprintf("added %s from %s", p.Title, filepath.Base(dir)))
	return nil
}

// recordingModel is the SMPL-X model a recording is posed on: the user's file when one is named
// and the recording has parameters, nil (its joints) otherwise.
func (w *Window) recordingModel(rec *trumans.Recording) (*smplx.Model, error) {
	path := smplx.PathFrom(LoadRunSettings(w.app.Preferences()).Run.SMPLX)
	if path == "" || !rec.HasParams {
		return nil, nil
	}
	s, err := smplx.Open(path)
	if err != nil {
		return nil, err
	}
	return s.Model, nil
}

// addRecordingItem is the menu item that picks a recording folder, then a scene and an action or
// a frame range, and adds its pane.
func (w *Window) addRecordingItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Add TRUMANS recording pane…", func() {
		dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
			if u != nil {
				w.report(w.recordingDialog(u.Path()))
			}
		}, w.W)
	})
}

// recordingDialog asks which scene and action (or frames) of the recording to add.
func (w *Window) recordingDialog(dir string) error {
	rec, err := trumans.Open(dir)
	if err != nil {
		return err
	}
	scenes := widget.NewSelect(rec.Scenes, nil)
	if len(rec.Scenes) > 0 {
		scenes.SetSelected(rec.Scenes[0])
	}
	action, from, to := widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	action.SetText("0")
	to.SetPlaceHolder("empty: the action above")
	dialog.ShowForm("Add TRUMANS recording pane", "Add", "Cancel", []*widget.FormItem{
		widget.NewFormItem("scene", scenes), widget.NewFormItem("action (from 0)", action),
		widget.NewFormItem("or frames from", from), widget.NewFormItem("to", to)},
		func(ok bool) {
			if !ok {
				return
			}
			pick := RecordingPick{Scene: scenes.Selected}
			pick.Action, _ = strconv.Atoi(action.Text)
			pick.From, _ = strconv.Atoi(from.Text)
			pick.To, _ = strconv.Atoi(to.Text)
			w.report(w.AddRecording(dir, pick))
		}, w.W)
	return nil
}
