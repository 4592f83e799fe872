package app

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	"interactagent/geom"
	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene"
	"interactagent/scene/distance"
)

// Pane is one round of a run in the grid: its clip and the title that says how it did.
type Pane struct {
	Round int
	Title string
	Clip  *motion.Clip
	ghost render.Request // the ghost overlay's paths and markers, made once

	mu    sync.Mutex
	body  *paneBody // the clip in the body last drawn, made on first use
	kind  render.BodyKind
	fault error // why the clip cannot be fitted to that body
}

// NewPane returns the pane of a round's clip.
func NewPane(round int, title string, c *motion.Clip) *Pane {
	return &Pane{Round: round, Title: title, Clip: c, ghost: ghostOverlay(c)}
}

// dressed returns the pane's clip in body kind (render.BodyHuman or render.BodyProxy), fitting it
// the first time and again when the kind changes; a clip that cannot be fitted fails each time.
func (p *Pane) dressed(kind render.BodyKind) (*paneBody, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.body == nil && p.fault == nil || p.kind != kind {
		p.kind = kind
		p.body, p.fault = newPaneBody(kind, p.Clip)
	}
	return p.body, p.fault
}

// Duration returns the clip's length in seconds.
func (p *Pane) Duration() float64 { return p.Clip.Duration() }

// PoseAt returns the pose the pane shows at time t: the clip holds its last frame after its end.
func (p *Pane) PoseAt(t float64) motion.Pose {
	return p.Clip.Frames[FrameOf(t, p.Clip.FPS, p.Clip.Len())]
}

// Overlays are the viewport's switches.
type Overlays struct {
	Labels      bool // object ids over the room
	Grid        bool // the floor's 1 m grid
	Ghost       bool // the round's path, start and end, and faint keyframes
	Penetration bool // the body coloured by how deep each part (a vertex, or a proxy capsule) sinks into the scene
}

// DefaultOverlays are the switches a new window starts with.
func DefaultOverlays() Overlays { return Overlays{Grid: true, Ghost: true} }

// ghostKeyframes is how many faint bodies the ghost overlay shows along a round.
const ghostKeyframes = 8

// stillRequest is what a pane draws that does not move while the camera is still; pb gives the
// ghost overlay's keyframes their body.
func stillRequest(s *scene.Scene, p *Pane, pb *paneBody, cam render.Camera, size image.Point, ov Overlays) render.Request {
	r := render.Request{Scene: s, Camera: cam, Width: size.X, Height: size.Y, Style: render.Style{NoGrid: !ov.Grid}}
	if ov.Ghost && p != nil {
		r.Paths, r.Markers, r.Figures = p.ghost.Paths, p.ghost.Markers, pb.keys
	}
	return r
}

// ghostOverlay is a clip's path coloured by time and its start and end markers, as ghost images
// show them; the faint keyframes are the pane's body's (paneBody).
func ghostOverlay(c *motion.Clip) render.Request {
	var r render.Request
	if c.Len() == 0 {
		return r
	}
	last := float64(max(c.Len()-1, 1))
	path := render.Path{Width: 0.04}
	for i, f := range c.Frames {
		path.Points = append(path.Points, f.Root())
		path.Colors = append(path.Colors, render.TimeColor(float64(i)/last))
	}
	start, end := c.StartState(), c.EndState()
	r.Paths = []render.Path{path}
	r.Markers = []render.Marker{
		{Kind: render.MarkStart, At: start.Root, Heading: start.Heading, Color: render.TimeColor(0)},
		{Kind: render.MarkEnd, At: end.Root, Heading: end.Heading, Color: render.TimeColor(1)},
	}
	return r
}

// movingFigure is the pane's body at time t, coloured by time as in ghost images, or by depth
// when the penetration overlay is on and field measures the scene.
func movingFigure(p *Pane, pb *paneBody, t float64, ov Overlays, field *distance.DepthField) (render.Figure, error) {
	i := FrameOf(t, p.Clip.FPS, p.Clip.Len())
	f, err := pb.figure(p.Clip, i, render.TimeColor(float64(i)/float64(max(p.Clip.Len()-1, 1))))
	if err != nil {
		return render.Figure{}, err
	}
	if ov.Penetration && field != nil {
		pb.colourByDepth(&f, p.Clip, i, field)
	}
	return f, nil
}

// Penetration colouring: clear parts (vertices of the human body, capsules of the proxy) are light
// grey, parts that sink shade from yellow at 1 cm to red at depthRed and beyond.
const (
	depthYellow = 0.01
	depthRed    = 0.06
)

// DepthColor is the colour of a body part that sinks depth metres into the scene.
func DepthColor(depth float64) color.NRGBA {
	if depth < depthYellow {
		return color.NRGBA{205, 205, 200, 255}
	}
	u := geom.Clamp((depth-depthYellow)/(depthRed-depthYellow), 0, 1)
	return color.NRGBA{R: 235, G: uint8(210 * (1 - u)), B: 30, A: 255}
}

// paneKey names a pane's still layer in the engine.
func paneKey(k int) string { return fmt.Sprintf("pane-%d", k) }
