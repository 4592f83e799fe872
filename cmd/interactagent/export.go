package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"interactagent/export"
	"interactagent/motion"
)

// runExport writes a run's motion (or a motion file) in a format other tools read, a clip of it,
// or a bundle of the run: export.Do does the work.
func runExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("export", "RUN_DIR|MOTION", stdout)
	var req export.Request
	round := fs.String("round", "final", "a run's round: N, final (the round the run stopped at) or all (one animation or pane per round, else one file per round)")
	format := fs.String("format", "", "glb, gltf, bvh, npy (joints), h3d (HumanML3D features), json (clip), mp4, gif or bundle (default: from --out's extension)")
	fs.StringVar(&req.Out, "out", "", "the file to write; its extension is the format's (.glb .gltf .bvh .npy .json .mp4 .gif .zip)")
	fs.BoolVar(&req.WithScene, "with-scene", false, "glb/gltf: include the scene as static meshes")
	fs.StringVar(&req.Scene, "scene", "", "the scene of a motion file, for --with-scene and videos (a run folder names its own)")
	fs.Float64Var(&req.FPS, "fps", motion.HumanML3DFPS, "frame rate of a .npy motion file, which does not store one")
	fs.BoolVar(&req.WithCache, "with-cache", false, "bundle: keep cache/ (model replies, executions) so that a resume asks no model again")
	size := fs.String("size", "", "video: pane size WxH (default 640x360)")
	err := fs.parse(args)
	pos := fs.Args()
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError{fmt.Sprintf("want one run folder or motion file, got %d argument(s) (see --help)", len(pos))}
	}
	req.Source, req.Format = pos[0], export.Format(*format)
	if req.Round, err = parseRound(*round); err != nil {
		return err
	}
	var sz renderConfig
	if err := sz.parseSize(*size); err != nil {
		return err
	}
	req.Width, req.Height = sz.width, sz.height
	if req.Out == "" {
		return usageError{"--out is required (see --help)"}
	}
	return doExport(ctx, stdout, req)
}

// doExport runs the export with a progress bar for videos and prints what was written.
func doExport(ctx context.Context, stdout io.Writer, req export.Request) error {
	bar := newProgressBar(os.Stderr, filepath.Base(req.Out))
	req.Progress = bar.Report
	res, err := export.Do(ctx, req)
	if err != nil {
		bar.Abandon()
		return err
	}
	bar.Finish()
	for _, f := range res.Files {
		fmt.Fprintf(stdout, "wrote %s\n", f)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stdout, "  %s\n", n)
	}
	return nil
}

// parseRound reads --round: N, final or all.
func parseRound(s string) (int, error) {
	switch strings.ToLower(s) {
	case "final", "":
		return 0, nil
	case "all":
		return export.AllRounds, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, usageError{fmt.Sprintf("--round %q, want a round number (1, 2, …), final or all", s)}
	}
	return n, nil
}
