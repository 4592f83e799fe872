package main

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// closeupYaws are the directions a close-up looks at the body from: its front, its left, its back
// and its right (degrees from the body's heading).
var closeupYaws = []float64{0, 90, 180, 270}

// drawCloseups writes, for each frame named, the human body and the capsule proxy at that frame
// from four sides, close up, in the scene: NAME_closeup_FRAME.png.
func drawCloseups(e *render.Engine, out, sceneName string, clip *motion.Clip, frames string) error {
	s, err := furniture.Builtin(sceneName)
	if err != nil {
		return err
	}
	s = withoutWalls(s)
	human, err := render.NewBodies(render.BodyHuman, clip)
	if err != nil {
		return err
	}
	for _, f := range strings.Split(frames, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 0 || i >= clip.Len() {
			return fmt.Errorf("-frames: %q is not a frame of the %d-frame clip", f, clip.Len())
		}
		img, err := closeup(e, s, human, clip.Frames[i])
		if err := save(out, fmt.Sprintf("%s_closeup_%d", sceneName, i), img, err); err != nil {
			return err
		}
	}
	return nil
}

// closeup draws one pose from closeupYaws, the human body above and the proxy below.
func closeup(e *render.Engine, s *scene.Scene, human *render.Bodies, p motion.Pose) (*image.RGBA, error) {
	var panes []*image.RGBA
	var titles []string
	for _, b := range []*render.Bodies{human, {}} {
		for _, yaw := range closeupYaws {
			f, err := b.Figure(p, render.TimeColor(0.6))
			if err != nil {
				return nil, err
			}
			cam := render.Orbit{Target: p[motion.Pelvis], Yaw: p.Heading() + yaw*math.Pi/180, Pitch: 0.35, Distance: 3.2, FOV: 40}
			img, err := e.Render(render.Request{Scene: s, Camera: cam, Width: 400, Height: 400, Figures: []render.Figure{f},
				Style: render.Style{KeepWalls: false, NoAxes: true}})
			if err != nil {
				return nil, err
			}
			panes = append(panes, img)
			titles = append(titles, fmt.Sprintf("%v %.0f°", b.Kind(), yaw))
		}
	}
	return render.ComposePanes(panes, titles, len(closeupYaws)), nil
}

// withoutWalls returns a copy of s without its walls, which would hide the body from most sides.
func withoutWalls(s *scene.Scene) *scene.Scene {
	c := *s
	c.Objects = nil
	for _, o := range s.Objects {
		if !o.IsWall() {
			c.Objects = append(c.Objects, o)
		}
	}
	return &c
}
