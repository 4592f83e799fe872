package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"interactagent/export"
	"interactagent/motion"
)

// runExport writes a run's motion (or a motion file) in a format other tools read, a clip of it,
// or a bundle of the run: export.Do does the work.
func runExport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("export", "RUN_DIR|MOTION", stdout)
	var f exportFlags
	f.bind(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	req, err := f.request(fs.Args())
	if err != nil {
		return err
	}
	return doExport(ctx, stdout, req)
}

// exportFlags are export's flags: the request's own fields, and those read into it once parsed.
type exportFlags struct {
	req                 export.Request
	round, format, size string
	smplx, up           string // the smplx format's model file and up axis (export_smplx.go)
}

// bind binds export's flags to f's fields.
func (f *exportFlags) bind(fs *flag.FlagSet) {
	fs.StringVar(&f.round, "round", "final", "a run's round: N, final (the round the run stopped at) or all (one animation or pane per round, else one file per round)")
	fs.StringVar(&f.format, "format", "", "glb, gltf, bvh, npy (joints), h3d (HumanML3D features), json (clip), smplx (AMASS-style SMPL-X .npz, --smplx), mp4, gif or bundle (default: from --out's extension)")
	fs.StringVar(&f.req.Out, "out", "", "the file to write; its extension is the format's (.glb .gltf .bvh .npy .json .npz .mp4 .gif .zip)")
	fs.BoolVar(&f.req.WithScene, "with-scene", false, "glb/gltf: include the scene as static meshes")
	fs.StringVar(&f.req.Scene, "scene", "", "the scene of a motion file, for --with-scene and videos (a run folder names its own)")
	fs.Float64Var(&f.req.FPS, "fps", motion.HumanML3DFPS, "frame rate of a .npy motion file, which does not store one")
	fs.BoolVar(&f.req.WithCache, "with-cache", false, "bundle: keep cache/ (model replies, executions) so that a resume asks no model again")
	fs.StringVar(&f.size, "size", "", "video: pane size WxH (default 640x360)")
	f.bindSMPLX(fs)
	fs.StringVar(&f.req.Body, "body", "", "the body videos draw and glTF files skin: human (the open MakeHuman body), proxy (the capsule mannequin) or smplx (your SMPL-X model, --smplx: videos; glTF skins the human for it); default: a run's own body and model file, else human")
}

// request reads the flags and the positional arguments pos, which must be the one source, into
// the export's request.
func (f exportFlags) request(pos []string) (export.Request, error) {
	req := f.req
	if len(pos) != 1 {
		return req, usageError{fmt.Sprintf("want one run folder or motion file, got %d argument(s) (see --help)", len(pos))}
	}
	req.Source, req.Format = pos[0], export.Format(f.format)
	var err error
	if req.Round, err = parseRound(f.round); err != nil {
		return req, err
	}
	if req.Width, req.Height, err = parseSize(f.size); err != nil {
		return req, err
	}
	if req.SMPLX, req.Up, err = f.smplxRequest(); err != nil {
		return req, err
	}
	if req.Out == "" {
		return req, usageError{"--out is required (see --help)"}
	}
	if req.Body != "" && !slices.Contains(export.BodyNames(), req.Body) {
		return req, usageError{fmt.Sprintf("--body: unknown body %q, want one of %s", req.Body, strings.Join(export.BodyNames(), ", "))}
	}
	return req, nil
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
	printExported(stdout, res)
	return nil
}

// printExported lists the files an export wrote, and its notes on them.
func printExported(w io.Writer, res export.Result) {
	for _, f := range res.Files {
		fmt.Fprintf(w, "wrote %s\n", f)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
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
