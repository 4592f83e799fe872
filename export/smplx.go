package export

import (
	"context"
	"fmt"
	"io"

	"interactagent/body/smplx"
)

// checkSMPLX checks the SMPL-X parts of a request before anything is read: the smplx format needs
// a model file (Request.SMPLX), and an up axis other than AMASS's Z applies to it alone.
func checkSMPLX(req Request, fi FormatInfo) error {
	switch {
	case fi.Format == SMPLX && req.SMPLX == "":
		return fmt.Errorf("export: the %s format fits your model to the motion: %w", SMPLX, smplx.ErrNoModel)
	case fi.Format != SMPLX && req.Up != smplx.ZUp:
		return fmt.Errorf("export: an up axis (%v) applies to the %s format, not %s", req.Up, SMPLX, fi.Format)
	}
	return nil
}

// smplxFiles fits the user's model (betas 0) to every take and writes each fit as an AMASS-style
// motion file (smplx.EncodeAMASS), one per take; the notes give each fit's error.
func smplxFiles(ctx context.Context, req Request, src *source) (Result, error) {
	s, err := smplx.Open(req.SMPLX)
	if err != nil {
		return Result{}, fmt.Errorf("export: %w", err)
	}
	seqs := make([]*smplx.Sequence, len(src.takes))
	res := Result{Files: takePaths(req.Out, src.takes)}
	for i, tk := range src.takes {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		mo, err := smplx.Fit(s, tk.Clip)
		if err != nil {
			return Result{}, fmt.Errorf("export: fitting %s to %s: %w", s.Model.Name, tk.Name, err)
		}
		if seqs[i], err = smplx.NewSequence(mo, req.Up); err != nil {
			return Result{}, fmt.Errorf("export: %s: %w", tk.Name, err)
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s: %d frames at %g fps; fit error %v", tk.Name, len(mo.Frames), mo.FPS, mo.Fit))
	}
	err = writeAll(res.Files, func(i int, w io.Writer) error { return smplx.EncodeAMASS(w, seqs[i]) })
	if err != nil {
		return Result{}, err
	}
	res.Notes = append(res.Notes, smplxNote(s, req.Up))
	return res, nil
}

// smplxNote says what the files hold, for Result.Notes.
func smplxNote(s *smplx.Shaped, up smplx.Up) string {
	m := s.Model
	return fmt.Sprintf("%v parameters of %s (%s, betas 0), poses (T, %d) axis-angle, %v%s; hands flat, jaw and eyes zero",
		m.Family, m.Name, smplx.ModelGender(m), smplx.PoseWidth(m.Family), up, map[smplx.Up]string{smplx.ZUp: " as AMASS"}[up])
}
