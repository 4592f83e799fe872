package app

import (
	"fmt"
	"image"
	"sync"

	"interactagent/render"
	"interactagent/scene"
	"interactagent/scene/distance"
)

// Drawer draws the panes of one scene with an engine: each pane's room, path and ghosts once per
// camera (render.RenderOver keeps them), its body every frame. One goroutine draws at a time.
type Drawer struct {
	e     *render.Engine
	scene *scene.Scene
	// Body is the body the panes' people are drawn with; render.BodyDefault is the engine's.
	Body render.BodyKind

	fieldOnce sync.Once
	field     *distance.DepthField
}

// NewDrawer returns a drawer of panes in scene s (nil: the floor alone) on engine e.
func NewDrawer(e *render.Engine, s *scene.Scene) *Drawer { return &Drawer{e: e, scene: s} }

// Frame is what the panes show: the time, the shared camera, the pane size in pixels and the
// overlays.
type Frame struct {
	T        float64
	Cam      ViewCam
	Size     image.Point
	Overlays Overlays
}

// Draw draws every pane at frame f.
func (d *Drawer) Draw(panes []*Pane, f Frame) ([]*image.RGBA, error) {
	out := make([]*image.RGBA, len(panes))
	for k, p := range panes {
		img, err := d.drawPane(k, p, f)
		if err != nil {
			return nil, fmt.Errorf("app: pane %d (round %d): %w", k+1, p.Round, err)
		}
		out[k] = img
	}
	return out, nil
}

func (d *Drawer) drawPane(k int, p *Pane, f Frame) (*image.RGBA, error) {
	pb, err := p.dressed(d.kind())
	if err != nil {
		return nil, err
	}
	cam := f.Cam.Camera(p.PoseAt(f.T))
	still := stillRequest(d.scene, p, pb, cam, f.Size, f.Overlays)
	var field *distance.DepthField
	if f.Overlays.Penetration && d.scene != nil {
		field = d.depthField()
	}
	moving, err := movingFigure(p, pb, f.T, f.Overlays, field)
	if err != nil {
		return nil, err
	}
	img, err := d.e.RenderOver(paneKey(k), still, []render.Figure{moving})
	if err != nil {
		return nil, err
	}
	if f.Overlays.Labels && d.scene != nil {
		render.DrawLabels(img, render.ObjectLabels(d.scene, cam, f.Size.X, f.Size.Y, f.Cam.Preset == PresetEye))
	}
	return img, nil
}

// kind is the body the panes are drawn with: Body, else the engine's, else the human body.
func (d *Drawer) kind() render.BodyKind {
	switch {
	case d.Body != render.BodyDefault:
		return d.Body
	case d.e != nil:
		return d.e.Body()
	}
	return render.BodyHuman
}

// depthField returns the scene's depth field, built on first use (under a second for the
// largest built-in room), with its occupancy grid where it has one (a TRUMANS room), as
// penetration is measured.
func (d *Drawer) depthField() *distance.DepthField {
	d.fieldOnce.Do(func() { d.field = distance.NewDepthField(d.scene) })
	return d.field
}
