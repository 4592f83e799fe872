package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl64"

	"interactagent/motion"
)

// clipFacts is what `interactagent info` reports about a motion file; the JSON names carry units.
type clipFacts struct {
	File          string           `json:"file"`
	Kind          string           `json:"kind"`
	Frames        int              `json:"frames"`
	FPS           float64          `json:"fps"`
	Duration      float64          `json:"duration_s"`
	PathLength    float64          `json:"path_length_m"`
	HeadingChange float64          `json:"heading_change_deg"`
	BoundsMin     [3]float64       `json:"bounds_min_m"`
	BoundsMax     [3]float64       `json:"bounds_max_m"`
	Segments      []motion.Segment `json:"segments"`
}

// runInfo prints facts about a motion file: frames, fps, duration, the root's path length on the
// floor, the facing's total heading change (positive = to the left) and the bounds of all joints.
func runInfo(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("info", "FILE", stdout)
	fps := fs.Float64("fps", motion.HumanML3DFPS, "frame rate of a .npy file, which does not store one (HumanML3D features are 20 fps)")
	asJSON := fs.Bool("json", false, "print the facts as one JSON object")
	if err := fs.parseArgs(args, 1); err != nil {
		return err
	}
	if err := checkFPS(*fps); err != nil {
		return err
	}
	clip, kind, err := motion.LoadMotion(fs.Arg(0), *fps)
	if err != nil {
		return err
	}
	facts := describe(fs.Arg(0), clip, kind)
	if *asJSON {
		return writeJSON(stdout, facts)
	}
	printFacts(stdout, facts)
	return nil
}

// writeJSON writes v as one indented JSON object: the --json output of info and penetration.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// describe measures the clip.
func describe(path string, c *motion.Clip, kind motion.Format) clipFacts {
	box := c.Bounds()
	segs := c.Segments
	if segs == nil {
		segs = []motion.Segment{}
	}
	return clipFacts{
		File: path, Kind: kind.String(), Frames: c.Len(), FPS: c.FPS, Duration: c.Duration(),
		PathLength: c.PathLength(), HeadingChange: mgl64.RadToDeg(c.HeadingChange()),
		BoundsMin: box.Lo, BoundsMax: box.Hi, Segments: segs,
	}
}

// printFacts writes the facts for people, one to a line, and each segment with its warnings.
func printFacts(w io.Writer, f clipFacts) {
	fmt.Fprintf(w, "file            %s\n", f.File)
	fmt.Fprintf(w, "kind            %s\n", f.Kind)
	fmt.Fprintf(w, "frames          %d\n", f.Frames)
	fmt.Fprintf(w, "fps             %g\n", f.FPS)
	fmt.Fprintf(w, "duration        %.2f s\n", f.Duration)
	fmt.Fprintf(w, "path length     %.3f m\n", f.PathLength)
	fmt.Fprintf(w, "heading change  %+.1f° (positive = to the left)\n", f.HeadingChange)
	fmt.Fprintf(w, "bounds          x [%.3f, %.3f]  y [%.3f, %.3f]  z [%.3f, %.3f] m\n",
		f.BoundsMin[0], f.BoundsMax[0], f.BoundsMin[1], f.BoundsMax[1], f.BoundsMin[2], f.BoundsMax[2])
	fmt.Fprintf(w, "segments        %d\n", len(f.Segments))
	for i, s := range f.Segments {
		fmt.Fprintf(w, "  %2d  [%d, %d)  %s\n", i, s.Start, s.End, s.Action)
		for _, warn := range s.Warnings {
			fmt.Fprintf(w, "        warning: %s\n", warn)
		}
	}
}
