package app

import (
	"fmt"
	"image"
	"image/color"
	"math"
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
	ghost render.Request // the ghost overlay's paths, markers and keyframes, made once

	depthOnce sync.Once
	depths    [][motion.NumCapsules]float32 // per frame, how deep each capsule sinks (m)
}

// NewPane returns the pane of a round's clip.
func NewPane(round int, title string, c *motion.Clip) *Pane {
	return &Pane{Round: round, Title: title, Clip: c, ghost: ghostOverlay(c)}
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
	Penetration bool // the body coloured by how deep each part sinks into the scene
}

// DefaultOverlays are the switches a new window starts with.
func DefaultOverlays() Overlays { return Overlays{Grid: true, Ghost: true} }

// ghostKeyframes is how many faint bodies the ghost overlay shows along a round.
const ghostKeyframes = 8

// stillRequest is what a pane draws that does not move while the camera is still.
func stillRequest(s *scene.Scene, p *Pane, cam render.Camera, size image.Point, ov Overlays) render.Request {
	r := render.Request{Scene: s, Camera: cam, Width: size.X, Height: size.Y, Style: render.Style{NoGrid: !ov.Grid}}
	if ov.Ghost && p != nil {
		r.Paths, r.Markers, r.Figures = p.ghost.Paths, p.ghost.Markers, p.ghost.Figures
	}
	return r
}

// ghostOverlay is a clip's path coloured by time, its start and end markers and faint keyframes,
// as ghost images show them.
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
	for _, i := range render.KeyframeIndices(c.Len(), ghostKeyframes) {
		col := render.TimeColor(float64(i) / last)
		col.A = 70
		r.Figures = append(r.Figures, render.Figure{Pose: c.Frames[i], Color: col})
	}
	return r
}

// movingFigure is the pane's body at time t, coloured by time as in ghost images, or by depth.
func movingFigure(p *Pane, t float64, ov Overlays, sdf *distance.Exact) render.Figure {
	i := FrameOf(t, p.Clip.FPS, p.Clip.Len())
	f := render.Figure{Pose: p.Clip.Frames[i], Color: render.TimeColor(float64(i) / float64(max(p.Clip.Len()-1, 1)))}
	if ov.Penetration && sdf != nil {
		d := p.depthsIn(sdf)[i]
		f.Color = color.NRGBA{200, 200, 200, 255}
		f.Parts = make([]color.NRGBA, motion.NumCapsules)
		for k := range f.Parts {
			f.Parts[k] = DepthColor(float64(d[k]))
		}
	}
	return f
}

// depthsIn measures, once per pane, how deep each capsule of each frame sinks into the scene.
func (p *Pane) depthsIn(sdf *distance.Exact) [][motion.NumCapsules]float32 {
	p.depthOnce.Do(func() {
		body := motion.NewBody()
		var caps []motion.Capsule
		p.depths = make([][motion.NumCapsules]float32, p.Clip.Len())
		for i, pose := range p.Clip.Frames {
			caps = body.Capsules(pose, caps)
			for k, c := range caps {
				p.depths[i][k] = float32(capsuleDepth(sdf, c))
			}
		}
	})
	return p.depths
}

// capsuleSamples is how many points along a capsule's axis its depth is measured at.
const capsuleSamples = 5

// capsuleDepth is how deep capsule c sinks into the scene: its radius less the least distance
// from its axis to the scene, measured at evenly spaced points (0 when it is clear).
func capsuleDepth(sdf *distance.Exact, c motion.Capsule) float64 {
	deepest := 0.0
	for j := 0; j < capsuleSamples; j++ {
		u := float64(j) / (capsuleSamples - 1)
		q := c.A.Add(c.B.Sub(c.A).Mul(u))
		deepest = math.Max(deepest, c.Radius-sdf.Distance(q))
	}
	return deepest
}

// Penetration colouring: clear parts are light grey, parts that sink shade from yellow at 1 cm to
// red at depthRed and beyond.
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
