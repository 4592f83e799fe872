package app

import (
	"image"
	"math"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Viewport shows the panes in a grid, each under its title, and turns the mouse into camera
// moves: drag to orbit, drag with the right button (or with Shift) to pan, scroll to zoom. The
// images come from the player; the viewport never draws them itself.
type Viewport struct {
	widget.BaseWidget
	grid   *fyne.Container
	images []*canvas.Image
	titles []*widget.Label
	button desktop.MouseButton
	shift  bool
	// mu guards picture, the laid-out size of a pane's picture (every cell's is the same; zero
	// before the grid is laid out): the grid's layout writes it, the player's goroutine reads it.
	mu      sync.Mutex
	picture fyne.Size
	OnOrbit func(dx, dy float64)
	OnPan   func(dx, dy, h float64)
	OnZoom  func(notches float64)
}

// NewViewport returns an empty viewport.
func NewViewport() *Viewport {
	v := &Viewport{grid: container.NewGridWithColumns(1)}
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer draws the grid.
func (v *Viewport) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.grid) }

// SetPanes lays out one cell per title (a near-square grid); images come later through ShowImages.
func (v *Viewport) SetPanes(titles []string) {
	v.images, v.titles = nil, nil
	var cells []fyne.CanvasObject
	for _, t := range titles {
		img := canvas.NewImageFromImage(image.NewRGBA(image.Rect(0, 0, 2, 2)))
		img.FillMode = canvas.ImageFillContain
		img.ScaleMode = canvas.ImageScaleFastest
		label := widget.NewLabel(t)
		label.Truncation = fyne.TextTruncateEllipsis
		v.images, v.titles = append(v.images, img), append(v.titles, label)
		cells = append(cells, container.NewBorder(label, nil, nil, nil, img))
	}
	v.grid.Layout = paneGrid{grid: gridLayout(len(titles)), v: v}
	v.grid.Objects = cells
	v.grid.Refresh()
}

// gridLayout is a near-square grid of n cells.
func gridLayout(n int) fyne.Layout {
	cols := int(math.Ceil(math.Sqrt(float64(max(n, 1)))))
	return container.NewGridWithColumns(cols).Layout
}

// paneGrid lays the cells out as its grid does, then notes the size a pane's picture got.
type paneGrid struct {
	grid fyne.Layout
	v    *Viewport
}

// Layout lays the cells out and notes the picture's size.
func (g paneGrid) Layout(cells []fyne.CanvasObject, size fyne.Size) {
	g.grid.Layout(cells, size)
	var s fyne.Size
	if len(g.v.images) > 0 {
		s = g.v.images[0].Size()
	}
	g.v.mu.Lock()
	g.v.picture = s
	g.v.mu.Unlock()
}

// MinSize is the grid's.
func (g paneGrid) MinSize(cells []fyne.CanvasObject) fyne.Size { return g.grid.MinSize(cells) }

// ShowImages puts the images in the panes, in order. Images must be fresh: the viewport keeps them.
func (v *Viewport) ShowImages(imgs []*image.RGBA) {
	for k, img := range imgs {
		if k < len(v.images) && img != nil {
			v.images[k].Image = img
			v.images[k].Refresh()
		}
	}
}

// Images returns what the panes show now.
func (v *Viewport) Images() []image.Image {
	var out []image.Image
	for _, c := range v.images {
		out = append(out, c.Image)
	}
	return out
}

// Titles returns the panes' titles.
func (v *Viewport) Titles() []string {
	var out []string
	for _, l := range v.titles {
		out = append(out, l.Text)
	}
	return out
}

// PaneSize returns the pixel size a pane is drawn at: its picture's laid-out size at the canvas's
// scale, even (video encoders want that), at least 64 pixels a side. A picture larger than limit is
// drawn smaller in the same shape, and the pane scales it up. Before the grid is laid out it is
// 64×64; the player draws again once the size changes. Any goroutine may call it.
func (v *Viewport) PaneSize(limit image.Point) image.Point {
	v.mu.Lock()
	s := v.picture
	v.mu.Unlock()
	scale := float32(1)
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		scale = c.Scale()
	}
	w, h := float64(s.Width*scale), float64(s.Height*scale)
	if shrink := math.Min(float64(limit.X)/w, float64(limit.Y)/h); shrink < 1 {
		w, h = w*shrink, h*shrink
	}
	even := func(x float64) int { return max(64, int(x)) &^ 1 }
	return image.Pt(even(w), even(h))
}

// Dragged orbits, or pans with the right button or Shift held.
func (v *Viewport) Dragged(e *fyne.DragEvent) {
	dx, dy := float64(e.Dragged.DX), float64(e.Dragged.DY)
	if v.button == desktop.MouseButtonSecondary || v.shift {
		if v.OnPan != nil {
			v.OnPan(dx, dy, float64(v.Size().Height))
		}
		return
	}
	if v.OnOrbit != nil {
		v.OnOrbit(dx, dy)
	}
}

// DragEnd ends a drag.
func (v *Viewport) DragEnd() { v.button = 0 }

// Scrolled zooms: up is closer.
func (v *Viewport) Scrolled(e *fyne.ScrollEvent) {
	if v.OnZoom != nil {
		v.OnZoom(float64(e.Scrolled.DY) / 10)
	}
}

// MouseDown remembers the button a drag starts with.
func (v *Viewport) MouseDown(e *desktop.MouseEvent) {
	v.button = e.Button
	v.shift = e.Modifier&fyne.KeyModifierShift != 0
}

// MouseUp ends the press.
func (v *Viewport) MouseUp(*desktop.MouseEvent) {}
