package wiring

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"interactagent/mllm"
	"interactagent/motion"
	"interactagent/render"
	"interactagent/scene"
)

// GLRenderer draws with the project's OpenGL engine: the labelled scene shots and ghost images of
// DESIGN.md, as PNG, people drawn with Body (render.BodyDefault: the engine's). The zero Size and
// Keyframes take the ghost images' defaults.
type GLRenderer struct {
	Engine    *render.Engine
	Size      int
	Keyframes int
	Body      render.BodyKind
}

// shotCaptions tells a model what each shot shows.
var shotCaptions = map[string]string{
	"top":     "top view of the scene, object ids drawn on the objects; the floor grid is 1 m",
	"oblique": "high oblique view of the scene with object ids",
	"eye":     "the view from the person's eyes at the start, with object ids",
}

// Shots implements agent.Renderer.
func (g GLRenderer) Shots(s *scene.Scene) ([]mllm.Image, error) {
	shots, err := g.Engine.SceneShots(s, render.ShotOptions{Body: g.Body})
	if err != nil {
		return nil, err
	}
	var out []mllm.Image
	for _, sh := range shots {
		data, err := encodePNG(sh.Image)
		if err != nil {
			return nil, err
		}
		out = append(out, mllm.Image{Name: sh.Name, Caption: shotCaptions[sh.Name], PNG: data})
	}
	return out, nil
}

// Ghost implements agent.Renderer.
func (g GLRenderer) Ghost(s *scene.Scene, c *motion.Clip, from, to int) ([]byte, error) {
	if from < 0 || to > c.Len() || to <= from {
		return nil, fmt.Errorf("wiring: ghost of frames [%d, %d) of a %d-frame clip", from, to, c.Len())
	}
	part := c.Slice(from, to)
	img, err := g.Engine.Ghost(s, part, render.GhostOptions{Width: g.Size, Height: g.Size, Keyframes: min(max(g.Keyframes, 2), part.Len()), Body: g.Body})
	if err != nil {
		return nil, err
	}
	return encodePNG(img)
}

// encodePNG encodes an image as PNG bytes.
func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("wiring: png: %w", err)
	}
	return b.Bytes(), nil
}
