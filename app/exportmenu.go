package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"interactagent/export"
)

// The Export menu's motion formats come from package export, the same Do the CLI's export
// command calls; videos of the panes have their own items (ExportClip) because they follow the
// window's clock and focus.

// exportItems returns a menu item per non-video export format.
func (w *Window) exportItems() []*fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, f := range export.Formats() {
		if f.Format == export.MP4 || f.Format == export.GIF {
			continue
		}
		items = append(items, fyne.NewMenuItem(formatLabel(f), func() { w.exportFormatDialog(f) }))
	}
	return items
}

// formatLabel names a format in the menu: "GLB (.glb)…".
func formatLabel(f export.FormatInfo) string {
	name := strings.ToUpper(string(f.Format))
	if f.Format == export.H3D {
		name = "HumanML3D features"
	}
	if f.Format == export.Bundle {
		name = "Run bundle"
	}
	return fmt.Sprintf("%s (%s)…", name, f.Ext)
}

// exportFormatDialog asks which rounds and where, then exports in the background.
func (w *Window) exportFormatDialog(f export.FormatInfo) {
	ses := w.player.Session()
	if ses.Run == nil {
		w.report(fmt.Errorf("export %s: open a run folder first", f.Format))
		return
	}
	rounds := widget.NewSelect([]string{"the round the run stopped at", "the focused round", "every round"}, nil)
	rounds.SetSelected("the round the run stopped at")
	withScene := widget.NewCheck("with the scene (glTF)", nil)
	path := widget.NewEntry()
	path.SetText(filepath.Join(ses.Run.Dir, "export"+f.Ext))
	items := []*widget.FormItem{widget.NewFormItem("file", path)}
	if f.Format != export.Bundle {
		items = append([]*widget.FormItem{widget.NewFormItem("rounds", rounds), widget.NewFormItem("", withScene)}, items...)
	}
	dialog.ShowForm("Export "+f.What, "Export", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		req := export.Request{Source: ses.Run.Dir, Format: f.Format, Out: path.Text, WithScene: withScene.Checked, Engine: w.opt.Engine}
		switch {
		case f.Format == export.Bundle:
		case rounds.Selected == "every round":
			req.Round = export.AllRounds
		case rounds.Selected == "the focused round" && ses.Focus < len(ses.Panes):
			req.Round = ses.Panes[ses.Focus].Round
		}
		go w.runFormatExport(req)
	}, w.W)
}

func (w *Window) runFormatExport(req export.Request) {
	w.do(func() { w.status.SetText("exporting " + req.Out + " …") })
	res, err := export.Do(context.Background(), req)
	w.do(func() {
		if err != nil {
			w.status.SetText("export failed: " + err.Error())
			w.report(err)
			return
		}
		w.status.SetText("wrote " + strings.Join(res.Files, ", "))
	})
}

// OpenPath opens a run folder, or a run bundle (.zip) unpacked beside itself first.
func (w *Window) OpenPath(path string) error {
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		dir, err := export.OpenBundle(path)
		if err != nil {
			return err
		}
		path = dir
	}
	return w.OpenRun(path)
}
