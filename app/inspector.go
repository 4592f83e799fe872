package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// buildInspector makes the trace inspector's widgets: the tree of rounds, steps and attempts, and
// the picked node's words and image.
func (w *Window) buildInspector() {
	w.insp = &Inspection{Nodes: map[string]*Node{}}
	w.tree = widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID {
			if id == "" {
				return w.insp.Root
			}
			if n := w.insp.Nodes[id]; n != nil {
				return n.Children
			}
			return nil
		},
		func(id widget.TreeNodeID) bool { return id == "" || len(w.insp.Nodes[id].childrenOrNil()) > 0 },
		func(bool) fyne.CanvasObject { return widget.NewLabel("round 10 — not checked, a long label") },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			if n := w.insp.Nodes[id]; n != nil {
				o.(*widget.Label).SetText(n.Label)
			}
		})
	w.detail = widget.NewRichTextFromMarkdown("Pick a round, a step or an attempt.")
	w.detail.Wrapping = fyne.TextWrapWord
	w.ghost = canvas.NewImageFromResource(nil)
	w.ghost.FillMode = canvas.ImageFillContain
	w.ghost.SetMinSize(fyne.NewSize(320, 320))
	w.tree.OnSelected = w.pick
}

func (n *Node) childrenOrNil() []string {
	if n == nil {
		return nil
	}
	return n.Children
}

// pick shows a node.
func (w *Window) pick(id widget.TreeNodeID) {
	n := w.insp.Nodes[id]
	if n == nil {
		return
	}
	w.detail.ParseMarkdown(n.Detail)
	w.ghost.File = n.Image
	w.ghost.Resource = nil
	w.ghost.Image = nil
	w.ghost.Refresh()
}

// setInspection shows a run's tree, with its first round open.
func (w *Window) setInspection(in *Inspection) {
	w.insp = in
	w.tree.Refresh()
	if len(in.Root) > 0 {
		w.tree.OpenBranch(in.Root[0])
		w.tree.Select(in.Root[0])
	}
}

// Inspection returns the tree on show.
func (w *Window) Inspection() *Inspection { return w.insp }

// DetailText returns the words the inspector shows.
func (w *Window) DetailText() string { return w.detail.String() }

// inspectorView lays the tree beside the detail and the image.
func (w *Window) inspectorView() fyne.CanvasObject {
	right := container.NewVSplit(container.NewVScroll(w.detail), w.ghost)
	split := container.NewHSplit(w.tree, right)
	split.Offset = 0.35
	return split
}
