package main

import (
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
	"interactagent/scene"
)

// What `interactagent render` writes, once renderConfig.run has loaded the scene and the motion
// and started the engine: a folder of scene shots, one PNG (ghosts or a shot), or a video.

// write draws what the view and --out ask for: a folder of shots, a video, or one image.
func (c *renderConfig) write(ctx context.Context, stdout io.Writer, e *render.Engine, s *scene.Scene, clips []*motion.Clip) error {
	switch {
	case c.view.Kind == render.ViewShots:
		return c.writeShots(stdout, e, s)
	case isVideo(c.out):
		return c.writeVideo(ctx, stdout, e, s, clips)
	}
	return c.writeImage(stdout, e, s, clips)
}

// writeShots writes top.png, oblique.png and eye.png into the output folder.
func (c *renderConfig) writeShots(stdout io.Writer, e *render.Engine, s *scene.Scene) error {
	shots, err := e.SceneShots(s, render.ShotOptions{Width: c.width, Height: c.height})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	for _, sh := range shots {
		p := filepath.Join(c.out, sh.Name+".png")
		if err := media.WritePNG(p, sh.Image); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%s view of %s)\n", p, sh.Name, s.Name)
	}
	return nil
}

// writeImage writes one PNG: a ghost image (one pane per motion with --grid) or a scene shot.
func (c *renderConfig) writeImage(stdout io.Writer, e *render.Engine, s *scene.Scene, clips []*motion.Clip) error {
	img, what, err := c.image(e, s, clips)
	if err != nil {
		return err
	}
	if err := media.WritePNG(c.out, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %d×%d)\n", c.out, what, img.Bounds().Dx(), img.Bounds().Dy())
	return nil
}

// image draws writeImage's picture, and says what it is: the ghosts of the clips, or with no clip
// a shot of the scene.
func (c *renderConfig) image(e *render.Engine, s *scene.Scene, clips []*motion.Clip) (*image.RGBA, string, error) {
	if len(clips) == 0 {
		return c.shot(e, s)
	}
	img, err := c.ghosts(e, s, clips)
	return img, fmt.Sprintf("ghost image, %d keyframes", c.keyframes), err
}

// shot draws the scene from the view, which must be one that needs no motion.
func (c *renderConfig) shot(e *render.Engine, s *scene.Scene) (*image.RGBA, string, error) {
	name := c.view.String()
	if k := c.view.Kind; k == render.ViewOrbit || k == render.ViewGhost {
		return nil, "", usageError{fmt.Sprintf("--view %s needs --motion", name)}
	}
	sh, err := e.SceneShot(s, name, render.ShotOptions{Width: c.width, Height: c.height})
	if err != nil {
		return nil, "", err
	}
	return sh.Image, name + " view of " + s.Name, nil
}

// ghosts renders one ghost image per clip, side by side when there are several.
func (c *renderConfig) ghosts(e *render.Engine, s *scene.Scene, clips []*motion.Clip) (*image.RGBA, error) {
	var panes []*image.RGBA
	for _, clip := range clips {
		img, err := c.ghost(e, s, clip)
		if err != nil {
			return nil, err
		}
		panes = append(panes, img)
	}
	if len(panes) == 1 {
		return panes[0], nil
	}
	return render.ComposePanes(panes, c.titles(), 0), nil
}

// ghost renders the ghost image of one clip, seen from the view placed for it.
func (c *renderConfig) ghost(e *render.Engine, s *scene.Scene, clip *motion.Clip) (*image.RGBA, error) {
	cam, err := c.view.Camera(s, clip, c.aspect(render.DefaultGhostSize, render.DefaultGhostSize))
	if err != nil {
		return nil, err
	}
	return e.Ghost(s, clip, render.GhostOptions{Width: c.width, Height: c.height, Keyframes: c.keyframes, Camera: cam})
}

// Default pane size of videos, as render.SequenceOptions chooses it.
const videoPaneWidth, videoPaneHeight = 640, 360

// aspect is the width/height of the pictures asked for, or of w×h when --size was not given.
func (c *renderConfig) aspect(w, h int) float64 {
	if c.width > 0 && c.height > 0 {
		w, h = c.width, c.height
	}
	return float64(w) / float64(h)
}

// titles names the panes after the motion files.
func (c *renderConfig) titles() []string {
	var out []string
	for _, m := range c.motions {
		out = append(out, filepath.Base(m))
	}
	return out
}

// writeVideo renders the clips frame by frame to an MP4 (or a GIF where ffmpeg is missing).
func (c *renderConfig) writeVideo(ctx context.Context, stdout io.Writer, e *render.Engine, s *scene.Scene, clips []*motion.Clip) error {
	q, err := c.sequence(e, s, clips)
	if err != nil {
		return err
	}
	bar := newProgressBar(os.Stderr, filepath.Base(c.out))
	wrote, err := q.Write(ctx, c.out, media.VideoConfig{FallbackGIF: true, Progress: bar.Report})
	if err != nil {
		bar.Abandon()
		return err
	}
	bar.Finish()
	if wrote != c.out {
		fmt.Fprintf(stdout, "ffmpeg not found: wrote a GIF instead of %s\n", c.out)
	}
	fmt.Fprintf(stdout, "wrote %s (%d frames at %g fps)\n", wrote, q.Len(), q.FPS())
	return nil
}

// sequence prepares the video of the clips: its panes, titled when there are several, and its
// camera.
func (c *renderConfig) sequence(e *render.Engine, s *scene.Scene, clips []*motion.Clip) (*render.Sequence, error) {
	opt := render.SequenceOptions{Width: c.width, Height: c.height, FPS: c.videoFPS, Follow: c.follow}
	if len(clips) > 1 {
		opt.Titles = c.titles()
	}
	// No clip: a video's panes share one camera, so only an orbit view places it here.
	cam, err := c.view.Camera(s, nil, c.aspect(videoPaneWidth, videoPaneHeight))
	if err != nil {
		return nil, err
	}
	opt.Camera = cam
	return e.NewSequence(s, clips, opt)
}
