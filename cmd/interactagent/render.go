package main

import (
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
	"interactagent/scene"
	"interactagent/task"
)

// renderConfig is what `interactagent render` was asked to draw.
type renderConfig struct {
	scene     string
	motions   []string
	view      render.View
	viewSet   bool // --view was given; otherwise check chooses ghost or shots
	width     int
	height    int
	out       string
	grid      bool
	follow    bool
	keyframes int
	fps       float64
	videoFPS  float64
	start     string
}

// stringList is a flag that may be given several times.
type stringList []string

// String joins the values for flag's usage text.
func (l *stringList) String() string { return strings.Join(*l, ",") }

// Set adds one more value.
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// viewFlag parses --view into the config once, when the flag is read.
type viewFlag struct{ c *renderConfig }

// String gives the view as ParseView reads it, for flag's usage text.
func (f viewFlag) String() string {
	if f.c == nil || !f.c.viewSet {
		return ""
	}
	return f.c.view.String()
}

// Set parses the view; a bad one fails the command line. An empty one keeps the default.
func (f viewFlag) Set(s string) error {
	if s == "" {
		f.c.viewSet = false
		return nil
	}
	v, err := render.ParseView(s)
	if err != nil {
		return err
	}
	f.c.view, f.c.viewSet = v, true
	return nil
}

// runRender draws a scene, with or without motion, to a PNG (ghost image or shot), a folder of
// scene shots, or a video (MP4 through ffmpeg, else GIF).
func runRender(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("render", "", stdout)
	var cfg renderConfig
	var motions stringList
	fs.StringVar(&cfg.scene, "scene", "", "built-in scene name or scene file (.glb, .gltf, .obj, layout or UniHSI plan .json); empty draws the floor alone")
	fs.Var(&motions, "motion", "motion file (.npy joints or HumanML3D features, or clip .json); repeat with --grid for panes side by side")
	fs.Var(viewFlag{&cfg}, "view", "top | oblique | eye | ghost | shots | orbit:YAW,PITCH,DIST (degrees, metres; target = scene centre); default ghost with --motion, else shots")
	size := fs.String("size", "", "image or pane size WxH (default 768x768 for images, 640x360 for video panes)")
	fs.StringVar(&cfg.out, "out", "", "output: .png image, .mp4 or .gif video, or a folder for --view shots")
	fs.BoolVar(&cfg.grid, "grid", false, "several --motion files side by side in panes on one clock (video) or one ghost image each (PNG)")
	fs.BoolVar(&cfg.follow, "follow", false, "video: the camera follows the body instead of staying fixed")
	fs.IntVar(&cfg.keyframes, "keyframes", render.DefaultGhostKeyframes, "ghost image: poses drawn, evenly spaced in time")
	fs.Float64Var(&cfg.fps, "fps", motion.HumanML3DFPS, "frame rate of .npy motion files, which do not store one")
	fs.Float64Var(&cfg.videoFPS, "video-fps", media.DefaultFPS, "video: frames per second")
	fs.StringVar(&cfg.start, "start", "", "place each motion's first frame at x,z,heading (metres, degrees) or at the scene's start (\"scene\"); default as in the file")
	if err := fs.parse(args); err != nil {
		return err
	}
	if err := fs.need(0); err != nil {
		return err
	}
	cfg.motions = motions
	if err := cfg.parseSize(*size); err != nil {
		return err
	}
	if err := cfg.check(); err != nil {
		return err
	}
	return cfg.run(ctx, stdout)
}

// parseSize reads WxH.
func (c *renderConfig) parseSize(s string) error {
	if s == "" {
		return nil
	}
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 || w > 8192 || h > 8192 {
		return usageError{fmt.Sprintf("--size %q, want WIDTHxHEIGHT in pixels such as 768x768 (at most 8192 a side)", s)}
	}
	c.width, c.height = w, h
	return nil
}

// check rejects combinations that cannot work before anything is loaded or written.
func (c *renderConfig) check() error {
	if c.out == "" {
		return usageError{"--out is required (see --help)"}
	}
	if !c.viewSet {
		c.view = render.View{Kind: render.ViewShots}
		if len(c.motions) > 0 {
			c.view = render.View{Kind: render.ViewGhost}
		}
	}
	shots := c.view.Kind == render.ViewShots
	ext := strings.ToLower(filepath.Ext(c.out))
	video := ext == ".mp4" || ext == ".gif"
	switch {
	case shots && ext != "":
		return usageError{fmt.Sprintf("--view shots writes a folder of PNGs; --out %s looks like a file", c.out)}
	case !shots && !video && ext != ".png":
		return usageError{fmt.Sprintf("--out %s: want a .png, .mp4 or .gif file", c.out)}
	case video && len(c.motions) == 0:
		return usageError{"a video needs --motion"}
	case len(c.motions) > 1 && !c.grid:
		return usageError{"several --motion files need --grid"}
	case motion.CheckFPS(c.fps) != nil || media.CheckFPS(c.videoFPS) != nil:
		return usageError{fmt.Sprintf("--fps %v / --video-fps %v: want rates in (0, %g] and (0, %g]", c.fps, c.videoFPS, motion.MaxFPS, media.MaxFPS)}
	case c.view.Kind == render.ViewEye && len(c.motions) > 0:
		return usageError{"--view eye shows the scene from the start pose; it takes no --motion"}
	}
	return nil
}

