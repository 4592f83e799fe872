package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"interactagent/body/smplx"
	"interactagent/motion"
	"interactagent/wiring"
)

// The field's SMPL-family motion as convert reads it: an AMASS-style .npz (SMPL-X, SMPL-H or SMPL
// parameters, Z up) or a TRUMANS folder of per-frame SMPL-X arrays (Y up, 30 fps), posed on the
// user's model file into our joints at the file's own rate, positions unchanged.

// bindConvertSMPLX binds convert's flags for SMPL-family motion to cfg.
func bindConvertSMPLX(fs *flag.FlagSet, cfg *convertConfig) {
	fs.StringVar(&cfg.SMPLX, "smplx", "", "your SMPL-X (or SMPL-H, SMPL) model file .npz, which an AMASS .npz or a TRUMANS folder is posed on (default $"+wiring.SMPLXEnv+"); its family must be the motion's")
	fs.IntVar(&cfg.From, "from", 0, "a TRUMANS folder's first frame (its arrays hold the whole dataset)")
	fs.IntVar(&cfg.To, "to", 0, "a TRUMANS folder's frame after the last (default: the arrays' end); at most 100000 frames")
}

// fieldMotion reports whether in is SMPL-family motion: an .npz file or a folder (TRUMANS').
func fieldMotion(in string) bool {
	if ext(in) == ".npz" {
		return true
	}
	st, err := os.Stat(in)
	return err == nil && st.IsDir()
}

// checkConvertSMPLX refuses the SMPL-family flags where they mean nothing, and --fps where the
// motion carries its own rate.
func checkConvertSMPLX(fs *flag.FlagSet, cfg convertConfig) error {
	field, folder := fieldMotion(cfg.In), ext(cfg.In) != ".npz" && fieldMotion(cfg.In)
	switch {
	case field && isSet(fs, "fps"):
		return usageError{fmt.Sprintf("--fps applies to .npy inputs; %s keeps its own frame rate", cfg.In)}
	case !field && isSet(fs, "smplx"):
		return usageError{"--smplx applies to SMPL-family motion: an AMASS .npz or a TRUMANS folder"}
	case !folder && (isSet(fs, "from") || isSet(fs, "to")):
		return usageError{"--from and --to apply to TRUMANS folders"}
	case cfg.From < 0 || cfg.To < 0 || cfg.To != 0 && cfg.To <= cfg.From:
		return usageError{fmt.Sprintf("--from %d --to %d, want 0 ≤ from < to", cfg.From, cfg.To)}
	}
	return nil
}

// convertSMPLX poses the SMPL-family motion cfg.In on the user's model and writes its joints.
// Nothing is read before the model file is known, and nothing is written when either is bad.
func convertSMPLX(ctx context.Context, cfg convertConfig) (string, error) {
	if wiring.SMPLXPath(cfg.SMPLX) == "" {
		return "", wiring.ErrNoSMPLX
	}
	q, err := readSequence(cfg)
	if err != nil {
		return "", err
	}
	m, err := wiring.LoadSMPLX(cfg.SMPLX)
	if err != nil {
		return "", err
	}
	clip, err := q.Clip(m)
	if err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("nothing written to %s: %w", cfg.Out, err)
	}
	if err := saveClip(cfg.Out, clip, cfg.DType); err != nil {
		return "", err
	}
	return convertSMPLXSummary(cfg, clip, q, m), nil
}

// readSequence reads an AMASS .npz or frames [From, To) of a TRUMANS folder.
func readSequence(cfg convertConfig) (*smplx.Sequence, error) {
	if ext(cfg.In) == ".npz" {
		return smplx.ReadAMASS(cfg.In)
	}
	return smplx.ReadTRUMANS(cfg.In, cfg.From, cfg.To)
}

// convertSMPLXSummary is convert's line about SMPL-family motion: the files, the clip, what was
// read and on which model, and a note where the file's gender is not the model's.
func convertSMPLXSummary(cfg convertConfig, clip *motion.Clip, q *smplx.Sequence, m *smplx.Model) string {
	kind := fmt.Sprintf("AMASS %v (%d betas, %v → Y up)", q.Family, len(q.Betas), q.Up)
	if ext(cfg.In) != ".npz" {
		kind = "TRUMANS SMPL-X (betas 0, Y up)"
	}
	line := convertSummary(cfg, clip, kind+" on "+m.Name)
	if g := smplx.ModelGender(m); q.Gender != "" && q.Gender != g {
		line += fmt.Sprintf("\n  note: the motion was made on a %s body (TRUMANS: the male SMPL-X model); %s is %s, so its joints are that body's", q.Gender, m.Name, g)
	}
	return line
}
