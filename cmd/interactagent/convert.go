package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"interactagent/motion"
)

// convertConfig is what `interactagent convert` needs; the zero FPS means HumanML3D's 20 fps.
type convertConfig struct {
	In, Out string
	FPS     float64      // frame rate of a .npy input, which does not store one
	DType   motion.DType // element type of a .npy output
	SMPLX   string       // the model file an SMPL-family motion (AMASS .npz, TRUMANS folder) is posed on
	From    int          // a TRUMANS folder's first frame
	To      int          // the frame after its last; 0: the arrays' end
}

// runConvert converts a motion file: HumanML3D features .npy → joints .npy, joints .npy ↔ clip
// JSON (features may also go straight to a clip JSON), and the field's SMPL-family motion (an
// AMASS-style .npz, a TRUMANS folder) → joints .npy or clip JSON on the user's model. The input's kind comes from its array shape
// (or its .json extension), the output's from its extension. Nothing is written when the input is
// bad, and the output file is replaced atomically.
func runConvert(ctx context.Context, args []string, stdout io.Writer) error {
	cfg, err := convertArgs(args, stdout)
	if err != nil {
		return err
	}
	msg, err := convert(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, msg)
	return nil
}

// convertArgs reads convert's command line into its config, refusing what cannot mean what it
// says (checkConvertArgs).
func convertArgs(args []string, stdout io.Writer) (convertConfig, error) {
	fs := newFlags("convert", "IN OUT", stdout)
	fps := fs.Float64("fps", motion.HumanML3DFPS, "frame rate of a .npy input, which does not store one (HumanML3D features are 20 fps)")
	dtype := fs.String("dtype", "float32", "element type of a .npy output: float32 or float64")
	var cfg convertConfig
	bindConvertSMPLX(fs.FlagSet, &cfg)
	if err := fs.parseArgs(args, 2); err != nil {
		return convertConfig{}, err
	}
	cfg.In, cfg.Out, cfg.FPS = fs.Arg(0), fs.Arg(1), *fps
	var err error
	if cfg.DType, err = parseDType(*dtype); err != nil {
		return cfg, err
	}
	return cfg, checkConvertArgs(fs.FlagSet, cfg)
}

// convert reads cfg.In and writes cfg.Out, returning a one-line summary.
func convert(ctx context.Context, cfg convertConfig) (string, error) {
	if fieldMotion(cfg.In) {
		return convertSMPLX(ctx, cfg)
	}
	if cfg.FPS == 0 {
		cfg.FPS = motion.HumanML3DFPS
	}
	clip, kind, err := motion.LoadMotion(cfg.In, cfg.FPS)
	if err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("nothing written to %s: %w", cfg.Out, err)
	}
	if err := saveClip(cfg.Out, clip, cfg.DType); err != nil {
		return "", err
	}
	return convertSummary(cfg, clip, kind.String()), nil
}

// convertSummary is convert's line about what it did: the files, the clip's length, what kind of
// motion was read (kind) and what was written.
func convertSummary(cfg convertConfig, clip *motion.Clip, kind string) string {
	to := "clip JSON"
	if ext(cfg.Out) == ".npy" {
		to = fmt.Sprintf("joint positions (%d, %d, 3) %v", clip.Len(), motion.NumJoints, cfg.DType)
	}
	return fmt.Sprintf("%s → %s: %d frames at %g fps (%.2f s), %v → %s",
		cfg.In, cfg.Out, clip.Len(), clip.FPS, clip.Duration(), kind, to)
}

// saveClip writes c to path in the format its extension names: a clip JSON (.json), or joint
// positions of element type dt (.npy). Any other path, "" among them, writes nothing: the
// commands check the names they are given before anything runs.
func saveClip(path string, c *motion.Clip, dt motion.DType) error {
	switch ext(path) {
	case ".json":
		return motion.SaveClipJSON(path, c)
	case ".npy":
		return motion.SaveJointsNPY(path, c, dt)
	}
	return nil
}

// checkConvertArgs refuses command lines that cannot mean what they say, before anything is read.
func checkConvertArgs(fs *flag.FlagSet, cfg convertConfig) error {
	out := ext(cfg.Out)
	if out != ".npy" && out != ".json" {
		return usageError{fmt.Sprintf("output %s: want a .npy (joint positions) or .json (clip) file name", cfg.Out)}
	}
	if isSet(fs, "fps") && ext(cfg.In) == ".json" {
		return usageError{fmt.Sprintf("--fps applies to .npy inputs; %s keeps its own frame rate", cfg.In)}
	}
	if isSet(fs, "dtype") && out != ".npy" {
		return usageError{"--dtype applies to .npy outputs"}
	}
	if err := checkConvertSMPLX(fs, cfg); err != nil {
		return err
	}
	return checkFPS(cfg.FPS)
}

// checkFPS refuses an --fps that is no frame rate of motion.
func checkFPS(fps float64) error {
	if motion.CheckFPS(fps) != nil {
		return usageError{fmt.Sprintf("--fps %v, want a rate in (0, %g]", fps, motion.MaxFPS)}
	}
	return nil
}

// parseDType reads --dtype: float32 or float64.
func parseDType(s string) (motion.DType, error) {
	switch s {
	case "float32":
		return motion.Float32, nil
	case "float64":
		return motion.Float64, nil
	}
	return 0, usageError{fmt.Sprintf("--dtype %q, want float32 or float64", s)}
}

// isSet reports whether the command line gave the flag, as opposed to its default applying.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// ext is path's extension in lower case, as the commands tell file kinds apart.
func ext(path string) string { return strings.ToLower(filepath.Ext(path)) }