// run loads everything, starts the engine and writes the output.
func (c *renderConfig) run(ctx context.Context, stdout io.Writer) error {
	s, err := c.loadScene()
	if err != nil {
		return err
	}
	clips, err := c.loadMotions(s)
	if err != nil {
		return err
	}
	e, err := render.NewEngine(render.Options{})
	if err != nil {
		return err
	}
	defer e.Close()
	switch ext := strings.ToLower(filepath.Ext(c.out)); {
	case c.view.Kind == render.ViewShots:
		return c.writeShots(stdout, e, s)
	case ext == ".mp4" || ext == ".gif":
		return c.writeVideo(ctx, stdout, e, s, clips)
	default:
		return c.writeImage(stdout, e, s, clips)
	}
}

// loadScene loads --scene, or returns nil for the floor alone where the view allows it.
func (c *renderConfig) loadScene() (*scene.Scene, error) {
	if c.scene == "" {
		if k := c.view.Kind; k == render.ViewShots || k == render.ViewEye || k == render.ViewTop && len(c.motions) == 0 {
			return nil, usageError{fmt.Sprintf("--view %s needs --scene", c.view)}
		}
		return nil, nil
	}
	return task.OpenScene(c.scene)
}

// loadMotions reads the motion files and places them as --start asks.
func (c *renderConfig) loadMotions(s *scene.Scene) ([]*motion.Clip, error) {
	sp, err := parseStart(c.start)
	if err != nil {
		return nil, err
	}
	at, err := sp.Resolve(s)
	if err != nil {
		return nil, usageError{"--start scene needs --scene"}
	}
	var clips []*motion.Clip
	for _, p := range c.motions {
		clip, _, err := motion.LoadMotion(p, c.fps)
		if err != nil {
			return nil, err
		}
		if err := clip.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if at != nil {
			clip = clip.Relocate(*at)
		}
		clips = append(clips, clip)
	}
	return clips, nil
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
	var img *image.RGBA
	var what string
	if len(clips) == 0 {
		name := c.view.String()
		if k := c.view.Kind; k == render.ViewOrbit || k == render.ViewGhost {
			return usageError{fmt.Sprintf("--view %s needs --motion", name)}
		}
		sh, err := e.SceneShot(s, name, render.ShotOptions{Width: c.width, Height: c.height})
		if err != nil {
			return err
		}
		img, what = sh.Image, name+" view of "+s.Name
	} else {
		var err error
		if img, err = c.ghosts(e, s, clips); err != nil {
			return err
		}
		what = fmt.Sprintf("ghost image, %d keyframes", c.keyframes)
	}
	if err := media.WritePNG(c.out, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %d×%d)\n", c.out, what, img.Bounds().Dx(), img.Bounds().Dy())
	return nil
}

// ghosts renders one ghost image per clip, side by side when there are several.
func (c *renderConfig) ghosts(e *render.Engine, s *scene.Scene, clips []*motion.Clip) (*image.RGBA, error) {
	var panes []*image.RGBA
	for _, clip := range clips {
		cam, err := c.view.Camera(s, clip, c.aspect(render.DefaultGhostSize, render.DefaultGhostSize))
		if err != nil {
			return nil, err
		}
		opt := render.GhostOptions{Width: c.width, Height: c.height, Keyframes: c.keyframes, Camera: cam}
		img, err := e.Ghost(s, clip, opt)
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
	opt := render.SequenceOptions{Width: c.width, Height: c.height, FPS: c.videoFPS, Follow: c.follow}
	if len(clips) > 1 {
		opt.Titles = c.titles()
	}
	// No clip: a video's panes share one camera, so only an orbit view places it here.
	cam, err := c.view.Camera(s, nil, c.aspect(videoPaneWidth, videoPaneHeight))
	if err != nil {
		return err
	}
	opt.Camera = cam
	q, err := e.NewSequence(s, clips, opt)
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
