package export

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"interactagent/body/smplx"
	"interactagent/render"
)

// AllRounds asks for every round of a run: one animation or pane per round, or one file per round.
const AllRounds = -1

// Request is one export. The zero values of the optional fields are sensible.
type Request struct {
	// Source is a run folder (it holds run.json) or a motion file (.npy joints or HumanML3D
	// features, clip .json).
	Source string
	// Round picks a run's round: 1…N, 0 for the round the run stopped at (summary.json's
	// final_round, or the last round with motion in an unfinished run), or AllRounds. It must be
	// 0 for a motion file and for a bundle, which holds the whole run.
	Round  int
	Format Format // "" takes the format from Out's extension (.npy means joints)
	Out    string // the file to write; its extension must be the format's (Formats)
	// WithScene puts the scene into a glTF export as static meshes (the GLB scene export).
	WithScene bool
	// Body is the body a glTF export skins to the rig and a video draws: HumanBody, the open human
	// body fitted to the motion, ProxyBody, the capsule proxy, or SMPLXBody, the user's model
	// (videos; glTF skins the human for it) (BodyNames). Empty takes a run's own body (run.json:
	// the proxy for runs made before bodies were a setting) and model file, else HumanBody.
	Body string
	// Scene is the scene of a motion file, for WithScene and videos (a built-in name or a scene
	// file); a run folder names its own in run.json.
	Scene string
	// FPS is the frame rate of a .npy motion source, which does not store one (0: 20).
	FPS float64
	// WithCache keeps a bundle's cache/ folder (the model replies and executions a resume reads
	// back): needed for a resume that must not ask a paid model again; large.
	WithCache bool
	// SMPLX is the user's SMPL-X (or SMPL-H, SMPL) model file, which the smplx format fits to the
	// motion (licensed: it is read where the user keeps it).
	SMPLX string
	// Up is the up axis of an smplx file: Z (the zero value), as AMASS and the tools that read it
	// expect, or Y, ours.
	Up smplx.Up
	// Width and Height are a video's pane size in pixels (0: 640×360).
	Width, Height int
	// Engine draws videos; nil starts one for the export and closes it after.
	Engine *render.Engine
	// Progress, when set, hears how far a video has come (frames done of total).
	Progress func(done, total int)
}

// Result says what an export wrote.
type Result struct {
	Files []string // the files written, in order
	Notes []string // what a person should know about them, one line each
}

// Do carries out the request. A request that cannot work (unknown format, no such round, a run
// folder without motion, an output folder that does not exist) is refused before anything is
// written; a failure while writing leaves no file behind, nor any half-written one. Cancelling ctx
// stops a video between frames.
func Do(ctx context.Context, req Request) (Result, error) {
	fi, err := checkRequest(req)
	if err != nil {
		return Result{}, err
	}
	if fi.Format == Bundle {
		return bundle(req)
	}
	src, err := open(req)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	req.Body = cmp.Or(req.Body, src.body) // a run's own body unless another is asked for
	if req.Body == SMPLXBody {
		req.SMPLX = cmp.Or(req.SMPLX, src.smplx) // and its own model file
	}
	return write(ctx, req, fi, src)
}

// checkRequest returns the request's format after checking what can be checked before anything
// is read: an output path, a format that fits it (formatFor), a body it knows (checkBody), a folder
// to write it in (checkOut).
func checkRequest(req Request) (FormatInfo, error) {
	if req.Out == "" {
		return FormatInfo{}, errors.New("export: no output path: want a file such as clip.glb")
	}
	fi, err := formatFor(req.Format, req.Out)
	if err != nil {
		return FormatInfo{}, err
	}
	if err := checkBody(req.Body, fi); err != nil {
		return FormatInfo{}, err
	}
	if err := checkSMPLX(req, fi); err != nil {
		return FormatInfo{}, err
	}
	if err := checkOut(req.Out); err != nil {
		return FormatInfo{}, err
	}
	return fi, nil
}

// write writes the source's takes in the format fi.
func write(ctx context.Context, req Request, fi FormatInfo, src *source) (Result, error) {
	switch fi.Format {
	case MP4, GIF:
		return video(ctx, req, src)
	case GLB, GLTF:
		return gltfFile(req, src, fi.Format == GLB)
	case SMPLX:
		return smplxFiles(ctx, req, src)
	}
	return motionFiles(req, fi, src)
}

// checkOut refuses an output path that cannot be written before any work is done: a folder, or
// a path in a folder that does not exist.
func checkOut(out string) error {
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return fmt.Errorf("export: the output %s is a folder; want a file path", out)
	}
	dir := filepath.Dir(out)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("export: cannot write %s: its folder: %w", out, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("export: cannot write %s: %s is not a folder", out, dir)
	}
	return nil
}
