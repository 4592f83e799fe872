// Command look writes sample pictures for a person to look at after changing how things are drawn:
// for each built-in scene, its three labelled scene shots and the ghost image of a curving walk
// from the scene's start (and of a motion file, when given); for the lounge, the middle frame of a
// two-pane sequence with a fixed and with a following camera.
//
// It checks nothing: the render package's tests assert what must hold of these pictures. It is a
// tool, not a test, so that `go test` never passes while asserting nothing.
//
// Usage, from the repository root:
//
//	go run ./render/internal/look -out /tmp/look [-motion ../shared/testdata/humanml3d/motion_example.npy] [-scenes lounge,flat]
//	go run ./render/internal/look -out /tmp/look -motion runs/demo/round-1/motion.json -scenes living_room -frames 200,400
//
// The second form draws close-ups of a motion's frames instead: the human body and the capsule
// proxy, each from the front, left, back and right, in the scene.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"

	"interactagent/motion"
	"interactagent/render"
	"interactagent/render/internal/testclip"
	"interactagent/render/media"
	"interactagent/scene"
	"interactagent/scene/furniture"
)

// main parses the flags and draws the samples, exiting 1 with the reason when it cannot.
func main() {
	out := flag.String("out", "", "folder to write the pictures into (required)")
	motionFile := flag.String("motion", "", "a motion file (.npy, clip .json) to draw a ghost image of in every scene, placed at its start")
	scenes := flag.String("scenes", strings.Join(furniture.BuiltinNames(), ","), "built-in scenes to draw, comma-separated")
	frames := flag.String("frames", "", "instead of the samples: close-ups of the -motion file's frames (comma-separated), human and proxy from four sides, in the first of -scenes")
	flag.Parse()
	if err := run(*out, *motionFile, strings.Split(*scenes, ","), *frames); err != nil {
		fmt.Fprintln(os.Stderr, "look:", err)
		os.Exit(1)
	}
}

// run draws every sample into out, or the close-ups of frames.
func run(out, motionFile string, names []string, frames string) error {
	if out == "" {
		return errors.New("-out is required")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	example, err := loadExample(motionFile)
	if err != nil {
		return err
	}
	e, err := render.NewEngine(render.Options{})
	if err != nil {
		return err
	}
	defer e.Close()
	fmt.Println(e.Info())
	if frames != "" {
		if example == nil {
			return errors.New("-frames needs -motion")
		}
		return drawCloseups(e, out, names[0], example, frames)
	}
	return drawAll(e, out, names, example)
}

// loadExample loads the motion file to draw in every scene, or returns nil when none is given.
func loadExample(motionFile string) (*motion.Clip, error) {
	if motionFile == "" {
		return nil, nil
	}
	clip, _, err := motion.LoadMotion(motionFile, motion.HumanML3DFPS)
	if err != nil {
		return nil, err
	}
	return clip, nil
}

// drawAll writes the pictures of every scene named, then the sequences.
func drawAll(e *render.Engine, out string, names []string, example *motion.Clip) error {
	for _, name := range names {
		if err := drawScene(e, out, name, example); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return drawSequences(e, out, example)
}

// drawScene writes a scene's shots and ghost images.
func drawScene(e *render.Engine, out, name string, example *motion.Clip) error {
	s, err := furniture.Builtin(name)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d objects, %d triangles\n", name, len(s.Objects), s.TriangleCount())
	if err := drawShots(e, out, name, s); err != nil {
		return err
	}
	return drawGhosts(e, out, name, s, example)
}

// drawShots writes the scene's labelled shots, NAME_shot_SHOT.png.
func drawShots(e *render.Engine, out, name string, s *scene.Scene) error {
	shots, err := e.SceneShots(s, render.ShotOptions{})
	if err != nil {
		return err
	}
	for _, sh := range shots {
		if err := save(out, name+"_shot_"+sh.Name, sh.Image, nil); err != nil {
			return err
		}
	}
	return nil
}

// drawGhosts writes the ghost image of a curving walk from the scene's start, and of the example
// placed there when there is one.
func drawGhosts(e *render.Engine, out, name string, s *scene.Scene, example *motion.Clip) error {
	img, err := e.Ghost(s, testclip.ArcWalk(s.Start, 300), render.GhostOptions{})
	if err := save(out, name+"_ghost_arc", img, err); err != nil || example == nil {
		return err
	}
	img, err = e.Ghost(s, example.Place(s.Start), render.GhostOptions{})
	return save(out, name+"_ghost_example", img, err)
}

// drawSequences writes the middle frame of a two-pane sequence in the lounge, fixed and following.
func drawSequences(e *render.Engine, out string, example *motion.Clip) error {
	lounge, err := furniture.Builtin("lounge")
	if err != nil {
		return err
	}
	clips, titles := sequenceClips(lounge, example)
	for _, follow := range []bool{false, true} {
		q, err := e.NewSequence(lounge, clips, render.SequenceOptions{Follow: follow, Titles: titles})
		if err != nil {
			return err
		}
		img, err := q.Frame(q.Len() / 2)
		if err := save(out, fmt.Sprintf("sequence_follow_%v", follow), img, err); err != nil {
			return err
		}
	}
	return nil
}

// sequenceClips returns the two panes' clips and titles: two arcs from the lounge's start, the
// second replaced by the example when there is one.
func sequenceClips(lounge *scene.Scene, example *motion.Clip) ([]*motion.Clip, []string) {
	clips := []*motion.Clip{testclip.ArcWalk(lounge.Start, 120), testclip.ArcWalk(lounge.Start.Compose(motion.State{Heading: 1}), 200)}
	titles := []string{"arc", "wider arc"}
	if example != nil {
		clips[1], titles[1] = example.Place(lounge.Start), "example"
	}
	return clips, titles
}

// save writes img to out/name.png, unless drawing it failed with err.
func save(out, name string, img *image.RGBA, err error) error {
	if err != nil {
		return err
	}
	return media.WritePNG(filepath.Join(out, name+".png"), img)
}
