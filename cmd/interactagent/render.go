package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/media"
	"interactagent/scene"
	"interactagent/task"
	"interactagent/wiring"
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
	size      string // --size as given; check reads it into width and height
	body      string // --body as given; check reads it into kind
	smplx     string // --smplx: the model file of --body smplx
	kind      render.BodyKind
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
	cfg.bind(fs.FlagSet)
	if err := fs.parseArgs(args, 0); err != nil {
		return err
	}
	if err := cfg.check(); err != nil {
		return err
	}
	return cfg.run(ctx, stdout)
}

// bind binds render's flags to c's fields.
func (c *renderConfig) bind(fs *flag.FlagSet) {
	fs.StringVar(&c.scene, "scene", "", "built-in scene name or scene file (.glb, .gltf, .obj, layout or UniHSI plan .json); empty draws the floor alone")
	fs.Var((*stringList)(&c.motions), "motion", "motion file (.npy joints or HumanML3D features, or clip .json); repeat with --grid for panes side by side")
	fs.Var(viewFlag{c}, "view", "top | oblique | eye | ghost | shots | orbit:YAW,PITCH,DIST (degrees, metres; target = scene centre); default ghost with --motion, else shots")
	fs.StringVar(&c.size, "size", "", "image or pane size WxH (default 768x768 for images, 640x360 for video panes)")
	fs.StringVar(&c.out, "out", "", "output: .png image, .mp4 or .gif video, or a folder for --view shots")
	fs.BoolVar(&c.grid, "grid", false, "several --motion files side by side in panes on one clock (video) or one ghost image each (PNG)")
	fs.BoolVar(&c.follow, "follow", false, "video: the camera follows the body instead of staying fixed")
	fs.IntVar(&c.keyframes, "keyframes", render.DefaultGhostKeyframes, "ghost image: poses drawn, evenly spaced in time")
	fs.Float64Var(&c.fps, "fps", motion.HumanML3DFPS, "frame rate of .npy motion files, which do not store one")
	fs.Float64Var(&c.videoFPS, "video-fps", media.DefaultFPS, "video: frames per second")
	fs.StringVar(&c.start, "start", "", "place each motion's first frame at x,z,heading (metres, degrees) or at the scene's start (\"scene\"); default as in the file")
	fs.StringVar(&c.body, "body", "human", "the body people are drawn with: human (the open MakeHuman body), proxy (the capsule mannequin) or smplx (your SMPL-X model, --smplx)")
	fs.StringVar(&c.smplx, "smplx", "", "your SMPL-X (or SMPL-H, SMPL) model file .npz for --body smplx (default $"+wiring.SMPLXEnv+")")
}

// bodyFlag reads --body (render's and export's): human, proxy or smplx with its model file
// (--smplx), as run's --body names them.
func bodyFlag(name, smplx string) (render.BodyKind, error) {
	k, err := wiring.BodyKind(name, smplx)
	if err != nil {
		return k, usageError{"--body: " + err.Error()}
	}
	return k, nil
}

// parseSize reads --size WIDTHxHEIGHT, render's and export's; "" is 0×0, which leaves the size to
// the renderer.
func parseSize(s string) (w, h int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 || w > 8192 || h > 8192 {
		return 0, 0, usageError{fmt.Sprintf("--size %q, want WIDTHxHEIGHT in pixels such as 768x768 (at most 8192 a side)", s)}
	}
	return w, h, nil
}

// check reads --size and rejects combinations that cannot work before anything is loaded or
// written; a view not given becomes the default for what is drawn.
func (c *renderConfig) check() error {
	var err error
	if c.width, c.height, err = parseSize(c.size); err != nil {
		return err
	}
	if c.kind, err = bodyFlag(c.body, c.smplx); err != nil {
		return err
	}
	if c.out == "" {
		return usageError{"--out is required (see --help)"}
	}
	if !c.viewSet {
		c.view = c.defaultView()
	}
	if err := c.checkOut(); err != nil {
		return err
	}
	return c.checkMotions()
}

// defaultView is the view when --view is not given: a ghost image of motion, else the scene's
// shots.
func (c *renderConfig) defaultView() render.View {
	if len(c.motions) > 0 {
		return render.View{Kind: render.ViewGhost}
	}
	return render.View{Kind: render.ViewShots}
}

// checkOut refuses an --out the view cannot write: a file name for shots, which are a folder, a
// kind of file other than PNG, MP4 and GIF, and a video with no motion to play.
func (c *renderConfig) checkOut() error {
	shots := c.view.Kind == render.ViewShots
	ext := strings.ToLower(filepath.Ext(c.out))
	switch {
	case shots && ext != "":
		return usageError{fmt.Sprintf("--view shots writes a folder of PNGs; --out %s looks like a file", c.out)}
	case !shots && !isVideo(c.out) && ext != ".png":
		return usageError{fmt.Sprintf("--out %s: want a .png, .mp4 or .gif file", c.out)}
	case isVideo(c.out) && len(c.motions) == 0:
		return usageError{"a video needs --motion"}
	}
	return nil
}

// checkMotions refuses motion the command cannot draw as asked: several files without --grid, a
// frame rate out of range, and motion with the eye view, which shows the start pose.
func (c *renderConfig) checkMotions() error {
	switch {
	case len(c.motions) > 1 && !c.grid:
		return usageError{"several --motion files need --grid"}
	case motion.CheckFPS(c.fps) != nil || media.CheckFPS(c.videoFPS) != nil:
		return usageError{fmt.Sprintf("--fps %v / --video-fps %v: want rates in (0, %g] and (0, %g]", c.fps, c.videoFPS, motion.MaxFPS, media.MaxFPS)}
	case c.view.Kind == render.ViewEye && len(c.motions) > 0:
		return usageError{"--view eye shows the scene from the start pose; it takes no --motion"}
	}
	return nil
}

// isVideo reports whether path names a video file: .mp4, or .gif.
func isVideo(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".mp4" || ext == ".gif"
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
	e, err := render.NewEngine(render.Options{Body: c.kind})
	if err != nil {
		return err
	}
	defer e.Close()
	return c.write(ctx, stdout, e, s, clips)
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
		clip, err := loadClip(p, c.fps)
		if err != nil {
			return nil, err
		}
		if at != nil {
			clip = clip.Relocate(*at)
		}
		clips = append(clips, clip)
	}
	return clips, nil
}

// loadClip reads the motion file path (fps, when the file does not store it) and checks that the
// clip can be drawn.
func loadClip(path string, fps float64) (*motion.Clip, error) {
	clip, _, err := motion.LoadMotion(path, fps)
	if err != nil {
		return nil, err
	}
	if err := clip.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return clip, nil
}
