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

	sdfOnce sync.Once
	sdf     *distance.Exact
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
	pose := p.PoseAt(f.T)
	cam := f.Cam.Camera(pose)
	still := stillRequest(d.scene, p, cam, f.Size, f.Overlays)
	var sdf *distance.Exact
	if f.Overlays.Penetration && d.scene != nil {
		sdf = d.distance()
	}
	img, err := d.e.RenderOver(paneKey(k), still, []render.Figure{movingFigure(p, f.T, f.Overlays, sdf)})
	if err != nil {
		return nil, err
	}
	if f.Overlays.Labels && d.scene != nil {
		render.DrawLabels(img, render.ObjectLabels(d.scene, cam, f.Size.X, f.Size.Y, f.Cam.Preset == PresetEye))
	}
	return img, nil
}

// distance returns the scene's exact signed distance, built on first use (under a second for the
// largest built-in room).
func (d *Drawer) distance() *distance.Exact {
	d.sdfOnce.Do(func() { d.sdf = distance.NewExact(d.scene) })
	return d.sdf
}
